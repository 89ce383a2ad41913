import Testing

@testable import LinkSimCore

/// Every test vector of knowledge/deferred.md §11, through the engine (V17, a desktop browser, is not
/// testable: linksim models iOS and Android devices only).
@Suite struct DeferredVectorTests {
    typealias F = DeferredFixture

    @Test func v01DirectDeepLinkOnAnInstalledApp() throws {
        let r = try simulate(
            F.scenario(
                state: "terminated",
                actions: """
                      - tap: "\(F.link)"
                        from: messages
                    """))[0]
        let l = try #require(r.landing)
        #expect(l.kind == .app && l.screen == "ApplesScreen" && l.via == .universalLink)
        #expect(r.extra["sdk_callback"] == "didResolveDeepLink")
        #expect(r.extra["deep_link_status"] == "FOUND" && r.extra["is_deferred"] == "false")
        #expect(r.extra["is_first_launch"] == "false")
        #expect(l.params?["deep_link_value"] == "apples" && l.params?["deep_link_sub1"] == "23")
        for key in ["link", "path", "host", "scheme"] { #expect(l.params?[key] != nil, "\(key)") }
        #expect(!r.rules.contains(Rule.deferredAfLegacyDirect.id))
        #expect(r.rules.contains(Rule.deferredAfUdlDirect.id))
    }

    @Test func v02FastDeferredOnIOS() throws {
        let r = try simulate(F.deferred())
        #expect(r[0].landing?.kind == .store && r[0].landing?.app == "com.example.shop")
        let l = try #require(r[3].landing)
        #expect(l.screen == "ApplesScreen" && l.via == .deferred && l.callback == "didResolveDeepLink")
        #expect(l.params == ["deep_link_value": "apples", "deep_link_sub1": "23"])
        #expect(r[3].extra["match_type"] == "probabilistic" && r[3].extra["is_deferred"] == "true")
        #expect(r[3].extra["af_status"] == "Non-organic" && r[3].extra["is_first_launch"] == "true")
        #expect(r[3].assumptions.contains { $0.hasPrefix("assumption A7") })
    }

    @Test func v03SlowDeferredRoutesThroughEDDLOnly() throws {
        let with = try simulate(F.deferred(wait: "40m"))[3]
        #expect(with.extra["deep_link_status"] == "NOT_FOUND" && with.extra["af_status"] == "Non-organic")
        #expect(with.landing?.screen == "ApplesScreen" && with.landing?.callback == "onConversionDataSuccess")
        #expect(with.rules.contains(Rule.deferredAfEddlRoute.id))
        let without = try simulate(F.deferred(sdk: "{provider: appsflyer, eddl: false}", wait: "40m"))[3]
        #expect(without.landing?.screen == "HomeScreen")
    }

    @Test func v04BeyondEveryWindowIsOrganic() throws {
        let r = try simulate(F.deferred(wait: "30h"))[3]
        #expect(r.extra["deep_link_status"] == "NOT_FOUND" && r.extra["af_status"] == "Organic")
        #expect(r.landing?.screen == "HomeScreen")
    }

    @Test func v05PrivateRelayBreaksTheMatch() throws {
        let r = try simulate(F.deferred(device: "att: denied, private_relay: true"))[3]
        #expect(r.extra["deep_link_status"] == "NOT_FOUND" && r.extra["af_status"] == "Organic")
        #expect(r.landing?.screen == "HomeScreen")
        #expect(r.rules.contains(Rule.deferredMatchPrivateRelay.id))
    }

    static let recipe = (
        sdk: "{provider: appsflyer, clipboard_recipe: true}",
        providers: "appsflyer: {domain: acme.onelink.me, template: H5hv, app: com.example.shop, copy_to_clipboard: true}"
    )

    @Test func v06ClipboardRecipeWithAllowPaste() throws {
        let r = try simulate(
            F.deferred(
                device: "att: denied, private_relay: true", sdk: Self.recipe.sdk, providers: Self.recipe.providers,
                after: "\n  - answer: allow_paste"))
        #expect(r[3].landing?.kind == .prompt && r[3].rules.contains(Rule.deferredIosPasteAlert.id))
        let l = try #require(r[4].landing)
        #expect(l.screen == "ApplesScreen" && l.callback == "didResolveDeepLink")
        #expect(r[4].extra["is_deferred"] == "false" && r[4].extra["deep_link_status"] == "NOT_FOUND" && r[4].extra["af_status"] == "Organic")
        #expect(r[4].assumptions.contains { $0.hasPrefix("assumption A2") } && r[4].assumptions.contains { $0.hasPrefix("assumption A3") })
    }

    @Test func v07DontAllowPasteLosesTheLink() throws {
        let r = try simulate(
            F.deferred(
                device: "att: denied, private_relay: true", sdk: Self.recipe.sdk, providers: Self.recipe.providers,
                after: "\n  - answer: deny_paste"))[4]
        #expect(r.landing?.screen == "HomeScreen" && r.extra["af_status"] == "Organic")
        #expect(r.rules.contains(Rule.deferredIosPasteDenied.id))
    }

    @Test func v08IOS15ShowsABannerAndRoutes() throws {
        let r = try simulate(F.deferred(os: "15.7", device: "att: denied, private_relay: true", sdk: Self.recipe.sdk, providers: Self.recipe.providers))[3]
        #expect(r.landing?.screen == "ApplesScreen" && r.extra["paste_ui"] == "banner")
        #expect(r.rules.contains(Rule.deferredIosPasteBanner.id) && !r.rules.contains(Rule.deferredIosPasteAlert.id))
    }

    @Test func v09OtherTextOnThePasteboard() throws {
        let r = try simulate(
            F.deferred(
                device: "att: denied, private_relay: true", sdk: Self.recipe.sdk, providers: Self.recipe.providers,
                beforeLaunch: "\n  - set: {device.clipboard: \"hello\"}", after: "\n  - answer: allow_paste"))
        let answer = try #require(r.last)
        #expect(answer.landing?.screen == "HomeScreen" && answer.rules.contains(Rule.deferredPasteboardNoLink.id))
    }

    @Test func v10AndroidReferrerWithinFifteenMinutes() throws {
        let r = try simulate(F.deferred(platform: "android", os: "14", device: "", wait: "10m"))
        #expect(r[0].landing?.kind == .store && r[0].rules.contains(Rule.deferredClickPlayReferrer.id))
        let l = try #require(r[3].landing)
        #expect(l.screen == "ApplesScreen" && l.callback == "onDeepLinking" && l.params == ["deep_link_value": "apples", "deep_link_sub1": "23"])
        #expect(r[3].extra["match_type"] == "referrer" && r[3].extra["is_deferred"] == "true" && r[3].extra["af_status"] == "Non-organic")
    }

    @Test func v11AndroidThreeDaysRoutesThroughEDDL() throws {
        let r = try simulate(F.deferred(platform: "android", os: "14", device: "", wait: "3d"))[3]
        #expect(r.extra["deep_link_status"] == "NOT_FOUND" && r.extra["af_status"] == "Non-organic")
        #expect(r.landing?.screen == "ApplesScreen" && r.landing?.callback == "onConversionDataSuccess")
    }

    @Test func v12TenDaysIsOrganicUnlessTheLinkExtendsTheLookback() throws {
        let organic = try simulate(F.deferred(platform: "android", os: "14", device: "", wait: "10d"))[3]
        #expect(organic.extra["af_status"] == "Organic" && organic.landing?.screen == "HomeScreen")
        let extended = try simulate(F.deferred(platform: "android", os: "14", device: "", url: F.link + "&af_click_lookback=20d", wait: "10d"))[3]
        #expect(extended.extra["af_status"] == "Non-organic" && extended.landing?.screen == "ApplesScreen")
    }

    @Test func v13SideloadAndNetworkChange() throws {
        let r = try simulate(
            F.deferred(
                platform: "android", os: "14", device: "network: wifi",
                install: "{app: com.example.shop, source: sideload}",
                beforeLaunch: "\n  - set: {device.network: cellular}"))
        let launch = try #require(r.last)
        #expect(launch.extra["deep_link_status"] == "NOT_FOUND" && launch.extra["af_status"] == "Organic")
        #expect(launch.landing?.screen == "HomeScreen" && launch.rules.contains(Rule.deferredMatchNetworkChange.id))
    }

    @Test func v14SecondLaunchDoesNotReRoute() throws {
        let r = try simulate(F.deferred(after: "\n  - set: {apps.0.state: terminated}\n  - launch: com.example.shop"))
        let second = try #require(r.last)
        #expect(second.landing?.screen == "HomeScreen" && second.landing?.callback == "onConversionDataSuccess")
        #expect(second.extra["is_first_launch"] == "false" && second.extra["af_status"] == "Non-organic")
        #expect(second.extra["deep_link_status"] == nil)
        #expect(!second.rules.contains(Rule.deferredAfUdlDeferred.id))
    }

    static let pasted = "https://acme.onelink.me/H5hv?pid=Email&deep_link_value=apples&af_dp=acme%3A%2F%2Fapples"

    @Test func v15AddressBarGoesToTheStore() throws {
        let r = try simulate(
            F.scenario(
                state: "background",
                actions: """
                      - tap: "\(Self.pasted)"
                        from: safari_address_bar
                    """))[0]
        #expect(r.landing?.kind == .store && r.rules.contains(Rule.deferredClickAddressBar.id))
    }

    @Test func v16ForceDeeplinkUsesTheURIScheme() throws {
        let r = try simulate(
            F.scenario(
                state: "background",
                actions: """
                      - tap: "\(Self.pasted)&af_force_deeplink=true"
                        from: safari_address_bar
                      - answer: open
                    """))
        #expect(r[0].landing?.kind == .prompt && r[0].rules.contains(Rule.deferredAfUriFallback.id))
        #expect(r[1].landing?.screen == "ApplesScreen" && r[1].landing?.via == .customScheme)
        // The SDK reports the link through the scheme too: UDL FOUND, not deferred, with af_dp.
        #expect(r[1].landing?.extra[.deepLinkStatus] == "FOUND" && r[1].landing?.extra[.isDeferred] == "false")
        #expect(r[1].landing?.params?["af_dp"] != nil)
    }

    @Test func v18IDMatchingWithATTAuthorized() throws {
        let r = try simulate(F.deferred(device: "att: authorized, private_relay: true", tapExtra: "\n    ad_click: true", wait: "8m"))[3]
        #expect(r.extra["match_type"] == "id_matching" && r.extra["is_deferred"] == "true" && r.extra["af_status"] == "Non-organic")
        #expect(r.landing?.screen == "ApplesScreen")
    }

    @Test func v19ATTDeniedZerosTheIDFA() throws {
        let r = try simulate(F.deferred(device: "att: denied, private_relay: true", tapExtra: "\n    ad_click: true", wait: "8m"))[3]
        #expect(r.extra["deep_link_status"] == "NOT_FOUND" && r.extra["af_status"] == "Organic" && r.landing?.screen == "HomeScreen")
        #expect(r.rules.contains(Rule.deferredMatchId.id))
    }

    @Test func v20ATTWaitDelaysTheCallbacks() throws {
        let answered = try simulate(F.deferred(device: "att: denied, att_answer_after: 20s", sdk: "{provider: appsflyer, wait_for_att: 60s}"))[3]
        #expect(answered.extra["delivered_after"] == "20.5s" && answered.landing?.screen == "ApplesScreen")
        let never = try simulate(F.deferred(device: "att: not_determined", sdk: "{provider: appsflyer, wait_for_att: 60s}"))[3]
        #expect(never.extra["delivered_after"] == "60.5s" && never.landing?.screen == "ApplesScreen")
        let noWait = try simulate(F.deferred())[3]
        #expect(noWait.extra["delivered_after"] == "0.5s")
    }

    @Test func v21OfflineAtFirstOpen() throws {
        let ios = try simulate(F.deferred(beforeLaunch: "\n  - set: {device.online: false}"))
        #expect(ios.last?.extra["deep_link_status"] == "FAILURE" && ios.last?.landing?.screen == "HomeScreen")
        #expect(ios.last?.rules.filter { $0 == Rule.deferredAfOffline.id }.count == 2)  // UDL and onConversionDataFail
        let android = try simulate(F.deferred(platform: "android", os: "14", device: "", beforeLaunch: "\n  - set: {device.online: false}"))
        #expect(android.last?.extra["deep_link_status"] == "ERROR" && android.last?.landing?.callback == "onDeepLinking")
    }

    @Test func v22TimeoutFailsUDL() throws {
        let r = try simulate(
            F.deferred(
                sdk: "{provider: appsflyer, deep_link_timeout: 3s, eddl: false}",
                providers: "appsflyer: {domain: acme.onelink.me, app: com.example.shop, server_latency_ms: 4000}"))[3]
        #expect(r.extra["deep_link_status"] == "FAILURE" && r.landing?.screen == "HomeScreen" && r.rules.contains(Rule.deferredAfTimeout.id))
    }

    @Test func v23SRNRoutesThroughConversionData() throws {
        let r = try simulate(
            F.deferred(
                platform: "android", os: "14", device: "",
                url: "https://acme.onelink.me/H5hv?pid=Facebook%20Ads&fruit_name=apples",
                from: "in_app_browser", tapExtra: "\n    browser_app: facebook\n    srn: true"))[3]
        #expect(r.extra["deep_link_status"] == "FOUND" && r.extra["match_type"] == "srn" && r.extra["af_status"] == "Non-organic")
        #expect(r.landing?.screen == "ApplesScreen" && r.landing?.params?["fruit_name"] == "apples")
        #expect(r.landing?.callback == "onConversionDataSuccess")
    }

    static let branch = "branch: {domain: acme.app.link, app: com.example.shop, links: {/summer: {data: {product_id: \"42\"}}}}"

    @Test func v24BranchNativeLink() throws {
        let r = try simulate(
            F.deferred(
                device: "private_relay: true", sdk: "{provider: branch, check_pasteboard_on_install: true}",
                providers: "branch: {domain: acme.app.link, app: com.example.shop, copy_to_clipboard: true, links: {/summer: {data: {product_id: \"42\"}}}}",
                url: "https://acme.app.link/summer", after: "\n  - answer: allow_paste"))
        let l = try #require(r.last?.landing)
        #expect(l.screen == "ProductDetail" && l.callback == "initSession")
        #expect(l.params?["+clicked_branch_link"] == "true" && l.params?["+match_guaranteed"] == "true" && l.params?["+is_first_session"] == "true")
        #expect(r.last?.rules.contains(Rule.deferredBranchNativelink.id) == true)
    }

    @Test func v25BranchSnapshotIsNotGuaranteed() throws {
        let l = try #require(
            try simulate(
                F.deferred(
                    device: "", sdk: "{provider: branch}", providers: Self.branch,
                    url: "https://acme.app.link/summer", wait: "90m"))[3].landing)
        #expect(l.screen == "ProductDetail" && l.params?["+match_guaranteed"] == "false" && l.params?["+clicked_branch_link"] == "true")
        #expect(l.params?["+is_first_session"] == "true")
    }

