import Testing

@testable import LinkSimCore

/// android.md §6.2 (every IntentFilter vector) and §6.4, plus MATCH_DEFAULT_ONLY and `exported`.
@Suite struct IntentFilterMatcherTests {
    // MARK: Helpers

    /// The raw `IntentFilter.match(...)` of the CTS tests: no action, no categories, no resolver flag.
    static func dataMatch(_ filter: IntentFilter, _ url: String, api: Int = 36) -> FilterMatchOutcome {
        IntentFilterMatcher.match(
            filter, intent: ViewIntent(url: url, action: nil, categories: [], matchDefaultOnly: false),
            api: api)
    }

    static func category(_ filter: IntentFilter, _ url: String, api: Int = 36) -> MatchCategory? {
        dataMatch(filter, url, api: api).category
    }

    static func filter(
        _ data: [IntentFilterData], groups: [UriRelativeFilterGroup] = [],
        categories: [String] = [IntentFilter.categoryBrowsable, IntentFilter.categoryDefault]
    ) -> IntentFilter {
        IntentFilter(actions: [IntentFilter.actionView], categories: categories, data: data, uriRelativeFilterGroups: groups)
    }

    static func group(allow: Bool = true, _ build: (inout RelativeFilterData) -> Void) -> UriRelativeFilterGroup {
        var data = RelativeFilterData()
        build(&data)
        return UriRelativeFilterGroup(allow: allow, data: [data])
    }

    static func https(_ host: String, _ build: (inout IntentFilterData) -> Void = { _ in }) -> IntentFilter {
        var data = IntentFilterData(scheme: "https", host: host)
        build(&data)
        return filter([data])
    }

    // MARK: CTS IntentFilterTest (F1-F5)

    @Test func f1DataSchemes() {
        let f = Self.filter([IntentFilterData(scheme: "scheme1")])
        #expect(Self.category(f, "scheme1:foo") == .scheme)
        #expect(Self.dataMatch(f, "scheme2:foo").mismatch == .data)
        #expect(Self.dataMatch(f, "").mismatch == .data)  // no data
    }

    @Test func f2AuthorityWithoutPort() {
        let f = Self.filter([IntentFilterData(scheme: "scheme1", host: "authority1")])
        #expect(Self.dataMatch(f, "scheme1:foo").mismatch == .data)
        #expect(Self.category(f, "scheme1://authority1/") == .host)
        #expect(Self.dataMatch(f, "scheme1://authority2/").mismatch == .data)
        #expect(Self.category(f, "scheme1://authority1:100/") == .host)
    }

    @Test func f3AuthorityWithPort() {
        let f = Self.filter([IntentFilterData(scheme: "scheme1", host: "authority1", port: "100")])
        #expect(Self.dataMatch(f, "scheme1://authority1/").mismatch == .data)
        #expect(Self.category(f, "scheme1://authority1:100/") == .port)
        #expect(Self.dataMatch(f, "scheme1://authority1:200/").mismatch == .data)
    }

    @Test func f4TwoAuthorities() {
        let f = Self.filter([
            IntentFilterData(scheme: "scheme1", host: "authority1", port: "100"),
            IntentFilterData(host: "authority2"),
        ])
        #expect(Self.dataMatch(f, "scheme1://authority1/").mismatch == .data)
        #expect(Self.category(f, "scheme1://authority2/") == .host)
        #expect(Self.category(f, "scheme1://authority1:100/") == .port)
        #expect(Self.dataMatch(f, "scheme1://authority1:200/").mismatch == .data)
    }

    @Test func f5SchemeSpecificParts() {
        var literal1 = IntentFilterData(scheme: "scheme")
        literal1.ssp = "ssp1"
        var literal2 = IntentFilterData()
        literal2.ssp = "2ssp"
        let f = Self.filter([literal1, literal2])
        #expect(Self.category(f, "scheme:ssp1") == .schemeSpecificPart)
        #expect(Self.category(f, "scheme:2ssp") == .schemeSpecificPart)
        #expect(Self.dataMatch(f, "scheme:ssp").mismatch == .data)
        #expect(Self.dataMatch(f, "scheme:ssp12").mismatch == .data)
        var prefix = IntentFilterData(scheme: "scheme")
        prefix.sspPrefix = "ssp1"
        #expect(Self.category(Self.filter([prefix]), "scheme:ssp12") == .schemeSpecificPart)
    }

