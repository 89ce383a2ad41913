import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The QA commands end to end through the built binary: matrix, diff, explain, tap, run's export
/// formats and stdin, replay for CI, schema, completions; and the one escaping console.
@Suite struct QACommandTests {
    static let aasa = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/product/*"}]}]}}"#
    static let aasaCartOnly = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/cart"}]}]}}"#

    static let universalLink = """
        linksim: 1
        name: Notes opens Shop by universal link
        tags: [ios, universal-link]
        device: {platform: ios, os: "17.4"}
        apps:
          - {id: com.example.shop, name: Shop, state: background, team_id: ABCDE12345, associated_domains: ["applinks:shop.example.com"]}
        web:
          shop.example.com:
            aasa: {file: files/aasa.json}
        tap: https://shop.example.com/product/42
        from: notes
        expect: {lands: app, via: universal_link}
        """

    static var passing: String { CommandTests.passing }
    static var failing: String { CommandTests.failing }
    static var broken: String { CommandTests.broken }

    static func folder(_ files: [String: String]) throws -> URL { try CommandTests.folder(files) }

    /// Runs the binary with `input` on standard input.
    static func run(_ arguments: [String], in directory: URL, input: String) throws -> BinaryRunner.Output {
        let process = Process()
        process.executableURL = BinaryRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        inPipe.fileHandleForWriting.write(Data(input.utf8))
        try inPipe.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return .init(
            stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x202E || $0.value == 0x07 }
    }

    // MARK: One escaping console (#15 item 4)

    /// A scenario whose unknown key and values hold ESC, BEL and a bidi override.
    static let hostile = """
        linksim: 1
        name: "evil \\e[31mred\\e[0m \\u202Ename"
        device: {platform: ios, os: "17.4"}
        "\\e]0;pwned\\a\\e[2J": 1
        tap: "shopapp://p/\\e[5m"
        from: notes
        """

    static let hostileValid = """
        linksim: 1
        name: "evil \\e[31mred\\e[0m \\u202Ename"
        device: {platform: ios, os: "17.4"}
        apps:
          - {id: com.example.shop, name: "Sh\\e[1mop", state: background, url_schemes: [shopapp]}
        tap: "shopapp://p/\\e[5m\\u202E"
        from: notes
        expect: {lands: browser, screen: "\\e[7mX"}
        """

    @Test func noRawEscapeReachesTheTerminalFromRunValidateOrReplay() throws {
        let dir = try Self.folder(["bad.yaml": Self.hostile, "good.yaml": Self.hostileValid])
        var outputs: [(String, BinaryRunner.Output)] = []
        for args in [
            ["run", "bad.yaml"], ["run", "good.yaml"], ["run", "--format", "json", "good.yaml"], ["run", "--format", "json", "bad.yaml"],
            ["run", "--format", "markdown", "good.yaml"], ["run", "--format", "mermaid", "good.yaml"],
            ["validate", "bad.yaml", "good.yaml"], ["replay", "."], ["replay", "--format", "json", "."],
            ["matrix", "good.yaml", "--os", "17.4"], ["explain", "good.yaml", "--want", "store"], ["run", "bad\u{1B}[31m.yaml"],
        ] {
            outputs.append((args.joined(separator: " "), try BinaryRunner.run(args, in: dir)))
        }
        outputs.append(("GITHUB_ACTIONS replay", try BinaryRunner.run(["replay", "."], in: dir, environment: ["GITHUB_ACTIONS": "true"])))
        for (name, out) in outputs {
            #expect(!Self.hasRawControl(out.stdout), "raw control character on stdout of \(name)")
            #expect(!Self.hasRawControl(out.stderr), "raw control character on stderr of \(name)")
            #expect(out.status != 70 && out.status < 128, "\(name) ended with \(out.status)")
        }
        // The unknown key is reported, escaped.
        let validate = try #require(outputs.first { $0.0.hasPrefix("validate") }?.1)
        #expect(validate.status == 65)
        #expect(validate.stderr.contains("\\x1B]0;pwned\\x07\\x1B[2J"))
        // JSON stays valid JSON and carries the text as \u escapes.
        for (name, out) in outputs where name.contains("json") && !name.contains("bad.yaml") {
            let object = try Self.json(out.stdout)
            #expect(object["scenarios"] != nil, "\(name)")
            #expect(out.stdout.contains("\\u001b[31m") && out.stdout.contains("\\u202e"), "\(name)")
        }
    }

    /// A JUnit report escapes a control character the one way the terminal reports do (`\x1B`), in the
    /// testcase's attributes as in its `<system-out>`, and carries no raw ESC or bidi override to a CI page.
    @Test func junitEscapesControlCharactersOneWay() throws {
        let dir = try Self.folder(["bad.yaml": Self.hostile, "good.yaml": Self.hostileValid])
        let out = try BinaryRunner.run(["replay", ".", "--junit", "report.xml"], in: dir)
        #expect(out.status == 65)
        let xml = try String(contentsOf: dir.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(!Self.hasRawControl(xml))
        #expect(!xml.contains("\\u{1b}"), "the old second spelling")
        #expect(xml.contains("name=\"evil \\x1B[31mred\\x1B[0m \\u{202E}name\""))
        #expect(xml.contains("<system-out>") && xml.contains("evil \\x1B[31mred"))
        #expect(xml.contains("\\x1B]0;pwned\\x07\\x1B[2J"), "the invalid file's error names the key escaped")
    }

    @Test func usageErrorsQuotingAFlagAreEscaped() throws {
        let dir = try Self.folder(["a.yaml": Self.passing])
        let out = try BinaryRunner.run(["tap", "https://x.example/", "--from", "no\u{1B}[2Jtes"], in: dir)
        #expect(out.status == 64)
        #expect(!Self.hasRawControl(out.stderr))
        #expect(out.stderr.contains("no\\x1B[2Jtes"))
    }

    // MARK: Replay for CI (#13 item 6, #15 item 7)

    @Test func oneBadFileNeverStopsTheOthersAndIsAJUnitError() throws {
        let dir = try Self.folder(["s/a.yaml": Self.passing, "s/m.yaml": Self.broken, "s/z.yaml": Self.failing])
        let out = try BinaryRunner.run(["replay", "s", "--junit", "report.xml"], in: dir)
        #expect(out.status == 65)
        let rows = out.stdout.split(separator: "\n").map(String.init)
        #expect(
            rows == [
                "PASS  s/a.yaml  Notes opens Shop", "ERROR  s/m.yaml  not a valid scenario: 1 problem(s), listed on stderr",
                "FAIL  s/z.yaml  Wrong screen", "      #1 tap shopapp://p/42 from notes", "        screen: expected Q, got P",
                "1 passed, 2 failed",
            ])
        let document = try XMLDocument(data: Data(contentsOf: dir.appendingPathComponent("report.xml")))
        let suites = try document.nodes(forXPath: "/testsuites")
        let root = try #require(suites.first as? XMLElement)
        #expect(root.attribute(forName: "tests")?.stringValue == "3")
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        let error = try #require(try document.nodes(forXPath: "//testcase/error").first)
        #expect(error.stringValue?.contains("s/m.yaml:5:7: error: `from` must be one of") == true)
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(cases.count == 3)
        for testcase in cases {
            let time = try #require(testcase.attribute(forName: "time")?.stringValue)
            #expect(Double(time) != nil && time.contains("."))
        }
    }

    @Test func junitCarriesTagsAsProperties() throws {
        let dir = try Self.folder(["ul.yaml": Self.universalLink, "files/aasa.json": Self.aasa])
        let out = try BinaryRunner.run(["replay", "ul.yaml", "--junit", "r.xml"], in: dir)
        #expect(out.status == 0)
        let document = try XMLDocument(data: Data(contentsOf: dir.appendingPathComponent("r.xml")))
        let values = try document.nodes(forXPath: "//testcase/properties/property[@name='tag']/@value").compactMap(\.stringValue)
        #expect(values == ["ios", "universal-link"])
    }

    /// Peak memory (the child's own maximum RSS, from wait4) does not grow with the number of
    /// files (without --junit, whose report necessarily grows with them).
    @Test func replayMemoryDoesNotGrowWithTheNumberOfFiles() throws {
        var files: [String: String] = [:]
        for i in 0..<1500 { files["s/f\(i).yaml"] = Self.passing }
        let dir = try Self.folder(files)
        let script = """
            import os, subprocess, sys
            def peak(n):
                p = subprocess.Popen([sys.argv[1], "replay", "-j", "2"] + ["s/f%d.yaml" % i for i in range(n)],
                                     stdout=subprocess.DEVNULL)
                _, status, usage = os.wait4(p.pid, 0)
                assert os.waitstatus_to_exitcode(status) == 0, status
                return usage.ru_maxrss
            print(peak(150), peak(1500))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, BinaryRunner.binary.path]
        process.currentDirectoryURL = dir
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        try #require(numbers.count == 2, "unexpected output: \(text)")
        // Measured: about 0.5 MB more for 10× the files; keeping each simulation (a few KB) would add several MB.
        #expect(numbers[1] - numbers[0] < 2560, "peak RSS \(numbers[0]) KB for 150 files, \(numbers[1]) KB for 1500")
    }

    @Test func parallelOutputIsInStableFileOrder() throws {
        var files: [String: String] = [:]
        for i in 0..<24 { files[String(format: "s/f%02d.yaml", i)] = i % 5 == 3 ? Self.failing : Self.passing }
        let dir = try Self.folder(files)
        let one = try BinaryRunner.run(["replay", "-j", "1", "s"], in: dir)
        let many = try BinaryRunner.run(["replay", "-j", "8", "s"], in: dir)
        #expect(one.status == 1 && many.status == 1)
        #expect(one.stdout == many.stdout)
        #expect(one.stdout.hasSuffix("19 passed, 5 failed\n"))
        let json1 = try BinaryRunner.run(["replay", "-j", "1", "--format", "json", "s"], in: dir)
        let json8 = try BinaryRunner.run(["replay", "-j", "8", "--format", "json", "s"], in: dir)
        #expect(json1.stdout == json8.stdout)
        #expect((try Self.json(json8.stdout)["scenarios"] as? [Any])?.count == 24)
    }

    @Test func shardsPartitionTheSuite() throws {
        var files: [String: String] = [:]
        for i in 0..<7 { files["s/f\(i).yaml"] = Self.passing }
        let dir = try Self.folder(files)
        var seen: [String] = []
        for shard in 1...3 {
            let out = try BinaryRunner.run(["replay", "--shard", "\(shard)/3", "s"], in: dir)
            #expect(out.status == 0)
            seen += out.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS") }.map(String.init)
        }
        #expect(seen.count == 7)
        #expect(Set(seen).count == 7)
        #expect(try BinaryRunner.run(["replay", "--shard", "4/3", "s"], in: dir).status == 64)
        #expect(try BinaryRunner.run(["replay", "--shard", "x", "s"], in: dir).status == 64)
        // -j takes its value joined too; a negative value is refused with the range, not as a missing value.
        #expect(try BinaryRunner.run(["replay", "-j2", "s"], in: dir).status == 0)
        let negative = try BinaryRunner.run(["replay", "-j", "-1", "s"], in: dir)
        #expect(negative.status == 64)
        #expect(negative.stderr.contains("-j must be between 1 and 1024, not -1"), "\(negative.stderr)")
    }

    @Test func tagFilterFailFastAndOnlyFailures() throws {
        let dir = try Self.folder([
            "s/a.yaml": Self.passing, "s/b.yaml": Self.failing, "s/c.yaml": Self.passing,
            "s/ul.yaml": Self.universalLink, "s/files/aasa.json": Self.aasa,
        ])
        let tagged = try BinaryRunner.run(["replay", "--tag", "universal-link", "s"], in: dir)
        #expect(tagged.status == 0)
        #expect(tagged.stdout == "PASS  s/ul.yaml  Notes opens Shop by universal link\n1 passed, 0 failed\n")
        let filtered = try BinaryRunner.run(["replay", "--filter", "WRONG", "s"], in: dir)
        #expect(filtered.stdout.hasSuffix("0 passed, 1 failed\n"))
        #expect(filtered.stdout.contains("FAIL  s/b.yaml"))
        let fast = try BinaryRunner.run(["replay", "--fail-fast", "-j", "2", "s"], in: dir)
        #expect(fast.status == 1)
        #expect(fast.stdout.hasSuffix("1 passed, 1 failed, 2 skipped\n"))
        #expect(!fast.stdout.contains("s/c.yaml"))
        // The JUnit report counts what the summary counts: the files --fail-fast never ran are <skipped> cases.
        let fastJUnit = try BinaryRunner.run(["replay", "--fail-fast", "-j", "1", "s", "--junit", "fast.xml"], in: dir)
        #expect(fastJUnit.stdout.hasSuffix("1 passed, 1 failed, 2 skipped\n"))
        let xml = try String(contentsOf: dir.appendingPathComponent("fast.xml"), encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"linksim\" tests=\"4\" failures=\"1\" errors=\"0\" skipped=\"2\""), "\(xml)")
        #expect(xml.contains("<testsuite name=\"s\" tests=\"4\" failures=\"1\" errors=\"0\" skipped=\"2\""))
        #expect(xml.contains("classname=\"s\" file=\"s/c.yaml\" time=\"0.000\">\n      <skipped message="))
        #expect(!xml.contains("<testcase name=\"s/c.yaml\""), "a skipped case keeps its scenario's name")
        let only = try BinaryRunner.run(["replay", "--only-failures", "s"], in: dir)
        #expect(!only.stdout.contains("PASS"))
        #expect(only.stdout.contains("FAIL  s/b.yaml"))
        #expect(only.stdout.hasSuffix("3 passed, 1 failed\n"))
        // A tag or filter that keeps nothing is a usage error, not a green run; the summary line stays last.
        for arguments in [["--tag", "universal-links"], ["--filter", "nothing-has-this"], ["--tag", "universal-link", "--filter", "WRONG"]] {
            let none = try BinaryRunner.run(["replay"] + arguments + ["s"], in: dir)
            #expect(none.status == 64, "\(arguments)")
            #expect(none.stdout == "0 passed, 0 failed\n")
            #expect(none.stderr.contains("no scenario among the 4 file(s) matches"), "\(none.stderr)")
        }
    }

    /// More files than the worker window and the consumer's batch: the table is in file order whatever the
    /// number of threads, and --fail-fast in the middle of a batch counts the rest (selected or not) as before.
    @Test func manyFilesKeepTheirOrderAndFailFastCountsTheRest() throws {
        var files: [String: String] = [:]
        for i in 0..<70 {
            let name = String(format: "m/%02d.yaml", i)
            let failing = Self.failing.replacingOccurrences(of: "description: d", with: "description: d\ntags: [universal-link]")
            files[name] = i == 45 ? failing : (i % 3 == 0 ? Self.universalLink : Self.passing)
        }
        files["m/files/aasa.json"] = Self.aasa
        let dir = try Self.folder(files)
        let one = try BinaryRunner.run(["replay", "-j", "1", "m"], in: dir)
        for jobs in ["2", "3", "7"] {
            let many = try BinaryRunner.run(["replay", "-j", jobs, "m"], in: dir)
            #expect(many.stdout == one.stdout, "-j \(jobs)")
        }
        let names = one.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }
            .compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) }
        #expect(names == names.sorted() && names.count == 70)
        for jobs in ["1", "2", "3"] {
            let fast = try BinaryRunner.run(["replay", "--fail-fast", "-j", jobs, "m"], in: dir)
            #expect(fast.stdout.hasSuffix("45 passed, 1 failed, 24 skipped\n"), "-j \(jobs)")
            // Only every third file is selected (the failing 45 too). The 8 selected after it are skipped; files
            // after it that never ran count as skipped too (their selection is unknown), those that ran unselected do not.
            let tagged = try BinaryRunner.run(["replay", "--fail-fast", "--tag", "universal-link", "-j", jobs, "m"], in: dir)
            let summary = try #require(tagged.stdout.split(separator: "\n").last)
            #expect(summary.hasPrefix("15 passed, 1 failed, "), "-j \(jobs)")
            let skipped = Int(summary.split(separator: " ")[4]) ?? -1
            #expect((8...24).contains(skipped), "-j \(jobs): \(summary)")
        }
    }

    @Test func githubAnnotationsPointAtTheExpectation() throws {
        let dir = try Self.folder(["b.yaml": Self.failing, "z.yaml": Self.broken])
        let out = try BinaryRunner.run(["replay", "."], in: dir, environment: ["GITHUB_ACTIONS": "true"])
        #expect(out.stdout.contains("::error file=./b.yaml,line=9,col="))
        #expect(out.stdout.contains("::screen: expected Q, got P"))
        #expect(out.stdout.contains("::error file=./z.yaml,line=5,col=7,title=not a valid scenario::`from` must be one of"))
        #expect(out.stdout.split(separator: "\n").last == "0 passed, 2 failed")
        let plain = try BinaryRunner.run(["replay", "."], in: dir, environment: ["GITHUB_ACTIONS": "false"])
        #expect(!plain.stdout.contains("::error"))
    }

}
