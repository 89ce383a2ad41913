import Testing

@testable import LinkSimCore

/// AppsFlyer integration details (issue #18 item 7).
@Suite struct AppsFlyerDetailTests {
    typealias F = DeferredFixture

    /// A direct open of `url` on an installed, running app with these SDK options.
    static func direct(sdk: String, url: String = F.link, device: String = "att: denied", platform: String = "ios") throws -> ActionResult {
        try simulate(
            F.scenario(
                platform: platform, device: device, state: "background", sdk: sdk,
                actions: "  - tap: \"\(url)\"\n    from: messages\n"))[0]
    }

    @Test func udlNeedsSDK61() throws {
        let old = try Self.direct(sdk: "{provider: appsflyer, version: \"6.0.5\"}")
        #expect(old.extra["sdk_callback"] == "onAppOpenAttribution" && old.rules.contains(Rule.deferredAfUdlNeedsSdk61.id))
        #expect(old.landing?.screen == "ApplesScreen")
        let current = try Self.direct(sdk: "{provider: appsflyer, version: \"6.1\"}")
        #expect(current.extra["sdk_callback"] == "didResolveDeepLink" && !current.rules.contains(Rule.deferredAfUdlNeedsSdk61.id))
        let later = try Self.direct(sdk: "{provider: appsflyer, version: \"6.12.3\"}")
        #expect(later.extra["sdk_callback"] == "didResolveDeepLink")
    }

    @Test func versionComparison() {
        func available(_ v: String) -> Bool {
            var sdk = SDKConfig()
            sdk.provider = .appsflyer
            sdk.options["version"] = .string(v)
            return AppsFlyerOptions(sdk).udlAvailable
        }
        #expect(!available("6.0.5") && !available("5.4") && !available("6"))
        #expect(available("6.1") && available("6.1.0") && available("6.10") && available("7.0"))
        #expect(available("not a version"))  // unreadable: treated as current, not guessed older
    }

    @Test func anSDKNeverStartedRoutesNothing() throws {
        let r = try Self.direct(sdk: "{provider: appsflyer, started: false}")
        #expect(r.landing?.screen == "HomeScreen" && r.rules.contains(Rule.deferredAfSdkNotStarted.id))
        let first = try simulate(F.deferred(sdk: "{provider: appsflyer, started: false}"))[3]
        #expect(first.landing?.screen == "HomeScreen" && first.extra["deep_link_status"] == nil)
    }

    @Test func aLinkNotForwardedIsNotResolved() throws {
        let r = try Self.direct(sdk: "{provider: appsflyer, forwards_links: false}")
        #expect(r.landing?.screen == "HomeScreen" && r.landing?.delivered == true)
        #expect(r.rules.contains(Rule.deferredAfLinkNotForwarded.id) && r.extra["sdk_callback"] == "none")
    }

    @Test func aShortLinkOfflineFails() throws {
        let udl = try Self.direct(sdk: "{provider: appsflyer}", url: "https://acme.onelink.me/H5hv/apples", device: "online: false")
        #expect(udl.extra["deep_link_status"] == "FAILURE" && udl.landing?.screen == "HomeScreen")
        let legacy = try Self.direct(sdk: "{provider: appsflyer, udl: false}", url: "https://acme.onelink.me/H5hv/apples", device: "online: false")
        #expect(legacy.extra["sdk_callback"] == "onAppOpenAttributionFailure")
        // A long link needs no resolver.
        let long = try Self.direct(sdk: "{provider: appsflyer}", device: "online: false")
        #expect(long.landing?.screen == "ApplesScreen" && !long.rules.contains(Rule.deferredAfDirectFailure.id))
    }

    @Test func conversionDataDropsNameAndMarksIscache() throws {
        let results = try simulate(
            F.deferred(
                sdk: "{provider: appsflyer, udl: false}", url: F.link + "&name=Ann&color=red",
                after: "\n  - set: {apps.0.state: terminated}\n  - launch: com.example.shop"))
        let first = results[3]
        #expect(first.landing?.params?["name"] == nil && first.landing?.params?["color"] == "red")
        #expect(first.landing?.params?["iscache"] == "false" && first.rules.contains(Rule.deferredAfGcdNoName.id))
    }

    @Test func doubleRoutingOnlyWithoutTheProcessedFlag() throws {
        let guarded = try simulate(F.deferred(sdk: "{provider: appsflyer}"))[3]
        #expect(guarded.extra["routed_twice"] == nil && !guarded.rules.contains(Rule.deferredAfDoubleRouting.id))
        let twice = try simulate(F.deferred(sdk: "{provider: appsflyer, routes_once: false}"))[3]
        #expect(twice.extra["routed_twice"] == "true" && twice.rules.contains(Rule.deferredAfDoubleRouting.id))
        // Without eDDL, conversion data does not route, so there is nothing to route twice.
        let noEDDL = try simulate(F.deferred(sdk: "{provider: appsflyer, routes_once: false, eddl: false}"))[3]
        #expect(noEDDL.extra["routed_twice"] == nil)
    }

    @Test func webAfDpIsWarnedAbout() throws {
        let r = try Self.direct(sdk: "{provider: appsflyer}", url: F.link + "&af_dp=https%3A%2F%2Fshop.example.com%2F")
        #expect(r.rules.contains(Rule.deferredAfDpWebUrl.id))
        let scheme = try Self.direct(sdk: "{provider: appsflyer}", url: F.link + "&af_dp=acme%3A%2F%2Fapples")
        #expect(!scheme.rules.contains(Rule.deferredAfDpWebUrl.id))
    }

    @Test func debugModeLogsAndNotesTheTestDevice() throws {
        let r = try Self.direct(sdk: "{provider: appsflyer, debug: true}", url: "https://acme.onelink.me/H5hv/apples")
        #expect(r.trace.contains { $0.summary.contains("Shortlink found. Executing: https://onelink.appsflyer.com/shortlink-sdk/v2/H5hv?id=apples") })
        #expect(r.assumptions.contains { $0.contains("registered") })
        let registered = try Self.direct(sdk: "{provider: appsflyer, debug: true, test_device: true}")
        #expect(!registered.assumptions.contains { $0.contains("registered") })
    }

    @Test func unknownSDKOptionIsAnError() {
        let d = diagnostics(F.deferred(sdk: "{provider: appsflyer, start: false}"))
        #expect(d.first?.contains("did you mean `started`") == true)
    }
}
