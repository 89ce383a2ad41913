import Testing
@testable import LinkSimCore

/// android.md §6.2 (every IntentFilter vector) and §6.4, plus MATCH_DEFAULT_ONLY and `exported`.
@Suite struct IntentFilterMatcherTests {
    // MARK: Helpers

    /// The raw `IntentFilter.match(...)` of the CTS tests: no action, no categories, no resolver flag.
    static func dataMatch(_ filter: IntentFilter, _ url: String, api: Int = 36) -> FilterMatchOutcome {
        IntentFilterMatcher.match(filter, intent: ViewIntent(url: url, action: nil, categories: [], matchDefaultOnly: false),
                                  api: api)
    }

    static func category(_ filter: IntentFilter, _ url: String, api: Int = 36) -> MatchCategory? {
        dataMatch(filter, url, api: api).category
    }

    static func filter(_ data: [IntentFilterData], groups: [UriRelativeFilterGroup] = [],
                       categories: [String] = [IntentFilter.categoryBrowsable, IntentFilter.categoryDefault]) -> IntentFilter {
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
        #expect(Self.dataMatch(f, "").mismatch == .data) // no data
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
        let f = Self.filter([IntentFilterData(scheme: "scheme1", host: "authority1", port: "100"),
                             IntentFilterData(host: "authority2")])
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
        let f = Self.relRefFilter([Self.group { $0.path = "/path"; $0.queryPattern = ".*" }])
        for uri in Self.relRefURIs { #expect(Self.category(f, uri, api: 35) == .path, "\(uri)") }
    }

    @Test func f9QuerySuffixMissing() {
        let f = Self.relRefFilter([Self.group { $0.path = "/path"; $0.queryPrefix = "query"; $0.querySuffix = "widget" }])
        for uri in Self.relRefURIs { #expect(Self.dataMatch(f, uri, api: 35).mismatch == .data, "\(uri)") }
    }

    @Test func f10QueryAndFragment() {
        let f = Self.relRefFilter([Self.group { $0.path = "/path"; $0.queryPrefix = "query"; $0.fragmentPattern = "fr.*" }])
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
        let f = IntentFilter(actions: [IntentFilter.actionView], data: [IntentFilterData(scheme: "https", host: "testhost")],
                             uriRelativeFilterGroups: [
                                Self.group(allow: false) { $0.path = "/testpath" },
                                Self.group { $0.path = "/testpath"; $0.query = "query=test" },
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
        let f = Self.filter([IntentFilterData(scheme: "https", host: "a.com", pathPrefix: "/x"),
                             IntentFilterData(scheme: "myapp", host: "b")])
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
        let f = Self.filter([IntentFilterData(scheme: "https", host: "example.com")],
                            groups: [Self.group { $0.pathPrefix = "/a" }])
        let android14 = Self.dataMatch(f, "https://example.com/b", api: 34)
        #expect(android14.category == .host)
        #expect(android14.steps.contains { $0.rule == Rule.androidFilterApiGatedAttributes.id })
        #expect(Self.dataMatch(f, "https://example.com/b", api: 35).mismatch == .data)
        #expect(Self.category(f, "https://example.com/a1", api: 35) == .path)
    }

    @Test func f32PlainPathWinsOverBlockGroup() {
        let f = Self.filter([IntentFilterData(scheme: "https", host: "example.com", pathPrefix: "/auth")],
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
        let f = Self.filter([IntentFilterData(scheme: "https"), IntentFilterData(host: "astore.com")], groups: [
            UriRelativeFilterGroup(allow: true, data: [allowData, allowQuery]),
            UriRelativeFilterGroup(allow: false, data: [blockData, blockFragment]),
        ])
        #expect(Self.category(f, "https://astore.com/auth?region=na", api: 35) == .path)
        #expect(Self.category(f, "https://astore.com/auth?region=na&mobileoptout=true", api: 35) == .path)
        #expect(Self.dataMatch(f, "https://astore.com/auth?region=eu", api: 35).mismatch == .data)
    }

    // MARK: §6.4 facts

    @Test func queryIsDecodedBeforeSplitting() {
        let f = Self.relRefFilter([Self.group { $0.query = "b=2" }])
        #expect(Self.category(f, "https://h/p?a=1%26b=2", api: 35) == .path)
        #expect(Self.category(f, "https://h/p?a=1;b=2", api: 35) == .path)
        // The whole query is never compared as one piece.
        #expect(Self.category(Self.relRefFilter([Self.group { $0.query = "a=1&b=2" }]), "https://h/p?a=1&b=2", api: 35) == nil)
    }

    @Test func sspIncludesQueryButNotFragment() {
        var data = IntentFilterData(scheme: "s")
        data.ssp = "//h/p?q=1"
        #expect(Self.category(Self.filter([data]), "s://h/p?q=1#frag") == .schemeSpecificPart)
    }

    @Test func sspMatchSkipsHostAndPathElseFallsBack() {
        var data = IntentFilterData(scheme: "s", host: "declared", path: "/only")
        data.sspPrefix = "//other"
        let f = Self.filter([data])
        #expect(Self.category(f, "s://other/anything") == .schemeSpecificPart)
        #expect(Self.category(f, "s://declared/only") == .path)
        #expect(Self.category(f, "s://declared/else") == nil)
    }

    @Test func portWithoutHostIsIgnored() {
        let f = Self.filter([IntentFilterData(scheme: "https", port: "8080"), IntentFilterData(host: "example.com")])
        let outcome = Self.dataMatch(f, "https://example.com:9/")
        #expect(outcome.category == .host)
        #expect(outcome.steps.contains { $0.rule == Rule.androidFilterPortNeedsHost.id })
    }

    @Test func starHostMatchesAnyHost() {
        let f = Self.https("*")
        #expect(Self.category(f, "https://anything.example/") == .host)
        #expect(Self.dataMatch(f, "https:opaque").mismatch == .data)
    }

    @Test func nameWithoutDotIsQualified() {
        let manifest = AndroidManifest(package: "com.x", activities: [
            Activity(name: "Main", exported: true, intentFilters: [Self.https("x.com")]),
            Activity(name: ".Other", exported: true, intentFilters: [Self.https("x.com")]),
            Activity(name: "org.y.Full", exported: true, intentFilters: [Self.https("x.com")]),
        ])
        let names = IntentFilterMatcher.matchingActivities(in: manifest, packageName: "com.x", url: "https://x.com/", api: 36)
            .map(\.activity)
        #expect(names == ["com.x.Main", "com.x.Other", "org.y.Full"])
    }

    @Test func simpleGlobThroughTheFilter() {
        let f = Self.https("example.com") { $0.pathPattern = "/a.*b" }
        let outcome = Self.dataMatch(f, "https://example.com/axxbyb")
        #expect(outcome.mismatch == .data)
        #expect(outcome.steps.contains { $0.rule == Rule.androidFilterSimpleGlobNoBacktracking.id })
    }

    @Test func actionIsRequired() {
        let f = IntentFilter(categories: [IntentFilter.categoryBrowsable, IntentFilter.categoryDefault],
                             data: [IntentFilterData(scheme: "https", host: "example.com")])
        let outcome = IntentFilterMatcher.match(f, intent: ViewIntent(url: "https://example.com/"), api: 36)
        #expect(outcome.mismatch == .action)
        #expect(outcome.why.contains("no <action>"))
    }

    @Test func fullLinkFilterMatchesWithPath() {
        let f = Self.https("shop.example.com") { $0.pathPrefix = "/product/" }
        let outcome = IntentFilterMatcher.match(f, intent: ViewIntent(url: "https://shop.example.com/product/42"), api: 36)
        #expect(outcome.category == .path)
        #expect(outcome.category?.matchValue == 0x508000)
    }

    // MARK: Activity level: exported, enabled, aliases, install failure

    static let linkFilter = https("example.com")

    @Test func exportedFalseIsNotAMatch() {
        let manifest = AndroidManifest(package: "com.x", targetSDK: 34, activities: [
            Activity(name: ".Hidden", exported: false, intentFilters: [Self.linkFilter]),
            Activity(name: ".Shown", exported: true, intentFilters: [Self.linkFilter]),
        ])
        let report = IntentFilterMatcher.evaluate(manifest, packageName: "com.x", url: "https://example.com/", api: 34)
        #expect(report.matches.map(\.activity) == ["com.x.Shown"])
        let hidden = report.evaluations[0]
        #expect(hidden.outcome.isMatch && !hidden.isMatch)
        #expect(hidden.steps.contains { $0.rule == Rule.androidFilterExported.id })
    }

    @Test func implicitExportedTargeting31BlocksInstallOnAndroid12() {
        let manifest = AndroidManifest(package: "com.x", targetSDK: 31, activities: [
            Activity(name: ".Main", exported: nil, intentFilters: [Self.linkFilter]),
        ])
        let android12 = IntentFilterMatcher.evaluate(manifest, packageName: "com.x", url: "https://example.com/", api: 31)
        #expect(android12.installBlocked)
        #expect(android12.matches.isEmpty)
        #expect(android12.packageSteps.first?.rule == Rule.androidFilterExportedExplicitRequired.id)
        // Android 11 does not enforce it; target 30 defaults to exported.
        #expect(IntentFilterMatcher.matchingActivities(in: manifest, packageName: "com.x", url: "https://example.com/", api: 30).count == 1)
        var target30 = manifest
        target30.targetSDK = 30
        #expect(IntentFilterMatcher.matchingActivities(in: target30, packageName: "com.x", url: "https://example.com/", api: 36).count == 1)
    }

    @Test func disabledActivityAndAlias() {
        let manifest = AndroidManifest(package: "com.x", targetSDK: 34, activities: [
            Activity(name: ".Main", exported: true, intentFilters: [Self.linkFilter], enabled: false),
            Activity(name: ".Alias", exported: true, intentFilters: [Self.https("other.com"), Self.linkFilter], targetActivity: ".Main"),
        ])
        let matches = IntentFilterMatcher.matchingActivities(in: manifest, packageName: "com.x", url: "https://example.com/", api: 36)
        #expect(matches.count == 1)
        #expect(matches.first?.activity == "com.x.Alias")
        #expect(matches.first?.activityIndex == 1)
        #expect(matches.first?.filter == 1)
        #expect(matches.first?.targetActivity == "com.x.Main")
    }

    // MARK: Rule IDs

    @Test func everyEmittedRuleExists() {
        var emitted: Set<RuleID> = []
        let filters: [IntentFilter] = [
            Self.https("*.example.com") { $0.pathPattern = "/a.*b" },
            Self.https("example.com") { $0.pathAdvancedPattern = "/x+"; $0.pathSuffix = ".pdf"; $0.port = "1" },
            Self.https("example.com") { $0.mimeType = "text/html" },
            Self.filter([IntentFilterData(scheme: "myapp", pathPrefix: "/a"), IntentFilterData(scheme: "https", port: "2")]),
            Self.filter([IntentFilterData(host: "example.com")]),
            Self.filter([IntentFilterData(scheme: "https", host: "example.com")], categories: [IntentFilter.categoryBrowsable]),
            Self.filter([IntentFilterData(scheme: "https", host: "example.com")], categories: [IntentFilter.categoryDefault]),
            Self.relRefFilter([Self.blockF11, Self.allowPath]),
            IntentFilter(data: [IntentFilterData(scheme: "https")]),
            {
                var data = IntentFilterData(scheme: "https", host: "a.com")
                data.sspPrefix = "//zzz"
                data.sspSuffix = "x"
                return Self.filter([data, IntentFilterData(scheme: "HTTPS", host: "b.com", path: "/p")])
            }(),
        ]
        let manifest = AndroidManifest(package: "com.x", targetSDK: 34, activities: [
            Activity(name: ".A", exported: true, intentFilters: filters),
            Activity(name: ".B", exported: false, intentFilters: filters),
            Activity(name: "C", exported: nil, intentFilters: filters, enabled: false),
        ])
        let urls = ["https://example.com/", "https://www.example.com/axxbyb", "HTTPS://example.com/", "myapp://x/y",
                    "https://example.com:1/x.pdf", "https://h/path?query=string&cat=gizmo#fragment", "https://b.com/p",
                    "https://a.com/q", "https://example.com"]
        for api in [30, 31, 34, 35, 36] {
            for url in urls {
                let report = IntentFilterMatcher.evaluate(manifest, packageName: "com.x", url: url, api: api)
                for evaluation in report.evaluations { emitted.formUnion(evaluation.steps.map(\.rule)) }
                emitted.formUnion(report.packageSteps.map(\.rule))
            }
        }
        var blocked = manifest
        blocked.targetSDK = 33
        blocked.activities[2].enabled = true
        for evaluation in IntentFilterMatcher.evaluate(blocked, packageName: "com.x", url: urls[0], api: 34).evaluations {
            emitted.formUnion(evaluation.steps.map(\.rule))
        }
        blocked.targetSDK = 31
        emitted.formUnion(IntentFilterMatcher.evaluate(blocked, packageName: "com.x", url: urls[0], api: 34).packageSteps.map(\.rule))
        for rule in emitted.sorted() {
            #expect(AndroidFilterRules.contains(rule), "\(rule) is emitted but not in AndroidFilterRules.all")
        }
        // The walk above reaches nearly every rule; it must at least reach these.
        for expected in [Rule.androidFilterDataCrossProduct.id, Rule.androidFilterSchemeCaseSensitive.id,
                         Rule.androidFilterSimpleGlobNoBacktracking.id, Rule.androidFilterPathNeedsHost.id,
                         Rule.androidFilterDefaultCategoryRequired.id, Rule.androidFilterBrowsableRequired.id,
                         Rule.androidFilterExported.id, Rule.androidFilterApiGatedAttributes.id,
                         Rule.androidFilterUriRelativeFilterGroup.id, Rule.androidFilterExportedExplicitRequired.id,
                         Rule.androidFilterDisabledComponent.id, Rule.androidFilterSchemeSpecificPart.id,
                         Rule.androidFilterMimeTypeBreaksLinks.id, Rule.androidFilterPortNeedsHost.id] {
            #expect(emitted.contains(expected), "\(expected) was never emitted")
        }
    }

    @Test func ruleCatalogEntriesAreComplete() {
        let ids = AndroidFilterRules.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for rule in AndroidFilterRules.all {
            #expect(rule.id.rawValue.hasPrefix("android.filter."))
            #expect(!rule.title.isEmpty && !rule.explanation.isEmpty)
            #expect(!rule.sources.isEmpty, "\(rule.id) has no source")
            #expect(rule.platforms == [.android])
        }
    }
}

/// `android.net.Uri` accessors the matcher relies on.
@Suite struct AndroidURITests {
    @Test func webURL() {
        let uri = AndroidURI("HTTPS://user@Shop.Example.com:8443/a%20b/c?x=1%262#frag%21")
        #expect(uri.scheme == "HTTPS")
        #expect(uri.host == "Shop.Example.com")
        #expect(uri.port == 8443)
        #expect(uri.path == "/a b/c")
        #expect(uri.encodedPath == "/a%20b/c")
        #expect(uri.query == "x=1&2")
        #expect(uri.fragment == "frag!")
        #expect(uri.schemeSpecificPart == "//user@Shop.Example.com:8443/a b/c?x=1&2")
    }

    @Test func emptyPathWithoutSlash() {
        #expect(AndroidURI("https://example.com").path == "")
        #expect(AndroidURI("https://example.com?q=1").path == "")
        #expect(AndroidURI("https://example.com#f").path == "")
        #expect(AndroidURI("https://example.com/").path == "/")
    }

    @Test func opaqueAndOddURIs() {
        let opaque = AndroidURI("scheme1:foo")
        #expect(opaque.scheme == "scheme1")
        #expect(opaque.host == nil)
        #expect(opaque.path == nil)
        #expect(opaque.schemeSpecificPart == "foo")
        #expect(AndroidURI("no-scheme").scheme == nil)
        #expect(AndroidURI("https://example.com:/x").port == -1)
        #expect(AndroidURI("https://example.com:abc/x").host == "example.com:abc")
        #expect(AndroidURI("https://a.com\\@b.com/").host == "a.com") // `\` ends the authority
        // A malformed escape becomes U+FFFD (AOSP UriCodec; the exact bytes after it are not modelled).
        #expect(AndroidURI("https://x/%zz").path?.contains("\u{FFFD}") == true)
        #expect(AndroidURI("https://x/a+b").path == "/a+b")
    }
}
