import Foundation
import Testing

/// `linksim run FILE… [--format F]` is read without ArgumentParser (issue #14: start-up). The same line with
/// `--` before the files goes through ArgumentParser, which reads it the same way: both must print the same
/// and exit the same, for passing, failing, broken and missing files, every format and several files.
@Suite struct RunPlainArgumentsTests {
    static func both(_ options: [String], _ files: [String], in directory: URL) throws -> (plain: BinaryRunner.Output, parsed: BinaryRunner.Output) {
        let plain = try BinaryRunner.run(["run"] + options + files, in: directory)
        let parsed = try BinaryRunner.run(["run"] + options + ["--"] + files, in: directory)
        return (plain, parsed)
    }

    static let cases: [(options: [String], files: [String], status: Int32)] = [
        ([], ["a.yaml"], 0),
        ([], ["b.yaml"], 1),
        ([], ["broken.yaml"], 65),
        ([], ["missing.yaml"], 65),
        ([], ["help"], 65),
        ([], ["a.yaml", "b.yaml", "broken.yaml"], 65),
        (["--format", "json"], ["a.yaml", "b.yaml"], 1),
        (["--format=json"], ["a.yaml"], 0),
        (["--format", "markdown"], ["b.yaml"], 1),
        (["--format=mermaid"], ["a.yaml"], 0),
        (["--format", "text"], ["a.yaml", "missing.yaml"], 65),
    ]

    @Test(arguments: cases.indices)
    func plainLineReadsAsArgumentParserReadsIt(_ index: Int) throws {
        let dir = try CommandTests.folder([
            "a.yaml": CommandTests.passing, "b.yaml": CommandTests.failing, "broken.yaml": CommandTests.broken,
        ])
        let (options, files, status) = Self.cases[index]
        let (plain, parsed) = try Self.both(options, files, in: dir)
        #expect(plain.status == status)
        #expect(plain.status == parsed.status)
        #expect(plain.stdout == parsed.stdout)
        #expect(plain.stderr == parsed.stderr)
        #expect(!plain.stdout.isEmpty || !plain.stderr.isEmpty)
    }

    /// Library scenarios (their `file:` references resolve from the package root), in text and JSON.
    @Test func libraryScenariosReadTheSameBothWays() throws {
        let library = BinaryRunner.packageRoot.appendingPathComponent("scenarios")
        let files = try #require(FileManager.default.enumerator(atPath: library.path)?.compactMap { $0 as? String })
            .filter { $0.hasSuffix(".yaml") }.sorted().enumerated().filter { $0.offset % 29 == 0 }.map { "scenarios/" + $0.element }
        #expect(files.count >= 8)
        for options in [[], ["--format", "json"]] {
            let (plain, parsed) = try Self.both(options, files, in: BinaryRunner.packageRoot)
            #expect(plain.status == parsed.status)
            #expect(plain.stdout == parsed.stdout)
            #expect(plain.stdout.count > 1_000)
        }
    }

    /// Lines the plain reading does not take still get ArgumentParser's messages and exit 64.
    @Test func otherLinesStillGetArgumentParsersMessages() throws {
        let dir = try CommandTests.folder(["a.yaml": CommandTests.passing])
        let invalid = try BinaryRunner.run(["run", "--format", "xml", "a.yaml"], in: dir)
        #expect(invalid.status == 64)
        #expect(invalid.stderr.contains("'xml' is invalid for '--format <format>'"))
        let none = try BinaryRunner.run(["run"], in: dir)
        #expect(none.status == 64)
        #expect(none.stderr.contains("Missing expected argument"))
        let dangling = try BinaryRunner.run(["run", "a.yaml", "--format"], in: dir)
        #expect(dangling.status == 64)
        let help = try BinaryRunner.run(["run", "--help"], in: dir)
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: linksim run <files>"))
    }
}
