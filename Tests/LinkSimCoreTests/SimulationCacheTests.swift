import Foundation
import Synchronization
import Testing

@testable import LinkSimCore

/// An app's `ManifestCache` keeps what the engine derives from its manifest; these tests change the
/// manifest in every way a scenario or the engine can and check that no reading outlives it.
@Suite struct ManifestCacheTests {
    static func webFilter(host: String, autoVerify: Bool = true) -> IntentFilter {
        IntentFilter(
            autoVerify: autoVerify, actions: [IntentFilter.actionView],
            categories: [IntentFilter.categoryDefault, IntentFilter.categoryBrowsable],
            data: [IntentFilterData(scheme: "https", host: host)])
    }

    static func shop(hosts: [String], targetSDK: Int = 34) -> App {
        var app = App(id: "com.example.shop", name: "Shop")
        app.activities = [Activity(name: ".MainActivity", exported: true, intentFilters: hosts.map { webFilter(host: $0) })]
        app.targetSDK = targetSDK
        return app
    }

    @Test func replacedActivitiesAreCollectedAgain() {
        var app = Self.shop(hosts: ["a.example.com"])
        #expect(AppLinkDomains.collect(app, api: 34).autoVerify == ["a.example.com"])
        app.activities = [Activity(name: ".MainActivity", exported: true, intentFilters: [Self.webFilter(host: "b.example.com")])]
        #expect(AppLinkDomains.collect(app, api: 34).autoVerify == ["b.example.com"])
    }

    @Test func aChangeDeepInsideAnActivityIsSeen() {
        var app = Self.shop(hosts: ["a.example.com"])
        #expect(AppLinkDomains.collect(app, api: 34).autoVerify == ["a.example.com"])
        app.activities[0].intentFilters[0].data[0].host = "c.example.com"
        #expect(AppLinkDomains.collect(app, api: 34).autoVerify == ["c.example.com"])
        app.activities[0].intentFilters[0].autoVerify = false
        #expect(AppLinkDomains.collect(app, api: 34).autoVerify.isEmpty)
    }

    @Test func theTargetSDKAndTheAPILevelAreBothPartOfTheKey() {
        // One autoVerify filter and one without: per-filter collection (target 31+ on API 31+) verifies
        // only the first; the legacy collection (target 30, or API 30) verifies both.
        var app = Self.shop(hosts: ["a.example.com"])
        app.activities[0].intentFilters.append(Self.webFilter(host: "b.example.com", autoVerify: false))
        #expect(AppLinkDomains.collect(app, api: 34).autoVerify == ["a.example.com"])
        #expect(AppLinkDomains.collect(app, api: 30).autoVerify == ["a.example.com", "b.example.com"])
        #expect(AppLinkDomains.collect(app, api: 34).autoVerify == ["a.example.com"])
        app.targetSDK = 30
        #expect(AppLinkDomains.collect(app, api: 34).autoVerify == ["a.example.com", "b.example.com"])
    }

    @Test func aCopyChangedLaterDoesNotChangeTheOriginal() {
        let original = Self.shop(hosts: ["a.example.com"])
        #expect(AppLinkDomains.collect(original, api: 34).autoVerify == ["a.example.com"])
        var copy = original
        copy.activities[0].intentFilters[0].data[0].host = "d.example.com"
        #expect(AppLinkDomains.collect(copy, api: 34).autoVerify == ["d.example.com"])
        #expect(AppLinkDomains.collect(original, api: 34).autoVerify == ["a.example.com"])
        #expect(original != copy)
    }

    @Test func preparedFiltersFollowTheManifest() {
        var app = Self.shop(hosts: ["a.example.com"])
        let intent = ViewIntent(url: "https://e.example.com/x")
        func verdict() -> Bool {
            guard case .matched = app.preparedFilters(api: 34)[0][0].verdict(intent) else {
                return false
            }
            return true
        }
        #expect(!verdict())
        app.activities[0].intentFilters[0].data[0].host = "e.example.com"
        #expect(verdict())
        // The same answers as preparing the filter on the spot, for a different API level too.
        for api in [23, 30, 34] {
            let cached = app.preparedFilters(api: api)[0][0].verdict(intent)
            #expect(cached == IntentFilterMatcher.PreparedFilter(app.activities[0].intentFilters[0], api: api).verdict(intent))
        }
    }

    @Test func equalAppsStayEqualWhateverTheirCachesHold() {
        let a = Self.shop(hosts: ["a.example.com"])
        let b = Self.shop(hosts: ["a.example.com"])
        _ = AppLinkDomains.collect(a, api: 34)
        #expect(a == b)
    }

