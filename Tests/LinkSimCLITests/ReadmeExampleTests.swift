import Foundation
import Testing

/// The README's examples are what a new user copies first: the transcript it shows is the binary's real output,
/// every library scenario it names exists, and its replay count is the library's.
@Suite struct ReadmeExampleTests {
    static func readme() throws -> String {
        try String(contentsOf: BinaryRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test func theRunTranscriptIsTheRealOutput() throws {
        let readme = try Self.readme()
        let start = try #require(readme.range(of: "#3 tap shopapp://product/42 from messages\n"))
        let end = try #require(readme.range(of: "   ✓ expectation held\n", range: start.upperBound..<readme.endIndex))
        let shown = String(readme[start.lowerBound..<end.upperBound])
        let out = try BinaryRunner.run(["run", "--no-color", "scenarios/ios/scheme-cold-start-missing-handler.yaml"])
        #expect(out.status == 0)
        #expect(out.stdout.contains(shown), "README's transcript differs from `linksim run`:\n\(out.stdout)")
    }

    @Test func everyLibraryScenarioItNamesExists() throws {
        let readme = try Self.readme()
        let pattern = try Regex(#"scenarios/[A-Za-z0-9_./-]+\.(yaml|lesson)"#)
        var named = Set<String>()
        for match in readme.matches(of: pattern) { named.insert(String(readme[match.range])) }
        #expect(named.count > 5)
        for path in named.sorted() {
            #expect(FileManager.default.fileExists(atPath: BinaryRunner.packageRoot.appendingPathComponent(path).path), "README names \(path)")
        }
    }

    @Test func theReplayCountIsTheLibrarys() throws {
        let readme = try Self.readme()
        let match = try #require(readme.firstMatch(of: try Regex(#"\n(\d+) passed, 0 failed\n"#)))
        let digits = try #require(match.output[1].substring)
        let shown = try #require(Int(digits))
        let root = BinaryRunner.packageRoot.appendingPathComponent("scenarios")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        let scenarios = files.filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".yml")) && !$0.split(separator: "/").contains("files") }
        #expect(shown == scenarios.count, "README says \(shown) passed; the library has \(scenarios.count) scenarios")
    }
}
