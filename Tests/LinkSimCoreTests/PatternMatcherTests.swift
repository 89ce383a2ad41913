import Testing

@testable import LinkSimCore

/// android.md §6.1: every PatternMatcher vector (AOSP PatternMatcherTest, CTS IntentFilterTest#testPaths,
/// derived quirks, and the DAL expression patterns).
@Suite struct PatternMatcherTests {
    struct Vector: Sendable, CustomStringConvertible {
        var id: String
        var kind: PatternMatcher.Kind
        var pattern: String
        var matching: [String]
        var notMatching: [String]
        var description: String { "\(id) \(kind) \(pattern)" }
    }

    // (a) AOSP core/tests/coretests PatternMatcherTest — ADVANCED_GLOB.
    static let advanced: [Vector] = [
        Vector(id: "P1", kind: .advancedGlob, pattern: ".", matching: ["a", "b"], notMatching: [""]),
        Vector(id: "P2", kind: .advancedGlob, pattern: "[a]", matching: ["a"], notMatching: ["b"]),
        Vector(
            id: "P3", kind: .advancedGlob, pattern: #"[.*+{}\]\\[]"#,
            matching: [".", "*", "+", "{", "}", "]", #"\"#, "["], notMatching: []),
        Vector(id: "P4", kind: .advancedGlob, pattern: "[a-z]", matching: ["a", "b"], notMatching: ["A", "1"]),
        Vector(id: "P5", kind: .advancedGlob, pattern: "[a-z][0-9]", matching: ["a1"], notMatching: ["1a", "aa"]),
        Vector(id: "P6", kind: .advancedGlob, pattern: "[z-a]", matching: [], notMatching: ["a", "z", "A"]),
        Vector(id: "P7", kind: .advancedGlob, pattern: "[^0-9]", matching: ["a", "z", "A"], notMatching: ["9", "5", "0"]),
        Vector(id: "P8", kind: .advancedGlob, pattern: #"[\[a]"#, matching: ["a", "["], notMatching: []),
        Vector(id: "P9", kind: .advancedGlob, pattern: #"\."#, matching: ["."], notMatching: ["a", "1"]),
        Vector(id: "P10", kind: .advancedGlob, pattern: #"a\+"#, matching: ["a+"], notMatching: ["a", "aaaaa"]),
        Vector(id: "P11", kind: .advancedGlob, pattern: #"[\a-\z]"#, matching: ["a", "z"], notMatching: ["A"]),
        Vector(id: "P12a", kind: .advancedGlob, pattern: "a", matching: ["a"], notMatching: ["", "z"]),
        Vector(id: "P12b", kind: .advancedGlob, pattern: "az", matching: ["az"], notMatching: ["", "za"]),
        Vector(id: "P13", kind: .advancedGlob, pattern: "[a-z]*", matching: ["", "a", "abcdefg"], notMatching: ["abc1", "1abc"]),
        Vector(id: "P14", kind: .advancedGlob, pattern: "[a-z]+", matching: ["a", "abcdefg"], notMatching: ["", "abc1", "1abc"]),
        Vector(id: "P15", kind: .advancedGlob, pattern: "[a-z]{1}", matching: ["a", "z"], notMatching: ["", "1", "aa"]),
        Vector(id: "P16", kind: .advancedGlob, pattern: "[a-z]{1,5}", matching: ["a", "zazaz"], notMatching: ["", "azazaz", "11111"]),
        Vector(id: "P17", kind: .advancedGlob, pattern: "[a-z]{3,}", matching: ["aza", "zazaz", "azazazazazaz"], notMatching: ["", "aa"]),
        Vector(
            id: "P18", kind: .advancedGlob, pattern: #"/[0-9]{4}/[0-9]{2}/[0-9]{2}/[a-zA-Z0-9_]+\.html"#,
            matching: ["/2016/09/07/got_this_working.html", "/2016/09/07/got_this_working2.html"],
            notMatching: ["", "/2016/09/07/got_this_working2dothtml", "/2016/9/7/got_this_working.html"]),
        Vector(
            id: "P19", kind: .advancedGlob, pattern: "/b*a*bar.*",
            matching: ["/babar", "/babarfff", "/bbaabarfff", "/babar?blah", "/baaaabar?blah"],
            notMatching: ["?bar", "/bar", "/baz", "/ba/bar", "/barf", "/", "?blah"]),
    ]

    // (b) CTS IntentFilterTest#testPaths (path of scheme://authority... ; "" is `scheme://authority`).
    static let ctsPaths: [Vector] = [
        Vector(id: "P21a", kind: .literal, pattern: "/literal1", matching: ["/literal1"], notMatching: ["/2literal", "/literal", "/literal12"]),
        Vector(id: "P21b", kind: .literal, pattern: "/2literal", matching: ["/2literal"], notMatching: ["/literal1", "/literal", "/literal12"]),
        Vector(id: "P22a", kind: .prefix, pattern: "/literal1", matching: ["/literal1", "/literal12"], notMatching: ["/literal"]),
        Vector(id: "P22b", kind: .prefix, pattern: "/2literal", matching: ["/2literal"], notMatching: ["/literal"]),
        Vector(id: "P23a", kind: .suffix, pattern: "literal1", matching: ["/aliteral1", "/literal1", "/2literal1"], notMatching: ["/literal", "/literal1a"]),
        Vector(id: "P23b", kind: .suffix, pattern: "2literal", matching: ["/2literal"], notMatching: ["/literal", "/literal1a"]),
        Vector(id: "P24", kind: .simpleGlob, pattern: "/.*", matching: ["/literal1", "/"], notMatching: [""]),
        Vector(id: "P25", kind: .simpleGlob, pattern: ".*", matching: ["/literal1", "/", ""], notMatching: []),
        Vector(id: "P26", kind: .simpleGlob, pattern: "/a1*b", matching: ["/ab", "/a1b", "/a11b"], notMatching: ["/a2b", "/a1bc", "/"]),
        Vector(id: "P27", kind: .simpleGlob, pattern: "/a1*", matching: ["/a1", "/a11"], notMatching: ["/ab", "/a1b", "/a2"]),
        Vector(id: "P28", kind: .simpleGlob, pattern: #"/a\.*b"#, matching: ["/ab", "/a.b", "/a..b"], notMatching: ["/a2b", "/a.bc", "/"]),
        Vector(id: "P29", kind: .simpleGlob, pattern: "/a.*b", matching: ["/ab", "/a.b", "/a.1b", "/a2b"], notMatching: ["/a.bc", "/"]),
        Vector(id: "P30", kind: .simpleGlob, pattern: "/a.*", matching: ["/ab", "/a.b", "/a.1b", "/a2b", "/a.bc"], notMatching: ["/"]),
        Vector(id: "P31", kind: .simpleGlob, pattern: #"/a.\*b"#, matching: ["/a.*b", "/a1*b"], notMatching: ["/ab", "/a2b", "/a.bc", "/"]),
        Vector(id: "P32", kind: .simpleGlob, pattern: #"/a.\*"#, matching: ["/a.*", "/a1*"], notMatching: ["/ab", "/a1b"]),
    ]

    // (c) Derived quirk vectors.
    static let quirks: [Vector] = [
        Vector(id: "P33", kind: .simpleGlob, pattern: "/a.*b", matching: [], notMatching: ["/axxbyb"]),
        Vector(id: "P34", kind: .simpleGlob, pattern: "/app/.*/edit", matching: ["/app/x/edit"], notMatching: ["/app/x/y/edit"]),
        Vector(id: "P35", kind: .simpleGlob, pattern: "/.*.pdf", matching: ["/x.pdf"], notMatching: ["/xpdf"]),
        Vector(id: "P36", kind: .simpleGlob, pattern: #"/.*\.pdf"#, matching: [], notMatching: ["/a.b.pdf"]),
        Vector(id: "P37", kind: .simpleGlob, pattern: "/a1*", matching: [], notMatching: ["/a"]),
        Vector(id: "P38a", kind: .simpleGlob, pattern: "a*", matching: [], notMatching: [""]),
        Vector(id: "P38b", kind: .simpleGlob, pattern: "", matching: [""], notMatching: ["a"]),
        Vector(id: "P39a", kind: .simpleGlob, pattern: "/path.*", matching: ["/path"], notMatching: []),
        Vector(id: "P39b", kind: .simpleGlob, pattern: "/product/.*", matching: [], notMatching: ["/product"]),
        Vector(id: "P40", kind: .advancedGlob, pattern: ".*bar", matching: [], notMatching: ["foobar"]),
        Vector(id: "P41", kind: .advancedGlob, pattern: ".+bar", matching: [], notMatching: ["xbar"]),
        Vector(id: "P42", kind: .advancedGlob, pattern: "/items/[0-9]+", matching: ["/items/42"], notMatching: ["/items/42/"]),
    ]

    // (d) DAL expression → (type, pattern): the patterns must behave as the expressions promise.
    static let dal: [Vector] = [
        Vector(id: "D-foobar", kind: .literal, pattern: "foobar", matching: ["foobar"], notMatching: ["foobarx"]),
        Vector(id: "D-foo.bar", kind: .literal, pattern: #"foo\.bar"#, matching: [#"foo\.bar"#], notMatching: ["foo.bar"]),
        Vector(id: "D-foo*", kind: .prefix, pattern: "foo", matching: ["foo", "foobar"], notMatching: ["fo"]),
        Vector(id: "D-*bar", kind: .simpleGlob, pattern: ".*bar", matching: ["bar", "xbar"], notMatching: ["barx"]),
        Vector(id: "D-foo*bar", kind: .simpleGlob, pattern: "foo.*bar", matching: ["foobar", "fooxbar"], notMatching: ["foox"]),
        Vector(id: "D-foo.*bar", kind: .simpleGlob, pattern: #"foo\..*bar"#, matching: ["foo.xbar"], notMatching: ["foo"]),
        Vector(id: "D-*foo*bar", kind: .simpleGlob, pattern: ".*foo.*bar", matching: ["xfooybar"], notMatching: ["xfoo"]),
        Vector(id: "D-foo?bar", kind: .simpleGlob, pattern: "foo.bar", matching: ["fooxbar"], notMatching: ["foobar"]),
        Vector(id: "D-foo.?bar", kind: .simpleGlob, pattern: #"foo\..bar"#, matching: ["foo.xbar"], notMatching: ["foo.bar"]),
        Vector(id: "D-?bar", kind: .simpleGlob, pattern: ".bar", matching: ["xbar"], notMatching: ["bar"]),
        Vector(id: "D-foo?", kind: .simpleGlob, pattern: "foo.", matching: ["foox"], notMatching: ["foo"]),
        Vector(id: "D-fo?b*r", kind: .simpleGlob, pattern: "fo.b.*r", matching: ["foxbr", "foxbyyr"], notMatching: ["fobr"]),
        Vector(id: "D-?*bar", kind: .advancedGlob, pattern: ".+bar", matching: [], notMatching: ["xbar"]),
        Vector(id: "D-foo?*bar", kind: .advancedGlob, pattern: "foo.+bar", matching: [], notMatching: ["fooxbar"]),
        Vector(id: "D-foo?*bar*", kind: .advancedGlob, pattern: "foo.+bar.*", matching: [], notMatching: ["fooxbarz"]),
        Vector(id: "D-foo*?bar", kind: .simpleGlob, pattern: "foo.*.bar", matching: ["foox.bar"], notMatching: ["fooxbar"]),
        Vector(id: "D-foo[a-z]", kind: .literal, pattern: "foo[a-z]", matching: ["foo[a-z]"], notMatching: ["fooa"]),
        Vector(id: "D-foo[a-z]*", kind: .prefix, pattern: "foo[a-z]", matching: ["foo[a-z]x"], notMatching: ["fooa"]),
        Vector(id: "D-foo[a-z]?*bar", kind: .advancedGlob, pattern: #"foo\[a-z\].+bar"#, matching: [], notMatching: ["foo[a-z]xbar"]),
        Vector(id: "D-fo{2}?*", kind: .advancedGlob, pattern: #"fo\{2\}.+"#, matching: ["fo{2}x"], notMatching: ["fo{2}", "foo"]),
    ]

    static let all = advanced + ctsPaths + quirks + dal

    @Test(arguments: all)
    func vector(_ vector: Vector) {
        let matcher = PatternMatcher(vector.pattern, kind: vector.kind)
        #expect(matcher.parseError == nil, "\(vector.id): pattern must parse")
        for input in vector.matching {
            #expect(matcher.matches(input), "\(vector.id): \(vector.pattern) should match \"\(input)\"")
        }
        for input in vector.notMatching {
            #expect(!matcher.matches(input), "\(vector.id): \(vector.pattern) should not match \"\(input)\"")
        }
    }

    // P8 (second half) and P20: patterns AOSP's constructor rejects.
    static let invalidAdvanced: [String] = [
        "[]a]", "[a-z", "a{,4}", "a{0,a}", #"a{\1, 2}"#, "[]", "a{}", "{3,4}", "a+{3,4}", "*.", ".+*", "a{3,4",
        "[a", #"abc\"#, "+.", "[" + String(repeating: "a", count: 1024) + "]", "a{4,3}",
    ]

    @Test(arguments: invalidAdvanced)
    func invalidAdvancedPatternIsRejected(_ pattern: String) {
        let matcher = PatternMatcher(pattern, kind: .advancedGlob)
        #expect(matcher.parseError != nil, "\(pattern.prefix(20)) must be rejected")
        #expect(!matcher.matches(pattern))
    }

    @Test func nilInputNeverMatches() {
        for kind in PatternMatcher.Kind.allCases {
            #expect(!PatternMatcher("", kind: kind).matches(nil))
        }
    }

    // §1.5 correction: `\.` not followed by `*` matches any character up to Android 15, a dot after.
    @Test func escapedDotIsAnyCharacterUpToAndroid15() {
        let matcher = PatternMatcher(#"/te\.t"#, kind: .simpleGlob)
        #expect(matcher.matches("/test", escapedDot: .forAPI(35)))
        #expect(matcher.matches("/te.t", escapedDot: .forAPI(35)))
        #expect(!matcher.matches("/test", escapedDot: .forAPI(36)))
        #expect(matcher.matches("/te.t", escapedDot: .forAPI(36)))
    }

    // §6.4: a stray `}` is dropped and a `]` outside a set is a literal.
    @Test func advancedGlobStrayBraceAndBracket() {
        #expect(PatternMatcher("a}b", kind: .advancedGlob).matches("ab"))
        #expect(!PatternMatcher("a}b", kind: .advancedGlob).matches("a}b"))
        #expect(PatternMatcher("a]", kind: .advancedGlob).matches("a]"))
    }

    @Test func charactersAreUTF16Units() {
        // An emoji is two Java chars, so `..` matches it and `.` does not.
        #expect(PatternMatcher("/..", kind: .simpleGlob).matches("/😀"))
        #expect(!PatternMatcher("/.", kind: .simpleGlob).matches("/😀"))
    }
}

@Suite struct EscapedDotDetectionTests {
    @Test(arguments: [
        (#"/te\.t"#, true), (#"/a\.*b"#, false), (#"/.*\.pdf"#, false), ("/a.b", false), (#"/x/.*a\.b"#, true),
        (#"/a\\.b"#, false),
    ])
    func detection(_ pattern: String, _ expected: Bool) {
        #expect(PatternMatcher(pattern, kind: .simpleGlob).hasVersionDependentEscapedDot == expected, "\(pattern)")
    }

    @Test func filterStepCitesTheRule() {
        let filter = IntentFilter(actions: [IntentFilter.actionView], data: [IntentFilterData(scheme: "https", host: "x", pathPattern: #"/te\.t"#)])
        let intent = ViewIntent(url: "https://x/test", categories: [], matchDefaultOnly: false)
        let android15 = IntentFilterMatcher.match(filter, intent: intent, api: 35)
        #expect(android15.category == .path)
        #expect(android15.steps.contains { $0.rule == Rule.androidFilterSimpleGlobEscapedDot.id && $0.summary.contains("any character") })
        let android16 = IntentFilterMatcher.match(filter, intent: intent, api: 36)
        #expect(android16.mismatch == .data)
        #expect(android16.steps.contains { $0.rule == Rule.androidFilterSimpleGlobEscapedDot.id && $0.summary.contains("a literal dot") })
    }
}

/// Deterministic random inputs: the matchers never crash, and where a pattern has no special
/// characters every kind agrees with plain string comparison.
@Suite struct PatternMatcherRobustnessTests {
    static func randomString(_ alphabet: [Character], _ generator: inout SeededRandom) -> String {
        let length = Int.random(in: 0...8, using: &generator)
        return String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
    }

    @Test func randomPatternsNeverCrash() {
        var generator = SeededRandom(seed: 42)
        let special: [Character] = ["a", "b", ".", "*", "+", "\\", "[", "]", "^", "-", "{", "}", ",", "1", "/"]
        for _ in 0..<3000 {
            let pattern = Self.randomString(special, &generator)
            let input = Self.randomString(["a", "b", ".", "*", "1", "/"], &generator)
            for kind in PatternMatcher.Kind.allCases {
                _ = PatternMatcher(pattern, kind: kind).matches(input, escapedDot: .literal)
                _ = PatternMatcher(pattern, kind: kind).matches(input)
            }
            _ = AndroidURI(pattern + ":" + input).host
            _ = AndroidURI("//" + pattern + "@" + input + ":1").port
        }
    }

    @Test func plainPatternsAgreeWithStringComparison() {
        var generator = SeededRandom(seed: 7)
        for _ in 0..<2000 {
            let pattern = Self.randomString(["a", "b", "/"], &generator)
            let input = Self.randomString(["a", "b", "/"], &generator)
            let equal = pattern == input
            #expect(PatternMatcher(pattern, kind: .literal).matches(input) == equal)
            #expect(PatternMatcher(pattern, kind: .simpleGlob).matches(input) == equal, "\(pattern) / \(input)")
            #expect(PatternMatcher(pattern, kind: .advancedGlob).matches(input) == equal, "\(pattern) / \(input)")
            #expect(PatternMatcher(pattern, kind: .prefix).matches(input) == input.hasPrefix(pattern))
            #expect(PatternMatcher(pattern, kind: .suffix).matches(input) == input.hasSuffix(pattern))
        }
    }
}
