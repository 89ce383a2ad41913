import Testing

@testable import LinkSimCore

private let appA = "ABCDE12345.com.example.app"
private let appA2 = "ABCDE12345.com.example.app2"
private let latest = OSVersion.latest(.ios)

/// An AASA file whose only details entry gives `components` to app A.
private func components(_ list: String, extraApplinks: String = "") -> String {
    ##"{"applinks": {\##(extraApplinks)"details": [{"appIDs": ["\##(appA)"], "components": [\##(list)]}]}}"##
}

private let overview = #"""
    {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"], "components": [
      {"#": "no_universal_links", "exclude": true},
      {"/": "/buy/*"},
      {"/": "/help/website/*", "exclude": true},
      {"/": "/help/*", "?": {"articleNumber": "????"}}
    ]}]}}
    """#

/// One row of ios.md §8: a file, a URL and the verdict swcutil gives.
struct AASAVector: Sendable, CustomTestStringConvertible {
    var id: String
    var aasa: String
    var url: String
    var expected: AASAMatchResult
    var app: String = "ABCDE12345.com.example.app"
    var ios: OSVersion = .latest(.ios)
    var domain: String? = nil

    var testDescription: String { "§8 #\(id): \(url) → \(expected.rawValue)" }
}

private func vector(
    _ id: String, _ aasa: String, _ url: String, _ expected: AASAMatchResult,
    app: String = appA, ios: OSVersion = latest, domain: String? = nil
) -> AASAVector {
    AASAVector(
        id: id, aasa: aasa, url: url.hasPrefix("https://") ? url : "https://example.com" + url,
        expected: expected, app: app, ios: ios, domain: domain)
}

private let vectors: [AASAVector] = [
    vector("1", overview, "/buy/42", .match),
    vector("1-A2", overview, "/buy/42", .match, app: appA2),
    vector("2", overview, "/buy/42#no_universal_links", .exclude),
    vector("3", overview, "/help/website/faq?articleNumber=4815", .exclude),
    vector("4", overview, "/help/123?articleNumber=4815", .match),
    vector("5a", overview, "/help/123?articleNumber=481", .noMatch),
    vector("5b", overview, "/help/123?articleNumber=48159", .noMatch),
    vector("5c", overview, "/help/123", .noMatch),
    vector("6", overview, "/buy/42", .noMatch, app: "ZZZZZ99999.com.other.app"),
    vector("7a", components(##"{"/":"abc","?":"def","#":"*"}"##), "/abc?def", .match),
    vector("7b", components(##"{"/":"abc","?":"def","#":"*"}"##), "/abc", .noMatch),
    vector("7c", components(##"{"/":"abc","?":"def","#":"*"}"##), "https://example.com?def", .noMatch),
    vector("8a", components(##"{"/":"/buy/*"}"##), "/buy", .match),
    vector("8b", components(##"{"/":"/buy/*"}"##), "/buy/", .match),
    vector("8c", components(##"{"/":"/buy/*"}"##), "/buy/42/x", .match),
    vector("8d", components(##"{"/":"/buy/*"}"##), "/buy//", .match),
    vector("8e", components(##"{"/":"/buy/*"}"##), "/buyer", .noMatch),
    vector("8f", components(##"{"/":"/buy/*"}"##), "/bu", .noMatch),
    vector("9", components(##"{"/":"/buy"}"##), "/buy/", .match),
    vector("10a", components(##"{"/":"/id/????"}"##), "/id/4815", .match),
    vector("10b", components(##"{"/":"/id/????"}"##), "/id/481", .noMatch),
    vector("11a", components(##"{"/":"/a/?*"}"##), "/a/", .noMatch),
    vector("11b", components(##"{"/":"/a/?*"}"##), "/a/b", .match),
    vector("12", components(##"{"/":"/a/*/c"}"##), "/a/c", .noMatch),
    vector("13a", components(##"{"/":"/a/private/*","exclude":true},{"/":"/a/*"}"##), "/a/private/x", .exclude),
    vector("13b", components(##"{"/":"/a/private/*","exclude":true},{"/":"/a/*"}"##), "/a/public", .match),
    vector("14", components(##"{"/":"/a/*"},{"/":"/a/private/*","exclude":true}"##), "/a/private/x", .match),
    vector("15a", components(##"{"?":"a=1"}"##), "/?a=1", .match),
    vector("15b", components(##"{"?":"a=1"}"##), "/?a=1&b=2", .noMatch),
    vector("15c", components(##"{"?":"a=1"}"##), "/", .noMatch),
    vector("16a", components(##"{"?":{"a":"1"}}"##), "/?a=1&b=2", .match),
    vector("16b", components(##"{"?":{"a":"1"}}"##), "/?b=2", .noMatch),
    vector("17a", components(##"{"?":{"b":"*"}}"##), "/x?a=1", .match),
    vector("17b", components(##"{"?":{"b":""}}"##), "/x?a=1", .match),
    vector("17c", components(##"{"?":{"b":"?*"}}"##), "/x?a=1", .noMatch),
    vector("17d", components(##"{"?":{"b":"1"}}"##), "/x?a=1", .noMatch),
    vector("18a", components(##"{"?":{"id":"42"}}"##), "/?id=7&id=42", .noMatch),
    vector("18b", components(##"{"?":{"id":"42"}}"##), "/?id=42&id=7", .noMatch),
    vector("19a", components(##"{"?":{"id":"7"}}"##), "/?id=7&id=7", .match),
    vector("19b", components(##"{"?":{"id":"*"}}"##), "/?id=7&id=42", .match),
    vector("19c", components(##"{"?":{"id":""}}"##), "/?id=7&id=42", .noMatch),
    vector("20", components(##"{"?":{"flag":""}}"##), "/?flag", .match),
    vector("21", components(##"{"?":{"a":"1","flag":true}}"##), "/?a=2", .match),
    vector("22a", components(##"{"#":"*"}"##), "/x", .match),
    vector("22b", components(##"{"#":"?*"}"##), "/x", .noMatch),
    vector("22c", components(##"{"#":""}"##), "/x", .match),
    vector("23a", components(##"{"/":"/search/"}"##), "/SEARCH/", .noMatch),
    vector("23b", components(##"{"/":"/search/","caseSensitive":false}"##), "/SEARCH/", .match),
    vector("24a", vector24, "/loose/1", .match),
    vector("24b", vector24, "/strict/1", .noMatch),
    vector("24c", vector24, "/Strict/1", .match),
    vector("25a", components(##"{"/":"/a%20b"}"##), "/a%20b", .match),
    vector("25b", components(##"{"/":"/a b"}"##), "/a%20b", .noMatch),
    vector("25c", components(##"{"/":"/a b","percentEncoded":false}"##), "/a%20b", .match),
    vector("25d", components(##"{"/":"/a%20b","percentEncoded":false}"##), "/a%20b", .noMatch),
    vector("26a", components(##"{"/":"/a/b"}"##), "/a%2Fb", .noMatch),
    vector("26b", components(##"{"/":"/a/b","percentEncoded":false}"##), "/a%2Fb", .match),
    vector("27a", components(##"{"/":"/caf%C3%A9"}"##), "/caf%c3%a9", .noMatch),
    vector("27b", components(##"{"/":"/café","percentEncoded":false}"##), "/caf%C3%A9", .match),
    vector("28a", vector28, "/en_US/pizza/", .match),
    vector("28b", vector28, "/en_US/tacos/", .noMatch),
    vector("28c", vector28, "/qq_ZZ/pizza/", .noMatch),
    vector("28d", vector28, "/en_US/$(food)/", .noMatch),
    vector("29a", components(##"{"/":"/$(region)/home"}"##), "/GB/home", .match),
    vector("29b", components(##"{"/":"/$(region)/home"}"##), "/UK/home", .noMatch),
    vector("30a", components(##"{"/":"/id/$(upper)"}"##), "/id/q", .noMatch),
    vector("30b", components(##"{"/":"/id/$(upper)","caseSensitive":false}"##), "/id/q", .match),
    vector("31a", vector31, "/wwdc/2015", .match),
    vector("31b", vector31, "/wwdc/internal/notes", .exclude),
    vector("31c", vector31, "/other", .noMatch),
    vector("32", ##"{"applinks":{"details":[{"appID":"\##(appA)","paths":["/wwdc/news/"]}]}}"##, "/wwdc/news/?x=1#y", .match),
    vector(
        "33",
        ##"{"applinks":{"details":[{"appID":"\##(appA)","components":[{"/":"/search/"}]},{"appID":"\##(appA)","components":[{"/":"/search/","exclude":true}]}]}}"##,
        "/search/", .match),
    vector(
        "34a", ##"{"applinks":{"details":[{"appID":"FOO.com.example","appIDs":[],"components":[{"/":"/search/"}]}]}}"##,
        "/search/", .noMatch, app: "FOO.com.example"),
    vector("34b", vector34, "/search/", .noMatch, app: "FOO.com.example"),
    vector("34c", vector34, "/search/", .match, app: "BAR.com.example"),
    vector("34d", vector34, "/search/", .match, app: "BAZ.com.example"),
    vector("35a", components(##"{"#":"*"}"##, extraApplinks: ##""defaults": {"/": "/foo/*"}, "##), "/bar", .noMatch),
    vector("35b", components(##"{"#":"*"}"##, extraApplinks: ##""defaults": {"/": "/foo/*"}, "##), "/foo/1", .match),
    vector("36", components(##"{"#":"*"}"##, extraApplinks: ##""defaults": {"exclude": true}, "##), "/bar", .exclude),
    vector("37a", components(##"{"/":"/foo/*","totallyUnknownKey":"x"}"##), "/foo/1", .match),
    vector("37b", components(##"{"totallyUnknownKey":"x"}"##), "/anything", .match),
    vector("37c", components(##"{"/":"/foo/*","casesensitive":true}"##), "/FOO/1", .noMatch),
    vector("38a", components(##"{"/":"/*"}"##), "https://EXAMPLE.COM/x", .match, domain: "example.com"),
    vector("38b", components(##"{"/":"/*"}"##), "https://evil.test/anything", .noMatch, domain: "example.com"),
    vector("39a", vector39, "/other", .noMatch),
    vector("39b", vector39Legacy, "/other", .match, ios: OSVersion(ios: 12, 5)),
    // iOS 12 does not know appIDs (issue #11): the same entry with appIDs applies to no app there.
    vector("39c", vector39, "/other", .noMatch, ios: OSVersion(ios: 12, 5)),
]

private let vector24 = #"""
    {"applinks": {"defaults": {"caseSensitive": false}, "details": [{"appIDs": ["ABCDE12345.com.example.app"],
     "defaults": {"caseSensitive": true},
     "components": [{"/": "/Loose/*", "caseSensitive": false}, {"/": "/Strict/*"}]}]}}
    """#
private let vector28 = components(
    ##"{"/":"/$(lang)_$(region)/$(food)/"}"##,
    extraApplinks: ##""substitutionVariables": {"food": ["burrito", "pizza", "sushi", "samosa"]}, "##)
private let vector31 = ##"{"applinks":{"apps":[],"details":[{"appID":"ABCDE12345.com.example.app","paths":["NOT /wwdc/internal/*","/wwdc/*"]}]}}"##
private let vector34 =
    ##"{"applinks":{"details":[{"appID":"FOO.com.example","appIDs":["BAR.com.example","BAZ.com.example"],"components":[{"/":"/search/"}]}]}}"##
private let vector39 = ##"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"paths":["*"],"components":[{"/":"/only/*"}]}]}}"##
private let vector39Legacy = ##"{"applinks":{"details":[{"appID":"ABCDE12345.com.example.app","paths":["*"],"components":[{"/":"/only/*"}]}]}}"##

private func run(
    _ aasa: String, _ url: String, app: String = appA, ios: OSVersion = latest,
    domain: String? = nil
) throws -> AASAMatch {
    let document = try AASADocument(json: aasa)
    return AASAMatcher.match(url: url, appID: app, document: document, ios: ios, domain: domain)
}

@Suite struct AASAMatcherTests {
    @Test(arguments: vectors)
    func knowledgeBaseVector(_ vector: AASAVector) throws {
        let match = try run(vector.aasa, vector.url, app: vector.app, ios: vector.ios, domain: vector.domain)
        #expect(match.result == vector.expected, "steps: \(match.steps.map(\.summary))")
    }

    @Test func decidingIndexesAndFormat() throws {
        let help = try run(overview, "https://example.com/help/123?articleNumber=4815")
        #expect(help == AASAMatch(result: .match, detail: 0, component: 3, format: .components, steps: help.steps))
        let blocked = try run(overview, "https://example.com/buy/42#no_universal_links")
        #expect(blocked.component == 0 && blocked.result == .exclude)
        let legacy = try run(vector31, "https://example.com/wwdc/2015")
        #expect(legacy.format == .paths && legacy.component == 1 && legacy.detail == 0)
        let none = try run(overview, "https://example.com/nothing")
        #expect(none.detail == nil && none.component == nil && none.format == nil)
    }

    @Test func firstDetailWinsAcrossDetailsAndApps() throws {
        let json = #"""
            {"applinks": {"details": [
              {"appIDs": ["T.app.one"], "components": [{"/": "/shop/*"}]},
              {"appIDs": ["T.app.two"], "components": [{"/": "/*"}]}
            ]}}
            """#
        let document = try AASADocument(json: json)
        let shop = AASAMatcher.firstMatch(
            url: "https://example.com/shop/1", appIDs: ["T.app.two", "T.app.one"],
            document: document, ios: latest)
        #expect(shop?.appID == "T.app.one")
        let other = AASAMatcher.firstMatch(
            url: "https://example.com/blog", appIDs: ["T.app.two", "T.app.one"],
            document: document, ios: latest)
        #expect(other?.appID == "T.app.two")
        let notInstalled = AASAMatcher.firstMatch(
            url: "https://example.com/shop/1", appIDs: ["T.app.two"],
            document: document, ios: latest)
        #expect(notInstalled?.appID == "T.app.two")
        #expect(AASAMatcher.firstMatch(url: "https://example.com/x", appIDs: ["T.none"], document: document, ios: latest) == nil)
    }

    @Test func pathNormalisation() throws {
        let cases: [(pattern: String, path: String, expected: AASAMatchResult)] = [
            ("/buy/", "/buy", .match), ("/buy/", "/buy//", .match), ("/a/b/", "/a/b", .match),
            ("abc", "/abc", .match), ("buy/*", "/buy/42", .match), ("a/b", "/a/b", .match),
            ("//abc", "/abc", .match), ("/", "/", .match), ("/", "", .match), ("/*", "", .match),
            ("/abc", "/abcd", .noMatch), ("/abc", "/ab", .noMatch),
        ]
        for item in cases {
            let match = try run(components(##"{"/":"\##(item.pattern)"}"##), "https://example.com" + item.path)
            #expect(match.result == item.expected, "\(item.pattern) vs \(item.path)")
        }
    }

    @Test func versionGates() throws {
        let onlyComponents = components(##"{"/":"/buy/*"}"##)
        #expect(try run(onlyComponents, "https://example.com/buy/1", ios: OSVersion(ios: 12, 4)).result == .noMatch)
        #expect(try run(onlyComponents, "https://example.com/buy/1", ios: OSVersion(ios: 13)).result == .match)
        #expect(try run(vector31, "https://example.com/wwdc/1", ios: OSVersion(ios: 8, 4)).result == .noMatch)
        // "NOT " arrived in iOS 9.2: before that it is plain text, so the exclude does not apply.
        #expect(try run(vector31, "https://example.com/wwdc/internal/x", ios: OSVersion(ios: 9, 1)).result == .match)
        // defaults arrived in iOS 14.
        let withDefaults = components(##"{"#":"*"}"##, extraApplinks: ##""defaults": {"exclude": true}, "##)
        #expect(try run(withDefaults, "https://example.com/bar", ios: OSVersion(ios: 13, 7)).result == .match)
        // caseSensitive and substitution variables arrived in iOS 13.5.
        let loose = components(##"{"/":"/search/","caseSensitive":false}"##)
        #expect(try run(loose, "https://example.com/SEARCH/", ios: OSVersion(ios: 13, 4)).result == .noMatch)
        #expect(try run(loose, "https://example.com/SEARCH/", ios: OSVersion(ios: 13, 5)).result == .match)
        let digits = components(##"{"/":"/id/$(digit)"}"##)
        #expect(try run(digits, "https://example.com/id/7", ios: OSVersion(ios: 13, 4)).result == .noMatch)
        #expect(try run(digits, "https://example.com/id/$(digit)", ios: OSVersion(ios: 13, 4)).result == .match)
        #expect(try run(digits, "https://example.com/id/7", ios: OSVersion(ios: 13, 5)).result == .match)
    }

    @Test func appIDsPrecedenceIsExplainedAsAnAssumption() throws {
        let match = try run(vector34, "https://example.com/search/", app: "FOO.com.example")
        let step = match.steps.first { $0.rule == Rule.iosAasaAppidsPrecedence.id }
        #expect(step?.summary.contains("ignored") == true)
        #expect(step?.assumption?.contains("universal-links-test") == true)
    }

    @Test func appLevelDefaultsSupplyPatterns() throws {
        let json = ##"{"applinks":{"details":[{"appIDs":["\##(appA)"],"defaults":{"/":"/foo/*"},"components":[{"#":"*"}]}]}}"##
        #expect(try run(json, "https://example.com/bar").result == .noMatch)
        let hit = try run(json, "https://example.com/foo/2")
        #expect(hit.result == .match)
        #expect(hit.steps.contains { $0.rule == Rule.iosAasaDefaults.id })
    }

    @Test func domainDefaultsSupplyAQueryDictionary() throws {
        let json = components(##"{"#":"*"}"##, extraApplinks: ##""defaults": {"?": {"id": "??"}}, "##)
        #expect(try run(json, "https://example.com/x?id=7").result == .noMatch)
        #expect(try run(json, "https://example.com/x?id=7777").result == .noMatch)
        #expect(try run(json, "https://example.com/x?id=77").result == .match)
    }

    @Test func matchingIsFast() throws {
        let document = try AASADocument(json: overview)
        let clock = ContinuousClock()
        let rounds = 2_000
        var matched = 0
        let elapsed = clock.measure {
            for round in 0..<rounds {
                let url = "https://example.com/help/\(round)?articleNumber=4815"
                if AASAMatcher.match(url: url, appID: appA, document: document, ios: latest).result == .match { matched += 1 }
            }
        }
        #expect(matched == 0 + rounds)
        // A generous bound for a debug build on a shared machine: well under a millisecond per match.
        #expect(elapsed < .seconds(2), "\(elapsed / rounds) per match")
        print("AASA match: \(elapsed / rounds) per match (debug build)")
    }

    @Test func substitutionVariables() throws {
        let json = components(
            ##"{"/":"/p/$(food)/$(xdigit)$(xdigit)"}"##,
            extraApplinks: ##""substitutionVariables": {"food": ["pi*", "tac?"]}, "##)
        #expect(try run(json, "https://example.com/p/pizza/af").result == .match)
        #expect(try run(json, "https://example.com/p/taco/0F").result == .match)
        #expect(try run(json, "https://example.com/p/tacos/0F").result == .noMatch)
        #expect(try run(json, "https://example.com/p/pizza/ag").result == .noMatch)
        let match = try run(json, "https://example.com/p/pizza/af")
        #expect(match.steps.contains { $0.rule == Rule.iosAasaSubstitutionVariables.id })
        // Variable names stay case-sensitive when matching is not; the values fold.
        let folded = components(
            ##"{"/":"/$(Food)/$(region)","caseSensitive":false}"##,
            extraApplinks: ##""substitutionVariables": {"Food": ["pizza"]}, "##)
        #expect(try run(folded, "https://example.com/PIZZA/gb").result == .match)
        #expect(try run(folded, "https://example.com/pizza/uk").result == .noMatch)
    }

    @Test func legacyDetailsDictionaryIsSortedByKey() throws {
        let json = ##"{"applinks":{"details":{"Z.app":{"paths":["*"]},"A.app":{"paths":["NOT /x","/y"]}}}}"##
        let document = try AASADocument(json: json)
        #expect(document.detailsForm == .dictionary)
        #expect(document.details.map(\.appIDs) == [["A.app"], ["Z.app"]])
        let match = AASAMatcher.match(url: "https://example.com/x", appID: "Z.app", document: document, ios: latest)
        #expect(match.result == .match && match.detail == 1 && match.format == .paths)
    }

    @Test func nonWebURLsNeverMatch() throws {
        let match = try run(components(##"{"/":"*"}"##), "shopapp://buy/1")
        #expect(match.result == .noMatch)
        #expect(match.steps.last?.rule == Rule.iosAasaWebUrlsOnly.id)
        #expect(AASAURL.parse("not a url") == nil)
        #expect(AASAURL.parse("https://") == nil)
        #expect(AASAURL.parse("https://Example.com:8443/a?b#c") == AASAURL(scheme: "https", host: "Example.com", path: "/a", query: "b", fragment: "c"))
    }

    @Test func stepsExplainTheDecision() throws {
        let match = try run(overview, "https://example.com/help/123?articleNumber=4815")
        let tried = match.steps.filter { $0.summary.contains("components[") }
        #expect(tried.count == 4)
        #expect(tried.last?.rule == Rule.iosAasaComponentsFirstHit.id)
        #expect(tried[1].detail?.contains("does not match") == true)
        #expect(match.steps.allSatisfy { !$0.summary.isEmpty })
    }

    @Test func everyCitedRuleIsInTheCatalog() throws {
        let ids = Set(IOSAASARules.all.map(\.id))
        #expect(ids.count == IOSAASARules.all.count, "duplicate rule IDs")
        var cited: Set<RuleID> = []
        for item in vectors {
            let match = try run(item.aasa, item.url, app: item.app, ios: item.ios, domain: item.domain)
            cited.formUnion(match.steps.compactMap(\.rule))
        }
        for ios in [OSVersion(ios: 8), OSVersion(ios: 9, 1), OSVersion(ios: 12), OSVersion(ios: 13, 4)] {
            for item in vectors {
                let match = try run(item.aasa, item.url, app: item.app, ios: ios, domain: item.domain)
                cited.formUnion(match.steps.compactMap(\.rule))
            }
        }
        let noAppLinks = try run(##"{"webcredentials":{"apps":["A.b"]}}"##, "https://example.com/")
        cited.formUnion(noAppLinks.steps.compactMap(\.rule))
        // The AASA rules added with real files (issue #11) live in RealFileRules.
        let realFileIDs: Set<RuleID> = [Rule.iosAasaAppidsIos13.id, Rule.iosAasaSafariPercentEncodes.id]
        #expect(cited.subtracting(ids).subtracting(realFileIDs).isEmpty, "uncatalogued: \(cited.subtracting(ids))")
        #expect(cited.count >= 15)
        for rule in IOSAASARules.all {
            #expect(rule.id.rawValue.hasPrefix("ios.aasa."))
            #expect(!rule.sources.isEmpty && !rule.explanation.isEmpty && !rule.versions.isEmpty)
        }
    }

    @Test func isDeterministic() throws {
        let first = try run(overview, "https://example.com/help/website/faq?articleNumber=4815")
        let second = try run(overview, "https://example.com/help/website/faq?articleNumber=4815")
        #expect(first == second)
    }
}
