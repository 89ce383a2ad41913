import Testing

@testable import LinkSimCore

extension IntentFilterMatcherTests {
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
        let manifest = AndroidManifest(
            package: "com.x",
            activities: [
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
        let f = IntentFilter(
            categories: [IntentFilter.categoryBrowsable, IntentFilter.categoryDefault],
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
        let manifest = AndroidManifest(
            package: "com.x", targetSDK: 34,
            activities: [
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
        let manifest = AndroidManifest(
            package: "com.x", targetSDK: 31,
            activities: [
                Activity(name: ".Main", exported: nil, intentFilters: [Self.linkFilter])
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
        let manifest = AndroidManifest(
            package: "com.x", targetSDK: 34,
            activities: [
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
            Self.https("example.com") {
                $0.pathAdvancedPattern = "/x+"
                $0.pathSuffix = ".pdf"
                $0.port = "1"
            },
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
        let manifest = AndroidManifest(
            package: "com.x", targetSDK: 34,
            activities: [
                Activity(name: ".A", exported: true, intentFilters: filters),
                Activity(name: ".B", exported: false, intentFilters: filters),
                Activity(name: "C", exported: nil, intentFilters: filters, enabled: false),
            ])
        let urls = [
            "https://example.com/", "https://www.example.com/axxbyb", "HTTPS://example.com/", "myapp://x/y",
            "https://example.com:1/x.pdf", "https://h/path?query=string&cat=gizmo#fragment", "https://b.com/p",
            "https://a.com/q", "https://example.com",
        ]
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
        for expected in [
            Rule.androidFilterDataCrossProduct.id, Rule.androidFilterSchemeCaseSensitive.id,
            Rule.androidFilterSimpleGlobNoBacktracking.id, Rule.androidFilterPathNeedsHost.id,
            Rule.androidFilterDefaultCategoryRequired.id, Rule.androidFilterBrowsableRequired.id,
            Rule.androidFilterExported.id, Rule.androidFilterApiGatedAttributes.id,
            Rule.androidFilterUriRelativeFilterGroup.id, Rule.androidFilterExportedExplicitRequired.id,
            Rule.androidFilterDisabledComponent.id, Rule.androidFilterSchemeSpecificPart.id,
            Rule.androidFilterMimeTypeBreaksLinks.id, Rule.androidFilterPortNeedsHost.id,
        ] {
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
