import Foundation
import XCTest

/// `linksim-bench --quick` runs every row on tiny sizes and prints the keys issue #14 names. It is
/// a smoke test of the harness, not a measurement (debug build, tiny data).
final class BenchSmokeTests: XCTestCase {
    func testQuickBenchPrintsEveryKey() throws {
        let bench = BinaryRunner.productsDirectory.appendingPathComponent("linksim-bench")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: bench.path), "linksim-bench is not built")
        let process = Process()
        process.executableURL = bench
        process.arguments = ["--quick", "--json", "--files", "30", "--memory-files", "30", "--library", "scenarios"]
        process.currentDirectoryURL = BinaryRunner.packageRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], String(decoding: data, as: UTF8.self))
        for key in [
            "sim_median_us", "action_median_us", "replay_10k_s", "yams_compose_10k_s", "replay_floor_ratio",
            "replay_peak_rss_mb_50k", "aasa_checks_per_s", "aasa_explain_checks_per_s", "filter_ns", "run_ms",
            "sim_traced_median_us", "action_traced_median_us", "tui_key_frame_p99_ms", "tui_key_frame_cpu_p99_ms", "tui_rss_mb",
            "aasa_explain_unprepared_checks_per_s", "aasa_explain_text_checks_per_s", "aasa_bare_steps_checks_per_s",
            "replay_inprocess_load_only_10k_1core_s", "yardstick_ms", "sim_yardstick_ms",
        ] {
            XCTAssertNotNil(object[key], "missing \(key)")
            XCTAssertTrue(object[key] is NSNumber, "\(key) is not a number: \(String(describing: object[key]))")
        }
        XCTAssertEqual(object["quick"] as? Bool, true)
        // Every run says which machine it measured (the figures move with it; README "Speed").
        let notes = try XCTUnwrap(object["notes"] as? [String])
        XCTAssertTrue(notes.contains { $0.hasPrefix("machine: ") && $0.contains("cores") }, "no machine note in \(notes)")
    }
}
