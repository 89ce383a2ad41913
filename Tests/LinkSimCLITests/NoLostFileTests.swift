import Foundation
import Testing

/// A slip of an option's argument never destroys a file: a report (`--junit`, `--save`) never replaces a scenario
/// or a file the command reads, and `learn --reset` replaces only a progress file, in a folder that exists.
@Suite struct NoLostFileTests {
    static let scenario = BinaryRunner.packageRoot.appendingPathComponent("scenarios/ios/scheme-not-installed-safari.yaml")

    @Test(arguments: [
        ["matrix", "s.yaml", "--save", "s.yaml"], ["matrix", "s.yaml", "--junit", "s.yaml"], ["replay", "s.yaml", "--junit", "s.yaml"],
        ["replay", ".", "--junit", "./s.yaml"], ["replay", "s.txt", "--junit", "s.txt"], ["matrix", "s.yaml", "--save", "other.yml"],
    ])
    func aReportNeverReplacesAScenario(arguments: [String]) throws {
        let dir = try LearnCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try String(contentsOf: Self.scenario, encoding: .utf8)
        for name in ["s.yaml", "s.txt", "other.yml"] { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let output = try BinaryRunner.run(arguments, in: dir)
        #expect(output.status == 64, "\(arguments): \(output.stderr)")
        #expect(output.stderr.contains("a report never replaces it"), "\(output.stderr)")
        for name in ["s.yaml", "s.txt", "other.yml"] {
            #expect(try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8) == text, "\(name) was changed")
        }
    }

    @Test func aReportStillReplacesAnEarlierReport() throws {
        let dir = try LearnCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try String(contentsOf: Self.scenario, encoding: .utf8).write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        #expect(try BinaryRunner.run(["replay", "s.yaml", "--junit", "r.xml"], in: dir).status == 0)
        #expect(try BinaryRunner.run(["replay", "s.yaml", "--junit", "r.xml"], in: dir).status == 0)
        #expect(try String(contentsOf: dir.appendingPathComponent("r.xml"), encoding: .utf8).contains("<testsuite"))
        #expect(try BinaryRunner.run(["matrix", "s.yaml", "--save", "m.json"], in: dir).status == 0)
        // Updating a baseline is a run with --save alone.
        #expect(try BinaryRunner.run(["matrix", "s.yaml", "--save", "m.json"], in: dir).status == 0)
    }

    /// A file a scenario serves or names (an AASA file, a manifest) is not a report: --save and --junit refuse to
    /// replace anything that is not an earlier report of their kind (an empty file aside).
    @Test func aReportNeverReplacesAFileTheScenarioReads() throws {
        let dir = try LearnCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try String(contentsOf: Self.scenario, encoding: .utf8).write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let aasa = #"{"applinks": {"details": []}}"#
        try aasa.write(to: dir.appendingPathComponent("aasa.json"), atomically: true, encoding: .utf8)
        for arguments in [
            ["matrix", "s.yaml", "--save", "aasa.json"], ["matrix", "s.yaml", "--junit", "aasa.json"], ["replay", "s.yaml", "--junit", "aasa.json"],
        ] {
            let output = try BinaryRunner.run(arguments, in: dir)
            #expect(output.status == 64, "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains("exists and is not a"), "\(output.stderr)")
            #expect(try String(contentsOf: dir.appendingPathComponent("aasa.json"), encoding: .utf8) == aasa)
        }
        // A JUnit report is not a saved matrix, nor the other way round.
        #expect(try BinaryRunner.run(["replay", "s.yaml", "--junit", "r.xml"], in: dir).status == 0)
        #expect(try BinaryRunner.run(["matrix", "s.yaml", "--save", "r.xml"], in: dir).status == 64)
        try Data().write(to: dir.appendingPathComponent("empty.json"))
        #expect(try BinaryRunner.run(["matrix", "s.yaml", "--save", "empty.json"], in: dir).status == 0)
    }

    /// The baseline `--expect` reads is an input: neither `--save` nor `--junit` replaces it (a failing CI run that
    /// did would pass the next time, whatever changed), and `--save` and `--junit` never name one file.
    @Test func theMatrixBaselineIsNeverReplacedByAReport() throws {
        let dir = try LearnCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try String(contentsOf: Self.scenario, encoding: .utf8).write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        #expect(try BinaryRunner.run(["matrix", "s.yaml", "--os", "14", "--save", "m.json"], in: dir).status == 0)
        let baseline = try String(contentsOf: dir.appendingPathComponent("m.json"), encoding: .utf8)
        for arguments in [
            ["matrix", "s.yaml", "--os", "12", "--expect", "m.json", "--save", "m.json"],
            ["matrix", "s.yaml", "--os", "12", "--expect", "m.json", "--save", "./m.json"],
            ["matrix", "s.yaml", "--os", "12", "--expect", "m.json", "--junit", "m.json"],
        ] {
            let output = try BinaryRunner.run(arguments, in: dir)
            #expect(output.status == 64, "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains("never replaces it"), "\(output.stderr)")
            #expect(try String(contentsOf: dir.appendingPathComponent("m.json"), encoding: .utf8) == baseline, "\(arguments) changed the baseline")
        }
        let both = try BinaryRunner.run(["matrix", "s.yaml", "--save", "r.out", "--junit", "r.out"], in: dir)
        #expect(both.status == 64 && both.stderr.contains("name the same file"), "\(both.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("r.out").path))
    }

    @Test func resetLeavesAFileThatIsNotProgressAlone() throws {
        let dir = try LearnCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let victim = dir.appendingPathComponent("s.yaml")
        let text = try String(contentsOf: Self.scenario, encoding: .utf8)
        try text.write(to: victim, atomically: true, encoding: .utf8)
        let reset = try BinaryRunner.run(["learn", "--reset", "--progress", victim.path])
        #expect(reset.status == 65, "\(reset.stderr)")
        #expect(reset.stderr.contains("not a linksim progress file, so --reset leaves it alone"))
        #expect(try String(contentsOf: victim, encoding: .utf8) == text)
        // The advice for such a file is not --reset.
        let list = try BinaryRunner.run(["learn", "--list", "--progress", victim.path])
        #expect(list.status == 65)
        #expect(!list.stderr.contains("--reset"), "\(list.stderr)")
        // A progress file of another version may be reset, and an empty file too.
        let old = dir.appendingPathComponent("p.json")
        try #"{"version": 2, "lessons": {}}"#.write(to: old, atomically: true, encoding: .utf8)
        #expect(try BinaryRunner.run(["learn", "--list", "--progress", old.path]).stderr.contains("run `linksim learn --reset`"))
        #expect(try BinaryRunner.run(["learn", "--reset", "--progress", old.path]).status == 0)
        #expect(try String(contentsOf: old, encoding: .utf8).contains("\"version\" : 1"))
    }

    @Test func resettingNothingMakesNothing() throws {
        let dir = try LearnCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("no/such/p.json")
        let output = try BinaryRunner.run(["learn", "--reset", "--progress", missing.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("nothing to reset"))
        // --list only reads: no progress there is no progress yet.
        #expect(try BinaryRunner.run(["learn", "--list", "--progress", missing.path]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("no").path), "a folder was made")
    }
}