    /// The engine path: a handler search after an update that ships another manifest sees the new one.
    @Test func aSearchAfterTheManifestChangesFindsTheNewHandler() {
        var scenario = Scenario(name: "cache", device: Device(platform: .android, os: OSVersion(androidAPI: 34)))
        scenario.apps = [Self.shop(hosts: ["a.example.com"])]
        var world = World(scenario)
        #expect(AndroidHandlers.search(url: "https://a.example.com/p", world: world, caller: nil).handlers.count == 1)
        world.apps[0].activities[0].intentFilters[0].data[0].host = "b.example.com"
        #expect(AndroidHandlers.search(url: "https://a.example.com/p", world: world, caller: nil).handlers.isEmpty)
        #expect(AndroidHandlers.search(url: "https://b.example.com/p", world: world, caller: nil).handlers.count == 1)
    }
}

/// A served AASA file is prepared once per app and iOS version (`ServedBody.prepared`); each preparation
/// is the file's own for that app and version.
@Suite struct ServedBodyPreparedTests {
    static let file = """
        {"applinks": {"details": [
          {"appIDs": ["TEAM.a"], "components": [{"/": "/a/*"}], "paths": ["/legacy/*"]},
          {"appID": "TEAM.b", "paths": ["/b/*"]}
        ]}}
        """

    @Test func eachAppAndVersionGetsItsOwnPreparation() {
        let body = ServedBody(Array(Self.file.utf8))
        let ios17 = OSVersion(ios: 17)
        let ios12 = OSVersion(ios: 12)
        func verdict(_ prepared: AASAMatcher.Prepared?, _ url: String) -> AASAMatchResult? { prepared?.match(url: url).result }
        #expect(verdict(body.prepared(appID: "TEAM.a", ios: ios17), "https://x.example/a/1") == .match)
        #expect(verdict(body.prepared(appID: "TEAM.a", ios: ios17), "https://x.example/legacy/1") == .noMatch)
        // iOS 12 reads neither appIDs nor components: TEAM.a is not listed there, TEAM.b still is.
        #expect(verdict(body.prepared(appID: "TEAM.a", ios: ios12), "https://x.example/a/1") == .noMatch)
        #expect(verdict(body.prepared(appID: "TEAM.b", ios: ios12), "https://x.example/b/1") == .match)
        #expect(verdict(body.prepared(appID: "TEAM.b", ios: ios17), "https://x.example/a/1") == .noMatch)
        // Asked again, the same answers (from the kept preparation), equal to preparing on the spot.
        for (app, ios) in [("TEAM.a", ios17), ("TEAM.a", ios12), ("TEAM.b", ios12)] {
            for url in ["https://x.example/a/1", "https://x.example/b/1", "https://x.example/legacy/1"] {
                guard case .success(let document) = body.aasa else {
                    Issue.record("the file parses")
                    return
                }
                #expect(verdict(body.prepared(appID: app, ios: ios), url) == AASAMatcher.match(url: url, appID: app, document: document, ios: ios).result)
            }
        }
    }

    @Test func aBodyThatIsNotAnAASAFileHasNoPreparation() {
        #expect(ServedBody(Array("not json".utf8)).prepared(appID: "TEAM.a", ios: OSVersion(ios: 17)) == nil)
    }

    /// The kept reading answers as parsing does, whichever is asked first (the problem alone, or the
    /// whole reading), and asked twice.
    @Test func theKeptReadingIsWhatParsingGives() throws {
        let bodies = [Self.file, "not json", "[]", "{}", "{\"applinks\": 3}", "{\"applinks\": {\"details\": []}}", ""]
        for text in bodies {
            let bytes = Array(text.utf8)
            let parsed = Result { () throws(AASAParseError) -> AASADocument in try AASADocument(root: try JSONNode.parse(bytes)) }
            let problemFirst = ServedBody(bytes)
            let readingFirst = ServedBody(bytes)
            for _ in 0..<2 {
                #expect(problemFirst.aasaProblem == parsed.failureValue, "\(text)")
                #expect(problemFirst.aasa == parsed, "\(text)")
                #expect(readingFirst.aasa == parsed, "\(text)")
                #expect(readingFirst.aasaProblem == parsed.failureValue, "\(text)")
            }
        }
        let written = AASADocument(details: [AASADetail(appIDs: ["T.a"], components: [AASAComponent(path: "*")])])
        let served = ServedBody(Array("ignored".utf8), aasa: written)
        #expect(served.aasaProblem == nil && served.aasa == .success(written))
    }
}

