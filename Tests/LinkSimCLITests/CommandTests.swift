import Foundation
import LinkSimCore
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The commands end to end, through the built binary, as a user runs them.
@Suite struct CommandTests {
    /// A temporary folder with the given files.
    static func folder(_ files: [String: String]) throws -> URL {
        let dir = Scratch.folder("cli")
        for (name, text) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return dir
    }

    static let passing = """
        linksim: 1
        name: Notes opens Shop
        description: d
        device: {platform: ios, os: "17.4"}
        apps:
          - {id: com.example.shop, name: Shop, state: background, url_schemes: [shopapp], routes: [{url: "shopapp://p/{id}", screen: P}]}
        tap: shopapp://p/42
        from: notes
        expect: {lands: app, screen: P, params: {id: "42"}, via: custom_scheme, callback: "scene(_:openURLContexts:)"}
        """

    static let failing = passing.replacingOccurrences(of: "screen: P, params", with: "screen: Q, params")
        .replacingOccurrences(of: "Notes opens Shop", with: "Wrong screen")

    static let broken = "linksim: 1\nname: broken\ndevice: {platform: ios, os: \"17.4\"}\ntap: shopapp://x\nfrom: notez\n"

    @Test func runPrintsATraceAndTheLanding() throws {
        let dir = try Self.folder(["a.yaml": Self.passing])
        let out = try BinaryRunner.run(["run", "a.yaml"], in: dir)
        #expect(out.status == 0)
        #expect(out.stdout.contains("Notes opens Shop"))
        #expect(out.stdout.contains("[ios.scheme.from-app]"))
        #expect(out.stdout.contains("→ APP  app com.example.shop › P {id=42} · via custom_scheme · scene(_:openURLContexts:)"))
        #expect(out.stdout.contains("✓ expectation held"))
        #expect(!out.stdout.contains("\u{1B}["))  // NO_COLOR is set by the runner
    }

    /// `--no-color` turns colour off for every command, before or after the subcommand (on a terminal: `script`
    /// gives the binary one; without the flag the same run is coloured, so the check can fail).
    @Test func noColorFlagTurnsColourOffOnATerminal() throws {
        let dir = try Self.folder(["a.yaml": Self.passing])
        func onTerminal(_ arguments: String) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qec", "\(BinaryRunner.binary.path) \(arguments)", "/dev/null"]
            process.currentDirectoryURL = dir
            var env = ProcessInfo.processInfo.environment
            env["NO_COLOR"] = nil
            env["TERM"] = "xterm-256color"
            process.environment = env
            let out = Pipe()
            process.standardOutput = out
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"))
        #expect(try onTerminal("replay a.yaml").contains("\u{1B}["))
        for arguments in ["--no-color replay a.yaml", "replay a.yaml --no-color", "run a.yaml --no-color", "--no-color run a.yaml"] {
            let output = try onTerminal(arguments)
            #expect(output.contains("a.yaml") || output.contains("expectation held"), "\(arguments): \(output)")
            #expect(!output.contains("\u{1B}["), "\(arguments)")
        }
    }