    @Test func v26BranchMatchDuration() throws {
        let late = try simulate(
            F.deferred(
                device: "", sdk: "{provider: branch}", providers: Self.branch,
                url: "https://acme.app.link/summer", wait: "3h"))[3]
        #expect(late.landing?.screen == "HomeScreen" && late.landing?.params?["+clicked_branch_link"] == "false")
        let extended = try simulate(
            F.deferred(
                device: "", sdk: "{provider: branch}",
                providers: "branch: {domain: acme.app.link, app: com.example.shop, links: {/summer: {data: {product_id: \"42\", $match_duration: \"14400\"}}}}",
                url: "https://acme.app.link/summer", wait: "3h"))[3]
        #expect(extended.landing?.screen == "ProductDetail" && extended.landing?.params?["+match_guaranteed"] == "false")
    }

    @Test func v27BranchAndroidReferrer() throws {
        let l = try #require(
            try simulate(
                F.deferred(
                    platform: "android", os: "14", device: "", sdk: "{provider: branch}", providers: Self.branch,
                    url: "https://acme.app.link/summer"))[3].landing)
        #expect(l.params?["+clicked_branch_link"] == "true" && l.params?["+match_guaranteed"] == "true" && l.params?["+is_first_session"] == "true")
    }

    @Test func v28FirebaseIsDeadAfterTheShutdown() throws {
        for platform in ["ios", "android"] {
            for state in ["not_installed", "background"] {
                let r = try simulate(
                    F.scenario(
                        platform: platform, os: platform == "ios" ? "17.2" : "14", state: state,
                        providers: "firebase: {domain: acme.page.link, app: com.example.shop}",
                        clock: "2025-09-01T00:00:00Z", actions: "  - tap: https://acme.page.link/abc"))[0]
                #expect(r.landing?.kind == .error && r.rules.contains(Rule.deferredFirebaseShutdown.id), "\(platform) \(state)")
                #expect(r.assumptions.contains { $0.hasPrefix("assumption A6") })
            }
        }
        let before = try simulate(
            F.scenario(
                providers: "firebase: {domain: acme.page.link, app: com.example.shop}",
                clock: "2025-08-24T23:59:59Z", actions: "  - tap: https://acme.page.link/abc"))[0]
        #expect(before.landing?.kind != .error)
    }

    static let adjust = "adjust: {domain: brand.go.link, app: com.example.shop, copy_to_clipboard: true}"

    @Test func v29AdjustLinkMe() throws {
        let r = try simulate(
            F.deferred(
                sdk: "{provider: adjust, link_me: true}", providers: Self.adjust,
                url: "https://brand.go.link/apples?promo=beach", after: "\n  - answer: allow_paste"))
        let last = try #require(r.last)
        #expect(last.landing?.screen == "ApplesScreen" && last.landing?.callback == "adjustDeferredDeeplinkReceived")
        #expect(last.trace.contains { $0.summary.contains("adjustDeferredDeeplinkReceived(acme://apples?promo=beach)") })  // the app scheme of this fixture
    }

    @Test func v30AdjustProbabilisticWindow() throws {
        let r = try simulate(
            F.deferred(
                sdk: "{provider: adjust}", providers: "adjust: {domain: brand.go.link, app: com.example.shop}",
                url: "https://brand.go.link/apples?promo=beach", wait: "8h"))[3]
        #expect(r.landing?.screen == "HomeScreen" && r.rules.contains(Rule.deferredAdjustNoMatch.id))
        let inside = try simulate(
            F.deferred(
                sdk: "{provider: adjust}", providers: "adjust: {domain: brand.go.link, app: com.example.shop}",
                url: "https://brand.go.link/apples?promo=beach", wait: "6h"))[3]
        #expect(inside.landing?.screen == "ApplesScreen")
    }
}
