import Foundation
import Testing

@testable import LinkSimCore

/// The explaining matcher's whole output must not change when it gets faster (issue #14): over a large
/// seeded set of generated files (built as values, and written as JSON so that the parser's own fields —
/// `appID` against `appIDs`, the legacy dictionary, ignored keys, other services — are reached) and URLs,
/// every case's verdict and every step's summary, detail, rule and assumption, with and without text
/// (`explain: false`), is written out; blocks of cases are hashed and pinned in
/// `Tests/LinkSimCoreTests/Golden/aasa-explanations.digest`. It was recorded on the matcher before the
/// explanation became data. Re-record (only for an intended change of the text) with
/// `LINKSIM_RECORD_GOLDEN=1 swift test --filter AASAExplanationGoldenTests`; `LINKSIM_AASA_DUMP=path` writes
/// every case's text too, to diff against a dump from the previous code.
@Suite struct AASAExplanationGoldenTests {
    static let goldenFile = RuleLocalityTests.root.appendingPathComponent("Tests/LinkSimCoreTests/Golden/aasa-explanations.digest")
    static let blocks = 160
    static let casesPerBlock = 100

    static let versions = ["8.4", "9.0", "9.2", "12.4", "13.0", "13.4", "13.5", "14.0", "17.4"].compactMap {
        OSVersion.parse($0, platform: .ios)
    }

