import Testing

@testable import LinkSimCore

/// The intent-filter verdict-only path must give the explaining path's result (issue #14, item 3).
@Suite struct IntentFilterFastPathPropertyTests {
    static let schemes = ["https", "http", "HTTPS", "myapp", "content"]
    static let hosts = ["shop.example.com", "*.example.com", "SHOP.example.com", "other.example", "*"]
    static let pieces = ["a", "b", "/", ".", "*", "\\.", ".*", "x", "%41", "é"]

    static func maybe(_ random: inout SeededRandom, _ percent: Int, _ value: (inout SeededRandom) -> String) -> String? {
        random.chance(percent) ? value(&random) : nil
    }

    static func filter(_ random: inout SeededRandom) -> IntentFilter {
        var filter = IntentFilter()
        filter.actions = random.chance(90) ? [IntentFilter.actionView] : ["android.intent.action.SEND"]
        filter.categories = [IntentFilter.categoryBrowsable, IntentFilter.categoryDefault].filter { _ in random.chance(80) }
        filter.data = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            var data = IntentFilterData(
                scheme: maybe(&random, 85) { random in random.pick(schemes) },
                host: maybe(&random, 70) { random in random.pick(hosts) },
                port: maybe(&random, 10) { random in random.pick(["443", "8080", "x"]) },
                path: maybe(&random, 20) { random in "/" + random.text(["a", "b", "x"], maxLength: 3) },
                pathPrefix: maybe(&random, 25) { random in "/" + random.text(["a", "b"], maxLength: 2) },
                pathPattern: maybe(&random, 25) { random in "/" + random.text(pieces, maxLength: 4) },
                pathAdvancedPattern: maybe(&random, 15) { random in "/" + random.text(["a", "[a-b]", ".", "*", "+", "{1,2}", "b"], maxLength: 3) },
                pathSuffix: maybe(&random, 10) { random in random.text(["a", "b"], maxLength: 2) },
                mimeType: maybe(&random, 8) { random in random.pick(["text/plain", "image/*", "*/*"]) })
            data.ssp = maybe(&random, 8) { random in "//" + random.pick(["shop.example.com/a", "x"]) }
            data.sspPrefix = maybe(&random, 8) { random in "//shop" }
            return data
        }
        if random.chance(15) {
            var relative = RelativeFilterData()
            relative.path = maybe(&random, 50) { random in "/a" }
            relative.queryPrefix = maybe(&random, 40) { random in "q=" }
            relative.fragment = maybe(&random, 20) { random in "top" }
            filter.uriRelativeFilterGroups = [UriRelativeFilterGroup(allow: random.chance(60), data: [relative])]
        }
        return filter
    }

    static func intent(_ random: inout SeededRandom) -> ViewIntent {
        var url = random.pick([
            "https://shop.example.com", "http://www.example.com", "HTTPS://Shop.Example.com",
            "myapp://shop.example.com", "https://shop.example.com:8080", "https://other.example",
            "myapp:opaque", "content://x", "https://u@shop.example.com",
        ])
        if random.chance(85) { url += "/" + random.text(["a", "b", "x", ".", "%41", "é", "/"], maxLength: 5) }
        if random.chance(30) { url += "?" + random.pick(["q=1", "q=1&r=2", "x"]) }
        if random.chance(15) { url += "#top" }
        var categories = [IntentFilter.categoryBrowsable]
        if random.chance(10) { categories.append("android.intent.category.APP_BROWSER") }
        return ViewIntent(
            url: url, categories: categories, mimeType: random.chance(8) ? "text/plain" : nil,
            matchDefaultOnly: random.chance(90))
    }

    @Test func verdictOnlyPathAgreesWithTheExplainingPath() {
        var random = SeededRandom(seed: 7_000_007)
        var matched = 0
        var reasons: Set<String> = []
        for _ in 0..<3_000 {
            let filter = Self.filter(&random)
            for api in [30, 31, 35, 36] {
                let prepared = IntentFilterMatcher.PreparedFilter(filter, api: api)
                for _ in 0..<4 {
                    let intent = Self.intent(&random)
                    let explained = IntentFilterMatcher.match(filter, intent: intent, api: api).result
                    let fast = prepared.verdict(intent)
                    #expect(fast == explained, "filter \(filter) url \(intent.url) API \(api)")
                    if case .matched = fast { matched += 1 } else if case .failed(let reason) = fast { reasons.insert("\(reason)") }
                }
            }
        }
        #expect(matched > 500, "the generator must produce matches")
        #expect(reasons.count >= 4, "the generator must reach the different mismatches: \(reasons)")
    }

    @Test func preparedURIFieldsAreTheDecodedAccessors() {
        let uri = AndroidURI("https://user@Shop.Example.com:8080/a%20b?q=1#top")
        #expect(uri.host == "Shop.Example.com")
        #expect(uri.port == 8080)
        #expect(uri.path == "/a b")
        #expect(uri.pathUnits == Array("/a b".utf16))
        #expect(uri.hostUnits == Array("Shop.Example.com".utf16))
    }
}
