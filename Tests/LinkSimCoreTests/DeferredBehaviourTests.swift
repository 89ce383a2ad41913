import Testing

@testable import LinkSimCore

/// Behaviour around the vectors: where the relay applies, later launches, direct opens, reinstalls.
@Suite struct DeferredBehaviourTests {
    typealias F = DeferredFixture

    @Test func aMessagesTapLoadsInSafariAndIsRelayed() throws {
        let r = try simulate(F.deferred(device: "att: denied, private_relay: true", from: "messages"))[3]
        #expect(r.rules.contains(Rule.deferredMatchPrivateRelay.id) && r.landing?.screen == "HomeScreen")
    }

    @Test func inAppBrowsersAreNotRelayed() throws {
        let r = try simulate(
            F.deferred(
                device: "att: denied, private_relay: true", from: "in_app_browser",
                tapExtra: "\n    browser_app: instagram"))[3]
        #expect(r.landing?.screen == "ApplesScreen" && r.extra["match_type"] == "probabilistic")
        #expect(r.assumptions.contains { $0.hasPrefix("assumption A5") })
    }

    @Test func privateRelayNeedsIOS15() throws {
        let r = try simulate(F.deferred(os: "14.8", device: "att: denied, private_relay: true"))[3]
        #expect(r.landing?.screen == "ApplesScreen")
    }

    @Test func idfaIsReadableBeforeIOS14_5() throws {
        let r = try simulate(F.deferred(os: "14.4", device: "att: denied", tapExtra: "\n    ad_click: true", wait: "3d"))[3]
        #expect(r.extra["match_type"] == "id_matching" && r.extra["af_status"] == "Non-organic")
    }

    @Test func warmRelaunchReFiresConversionDataWithoutALookup() throws {
        let r = try simulate(F.deferred(after: "\n  - set: {apps.0.current_screen: Cart, apps.0.state: background}\n  - launch: com.example.shop"))
        let warm = try #require(r.last)
        #expect(warm.landing?.screen == "Cart" && warm.extra["is_first_launch"] == "false")
        #expect(warm.rules.contains(Rule.deferredAfLaterLaunch.id) && !warm.rules.contains(Rule.deferredMatchProbabilistic.id))
    }

    @Test func appsRoutingOnEveryConversionCallbackReRoute() throws {
        let r = try simulate(
            F.deferred(
                sdk: "{provider: appsflyer, udl: false, check_is_first_launch: false}",
                after: "\n  - set: {apps.0.state: terminated}\n  - launch: com.example.shop"))
        #expect(r[3].landing?.screen == "ApplesScreen" && r[3].landing?.callback == "onConversionDataSuccess")
        let again = try #require(r.last)
        #expect(again.landing?.screen == "ApplesScreen" && again.rules.contains(Rule.deferredAfGcdEveryLaunch.id))
    }

    @Test func aLinkThatOpensANeverLaunchedAppIsDirectAndItsFirstLaunch() throws {
        let r = try simulate(
            F.scenario(
                state: "installed",
                actions: """
                      - tap: "\(F.link)"
                        from: notes
                      - set: {apps.0.state: terminated}
                      - launch: com.example.shop
                    """))
        #expect(r[0].landing?.via == .universalLink && r[0].extra["is_first_launch"] == "true" && r[0].extra["is_deferred"] == "false")
        #expect(r[0].extra["af_status"] == "Non-organic" && !r[0].assumptions.isEmpty)
        #expect(r[2].extra["is_first_launch"] == "false" && r[2].landing?.screen == "HomeScreen")
    }

    /// The provider link goes through the App Link rules: an app needs a filter for the domain (a
    /// verification state alone cannot route an intent no filter matches), and the state decides.
    @Test func androidProviderLinksFollowTheAppLinkRules() throws {
        func scenario(filter: Bool, state: String) -> String {
            """
            linksim: 1
            name: dv
            device: {platform: android, os: "14"}
            apps:
              - id: com.example.shop
                state: terminated
                domain_verification: {acme.onelink.me: \(state)}
                activities:
                  - name: .Main
                    exported: true
                    intent_filters: \(filter ? "[{auto_verify: true, actions: [VIEW], categories: [DEFAULT, BROWSABLE], data: [{scheme: https, host: acme.onelink.me}]}]" : "[]")
                routes: [{deep_link_value: apples, screen: Apples}]
                sdk: {provider: appsflyer}
            providers:
              appsflyer: {domain: acme.onelink.me, app: com.example.shop}
            tap: "https://acme.onelink.me/H5hv?deep_link_value=apples"
            """
        }
        let verified = try simulate(scenario(filter: true, state: "verified"))[0]
        #expect(verified.landing?.via == .appLink && verified.landing?.screen == "Apples")
        #expect(verified.trace.contains { $0.rule == Rule.androidApplinksState.id })
        let denied = try simulate(scenario(filter: true, state: "denied"))[0]
        #expect(denied.landing?.kind == .store)
        let noFilter = try simulate(scenario(filter: false, state: "verified"))[0]
        #expect(noFilter.landing?.kind == .store)
        #expect(noFilter.trace.contains { $0.summary.contains("No app's intent filter matches") })
    }