    // MARK: uri-relative-filter-group (F6-F14), Android 15

    static let relRefURIs = ["https://h/path?query=string&cat=gizmo#fragment", "https://h/path?query=string;cat=gizmo#fragment"]
    static let allowPath = group { $0.path = "/path" }
    static let blockF11 = group(allow: false) {
        $0.path = "/path"
        $0.queryPrefix = "query"
        $0.querySuffix = "gizmo"
        $0.fragmentPattern = "fr.*"
    }

    static func relRefFilter(_ groups: [UriRelativeFilterGroup]) -> IntentFilter {
        filter([IntentFilterData(scheme: "https", host: "h")], groups: groups)
    }

    @Test func f6AllowPath() {
        #expect(Self.category(Self.relRefFilter([Self.allowPath]), Self.relRefURIs[0], api: 35) == .path)
    }

    @Test func f7AllowOtherPath() {
        let f = Self.relRefFilter([Self.group { $0.path = "/trail" }])
        #expect(Self.dataMatch(f, Self.relRefURIs[0], api: 35).mismatch == .data)
    }

    @Test func f8PathAndQueryGlob() {
        let f = Self.relRefFilter([
            Self.group {
                $0.path = "/path"
                $0.queryPattern = ".*"
            }
        ])
        for uri in Self.relRefURIs { #expect(Self.category(f, uri, api: 35) == .path, "\(uri)") }
    }

    @Test func f9QuerySuffixMissing() {
        let f = Self.relRefFilter([
            Self.group {
                $0.path = "/path"
                $0.queryPrefix = "query"
                $0.querySuffix = "widget"
            }
        ])
        for uri in Self.relRefURIs { #expect(Self.dataMatch(f, uri, api: 35).mismatch == .data, "\(uri)") }
    }

    @Test func f10QueryAndFragment() {
        let f = Self.relRefFilter([
            Self.group {
                $0.path = "/path"
                $0.queryPrefix = "query"
                $0.fragmentPattern = "fr.*"
            }
        ])
        for uri in Self.relRefURIs { #expect(Self.category(f, uri, api: 35) == .path, "\(uri)") }
    }

    @Test func f11BlockGroup() {
        let outcome = Self.dataMatch(Self.relRefFilter([Self.blockF11]), Self.relRefURIs[0], api: 35)
        #expect(outcome.mismatch == .data)
        #expect(outcome.why.contains("blocks"))
    }

    @Test func f12FirstMatchingGroupBlocks() {
        #expect(Self.dataMatch(Self.relRefFilter([Self.blockF11, Self.allowPath]), Self.relRefURIs[0], api: 35).mismatch == .data)
    }

    @Test func f13SecondGroupDecides() {
        let f = Self.relRefFilter([Self.group { $0.path = "/trail" }, Self.allowPath, Self.blockF11])
        #expect(Self.category(f, Self.relRefURIs[0], api: 35) == .path)
    }

    @Test func f14BlockMatch() {
        let f = IntentFilter(
            actions: [IntentFilter.actionView], data: [IntentFilterData(scheme: "https", host: "testhost")],
            uriRelativeFilterGroups: [
                Self.group(allow: false) { $0.path = "/testpath" },
                Self.group {
                    $0.path = "/testpath"
                    $0.query = "query=test"
                },
                Self.group { $0.fragment = "testfragment" },
            ])
        #expect(Self.dataMatch(f, "https://testhost/testpath", api: 35).mismatch == .data)
        #expect(Self.dataMatch(f, "https://testhost/testpath?query=test", api: 35).mismatch == .data)
        #expect(Self.category(f, "https://testhost#testfragment", api: 35) == .path)
    }

    // MARK: Derived from IntentFilter.java (F15-F33)

    @Test func f15WildcardSubdomains() {
        let f = Self.https("*.example.com")
        #expect(Self.category(f, "https://www.example.com/") == .host)
        #expect(Self.category(f, "https://a.b.example.com/") == .host)
        #expect(Self.category(f, "https://WWW.Example.COM/") == .host)
    }

    @Test func f16WildcardDoesNotCoverApex() {
        let f = Self.https("*.example.com")
        let apex = Self.dataMatch(f, "https://example.com/")
        #expect(apex.mismatch == .data)
        #expect(apex.why.contains("apex"))
        #expect(Self.dataMatch(f, "https://wwwexample.com/").mismatch == .data)
    }

    @Test func f17WildcardWithoutDot() {
        let f = Self.https("*example.com")
        #expect(Self.category(f, "https://badexample.com/") == .host)
        #expect(Self.category(f, "https://example.com/") == .host)
    }

    @Test func f18HostIgnoresCase() {
        #expect(Self.category(Self.https("Example.COM"), "https://example.com/x") == .host)
    }

    @Test func f19SchemeIsCaseSensitive() {
        let outcome = Self.dataMatch(Self.https("example.com"), "HTTPS://example.com/")
        #expect(outcome.mismatch == .data)
        #expect(outcome.steps.last?.rule == Rule.androidFilterSchemeCaseSensitive.id)
    }

    @Test func f20PortMustBeExplicit() {
        let f = Self.https("example.com") { $0.port = "443" }
        #expect(Self.dataMatch(f, "https://example.com/").mismatch == .data)
        #expect(Self.category(f, "https://example.com:443/") == .port)
    }

    @Test func f21PathsIgnoredWithoutHost() {
        let outcome = Self.dataMatch(Self.filter([IntentFilterData(scheme: "myapp", pathPrefix: "/a")]), "myapp://anything/zzz")
        #expect(outcome.category == .scheme)
        #expect(outcome.steps.contains { $0.rule == Rule.androidFilterPathNeedsHost.id })
    }

    @Test func f22HostWithoutScheme() {
        let outcome = Self.dataMatch(Self.filter([IntentFilterData(host: "example.com")]), "https://example.com/")
        #expect(outcome.mismatch == .data)
        #expect(outcome.steps.last?.rule == Rule.androidFilterSchemeRequired.id)
    }

    @Test func f23CrossProduct() {
        let f = Self.filter([
            IntentFilterData(scheme: "https", host: "a.com", pathPrefix: "/x"),
            IntentFilterData(scheme: "myapp", host: "b"),
        ])
        let crossed = Self.dataMatch(f, "https://b/x1")
        #expect(crossed.category == .path)
        #expect(crossed.steps.contains { $0.rule == Rule.androidFilterDataCrossProduct.id })
        #expect(Self.dataMatch(f, "https://b/y").mismatch == .data)
        #expect(Self.category(f, "myapp://a.com/x") == .path)
        // Declared together on one <data>: no cross-product note.
        #expect(!Self.dataMatch(f, "https://a.com/x").steps.contains { $0.rule == Rule.androidFilterDataCrossProduct.id })
    }

    @Test func f24EmptyPath() {
        let f = Self.https("example.com") { $0.pathPrefix = "/" }
        let noSlash = Self.dataMatch(f, "https://example.com")
        #expect(noSlash.mismatch == .data)
        #expect(noSlash.steps.last?.detail?.contains("empty path") == true)
        #expect(Self.category(f, "https://example.com/") == .path)
    }

    @Test func f25DecodedPath() {
        #expect(Self.category(Self.https("example.com") { $0.path = "/a b" }, "https://example.com/a%20b") == .path)
        #expect(Self.category(Self.https("example.com") { $0.path = "/a%20b" }, "https://example.com/a%20b") == nil)
    }

    @Test func f26QueryAndFragmentIgnored() {
        #expect(Self.category(Self.https("example.com") { $0.path = "/p" }, "https://example.com/p?x=1#frag") == .path)
    }

    @Test func f27MimeTypeBreaksLinks() {
        let outcome = Self.dataMatch(Self.https("example.com") { $0.mimeType = "text/html" }, "https://example.com/")
        #expect(outcome.mismatch == .type)
        #expect(outcome.steps.last?.rule == Rule.androidFilterMimeTypeBreaksLinks.id)
    }

    @Test func f28MissingBrowsable() {
        let f = Self.filter([IntentFilterData(scheme: "https", host: "example.com")], categories: [IntentFilter.categoryDefault])
        let outcome = IntentFilterMatcher.match(f, intent: ViewIntent(url: "https://example.com/"), api: 36)
        #expect(outcome.mismatch == .category)
        #expect(outcome.steps.last?.rule == Rule.androidFilterBrowsableRequired.id)
    }

    @Test func f29MissingDefault() {
        let f = Self.filter([IntentFilterData(scheme: "https", host: "example.com")], categories: [IntentFilter.categoryBrowsable])
        let outcome = IntentFilterMatcher.match(f, intent: ViewIntent(url: "https://example.com/"), api: 36)
        #expect(outcome.mismatch == .missingDefaultCategory)
        #expect(outcome.steps.last?.rule == Rule.androidFilterDefaultCategoryRequired.id)
        // Without MATCH_DEFAULT_ONLY the same filter matches.
        let raw = IntentFilterMatcher.match(f, intent: ViewIntent(url: "https://example.com/", matchDefaultOnly: false), api: 36)
        #expect(raw.category == .host)
    }

    @Test func f30PathSuffixNeedsAPI31() {
        let f = Self.https("example.com") { $0.pathSuffix = ".pdf" }
        let android11 = Self.dataMatch(f, "https://example.com/a.html", api: 30)
        #expect(android11.category == .host)
        #expect(android11.steps.contains { $0.rule == Rule.androidFilterApiGatedAttributes.id })
        #expect(Self.dataMatch(f, "https://example.com/a.html", api: 31).mismatch == .data)
        #expect(Self.category(f, "https://example.com/a.pdf", api: 31) == .path)
    }

    @Test func pathAdvancedPatternNeedsAPI31() {
        let f = Self.https("example.com") { $0.pathAdvancedPattern = "/items/[0-9]+" }
        #expect(Self.category(f, "https://example.com/other", api: 30) == .host)
        #expect(Self.category(f, "https://example.com/other", api: 31) == nil)
        #expect(Self.category(f, "https://example.com/items/42", api: 31) == .path)
    }

    @Test func f31GroupsNeedAPI35() {
        let f = Self.filter(
            [IntentFilterData(scheme: "https", host: "example.com")],
            groups: [Self.group { $0.pathPrefix = "/a" }])
        let android14 = Self.dataMatch(f, "https://example.com/b", api: 34)
        #expect(android14.category == .host)
        #expect(android14.steps.contains { $0.rule == Rule.androidFilterApiGatedAttributes.id })
        #expect(Self.dataMatch(f, "https://example.com/b", api: 35).mismatch == .data)
        #expect(Self.category(f, "https://example.com/a1", api: 35) == .path)
    }

    @Test func f32PlainPathWinsOverBlockGroup() {
        let f = Self.filter(
            [IntentFilterData(scheme: "https", host: "example.com", pathPrefix: "/auth")],
            groups: [Self.group(allow: false) { $0.pathPrefix = "/auth" }])
        #expect(Self.category(f, "https://example.com/auth", api: 35) == .path)
    }

    @Test func f33DocumentationExample() {
        var allowData = RelativeFilterData()
        allowData.pathPrefix = "/auth"
        var allowQuery = RelativeFilterData()
        allowQuery.query = "region=na"
        var blockData = RelativeFilterData()
        blockData.pathPrefix = "/auth"
        var blockFragment = RelativeFilterData()
        blockFragment.fragmentPrefix = "faq"
        let f = Self.filter(
            [IntentFilterData(scheme: "https"), IntentFilterData(host: "astore.com")],
            groups: [
                UriRelativeFilterGroup(allow: true, data: [allowData, allowQuery]),
                UriRelativeFilterGroup(allow: false, data: [blockData, blockFragment]),
            ])
        #expect(Self.category(f, "https://astore.com/auth?region=na", api: 35) == .path)
        #expect(Self.category(f, "https://astore.com/auth?region=na&mobileoptout=true", api: 35) == .path)
        #expect(Self.dataMatch(f, "https://astore.com/auth?region=eu", api: 35).mismatch == .data)
    }

}