/// `App.associatedDomainEntries` is derived by the `associatedDomains` setter: every kind of write,
/// the second as well as the first, is seen, and a copy keeps its own.
@Suite struct AssociatedDomainEntriesTests {
    static func domains(_ app: App) -> [String] { app.associatedDomainEntries.map(\.raw) }

    @Test func everyWriteIsSeen() {
        var app = App(id: "com.example.shop")
        #expect(app.associatedDomainEntries.isEmpty)
        app.associatedDomains = ["applinks:shop.example.com", "webcredentials:shop.example.com"]
        #expect(Self.domains(app) == ["applinks:shop.example.com"])
        app.associatedDomains = ["applinks:*.example.com"]
        #expect(Self.domains(app) == ["applinks:*.example.com"])
        app.associatedDomains.append("applinks:other.example.com:8443")
        #expect(Self.domains(app) == ["applinks:*.example.com", "applinks:other.example.com:8443"])
        app.associatedDomains[0] = "applinks:shop.example.com?mode=developer"
        #expect(app.associatedDomainEntries.first?.mode == .developer)
        app.associatedDomains.removeAll()
        #expect(app.associatedDomainEntries.isEmpty)
    }

    @Test func theEntryForAHostIsTheSameAsFromTheText() {
        var app = App(id: "com.example.shop")
        app.associatedDomains = ["applinks:*.example.com", "applinks:shop.example.com", "applinks:bad.example.com:443"]
        for host in ["shop.example.com", "a.example.com", "bad.example.com", "example.com", "other.org"] {
            let derived = AssociatedDomains.entry(for: host, in: app.associatedDomainEntries)
            let fromText = AssociatedDomains.entry(for: host, in: app.associatedDomains)
            #expect(derived.entry == fromText.entry, "\(host)")
            #expect(derived.ignored == fromText.ignored, "\(host)")
        }
    }

    @Test func aCopyKeepsItsOwnEntries() {
        var original = App(id: "com.example.shop")
        original.associatedDomains = ["applinks:a.example.com"]
        var copy = original
        copy.associatedDomains = ["applinks:b.example.com"]
        #expect(Self.domains(original) == ["applinks:a.example.com"])
        #expect(Self.domains(copy) == ["applinks:b.example.com"])
    }
}

/// The scenario's box keeps the URLs its simulations split (`World.parts(of:)`, `World.linkIntent(_:)`): the
/// answer is `URLParts(url)` (`ViewIntent(url:)`) whatever the order of the questions, and a URL past the
/// box's limit is split again, the same way.
@Suite struct SplitURLsTests {
    @Test func everyAnswerIsTheSplitOfThatURL() {
        let box = ScenarioCache()
        // Another scenario's box answers the same.
        let other = ScenarioCache()
        let urls = [
            "https://shop.example.com/p/1", "shop://p/1", "not a url", "https://a.example/x?q=1#f", "intent://x#Intent;end",
            "HTTPS://Shop.Example.com:8443/", "mailto:a@b.example", "https://a.example/x?q=2",
        ]
        var random = SeededRandom(seed: 0x0E1)
        for _ in 0..<2_000 {
            let url = random.pick(urls)
            #expect(box.parts(of: url) == URLParts(url), "\(url)")
            #expect(box.linkIntent(url) == ViewIntent(url: url), "\(url)")
            #expect(other.parts(of: url) == URLParts(url), "\(url)")
            #expect(other.linkIntent(url) == ViewIntent(url: url), "\(url)")
        }
    }

    /// Past `ScenarioCache.urlLimit` URLs the box keeps no more (a TUI session typing a URL key by key), and
    /// the answers stay the split of each URL, both for the kept ones and the rest.
    @Test func theBoxKeepsAtMostItsLimitAndAnswersTheSameBeyondIt() {
        let box = ScenarioCache()
        let urls = (0..<(ScenarioCache.urlLimit * 2)).map { "https://shop.example.com/p/\($0)?q=\($0 % 7)" }
        for _ in 0..<2 {
            for url in urls {
                #expect(box.parts(of: url) == URLParts(url), "\(url)")
                #expect(box.linkIntent(url) == ViewIntent(url: url), "\(url)")
            }
        }
        let kept = box.keptURLTexts
        #expect(kept.parts.count == ScenarioCache.urlLimit && kept.intents.count == ScenarioCache.urlLimit)
    }