    /// Every file a flag names is read within the 16 MiB limit, as a scenario's files are: a file over it is a
    /// located error and exit 65, never a read of the whole file (a 1 GiB `--aasa` took 2 GB of memory).
    @Test func filesNamedByFlagsKeepTheSizeLimit() throws {
        let dir = try Self.folder(["a.yaml": Self.passing])
        let big = dir.appendingPathComponent("big.json")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 64 << 20)  // sparse: 64 MiB on no disk
        try handle.close()
        let commands: [[String]] = [
            ["tap", "https://a.example/", "--aasa", "big.json", "--app", "com.x", "--team-id", "ABCDE12345", "--domain", "a.example"],
            ["tap", "https://a.example/", "--platform", "android", "--assetlinks", "big.json", "--app", "com.x"],
            ["tap", "https://a.example/", "--platform", "android", "--manifest", "big.json", "--app", "com.x"],
            ["matrix", "a.yaml", "--expect", "big.json"],
        ]
        for arguments in commands {
            let out = try BinaryRunner.run(arguments, in: dir)
            #expect(out.status == 65, "\(arguments): \(out.status) \(out.stderr)")
            #expect(out.stderr.contains("big.json:1:1: error: the file is 64 MiB; linksim reads files of at most 16 MiB"), "\(arguments): \(out.stderr)")
        }
    }

    /// A file that is no valid scenario is in `run`'s JSON as in replay's (an item with `errors`, counted as failed),
    /// not left out of a document that says everything passed.
    @Test func runJSONListsAnInvalidFile() throws {
        let dir = try Self.folder(["a.yaml": Self.passing, "bad.yaml": "x: [\n"])
        let out = try BinaryRunner.run(["run", "a.yaml", "bad.yaml", "--format", "json"], in: dir)
        #expect(out.status == 65)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        #expect(json["passed"] as? Int == 1)
        #expect(json["failed"] as? Int == 1)
        let items = try #require(json["scenarios"] as? [[String: Any]])
        #expect(items.map { $0["file"] as? String } == ["a.yaml", "bad.yaml"])
        #expect((items[1]["errors"] as? [String])?.first?.hasPrefix("bad.yaml:2:1: error:") == true)
        #expect(items[1]["passed"] as? Bool == false)
    }

    /// A check made while a command runs names that command's usage, from `linksim` down (it named only `linksim`).
    @Test func runtimeUsageErrorsNameTheirCommand() throws {
        let rules = try BinaryRunner.run(["rules", "bad.id"])
        #expect(rules.status == 64)
        #expect(rules.stderr.contains("Usage: linksim rules"), "\(rules.stderr)")
        let dir = try Self.folder(["a.json": #"{"applinks": {"details": []}}"#])
        let match = try BinaryRunner.run(["aasa", "match", "--file", "a.json", "--url", "https://a.example/"], in: dir)
        #expect(match.status == 64)
        #expect(match.stderr.contains("See 'linksim aasa match --help'"), "\(match.stderr)")
    }

    /// An app's signing SHA-256 is checked (and taken in keytool's or apksigner's spelling): `zz` is a usage error.
    @Test func signingFingerprintsAreChecked() throws {
        let bad = try BinaryRunner.run(["tap", "https://a.example/x", "--platform", "android", "--app", "com.x", "--sha256", "zz"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--sha256 `zz`: expected 32 hex bytes"), "\(bad.stderr)")
        let sha1 = String(repeating: "AB:", count: 19) + "AB"
        let short = try BinaryRunner.run(["tap", "https://a.example/x", "--platform", "android", "--app", "com.x", "--sha256", sha1])
        #expect(short.status == 64)
        #expect(short.stderr.contains("SHA-1"), "\(short.stderr)")
        let plain = String(repeating: "ab", count: 32)
        #expect(AssetLinksValidator.canonicalFingerprint(plain) == String(repeating: "AB:", count: 31) + "AB")
        #expect(AssetLinksValidator.canonicalFingerprint("A:" + String(repeating: "B", count: 63)) == nil)
        let ok = try BinaryRunner.run(["tap", "https://a.example/x", "--platform", "android", "--app", "com.x", "--sha256", plain])
        #expect(ok.status == 0, "\(ok.stderr)")
    }

    /// A file over the verifier's 1 MiB grants nothing, however right its statements are: no "grants" after the error.
    @Test func anOversizedAssetLinksFileGrantsNothing() {
        let grant =
            #"{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"com.x","#
            + #""sha256_cert_fingerprints":["\#(String(repeating: "AB:", count: 31))AB"]}}"#
        let padding = #"{"relation":["delegate_permission/common.get_login_creds"],"target":{"namespace":"web","site":"https://a.example"}}"#
        let small = "[" + grant + "]"
        let large = "[" + grant + String(repeating: "," + padding, count: 10_000) + "]"
        #expect(large.utf8.count > 1024 * 1024)
        #expect(AssetLinksValidator.validate(Array(small.utf8), package: "com.x", fingerprint: nil).expectation == .found)
        let over = AssetLinksValidator.validate(Array(large.utf8), package: "com.x", fingerprint: nil)
        guard case .missing(let why)? = over.expectation else {
            Issue.record("an oversized file was said to grant: \(String(describing: over.expectation))")
            return
        }
        #expect(why.contains("over 1 MiB"))
    }

    @Test func runJSONFollowsTheContract() throws {
        let dir = try Self.folder(["a.yaml": Self.passing])
        let out = try BinaryRunner.run(["run", "--format", "json", "a.yaml"], in: dir)
        #expect(out.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        #expect(json["passed"] as? Int == 1)
        #expect(json["failed"] as? Int == 0)
        let scenario = try #require((json["scenarios"] as? [[String: Any]])?.first)
        #expect(scenario["file"] as? String == "a.yaml")
        #expect(scenario["passed"] as? Bool == true)
        let result = try #require((scenario["results"] as? [[String: Any]])?.first)
        #expect(result["action"] as? Int == 0)
        #expect(result["kind"] as? String == "tap")
        let landing = try #require(result["landing"] as? [String: Any])
        #expect(Set(landing.keys).isSuperset(of: ["kind", "app", "screen", "params", "via", "callback", "delivered", "browser", "url"]))
        #expect(landing["kind"] as? String == "app")
        #expect(landing["via"] as? String == "custom_scheme")
        #expect(landing["delivered"] as? Bool == true)
        #expect(landing["browser"] is NSNull)
        #expect((landing["params"] as? [String: String]) == ["id": "42"])
        let step = try #require((result["trace"] as? [[String: Any]])?.first)
        #expect(Set(step.keys).isSuperset(of: ["actor", "summary", "rule", "detail"]))
        let expect = try #require(result["expect"] as? [String: Any])
        #expect(expect["passed"] as? Bool == true)
        #expect((expect["mismatches"] as? [Any])?.isEmpty == true)
        // The contract's key order.
        #expect(out.stdout.hasPrefix("{\"scenarios\": [{\"file\": \"a.yaml\", \"name\": "))
    }

    @Test func failedExpectationExitsOne() throws {
        let dir = try Self.folder(["b.yaml": Self.failing])
        let out = try BinaryRunner.run(["run", "b.yaml"], in: dir)
        #expect(out.status == 1)
        #expect(out.stdout.contains("✗ screen: expected Q, got P"))
    }

    @Test func replayTableSummaryAndExitCodes() throws {
        let dir = try Self.folder([
            "ok/a.yaml": Self.passing, "ok/nested/c.yml": Self.passing, "bad/b.yaml": Self.failing,
            "ok/notes.txt": "not a scenario",
        ])
        let green = try BinaryRunner.run(["replay", "ok"], in: dir)
        #expect(green.status == 0)
        #expect(green.stdout.hasSuffix("\n2 passed, 0 failed\n") || green.stdout.hasSuffix("PASS  ok/nested/c.yml  Notes opens Shop\n2 passed, 0 failed\n"))
        #expect(green.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("PASS") }.count == 2)

        let red = try BinaryRunner.run(["replay", "ok", "bad"], in: dir)
        #expect(red.status == 1)
        #expect(red.stdout.contains("FAIL  bad/b.yaml  Wrong screen"))
        #expect(red.stdout.contains("screen: expected Q, got P"))
        let lines = red.stdout.split(separator: "\n")
        #expect(lines.last == "2 passed, 1 failed")
    }

    @Test func replayWithABrokenFileExits65AndStillReports() throws {
        let dir = try Self.folder(["s/a.yaml": Self.passing, "s/z.yaml": Self.broken])
        let out = try BinaryRunner.run(["replay", "s"], in: dir)
        #expect(out.status == 65)
        #expect(out.stdout.split(separator: "\n").last == "1 passed, 1 failed")
        #expect(out.stderr.contains("s/z.yaml:5:7: error: `from` must be one of:"))
        #expect(out.stderr.contains("did you mean `notes`?"))
    }

    @Test func replayJUnitIsXML() throws {
        let dir = try Self.folder(["ios/a.yaml": Self.passing, "ios/b.yaml": Self.failing, "android/c.yaml": Self.passing])
        let out = try BinaryRunner.run(["replay", ".", "--junit", "report.xml"], in: dir)
        #expect(out.status == 1)
        let data = try Data(contentsOf: dir.appendingPathComponent("report.xml"))
        let document = try XMLDocument(data: data)
        let suites = try document.nodes(forXPath: "/testsuites/testsuite")
        #expect(suites.count == 2)  // one per folder
        let cases = try document.nodes(forXPath: "//testcase")
        #expect(cases.count == 3)
        let failure = try #require(try document.nodes(forXPath: "//testcase/failure").first)
        #expect(failure.stringValue?.contains("screen: expected Q, got P") == true)
        let systemOut = try document.nodes(forXPath: "//testcase/system-out")
        #expect(systemOut.count == 3)
        #expect(systemOut.first?.stringValue?.contains("ios.scheme.from-app") == true)
    }

    @Test func replayJSON() throws {
        let dir = try Self.folder(["a.yaml": Self.passing, "b.yaml": Self.failing])
        let out = try BinaryRunner.run(["replay", "--format", "json", "a.yaml", "b.yaml"], in: dir)
        #expect(out.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        #expect(json["passed"] as? Int == 1 && json["failed"] as? Int == 1)
    }

    @Test func validate() throws {
        let dir = try Self.folder(["a.yaml": Self.passing, "b.yaml": Self.broken])
        let ok = try BinaryRunner.run(["validate", "a.yaml"], in: dir)
        #expect(ok.status == 0)
        #expect(ok.stdout == "a.yaml: ok\n")
        let bad = try BinaryRunner.run(["validate", "a.yaml", "b.yaml"], in: dir)
        #expect(bad.status == 65)
        #expect(
            bad.stderr
                == "b.yaml:5:7: error: `from` must be one of: notes, messages, mail, safari, safari_address_bar, chrome, chrome_address_bar, firefox, in_app_browser, sfsafariviewcontroller, webview, custom_tab, other_app, qr_code, adb, simctl, push_notification, smart_app_banner; got `notez`; did you mean `notes`?\n"
        )
    }

    /// A broken AASA file the scenario serves from `file:` is a warning (it may be served on purpose: `run`
    /// shows what the device makes of it), located in the served file; validate still exits 0.
    @Test func validateChecksTheFilesAScenarioServes() throws {
        let scenario = """
            linksim: 1
            name: broken aasa
            device: {platform: ios, os: "17.4"}
            apps:
              - {id: com.example.shop, team_id: ABCDE12345, state: background, associated_domains: ["applinks:shop.example.com"]}
            web:
              shop.example.com:
                aasa: {file: files/aasa.json}
            tap: https://shop.example.com/p/1
            from: notes
            """
        let dir = try Self.folder(["s.yaml": scenario, "files/aasa.json": #"{"applinks": {"details": "oops"}}"#])
        let out = try BinaryRunner.run(["validate", "s.yaml"], in: dir)
        #expect(out.status == 0)
        #expect(out.stdout == "s.yaml: ok, 1 warning(s)\n")
        #expect(
            out.stderr
                == "files/aasa.json:1:26: warning: \"details\" must be an array, not a string (served as web.shop.example.com.aasa; iOS treats the association as missing; `linksim run` shows it)\n"
        )
    }

    @Test func badInputAndUsageExitCodes() throws {
        let dir = try Self.folder(["bin.yaml": "\u{0}\u{1}binary"])
        #expect(try BinaryRunner.run(["run", "missing.yaml"], in: dir).status == 65)
        #expect(try BinaryRunner.run(["run", "bin.yaml"], in: dir).status == 65)
        #expect(try BinaryRunner.run(["run"], in: dir).status == 64)
        #expect(try BinaryRunner.run(["run", "--format", "xml", "x.yaml"], in: dir).status == 64)
        #expect(try BinaryRunner.run(["frobnicate"], in: dir).status == 64)
        // replay: a path that does not exist, or a folder without scenarios, is bad input as in run and validate,
        // alone or beside a good file, and the summary line is still the last line.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try Data(Self.passing.utf8).write(to: dir.appendingPathComponent("ok.yaml"))
        for arguments in [["nowhere"], ["empty"], ["nowhere", "ok.yaml"], ["empty", "ok.yaml"]] {
            let replay = try BinaryRunner.run(["replay"] + arguments, in: dir)
            #expect(replay.status == 65, "\(arguments)")
            // Counted as a failed row (ERROR), as an invalid file is, so no report looks green while the exit is 65.
            #expect(replay.stdout.hasSuffix(arguments.count == 1 ? "0 passed, 1 failed\n" : "1 passed, 1 failed\n"), "\(arguments): \(replay.stdout)")
            #expect(replay.stdout.contains("ERROR  \(arguments[0])"))
            let json = try BinaryRunner.run(["replay", "--format", "json"] + arguments, in: dir)
            #expect(json.status == 65)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["failed"] as? Int == 1)
            let junit = try BinaryRunner.run(["replay", "--junit", "r.xml"] + arguments, in: dir)
            #expect(junit.status == 65)
            #expect(try String(contentsOf: dir.appendingPathComponent("r.xml"), encoding: .utf8).contains("errors=\"1\""))
            let message = arguments[0] == "empty" ? "empty: error: no *.yaml or *.yml files in this folder" : "nowhere: error: no such file or folder"
            #expect(replay.stderr.contains(message))
        }
    }

    @Test func noArgumentsWithoutATerminalPrintsUsage() throws {
        let out = try BinaryRunner.run([])
        #expect(out.status == 64)
        #expect(out.stdout.isEmpty)
        #expect(out.stderr.hasPrefix("usage: linksim"))
    }

    @Test func rulesListAndExplain() throws {
        let list = try BinaryRunner.run(["rules"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("ios.scheme.safari-prompt"))
        #expect(list.stdout.contains("android.webview.unknown-scheme"))
        let one = try BinaryRunner.run(["rules", "ios.scheme.safari-prompt"])
        #expect(one.status == 0)
        #expect(one.stdout.contains("Safari asks before opening an app for a custom scheme"))
        #expect(one.stdout.contains("Versions:  iOS 9+"))
        #expect(one.stdout.contains("https://openradar.appspot.com/22541203"))
        let json = try BinaryRunner.run(["rules", "--format", "json", "android.scheme.chooser"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["id"] as? String == "android.scheme.chooser")
        #expect((object["platforms"] as? [String]) == ["android"])
        let unknown = try BinaryRunner.run(["rules", "ios.scheme.safari-promt"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("did you mean `ios.scheme.safari-prompt`?"))
    }

    @Test func controlCharactersFromFilesAreEscaped() throws {
        let evil = Self.passing.replacingOccurrences(of: "name: Notes opens Shop", with: "name: \"evil \\e[2J name\"")
        let dir = try Self.folder(["e.yaml": evil])
        let out = try BinaryRunner.run(["run", "e.yaml"], in: dir)
        #expect(out.status == 0)
        #expect(!out.stdout.contains("\u{1B}"))
        #expect(out.stdout.contains("evil \\x1B[2J name"))
    }
}

@Suite struct AppLinksCommandTests {
    static let scenario = """
        linksim: 1
        name: app links
        description: d
        device: {platform: android, os: "14"}
        apps:
          - id: com.example.shop
            state: background
            signing_sha256: ["AB:CD"]
            activities:
              - name: .Main
                exported: true
                intent_filters:
                  - {auto_verify: true, actions: [VIEW], categories: [DEFAULT, BROWSABLE], data: [{scheme: https, host: shop.example.com}, {host: www.example.com}]}
        web:
          shop.example.com:
            assetlinks: {json: [{relation: [delegate_permission/common.handle_all_urls], target: {namespace: android_app, package_name: com.example.shop, sha256_cert_fingerprints: ["AB:CD"]}}]}
          www.example.com:
            assetlinks: {redirect: "https://example.com/.well-known/assetlinks.json"}
        tap: https://shop.example.com/
        expect: {lands: app}
        """

    @Test func printsWhatPmGetAppLinksPrints() throws {
        let dir = try CommandTests.folder(["a.yaml": Self.scenario])
        let out = try BinaryRunner.run(["android", "app-links", "a.yaml", "--user"], in: dir)
        #expect(out.status == 0)
        let lines = out.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "  com.example.shop:")
        #expect(lines.contains("    Signatures: [AB:CD]"))
        #expect(lines.contains("      shop.example.com: verified"))
        #expect(lines.contains("      www.example.com: 1029"))
        #expect(lines.contains("      Verification link handling allowed: true"))
        let unknown = try BinaryRunner.run(["android", "app-links", "a.yaml", "--app", "com.example.shp"], in: dir)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("did you mean `com.example.shop`?"))
        let missing = try BinaryRunner.run(["android", "app-links", "nope.yaml"], in: dir)
        #expect(missing.status == 65)
    }
}
