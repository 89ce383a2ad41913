import Foundation
import Testing

@testable import LinkSimCore

/// `String.rangeOfText` / `containsText` (issue #14: Foundation's search cost some 10,000 instructions a
/// call on the first-open and provider paths) answer as Foundation's `range(of:)` does.
@Suite struct TextSearchTests {
    @Test func answersAsFoundationOverCornersAndGeneratedText() {
        let corners: [(String, String)] = [
            ("", ""), ("abc", ""), ("", "a"), ("a", "a"), ("a", "ab"), ("ab", "b"), ("aab", "ab"), ("abab", "bab"),
            ("https://x.example/p?cp_url=true", "cp_url=true"), ("https://x.example/p", "?"), ("https://x.example/p?", "?"),
            ("apps.0.domain_verification.shop.example", ".domain_verification."), ("apps.0.domain_verification", ".domain_verification."),
            ("e\u{301}?", "?"), ("?\u{301}", "?"), ("café?x", "?x"), ("é", "e"), ("e\u{301}", "é"), ("é", "e\u{301}"),
            ("\r\n", "\n"), ("日本?", "?"), ("x?y", "日"),
        ]
        for (haystack, needle) in corners {
            #expect(haystack.rangeOfText(needle) == haystack.range(of: needle), "\(haystack) / \(needle)")
            #expect(haystack.containsText(needle) == haystack.contains(needle), "\(haystack) / \(needle)")
        }
        let alphabet: [Character] = ["a", "b", "?", "=", ".", "é", "e", "\u{301}", "_"]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        func text(_ length: Int, asciiOnly: Bool) -> String {
            String((0..<length).map { _ in alphabet[Int(next() % UInt64(asciiOnly ? 5 : alphabet.count))] })
        }
        for round in 0..<4000 {
            let asciiOnly = round % 3 != 0
            let haystack = text(Int(next() % 14), asciiOnly: asciiOnly)
            let needle = text(Int(next() % 4), asciiOnly: asciiOnly)
            let found = haystack.rangeOfText(needle)
            #expect(found == haystack.range(of: needle), "\(haystack) / \(needle)")
            if let found { #expect(haystack[found] == needle) }
        }
    }
}

/// `LandingFact` compares and hashes its case (issue #14), which must agree with its name.
@Suite struct LandingFactHashTests {
    @Test func equalityAndHashingFollowTheName() {
        let facts = LandingFact.allCases
        #expect(Set(facts).count == facts.count)
        #expect(Set(facts.map(\.ordinal)).count == facts.count)
        for a in facts {
            for b in facts {
                #expect((a == b) == (a.rawValue == b.rawValue))
                if a == b { #expect(a.hashValue == b.hashValue) }
            }
        }
        // A dictionary of facts finds every key it was given, and only those.
        var extra: [LandingFact: String] = [:]
        for fact in facts where fact.ordinal % 2 == 0 { extra[fact] = fact.rawValue }
        for fact in facts { #expect(extra[fact] == (fact.ordinal % 2 == 0 ? fact.rawValue : nil)) }
        // The ordinal is the declaration order, which `allCases` lists.
        #expect(facts.map(\.ordinal) == Array(0..<UInt8(facts.count)))
    }
}

/// `OSVersion` keeps its numbers as fields (issue #14): ordering, equality and `components` are those of
/// the list it kept before, over versions of both platforms (including the 99 bounds rules use).
@Suite struct OSVersionFieldsTests {
    @Test func ordersAndComparesAsTheListDid() {
        var versions: [OSVersion] = []
        for major in [0, 8, 9, 13, 14, 17, 26, 27, 30, 31, 34, 99] {
            versions.append(OSVersion(androidAPI: major))
            for minor in [0, 1, 4, 99] {
                for patch in [0, 1, 99] { versions.append(OSVersion(ios: major, minor, patch)) }
            }
        }
        for a in versions {
            #expect(a.components == (a.platform == .ios ? [a.major, a.components[1], a.components[2]] : [a.apiLevel]))
            for b in versions {
                #expect((a < b) == a.components.lexicographicallyPrecedes(b.components), "\(a.components) < \(b.components)")
                #expect((a == b) == (a.platform == b.platform && a.components == b.components))
                if a == b { #expect(a.hashValue == b.hashValue) }
            }
        }
        let labels = Mirror(reflecting: OSVersion(ios: 17, 4)).children.map(\.label)
        #expect(labels == ["platform", "components"])
        #expect(OSVersion.parse("17.4", platform: .ios)?.components == [17, 4, 0])
        #expect(OSVersion.parse("14", platform: .android)?.components == [34])
    }
}

/// `RuleID`'s equality tells texts apart by length first, which is exact because every identifier is
/// ASCII (issue #14); this checks that, and that equality agrees with the texts' over the catalog.
@Suite struct RuleIDEqualityTests {
    @Test func everyIdentifierIsASCIIAndEqualityFollowsTheText() {
        let ids = RuleCatalog.all.map(\.id)
        for id in ids { #expect(id.rawValue.utf8.allSatisfy { $0 < 0x80 }, "\(id) is not ASCII") }
        for a in ids.prefix(80) {
            for b in ids { #expect((a == b) == (a.rawValue == b.rawValue)) }
        }
        #expect(Set(ids).count == ids.count)
    }
}