    /// Copies of a scenario share its box across threads (replay's jobs, the TUI's matrix): many threads asking
    /// at once get the split of each URL, and the box keeps each URL once, never past its limit.
    @Test func threadsAskingAtOnceGetTheSameAnswersAndKeepEachURLOnce() {
        let box = ScenarioCache()
        let urls = (0..<(ScenarioCache.urlLimit + 36)).map { "https://shop.example.com/p/\($0)" }
        let wrong = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var random = SeededRandom(seed: UInt64(thread + 1))
            for _ in 0..<400 {
                let url = random.pick(urls)
                if box.parts(of: url) != URLParts(url) || box.linkIntent(url) != ViewIntent(url: url) {
                    wrong.withLock { $0 += 1 }
                }
            }
        }
        #expect(wrong.withLock { $0 } == 0)
        let kept = box.keptURLTexts
        #expect(kept.parts.count <= ScenarioCache.urlLimit && kept.intents.count <= ScenarioCache.urlLimit)
        #expect(Set(kept.parts).count == kept.parts.count)
        #expect(Set(kept.intents).count == kept.intents.count)
    }

    @Test func equalTextInAnotherStringIsTheSameURL() {
        let box = ScenarioCache()
        let url = "https://shop.example.com/product/42?utm=1"
        let first = box.parts(of: url)
        let rebuilt = ["https://shop.example.com", "/product/42?utm=1"].joined()
        #expect(box.parts(of: rebuilt) == first)
        #expect(first?.path == "/product/42" && first?.query == "utm=1")
    }
}

extension Result {
    fileprivate var failureValue: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}

/// A scenario's `ScenarioCache` keeps the provider-hosted files the engine writes (Android's assetlinks.json at
/// the start, iOS's AASA on a provider tap); these tests change the scenario after a simulation filled it and
/// check that the next simulation is the one a freshly read scenario with the same change gives.
@Suite struct ScenarioCacheTests {
    /// An Android 14 app that auto-verifies a OneLink domain the scenario's web does not serve: the provider
    /// hosts its assetlinks.json, so the app is verified and the link opens it.
    static let android = """
        linksim: 1
        name: provider-hosted assetlinks.json
        clock: 2026-03-02T10:00:00Z
        device: {platform: android, os: "14", default_browser: chrome}
        apps:
          - id: com.example.shop
            name: Shop
            state: background
            signing_sha256: ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]
            activities:
              - name: .MainActivity
                exported: true
                intent_filters:
                  - auto_verify: true
                    actions: [VIEW]
                    categories: [DEFAULT, BROWSABLE]
                    data: [{scheme: https, host: acme.onelink.me}]
            sdk: {provider: appsflyer}
        providers:
          appsflyer: {domain: acme.onelink.me, template: H5hv, app: com.example.shop}
        actions:
          - tap: https://acme.onelink.me/H5hv?pid=Email&deep_link_value=apples
            from: chrome
        """

    /// The same on iOS: the provider serves the AASA file for its domain when the tap reaches it.
    static let ios = """
        linksim: 1
        name: provider-hosted AASA
        clock: 2026-03-02T10:00:00Z
        device: {platform: ios, os: "17.4"}
        apps:
          - id: com.example.shop
            name: Shop
            state: background
            team_id: ABCDE12345
            associated_domains: ["applinks:acme.onelink.me"]
            sdk: {provider: appsflyer}
        providers:
          appsflyer: {domain: acme.onelink.me, template: H5hv, app: com.example.shop}
        actions:
          - tap: https://acme.onelink.me/H5hv?pid=Email&deep_link_value=apples
            from: notes
        """

    /// Each change, made to a scenario whose cache a simulation filled, and to a freshly read one.
    static let changes: [(name: String, change: @Sendable (inout Scenario) -> Void)] = [
        ("no provider", { $0.providers = Providers() }),
        ("the web serves the host", { $0.web.hosts["acme.onelink.me"] = WebHost(host: "acme.onelink.me") }),
        ("no signing key", { $0.apps[0].signingSHA256 = [] }),
        ("another key", { $0.apps[0].signingSHA256 = ["AA:BB"] }),
        ("no team ID", { $0.apps[0].teamID = nil }),
        ("another team", { $0.apps[0].teamID = "ZZZZZ99999" }),
        ("no claim", { $0.apps[0].associatedDomains = [] }),
        ("no activities", { $0.apps[0].activities = [] }),
        ("another app id", { $0.apps[0].id = "com.example.other" }),
        ("Android 11", { $0.device.os = OSVersion(androidAPI: 30) }),
        ("iOS 13", { $0.device.os = OSVersion(ios: 13) }),
        ("a later clock", { $0.clock = $0.clock + .days(400) }),
    ]

