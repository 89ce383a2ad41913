import Foundation
import FoundationXML
import Testing

/// matrix, diff, explain, run formats, schema.
extension QACommandTests {
    // MARK: matrix

    @Test func matrixTextJSONJUnitAndExpect() throws {
        let dir = try Self.folder(["ul.yaml": Self.universalLink, "files/aasa.json": Self.aasa])
        let text = try BinaryRunner.run(["matrix", "ul.yaml", "--os", "17.4", "--from", "notes,safari_address_bar"], in: dir)
        #expect(text.status == 0)
        #expect(text.stdout.contains("  from \\ state        not_installed  installed  terminated  background  foreground\n"))
        #expect(text.stdout.contains("  notes               browser        app(ul)    app(ul)     app(ul)     app(ul)\n"))
        #expect(text.stdout.contains("  safari_address_bar  browser        browser    browser     browser     browser\n"))

        let json = try BinaryRunner.run(["matrix", "ul.yaml", "--format", "json", "--save", "saved.json"], in: dir)
        #expect(json.status == 0)
        let object = try Self.json(json.stdout)
        let links = try #require(object["links"] as? [[String: Any]])
        let cells = try #require(links.first?["cells"] as? [[String: Any]])
        #expect(cells.count == 5 * 12 * 6)  // states × iOS tap sources × default versions (17.4 among them)
        #expect(Set(cells.compactMap { $0["certainty"] as? String }).isSubset(of: ["sourced", "assumption", "unknown"]))
        #expect(cells.allSatisfy { $0["rule"] != nil && $0["landing"] != nil })
        #expect(try String(contentsOf: dir.appendingPathComponent("saved.json"), encoding: .utf8) == json.stdout)

        let same = try BinaryRunner.run(["matrix", "ul.yaml", "--expect", "saved.json"], in: dir)
        #expect(same.status == 0)
        try Data(Self.aasaCartOnly.utf8).write(to: dir.appendingPathComponent("files/aasa.json"))
        let changed = try BinaryRunner.run(["matrix", "ul.yaml", "--expect", "saved.json", "--junit", "m.xml"], in: dir)
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("cell(s) changed from saved.json:"))
        #expect(changed.stdout.contains("  #1 state=background from=notes os=17.4: app app=com.example.shop"))
        #expect(changed.stdout.contains("→ browser"))
        let document = try XMLDocument(data: Data(contentsOf: dir.appendingPathComponent("m.xml")))
        #expect(try document.nodes(forXPath: "//testcase").count == 360)
        #expect(try document.nodes(forXPath: "//testcase/failure").count > 0)
    }

    @Test func matrixUsageErrors() throws {
        let dir = try Self.folder(["ul.yaml": Self.universalLink, "files/aasa.json": Self.aasa])
        let axis = try BinaryRunner.run(["matrix", "ul.yaml", "--axes", "stat"], in: dir)
        #expect(axis.status == 64)
        #expect(axis.stderr.contains("did you mean `state`?"))
        #expect(try BinaryRunner.run(["matrix", "ul.yaml", "--action", "3"], in: dir).status == 64)
        #expect(try BinaryRunner.run(["matrix", "ul.yaml", "--os", "banana"], in: dir).status == 64)
        #expect(try BinaryRunner.run(["matrix", "missing.yaml"], in: dir).status == 65)
        #expect(try BinaryRunner.run(["matrix", "ul.yaml", "--expect", "missing.json"], in: dir).status == 65)
    }

    @Test func matrixMarksUnknownCells() throws {
        let out = try BinaryRunner.run(["matrix", "scenarios/ios/scheme-webview-not-modelled.yaml", "--os", "17.4", "--states", "background"])
        #expect(out.status == 0)
        #expect(out.stdout.contains("  webview                 unknown?\n"))
        #expect(out.stdout.contains("unknown?: a custom-scheme link inside WebView"))
        #expect(!out.stdout.contains("nowhere"))
    }

    // MARK: diff

    @Test func diffOfTwoScenariosAndOfTwoFileVersions() throws {
        let dir = try Self.folder([
            "old.yaml": Self.universalLink, "files/aasa.json": Self.aasa,
            "new/aasa.json": Self.aasaCartOnly,
            "new.yaml": Self.universalLink.replacingOccurrences(of: "files/aasa.json", with: "new/aasa.json"),
        ])
        let same = try BinaryRunner.run(["diff", "old.yaml", "old.yaml"], in: dir)
        #expect(same.status == 0)
        #expect(same.stdout.hasPrefix("no landing changed"))
        let scenarios = try BinaryRunner.run(["diff", "old.yaml", "new.yaml"], in: dir)
        #expect(scenarios.status == 1)
        #expect(scenarios.stdout.contains("https://shop.example.com/product/42 from notes, com.example.shop background\n  before: APP app com.example.shop"))
        #expect(scenarios.stdout.contains("  after:  BROWSER browser safari"))
        #expect(scenarios.stdout.contains("[ios.ul.no-matching-rule]"))
        let files = try BinaryRunner.run(["diff", "files/aasa.json", "new/aasa.json", "--scenario", "old.yaml"], in: dir)
        #expect(files.status == 1)
        #expect(files.stdout == scenarios.stdout)
        let json = try BinaryRunner.run(["diff", "--format", "json", "old.yaml", "new.yaml"], in: dir)
        let object = try Self.json(json.stdout)
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(object["changed"] as? Int == changes.count && !changes.isEmpty)
        #expect(((changes.first?["before"] as? [String: Any])?["rule"] as? String) != nil)
        // An AASA the base scenario does not refer to is served by --host.
        let served = try BinaryRunner.run(["diff", "files/aasa.json", "new/aasa.json", "--scenario", "old.yaml", "--replace", "nothing.json"], in: dir)
        #expect(served.status == 64)
    }

    // MARK: explain

    @Test func explainListsSmallestChangesWithWhoAndRule() throws {
        let dir = try Self.folder([
            "ul.yaml": Self.universalLink.replacingOccurrences(of: "aasa: {file: files/aasa.json}", with: "aasa: {file: files/aasa.json, status: 404}"),
            "files/aasa.json": Self.aasa,
        ])
        let out = try BinaryRunner.run(["explain", "ul.yaml", "--action", "1", "--want", "app"], in: dir)
        #expect(out.status == 0)
        #expect(out.stdout.contains("now:  BROWSER"))
        #expect(out.stdout.contains("Single changes that make it land there"))
        #expect(out.stdout.contains("the server owner: serve https://shop.example.com/.well-known/apple-app-site-association"))
        #expect(out.stdout.contains("flips: ios.aasa-host.status →") || out.stdout.contains("flips: ios.ul."))
        let json = try Self.json(try BinaryRunner.run(["explain", "ul.yaml", "--want", "app", "--format", "json"], in: dir).stdout)
        let fixes = try #require(json["fixes"] as? [[String: Any]])
        #expect(!fixes.isEmpty)
        #expect(fixes.allSatisfy { ($0["changes"] as? [Any])?.count == 1 })
        let bad = try BinaryRunner.run(["explain", "ul.yaml", "--want", "ap"], in: dir)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("did you mean `app`?"))
    }

    // MARK: run formats, stdin, tap

    @Test func runExportsMermaidAndMarkdownAndReadsStdin() throws {
        let dir = try Self.folder(["a.yaml": Self.passing])
        let mermaid = try BinaryRunner.run(["run", "--format", "mermaid", "a.yaml"], in: dir)
        #expect(mermaid.status == 0)
        #expect(mermaid.stdout.hasPrefix("%% Notes opens Shop — #1 tap shopapp://p/42 from notes\nsequenceDiagram\n    participant P0 as User\n"))
        let markdown = try BinaryRunner.run(["run", "--format", "markdown", "a.yaml"], in: dir)
        #expect(markdown.stdout.hasPrefix("# Notes opens Shop\n"))
        #expect(markdown.stdout.contains("## Rules cited"))
        let stdin = try Self.run(["run", "-"], in: dir, input: Self.passing)
        #expect(stdin.status == 0)
        #expect(stdin.stdout.contains("→ APP  app com.example.shop › P {id=42}"))
        let badStdin = try Self.run(["run", "-"], in: dir, input: Self.broken)
        #expect(badStdin.status == 65)
        #expect(badStdin.stderr.hasPrefix("<stdin>:5:7: error:"))
        // validate reads standard input as run does; replay (files and folders) says where to go instead.
        let validated = try Self.run(["validate", "-"], in: dir, input: Self.passing)
        #expect(validated.status == 0)
        #expect(validated.stdout == "<stdin>: ok\n")
        let badValidate = try Self.run(["validate", "-"], in: dir, input: Self.broken)
        #expect(badValidate.status == 65)
        #expect(badValidate.stderr.hasPrefix("<stdin>:5:7: error:"))
        let replayed = try Self.run(["replay", "-"], in: dir, input: Self.passing)
        #expect(replayed.status == 64)
        #expect(replayed.stderr.contains("use `linksim run -` or `linksim validate -`"))
    }

    @Test func tapFromANotificationNamesItsAppAndTheErrorListsTheQATools() throws {
        let dir = try Self.folder(["README": "scratch"])
        let push = try BinaryRunner.run(
            ["tap", "shopapp://p/1", "--from", "push_notification", "--app", "com.example.shop", "--scheme", "shopapp"], in: dir)
        #expect(push.status == 0, "\(push.stderr)")
        #expect(push.stdout.contains("→ APP  app com.example.shop"), "\(push.stdout)")
        let missing = try BinaryRunner.run(["tap", "shopapp://p/1", "--from", "push_notification"], in: dir)
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("give the app with --app ID"))
        let bogus = try BinaryRunner.run(["tap", "https://x.example.com/", "--from", "bogus"], in: dir)
        #expect(bogus.stderr.contains("or a QA tool: simctl, push_notification, smart_app_banner"), "\(bogus.stderr)")
    }

    @Test func tapFromFlagsAndFromAWorld() throws {
        let dir = try Self.folder(["ul.yaml": Self.universalLink, "files/aasa.json": Self.aasa])
        let flags = try BinaryRunner.run(
            [
                "tap", "https://shop.example.com/product/42", "--platform", "ios", "--os", "17.4", "--from", "notes",
                "--app", "com.example.shop", "--team-id", "ABCDE12345", "--domain", "shop.example.com",
                "--aasa", "files/aasa.json",
            ], in: dir)
        #expect(flags.status == 0)
        #expect(flags.stdout.contains("→ APP  app com.example.shop"))
        #expect(flags.stdout.contains("via universal_link"))
        let world = try BinaryRunner.run(
            ["tap", "https://shop.example.com/product/42", "--world", "ul.yaml", "--state", "not_installed", "--format", "json"], in: dir)
        #expect(world.status == 0)
        let landing =
            ((try Self.json(world.stdout)["scenarios"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first?["landing"] as? [String: Any]
        #expect(landing?["kind"] as? String == "browser")
        let scheme = try BinaryRunner.run(["tap", "shopapp://x", "--app", "com.example.shop", "--scheme", "shopapp", "--os", "12.5"], in: dir)
        #expect(scheme.stdout.contains("→ APP"))
        #expect(try BinaryRunner.run(["tap", "https://x.example/", "--os", "banana"], in: dir).status == 64)
        #expect(try BinaryRunner.run(["tap", "https://x.example/", "--world", "missing.yaml"], in: dir).status == 65)
    }

    // MARK: schema, completions, man page

    @Test func schemaCommandPrintsTheCheckedInFile() throws {
        let out = try BinaryRunner.run(["schema"])
        #expect(out.status == 0)
        let file = try String(contentsOf: BinaryRunner.packageRoot.appendingPathComponent("scenarios/scenario.schema.json"), encoding: .utf8)
        #expect(out.stdout == file)
    }

    /// Every scenario in the library validates against the schema with a real JSON Schema validator
    /// (python-jsonschema), and a broken file does not.
    @Test func everyScenarioValidatesAgainstTheSchema() throws {
        let root = BinaryRunner.packageRoot
        let script = root.appendingPathComponent("Tests/Schema/validate_schema.py").path
        let schema = root.appendingPathComponent("scenarios/scenario.schema.json").path
        var files: [String] = []
        if let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent("scenarios").path) {
            for case let path as String in walker where path.hasSuffix(".yaml") || path.hasSuffix(".yml") {
                files.append(root.appendingPathComponent("scenarios/" + path).path)
            }
        }
        #expect(files.count > 100)
        let library = try Self.python([script, schema] + files.sorted())
        #expect(library.status == 0, "\(library.stdout)\(library.stderr)")
        #expect(library.stdout.hasSuffix("\(files.count) valid, 0 invalid\n"))
        let dir = try Self.folder(["bad.yaml": "linksim: 1\nname: x\ndevice: {platform: ios, os: \"17\"}\nappz: []\nfrom: notez\n"])
        let bad = try Self.python([script, schema, dir.appendingPathComponent("bad.yaml").path])
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("'appz' was unexpected"))
        #expect(bad.stdout.contains("'notez' is not one of"))
    }

    static func python(_ arguments: [String]) throws -> BinaryRunner.Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = String(decoding: errData, as: UTF8.self)
        if stderr.contains("No module named") {
            Issue.record("the schema test needs python3 with jsonschema and PyYAML (apt-get install python3-jsonschema python3-yaml): \(stderr)")
        }
        return .init(stdout: String(decoding: outData, as: UTF8.self), stderr: stderr, status: process.terminationStatus)
    }

    @Test func shellCompletionsNameTheNewCommands() throws {
        for shell in ["bash", "zsh", "fish"] {
            let out = try BinaryRunner.run(["--generate-completion-script", shell])
            #expect(out.status == 0)
            for command in ["matrix", "diff", "explain", "tap", "schema", "replay"] {
                #expect(out.stdout.contains(command), "\(shell) completion lacks \(command)")
            }
        }
        // The man page plugin (GenerateManual) reads this dump: it must stay a clean JSON document.
        let dump = try BinaryRunner.run(["--experimental-dump-help"])
        #expect(dump.status == 0)
        let object = try Self.json(dump.stdout)
        let command = try #require(object["command"] as? [String: Any])
        let names = (command["subcommands"] as? [[String: Any]])?.compactMap { $0["commandName"] as? String } ?? []
        #expect(Set(["matrix", "diff", "explain", "tap", "schema"]).isSubset(of: Set(names)))
    }
}