    @Test func wellKnownDomainsAreRecognisedWithoutConfiguration() {
        let none = Providers()
        #expect(ProviderLinks.recognise(host: "x.onelink.me", providers: none)?.provider == .appsflyer)
        #expect(ProviderLinks.recognise(host: "x.test-app.link", providers: none)?.provider == .branch)
        #expect(ProviderLinks.recognise(host: "bnc.lt", providers: none)?.provider == .branch)
        #expect(ProviderLinks.recognise(host: "app.adjust.com", providers: none)?.provider == .adjust)
        #expect(ProviderLinks.recognise(host: "brand.go.link", providers: none)?.provider == .adjust)
        #expect(ProviderLinks.recognise(host: "x.page.link", providers: none)?.provider == .firebase)
        #expect(ProviderLinks.recognise(host: "shop.example.com", providers: none) == nil)
        #expect(ProviderLinks.recognise(host: "onelink.me.evil.com", providers: none) == nil)
        var branded = Providers()
        branded.appsflyer = AppsFlyerConfig(domain: "go.shop.example.com")
        #expect(ProviderLinks.recognise(host: "go.shop.example.com", providers: branded)?.provider == .appsflyer)
    }

    @Test func aProviderLinkForNoAppStaysInTheBrowser() throws {
        let r = try simulate(
            """
            linksim: 1
            name: none
            device: {platform: ios, os: "17.2"}
            tap: https://other.onelink.me/abc?deep_link_value=x
            from: notes
            """)[0]
        #expect(r.landing?.kind == .browser && r.landing?.browser?.rawValue == "safari")
    }

    @Test func branchReinstallIsNotAFirstSession() throws {
        let text = F.scenario(
            state: "terminated", sdk: "{provider: branch}",
            providers: "branch: {domain: acme.app.link, app: com.example.shop, links: {/summer: {data: {product_id: \"42\"}}}}",
            actions: """
                  - uninstall: com.example.shop
                  - tap: https://acme.app.link/summer
                    from: safari
                  - install: com.example.shop
                  - launch: com.example.shop
                """)
        let l = try #require(try simulate(text).last?.landing)
        #expect(l.screen == "ProductDetail" && l.params?["+is_first_session"] == "false")
    }

    @Test func adjustCanLeaveTheDeepLinkToTheApp() throws {
        let r = try simulate(
            F.deferred(
                sdk: "{provider: adjust, launch_deferred_deeplink: false}",
                providers: "adjust: {domain: brand.go.link, app: com.example.shop}",
                url: "https://brand.go.link/apples"))[3]
        #expect(r.landing?.screen == "HomeScreen" && r.landing?.callback == "adjustDeferredDeeplinkReceived")
    }

    @Test func simulationIsDeterministic() throws {
        let text = F.deferred(
            device: "att: denied, private_relay: true", sdk: DeferredVectorTests.recipe.sdk,
            providers: DeferredVectorTests.recipe.providers, after: "\n  - answer: allow_paste")
        #expect(try simulate(text) == (try simulate(text)))
    }
}

@Suite struct DeferredNotModelledTests {
    @Test func offlineBranchFirstOpenSaysItIsNotModelled() throws {
        let r = try simulate(
            DeferredFixture.deferred(
                device: "", sdk: "{provider: branch}",
                providers: "branch: {domain: acme.app.link, app: com.example.shop}",
                url: "https://acme.app.link/summer", beforeLaunch: "\n  - set: {device.online: false}"))
        let launch = try #require(r.last)
        #expect(launch.rules.contains(Rule.linksimNotModelled.id))
        #expect(launch.assumptions.contains { $0.contains("Branch") })
    }
}
