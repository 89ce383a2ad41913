import Foundation
import Testing

@testable import LinkSimCore

/// A small deterministic generator (SplitMix64): the same seed gives the same cases on every run.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A number in 0..<n from the next value (0 when n < 1).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }
    mutating func text(_ alphabet: [String], maxLength: Int) -> String {
        (0..<Int.random(in: 0...maxLength, using: &self)).map { _ in pick(alphabet) }.joined()
    }
}

/// The verdict-only fast path must give the explaining path's verdict (issue #14, item 3), and the
/// byte glob must agree with the token-set glob it replaces for variable-free patterns.
@Suite struct AASAFastPathPropertyTests {
    static let patternAlphabet = ["a", "b", "A", "/", "*", "?", "*", "é", "É", "日", "%41", "$(digit)", "$(v)", "x", "1"]
    static let textAlphabet = ["a", "b", "A", "B", "/", "é", "É", "日", "%41", "%", "x", "1", "7", "?", "*"]

    @Test func byteGlobAgreesWithTheTokenGlob() {
        var random = SeededRandom(seed: 14)
        var decided = 0
        for _ in 0..<40_000 {
            let pattern = random.text(Self.patternAlphabet.filter { !$0.hasPrefix("$") }, maxLength: 8)
            let text = random.text(Self.textAlphabet, maxLength: 10)
            let caseSensitive = random.chance(50)
            let options = GlobOptions(caseSensitive: caseSensitive, documentVariables: nil)
            let glob = PatternGlob(pattern, options: options)
            let scalars = Array(text.unicodeScalars)
            let expected = glob.matches(caseSensitive ? scalars : scalars.map(foldCase))
            if let fast = ByteGlob.matches(pattern, text, caseSensitive: caseSensitive) {
                decided += 1
                #expect(fast == expected, "pattern \(pattern) text \(text) caseSensitive \(caseSensitive)")
            }
            #expect(globMatches(pattern, text, options) == expected, "pattern \(pattern) text \(text)")
        }
        #expect(decided > 20_000, "the byte glob should decide most cases")
    }

    @Test func byteGlobUsesKMPForLongLiteralPartsAndAgrees() {
        var random = SeededRandom(seed: 1414)
        for _ in 0..<3_000 {
            let part = random.text(["a", "b"], maxLength: 14) + "ab"
            let pattern = "*" + part + "*" + random.text(["a", "b"], maxLength: 3)
            let text = random.text(["a", "b", "aab", "abab"], maxLength: 60)
            let caseSensitive = random.chance(70)
            let glob = PatternGlob(pattern, options: GlobOptions(caseSensitive: caseSensitive, documentVariables: nil))
            let expected = glob.matches(Array(text.unicodeScalars))
            #expect(ByteGlob.matches(pattern, text, caseSensitive: caseSensitive) == expected, "pattern \(pattern) text \(text)")
        }
    }

    /// The prefix check that lets most rules miss at once (`ByteGlob.missesPrefix`) never rejects a path that
    /// `PathCheck`'s text reading (normalised slashes, a "/*" pattern's parent) matches, and it does reject.
    @Test func requiredPrefixNeverRejectsAMatchingPath() {
        var random = SeededRandom(seed: 1_428)
        let patternParts = ["a", "b", "A", "/", "//", "*", "?", "ab", "é", "1"]
        let pathParts = ["a", "b", "A", "B", "/", "//", "ab", "é", "1", "x"]
        var rejected = 0
        var matched = 0
        for _ in 0..<60_000 {
            let caseSensitive = random.chance(50)
            // Without regard to case, bytes decide only for ASCII (as `Prepared` and `MatchRun` check first).
            let pattern = random.text(caseSensitive ? patternParts : patternParts.filter { $0 != "é" }, maxLength: 7)
            let path = random.text(caseSensitive ? pathParts : pathParts.filter { $0 != "é" }, maxLength: 8)
            let options = GlobOptions(caseSensitive: caseSensitive, documentVariables: nil)
            let expected = PathCheck.matchesAsText(pattern: pattern, urlPath: path, options: options)
            if expected { matched += 1 }
            var p = pattern
            var t = path
            let misses = p.withUTF8 { pb in
                t.withUTF8 { tb in
                    let prefix = ByteGlob.requiredPrefix(pb)
                    return ByteGlob.missesPrefix(
                        UnsafeBufferPointer(rebasing: pb[prefix]), path: tb, trimmed: ByteGlob.trimmedCount(tb), fold: !caseSensitive)
                }
            }
            if misses {
                rejected += 1
                #expect(!expected, "pattern \(pattern) path \(path) caseSensitive \(caseSensitive)")
            }
        }
        #expect(rejected > 20_000, "the prefix check should reject most non-matching paths")
        #expect(matched > 1_000)
    }