    /// A file written as JSON, reaching what only the parser makes.
    static func jsonDocument(_ random: inout SeededRandom) -> AASADocument? {
        func string(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        func pattern() -> String { string(random.text(AASAFastPathPropertyTests.patternAlphabet, maxLength: 5)) }
        func component() -> String {
            var keys: [String] = []
            if random.chance(80) {
                keys.append(
                    "\"/\": "
                        + string(
                            random.pick(["/", "", "//"]) + random.text(AASAFastPathPropertyTests.patternAlphabet, maxLength: 5) + random.pick(["", "/", "/*"])))
            }
            if random.chance(25) {
                switch random.below(3) {
                case 0: keys.append("\"?\": " + pattern())
                case 1: keys.append("\"?\": {\"q\": \(pattern()), \"id\": \(pattern())}")
                default: keys.append("\"?\": {\"q\": 5}")
                }
            }
            if random.chance(20) { keys.append("\"#\": " + pattern()) }
            if random.chance(25) { keys.append("\"exclude\": " + (random.chance(50) ? "true" : "false")) }
            if random.chance(30) { keys.append("\"caseSensitive\": " + (random.chance(60) ? "false" : "true")) }
            if random.chance(25) { keys.append("\"percentEncoded\": " + (random.chance(60) ? "false" : "true")) }
            if random.chance(15) { keys.append(random.pick(["\"casesensitive\": false", "\"/\": 5", "\"exclude\": \"yes\"", "\"comment\": \"c\""])) }
            return "{" + keys.joined(separator: ", ") + "}"
        }
        func entry(dictionaryForm: Bool) -> String {
            var keys: [String] = []
            if !dictionaryForm {
                switch random.below(6) {
                case 0: keys.append("\"appID\": \"T.app\"")
                case 1: keys.append("\"appIDs\": [\"T.other\"], \"appID\": \"T.app\"")
                case 2: keys.append("\"appIDs\": [\"T.app\", \"T.other\"], \"appID\": \"T.app\"")
                case 3: keys.append("\"appIDs\": []")
                case 4: break
                default: keys.append("\"appIDs\": [\"T.app\"]")
                }
            }
            if random.chance(70) { keys.append("\"components\": [" + (0..<random.below(4)).map { _ in component() }.joined(separator: ", ") + "]") }
            if random.chance(45) {
                keys.append(
                    "\"paths\": ["
                        + (0..<(1 + random.below(3))).map { _ in
                            string((random.chance(25) ? "NOT " : "") + "/" + random.text(AASAFastPathPropertyTests.patternAlphabet, maxLength: 4))
                        }
                        .joined(separator: ", ") + "]")
            }
            if random.chance(20) { keys.append("\"defaults\": " + component()) }
            return "{" + keys.joined(separator: ", ") + "}"
        }
        var applinks: [String] = []
        if random.chance(15) {
            applinks.append(
                "\"details\": {"
                    + ["T.app", "T.other", "A.first"].filter { _ in random.chance(60) }.map { "\"\($0)\": " + entry(dictionaryForm: true) }.joined(
                        separator: ", ") + "}")
        } else {
            applinks.append("\"details\": [" + (0..<random.below(4)).map { _ in entry(dictionaryForm: false) }.joined(separator: ", ") + "]")
        }
        if random.chance(20) { applinks.append("\"defaults\": " + component()) }
        if random.chance(25) { applinks.append("\"substitutionVariables\": {\"v\": [\"ab\", \"x*\"], \"digit\": [\"1\", \"7\"]}") }
        var top: [String] = []
        if random.chance(92) { top.append("\"applinks\": {" + applinks.joined(separator: ", ") + "}") }
        if random.chance(20) { top.append("\"webcredentials\": {\"apps\": [\"T.app\"]}") }
        return try? AASADocument(json: "{" + top.joined(separator: ", ") + "}")
    }

    /// The whole output of one explained match, as text.
    static func write(_ match: AASAMatch, into out: inout String) {
        out += "\(match.result.rawValue) \(match.detail.map(String.init) ?? "-") \(match.component.map(String.init) ?? "-") \(match.format?.rawValue ?? "-")\n"
        for step in match.steps {
            out += "  " + step.summary + "\n"
            if let detail = step.detail { out += "    detail: " + detail + "\n" }
            if let rule = step.rule { out += "    rule: " + rule.description + "\n" }
            if let assumption = step.assumption { out += "    assumption: " + assumption + "\n" }
        }
    }

    /// Every block's text, made again from its number alone.
    static func block(_ number: Int) -> String {
        var random = SeededRandom(seed: 0xAA5A &+ UInt64(number) &* 0x9E37_79B9)
        var out = ""
        var made = 0
        while made < casesPerBlock {
            let document: AASADocument
            if random.chance(35) {
                guard let parsed = jsonDocument(&random) else { continue }
                document = parsed
            } else {
                document = AASAFastPathPropertyTests.document(&random)
            }
            for _ in 0..<4 {
                let url = AASAFastPathPropertyTests.url(&random)
                let ios = random.pick(versions)
                let appID = random.pick(["T.app", "T.app", "T.other", "T.none"])
                let domain: String? = random.chance(40) ? random.pick(["shop.example.com", "Shop.Example.com"]) : nil
                out += "== \(url) \(appID) iOS \(ios) domain \(domain ?? "-")\n"
                write(AASAMatcher.match(url: url, appID: appID, document: document, ios: ios, domain: domain), into: &out)
                out += "-- bare\n"
                write(AASAMatcher.match(url: url, appID: appID, document: document, ios: ios, domain: domain, explain: false), into: &out)
                made += 1
            }
        }
        return out
    }

    @Test func explanationsAreUnchanged() throws {
        let env = ProcessInfo.processInfo.environment
        let texts = (0..<Self.blocks).map(Self.block)
        let all = texts.joined()
        // The generator reaches every kind of step, or the comparison proves little.
        for rule in [
            Rule.iosAasaAppidsIos13, Rule.iosAasaDetailsDictionary, Rule.iosAasaUnknownKeysIgnored, Rule.iosAasaQueryNonstringIgnored,
            Rule.iosAasaSubstitutionVariables, Rule.iosAasaPathNormalisation, Rule.iosAasaPathsNotExclude, Rule.iosAasaDefaults,
            Rule.iosAasaAllKeysMustMatch, Rule.iosAasaComponentsOverPaths, Rule.iosAasaHostCaseInsensitive, Rule.iosAasaSafariPercentEncodes,
            Rule.iosAasaQueryAllItems, Rule.iosAasaFragment, Rule.iosAasaExclude, Rule.iosAasaCaseSensitive, Rule.iosAasaPercentEncoded,
        ] {
            #expect(all.components(separatedBy: "rule: \(rule.id.description)\n").count > 20, "\(rule.id) is rarely reached")
        }
        if let dump = env["LINKSIM_AASA_DUMP"] { try all.write(toFile: dump, atomically: true, encoding: .utf8) }
        let lines = texts.enumerated().map { Canonical.digest(Array($0.element.utf8)) + "  block \($0.offset)" }
        if env["LINKSIM_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.goldenFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (lines.joined(separator: "\n") + "\n").write(to: Self.goldenFile, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: Self.goldenFile, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(golden.count == Self.blocks)
        let changed = zip(golden, lines).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(
            changed.isEmpty,
            "\(changed.count) blocks of explanations changed (diff a LINKSIM_AASA_DUMP against one from the previous code); the first: block \(changed.first ?? -1)"
        )
    }
}