    @Test(arguments: [android, ios])
    func aScenarioChangedAfterASimulationSimulatesAsAFreshOne(text: String) throws {
        var warmed = try loadScenario(text)
        let first = Simulator.run(warmed).results
        #expect(Simulator.run(warmed).results == first, "a second simulation of the same scenario")
        var differs = 0
        for (name, change) in Self.changes {
            var fresh = try loadScenario(text)
            change(&fresh)
            let expected = Simulator.run(fresh).results
            var changed = warmed
            change(&changed)
            #expect(Simulator.run(changed).results == expected, "\(name)")
            // The change is made once more on the same scenario, whose cache the line above filled.
            change(&warmed)
            #expect(Simulator.run(warmed).results == expected, "\(name), on the scenario itself")
            warmed = try loadScenario(text)
            _ = Simulator.run(warmed)
            if expected != first { differs += 1 }
        }
        // The changes matter: a stale reading would show.
        #expect(differs >= 4)
    }

    @Test func everyLibraryScenarioSimulatesAlikeWithItsReadingsMadeAndKept() throws {
        var compared = 0
        var hosted = 0
        for path in YAMLFrontEndTests.library {
            guard let scenario = try? ScenarioLoader.load(path: path), let again = try? ScenarioLoader.load(path: path) else { continue }
            let name = URL(fileURLWithPath: path).lastPathComponent
            // The first simulation makes the readings; the second reads them; a freshly read scenario makes its own.
            let first = Simulator.run(scenario)
            #expect(Simulator.run(scenario).results == first.results, "\(name): the readings kept")
            #expect(Simulator.run(again, detail: .verdicts).results.map(\.landing) == first.results.map(\.landing), "\(name)")
            #expect(Simulator.run(again).results == first.results, "\(name): a fresh scenario after a simulation without text")
            if first.results.contains(where: { $0.trace.contains { $0.summary.contains("serves the") && $0.summary.contains("file for") } }) {
                hosted += 1
            }
            compared += 1
        }
        #expect(compared > 200, "the library was found and loaded (\(compared) scenarios)")
        // Provider-hosted files appear in the library, on both platforms (so the readings are exercised).
        #expect(hosted >= 10, "\(hosted) scenarios with a provider-hosted file")
    }

    @Test func aCopyChangedLaterDoesNotChangeTheOriginalsReadings() throws {
        let original = try loadScenario(Self.android)
        let before = Simulator.run(original).results
        var copy = original
        copy.apps[0].signingSHA256 = []
        _ = Simulator.run(copy)
        copy.providers = Providers()
        _ = Simulator.run(copy)
        #expect(Simulator.run(original).results == before)
        #expect(Simulator.run(copy).results != before)
    }

    @Test func aCopyChangedBeforeAnySimulationHasReadingsOfItsOwn() throws {
        // Both start with the same empty box; the copy's change must not leave it shared.
        // (A web that serves the host itself: no provider-hosted file, so no verified app.)
        let original = try loadScenario(Self.android)
        var copy = original
        copy.web.hosts["acme.onelink.me"] = WebHost(host: "acme.onelink.me")
        let before = Simulator.run(original).results
        var fresh = try loadScenario(Self.android)
        fresh.web.hosts["acme.onelink.me"] = WebHost(host: "acme.onelink.me")
        #expect(Simulator.run(copy).results == Simulator.run(fresh).results)
        #expect(Simulator.run(copy).results != before)
    }

    @Test func theProvidersAASAIsTheOneItsAppsGive() {
        var shop = App(id: "com.example.shop", name: "Shop")
        shop.teamID = "ABCDE12345"
        shop.associatedDomains = ["applinks:acme.onelink.me"]
        var other = shop
        other.teamID = "ZZZZZ99999"
        var unclaimed = shop
        unclaimed.associatedDomains = []
        let cache = ScenarioCache()
        for apps in [[shop], [other], [shop], [shop, other], [unclaimed], [], [shop]] {
            let made = ProviderHosting.aasaHost("acme.onelink.me", apps: apps)
            #expect(cache.providerAASAHost("acme.onelink.me", apps: apps) == made)
            #expect(cache.providerAASAHost("acme.onelink.me", apps: apps).aasa?.body == made.aasa?.body)
        }
        #expect(cache.providerAASAHost("other.onelink.me", apps: [shop]).host == "other.onelink.me")
    }

    @Test func aDecodedScenarioStartsWithAnEmptyReadingOfItsOwn() throws {
        let a = try loadScenario(Self.android)
        let b = try loadScenario(Self.android)
        #expect(a.cache !== b.cache)
        var c = a
        c.name = "renamed"
        #expect(c.cache === a.cache, "a field the readings do not depend on keeps them")
        c.apps[0].name = "Renamed"
        #expect(c.cache !== a.cache)
        #expect(a == b)
    }
}