    static func component(_ random: inout SeededRandom) -> AASAComponent {
        var c = AASAComponent()
        if random.chance(80) {
            // Leading and trailing slashes exercise the path normalisation (ios.md §2.5).
            c.path =
                random.pick(["/", "/", "", "//"]) + random.text(patternAlphabet, maxLength: 6)
                + random.pick(["", "", "", "/", "//", "/*", "//*"])
        }
        if random.chance(30) {
            switch Int.random(in: 0..<3, using: &random) {
            case 0: c.query = .whole(random.text(patternAlphabet + ["=", "&"], maxLength: 5))
            case 1:
                c.query = .items(
                    (0..<Int.random(in: 1...2, using: &random)).map { _ in
                        AASAQueryItemPattern(name: random.pick(["q", "Q", "id"]), pattern: random.text(patternAlphabet, maxLength: 4))
                    })
            default: c.query = .ignored
            }
        }
        if random.chance(25) { c.fragment = random.text(patternAlphabet, maxLength: 4) }
        if random.chance(30) { c.exclude = random.chance(50) }
        if random.chance(40) { c.caseSensitive = random.chance(40) }
        if random.chance(30) { c.percentEncoded = random.chance(40) }
        return c
    }

    static func document(_ random: inout SeededRandom) -> AASADocument {
        let apps = ["T.app", "T.other"]
        let details: [AASADetail] = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            let ids = apps.filter { _ in random.chance(70) }
            var detail = AASADetail(appIDs: ids)
            if random.chance(80) { detail.components = (0..<Int.random(in: 0...4, using: &random)).map { _ in component(&random) } }
            if random.chance(40) {
                detail.paths = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    (random.chance(25) ? "NOT " : "") + "/" + random.text(patternAlphabet, maxLength: 5)
                }
            }
            if random.chance(25) { detail.defaults = component(&random) }
            return detail
        }
        var document = AASADocument(details: details)
        if random.chance(25) { document.defaults = component(&random) }
        if random.chance(30) { document.substitutionVariables = ["v": ["ab", "x*", "1?"]] }
        if random.chance(5) { document.hasAppLinks = false }
        return document
    }

    static func url(_ random: inout SeededRandom) -> String {
        var url = random.pick([
            "https://shop.example.com", "http://shop.example.com", "https://SHOP.example.com",
            "https://other.example", "myapp://shop", "https://shop.example.com:8443",
        ])
        url += random.chance(10) ? "" : "/" + random.text(textAlphabet.filter { $0 != "?" }, maxLength: 7)
        if random.chance(40) {
            url +=
                "?"
                + (0..<Int.random(in: 0...2, using: &random)).map { _ in
                    random.pick(["q", "Q", "id", "x"]) + (random.chance(80) ? "=" + random.text(["a", "1", "%41", "é", "*"], maxLength: 3) : "")
                }.joined(separator: "&")
        }
        if random.chance(20) { url += "#" + random.text(["a", "b", "%41", "A"], maxLength: 3) }
        return url
    }

    @Test func verdictOnlyPathAgreesWithTheExplainingPath() {
        var random = SeededRandom(seed: 20_261_123)
        let versions = ["8.4", "9.0", "12.4", "13.0", "13.5", "14.0", "17.4"].compactMap { OSVersion.parse($0, platform: .ios) }
        var outcomes: [AASAMatchResult: Int] = [:]
        for _ in 0..<4_000 {
            let document = Self.document(&random)
            for _ in 0..<5 {
                let url = Self.url(&random)
                let ios = random.pick(versions)
                let appID = random.pick(["T.app", "T.other", "T.none"])
                let domain: String? = random.chance(50) ? "shop.example.com" : nil
                let explained = AASAMatcher.match(url: url, appID: appID, document: document, ios: ios, domain: domain)
                let fast = AASAMatcher.verdict(url: url, appID: appID, document: document, ios: ios, domain: domain)
                outcomes[fast.result, default: 0] += 1
                #expect(fast == AASAVerdict(explained), "url \(url) app \(appID) iOS \(ios) document \(document)")
            }
        }
        // The generator must reach every verdict often, or the comparison proves little.
        #expect((outcomes[.match] ?? 0) > 500)
        #expect((outcomes[.exclude] ?? 0) > 100)
        #expect((outcomes[.noMatch] ?? 0) > 500)
    }

    /// The explaining path on a file prepared once and reused for many URLs gives, URL by URL, what a one-shot
    /// `AASAMatcher.match` gives (verdict and every step's texts, rule and assumption), and the verdict the
    /// verdict-only path gives; its steps without text (`explain: false`) keep the same rules and assumptions.
    @Test func preparedExplainingPathAgreesWithOneShotAndVerdict() {
        var random = SeededRandom(seed: 14_140)
        let versions = ["8.4", "9.0", "12.4", "13.0", "13.5", "14.0", "17.4"].compactMap { OSVersion.parse($0, platform: .ios) }
        var steps = 0
        for _ in 0..<600 {
            let document = Self.document(&random)
            let ios = random.pick(versions)
            let appID = random.pick(["T.app", "T.other", "T.none"])
            let prepared = AASAMatcher.Prepared(document: document, appID: appID, ios: ios)
            for _ in 0..<8 {
                let url = Self.url(&random)
                let domain: String? = random.chance(40) ? "shop.example.com" : nil
                let explained = prepared.match(url: url, domain: domain)
                let oneShot = AASAMatcher.match(url: url, appID: appID, document: document, ios: ios, domain: domain)
                #expect(explained == oneShot, "url \(url) app \(appID) iOS \(ios) document \(document)")
                #expect(AASAVerdict(explained) == prepared.verdict(url: url, domain: domain), "url \(url)")
                let bare = prepared.match(url: url, domain: domain, explain: false)
                #expect(AASAVerdict(bare) == AASAVerdict(explained))
                #expect(bare.steps.map(\.rule) == explained.steps.map(\.rule))
                #expect(bare.steps.map(\.assumption) == explained.steps.map(\.assumption))
                #expect(bare.steps.allSatisfy { $0.summary.isEmpty && $0.detail == nil })
                #expect(explained.steps.allSatisfy { !$0.summary.isEmpty && $0.rule != nil })
                steps += explained.steps.count
            }
        }
        #expect(steps > 10_000)
    }

    /// Issue #15: many `*` against a long path took seconds per check with the token-set matcher.
    @Test func pathologicalPatternsCostMicrosecondsNotSeconds() throws {
        let pattern = "/" + String(repeating: "*a", count: 4_000) + "*b"
        let path = "/" + String(repeating: "a", count: 20_000)
        let ruler = "/" + String(repeating: "*?", count: 2_000) + "*" + String(repeating: "a", count: 40) + "b*"
        let document = try AASADocument(
            json: """
                {"applinks": {"details": [{"appIDs": ["T.app"], "components": [
                  {"/": "\(pattern)"}, {"/": "\(ruler)", "caseSensitive": false}, {"/": "\(pattern)", "?": "\(pattern)", "#": "\(ruler)"}
                ]}]}}
                """)
        let url = "https://shop.example.com\(path)?\(path)#\(path)"
        let ios = try #require(OSVersion.parse("17.4", platform: .ios))
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<20 {
            #expect(AASAMatcher.verdict(url: url, appID: "T.app", document: document, ios: ios).result == .noMatch)
        }
        let explained = AASAMatcher.match(url: url, appID: "T.app", document: document, ios: ios)
        #expect(explained.result == .noMatch)
        // 21 checks of three 8 KB patterns against a 20 KB path: the old matcher needed seconds for one.
        #expect(clock.now - start < .seconds(2), "took \(clock.now - start)")
    }
}
