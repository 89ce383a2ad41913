import Foundation
import Testing

/// `replay`'s text table simulates without trace text (`.verdicts`) and simulates a failing file again
/// in full; `--junit` keeps every file in full (its system-out shows the traces). The table must be
/// the same either way, for passing and failing files.
@Suite struct ReplayTraceDetailTests {
    @Test func theTableIsTheSameWithAndWithoutTraceText() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("linksim-replay-detail-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let library = BinaryRunner.packageRoot.appendingPathComponent("scenarios/android/chrome-typed-url.yaml")
        let text = try String(contentsOf: library, encoding: .utf8)
        #expect(text.contains("lands: app"))
        try text.replacingOccurrences(of: "lands: app", with: "lands: browser")
            .write(to: dir.appendingPathComponent("failing.yaml"), atomically: true, encoding: .utf8)

        let lean = try BinaryRunner.run(["replay", "scenarios", dir.path, "-j", "2"])
        let full = try BinaryRunner.run(["replay", "scenarios", dir.path, "-j", "2", "--junit", dir.appendingPathComponent("r.xml").path])
        #expect(lean.status == 1 && full.status == 1)
        #expect(lean.stdout.contains("FAIL  \(dir.path)/failing.yaml"))
        #expect(lean.stdout.contains("lands: expected browser, got app"))
        #expect(lean.stdout == full.stdout)
    }
}
