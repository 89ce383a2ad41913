import Foundation
import Testing

private let overview = #"""
    {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [
      {"#": "no_universal_links", "exclude": true},
      {"/": "/buy/*"},
      {"/": "/help/website/*", "exclude": true},
      {"/": "/help/*", "?": {"articleNumber": "????"}}
    ]}, {"appID": "ABCDE12345.com.example.app", "paths": ["NOT /old/private/*", "/old/*"]}]}}
    """#

/// Writes the fixture files into a fresh temporary folder and returns it.
private func fixtures(_ files: [String: String]) throws -> URL {
    let folder = Scratch.folder("aasa")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, content) in files {
        try Data(content.utf8).write(to: folder.appendingPathComponent(name))
    }
    return folder
}

private func jsonObject(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    return try #require(object as? [String: Any])
}

@Suite struct AASACommandTests {
    let app = "ABCDE12345.com.example.app"

    @Test func matchPrintsContractJSON() throws {
        let folder = try fixtures(["aasa.json": overview])
        let output = try BinaryRunner.run(
            [
                "aasa", "match", "--file", "aasa.json", "--app-id", app,
                "--url", "https://example.com/help/123?articleNumber=4815", "--format", "json",
            ],
            in: folder)
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix(#"{"result": "match", "detail": 0, "component": 3, "format": "components""#))
        let object = try jsonObject(output.stdout)
        #expect(object["result"] as? String == "match")
        #expect((object["steps"] as? [Any])?.isEmpty == false)
    }

    @Test func excludeAndNoMatchStillExitZero() throws {
        let folder = try fixtures(["aasa.json": overview])
        let excluded = try BinaryRunner.run(
            [
                "aasa", "match", "--file", "aasa.json", "--app-id", app,
                "--url", "https://example.com/buy/1#no_universal_links", "--format", "json",
            ], in: folder)
        #expect(excluded.status == 0)
        #expect(excluded.stdout.hasPrefix(#"{"result": "exclude", "detail": 0, "component": 0, "format": "components""#))
        let none = try BinaryRunner.run(
            [
                "aasa", "match", "--file", "aasa.json", "--app-id", "ZZZZZ99999.other",
                "--url", "https://example.com/buy/1", "--format", "json",
            ], in: folder)
        #expect(none.status == 0)
        #expect(none.stdout.hasPrefix(#"{"result": "no_match", "detail": null, "component": null, "format": null"#))
    }

    @Test func iosVersionSelectsLegacyPaths() throws {
        let folder = try fixtures(["aasa.json": overview])
        let old = try BinaryRunner.run(
            [
                "aasa", "match", "--file", "aasa.json", "--app-id", app, "--ios", "12.4",
                "--url", "https://example.com/old/private/x", "--format", "json",
            ], in: folder)
        #expect(old.status == 0)
        #expect(old.stdout.hasPrefix(#"{"result": "exclude", "detail": 1, "component": 0, "format": "paths""#))
    }

    @Test func textOutputExplainsTheSteps() throws {
        let folder = try fixtures(["aasa.json": overview])
        let output = try BinaryRunner.run(
            [
                "aasa", "match", "--file", "aasa.json", "--app-id", app,
                "--url", "https://example.com/buy/42",
            ], in: folder)
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "match: details[0].components[1]")
        #expect(output.stdout.contains("rule: ios.aasa.components-first-hit"))
        #expect(output.stderr.isEmpty)
    }

    @Test func badUsageExits64() throws {
        let folder = try fixtures(["aasa.json": overview])
        let badURL = try BinaryRunner.run(["aasa", "match", "--file", "aasa.json", "--app-id", app, "--url", "not a url"], in: folder)
        #expect(badURL.status == 64)
        let badIOS = try BinaryRunner.run(
            [
                "aasa", "match", "--file", "aasa.json", "--app-id", app,
                "--url", "https://example.com/", "--ios", "seventeen",
            ], in: folder)
        #expect(badIOS.status == 64)
        #expect(badIOS.stderr.contains("--ios"))
        let missing = try BinaryRunner.run(["aasa", "match", "--file", "aasa.json", "--url", "https://example.com/"], in: folder)
        #expect(missing.status == 64)
    }

    /// An empty or dotless application identifier can match nothing: a usage error (64), not a `no_match`
    /// explained "for :". The boundary: `A.b`, the shortest identifier with a dot, is matched (exit 0).
    @Test func emptyOrDotlessAppIDIsAUsageError() throws {
        let folder = try fixtures(["aasa.json": overview])
        func match(_ extra: [String]) throws -> BinaryRunner.Output {
            try BinaryRunner.run(["aasa", "match", "--file", "aasa.json", "--url", "https://example.com/buy/42"] + extra, in: folder)
        }
        for bad in ["", " ", "ABCDE12345"] {
            let output = try match(["--app-id", bad])
            #expect(output.status == 64, "--app-id '\(bad)'")
            #expect(output.stderr.contains("--app-id must be TEAMID.bundle.id"))
            #expect(output.stdout.isEmpty)
        }
        let emptyTeam = try match(["--team-id", "", "--bundle-id", "com.example.shop"])
        #expect(emptyTeam.status == 64)
        #expect(emptyTeam.stderr.contains("--team-id must not be empty"))
        let emptyBundle = try match(["--team-id", "ABCDE12345", "--bundle-id", ""])
        #expect(emptyBundle.status == 64)
        #expect(emptyBundle.stderr.contains("--bundle-id must not be empty"))
        let shortest = try match(["--app-id", "A.b"])
        #expect(shortest.status == 0)
        #expect(shortest.stdout.hasPrefix("no_match"))
    }

    @Test func badFilesExit65WithAPosition() throws {
        let folder = try fixtures(["broken.json": "{\n  \"applinks\": {\"details\": [}\n}"])
        let broken = try BinaryRunner.run(
            [
                "aasa", "match", "--file", "broken.json", "--app-id", app,
                "--url", "https://example.com/",
            ], in: folder)
        #expect(broken.status == 65)
        #expect(broken.stderr.hasPrefix("broken.json:2:28: error: invalid JSON"))
        #expect(broken.stdout.isEmpty)
        let absent = try BinaryRunner.run(
            [
                "aasa", "match", "--file", "absent.json", "--app-id", app,
                "--url", "https://example.com/",
            ], in: folder)
        #expect(absent.status == 65)
        #expect(absent.stderr.hasPrefix("absent.json: error:"))
    }

    @Test func oversizedFileIsRejectedFromIOS931() throws {
        let big =
            #"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "paths": ["*"]}]}}"#
            + String(repeating: " ", count: 131_072)
        let folder = try fixtures(["big.json": big])
        let latest = try BinaryRunner.run(
            [
                "aasa", "match", "--file", "big.json", "--app-id", app,
                "--url", "https://example.com/x",
            ], in: folder)
        #expect(latest.status == 65)
        #expect(latest.stderr.contains("128 KB"))
        let old = try BinaryRunner.run(
            [
                "aasa", "match", "--file", "big.json", "--app-id", app, "--ios", "9.0",
                "--url", "https://example.com/x", "--format", "json",
            ], in: folder)
        #expect(old.status == 0)
        #expect(old.stdout.hasPrefix(#"{"result": "match""#))
    }

    @Test func validateReportsFindingsAndExitCodes() throws {
        let folder = try fixtures([
            "good.json": overview,
            "warn.json": #"{"applinks":{"details":[{"appIDs":["HOGE.app"],"components":[{"/":"*"},{"/":"/a"}]}]}}"#,
            "bad.json": #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"exclude":"yes"}]}]}}"#,
        ])
        let good = try BinaryRunner.run(["aasa", "validate", "--file", "good.json"], in: folder)
        #expect(good.status == 0)
        #expect(good.stdout == "good.json: no problems found\n")
        let warn = try BinaryRunner.run(["aasa", "validate", "--file", "warn.json"], in: folder)
        #expect(warn.status == 0)
        #expect(warn.stdout.contains("warn.json:1:36: warning: app ID \"HOGE.app\""))
        #expect(warn.stdout.hasSuffix("warn.json: 0 errors, 2 warnings\n"))
        let bad = try BinaryRunner.run(["aasa", "validate", "--file", "bad.json"], in: folder)
        #expect(bad.status == 65)
        #expect(bad.stdout.contains("bad.json:1:91: error: details[0].components[0]: \"exclude\" must be true or false"))
        let json = try BinaryRunner.run(["aasa", "validate", "--file", "bad.json", "--format", "json"], in: folder)
        #expect(json.status == 65)
        let object = try jsonObject(json.stdout)
        #expect(object["errors"] as? Int == 1)
        #expect((object["findings"] as? [[String: Any]])?.first?["line"] as? Int == 1)
    }
}
