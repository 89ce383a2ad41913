import Testing

@testable import LinkSimCore

/// The time windows at their edges: exactly on the window is inside, one second past is outside.
@Suite struct DeferredWindowTests {
    typealias F = DeferredFixture

    @Test func udlWindowIsFifteenMinutes() throws {
        let edge = try simulate(F.deferred(wait: "15m"))[3]
        #expect(edge.extra["deep_link_status"] == "FOUND" && edge.landing?.callback == "didResolveDeepLink")
        let past = try simulate(F.deferred(wait: "15m1s"))[3]
        #expect(past.extra["deep_link_status"] == "NOT_FOUND")
        #expect(past.extra["af_status"] == "Non-organic")  // conversion data still attributes it
        #expect(past.landing?.callback == "onConversionDataSuccess")  // eDDL routes
    }

    @Test func probabilisticLookbackIsTwentyFourHours() throws {
        let edge = try simulate(F.deferred(wait: "24h"))[3]
        #expect(edge.extra["af_status"] == "Non-organic" && edge.landing?.screen == "ApplesScreen")
        let past = try simulate(F.deferred(wait: "24h1s"))[3]
        #expect(past.extra["af_status"] == "Organic" && past.landing?.screen == "HomeScreen")
    }

    @Test func probabilisticIgnoresTheLinkLookback() throws {
        let r = try simulate(F.deferred(url: F.link + "&af_click_lookback=20d", wait: "2d"))[3]
        #expect(r.extra["af_status"] == "Organic")
    }

    @Test func referrerLookbackIsSevenDays() throws {
        let edge = try simulate(F.deferred(platform: "android", os: "14", device: "", wait: "7d"))[3]
        #expect(edge.extra["af_status"] == "Non-organic" && edge.landing?.screen == "ApplesScreen")
        let past = try simulate(F.deferred(platform: "android", os: "14", device: "", wait: "7d1s"))[3]
        #expect(past.extra["af_status"] == "Organic" && past.landing?.screen == "HomeScreen")
    }

    @Test func appLevelClickLookbackChangesTheDefault() throws {
        let r = try simulate(F.deferred(platform: "android", os: "14", device: "", sdk: "{provider: appsflyer, click_lookback: 1d}", wait: "1d1s"))[3]
        #expect(r.extra["af_status"] == "Organic")
    }

    @Test func idMatchingLookbackIsSevenDays() throws {
        let edge = try simulate(F.deferred(device: "att: authorized", tapExtra: "\n    ad_click: true", wait: "7d"))[3]
        #expect(edge.extra["af_status"] == "Non-organic" && edge.extra["match_type"] == "id_matching")
        let past = try simulate(F.deferred(device: "att: authorized", tapExtra: "\n    ad_click: true", wait: "7d1s"))[3]
        #expect(past.extra["af_status"] == "Organic")
    }

    @Test func branchMatchDurationIsTwoHours() throws {
        let providers = "branch: {domain: acme.app.link, app: com.example.shop, links: {/summer: {data: {product_id: \"42\"}}}}"
        let edge = try simulate(F.deferred(device: "", sdk: "{provider: branch}", providers: providers, url: "https://acme.app.link/summer", wait: "2h"))[3]
        #expect(edge.landing?.screen == "ProductDetail")
        let past = try simulate(F.deferred(device: "", sdk: "{provider: branch}", providers: providers, url: "https://acme.app.link/summer", wait: "2h1s"))[3]
        #expect(past.landing?.screen == "HomeScreen")
        let configured = try simulate(
            F.deferred(
                device: "", sdk: "{provider: branch, match_duration: 3h}", providers: providers,
                url: "https://acme.app.link/summer", wait: "2h1s"))[3]
        #expect(configured.landing?.screen == "ProductDetail")
    }

    @Test func adjustProbabilisticWindowIsSixHours() throws {
        let providers = "adjust: {domain: brand.go.link, app: com.example.shop}"
        let edge = try simulate(F.deferred(sdk: "{provider: adjust}", providers: providers, url: "https://brand.go.link/apples", wait: "6h"))[3]
        #expect(edge.landing?.screen == "ApplesScreen")
        let past = try simulate(F.deferred(sdk: "{provider: adjust}", providers: providers, url: "https://brand.go.link/apples", wait: "6h1s"))[3]
        #expect(past.landing?.screen == "HomeScreen")
    }

    @Test func reattributionWindowIsNinetyDays() throws {
        func reinstall(after gap: String) throws -> ActionResult {
            let text = F.scenario(
                state: "terminated",
                actions: """
                      - uninstall: com.example.shop
                      - wait: \(gap)
                      - tap: "\(F.link)"
                        from: safari
                      - install: com.example.shop
                      - launch: com.example.shop
                    """)
            return try #require(try simulate(text).last)
        }
        let inside = try reinstall(after: "90d")
        #expect(inside.extra["af_status"] == "Organic" && inside.rules.contains(Rule.deferredAfReinstall.id))
        #expect(inside.assumptions.contains { $0.hasPrefix("assumption A4") })
        #expect(inside.extra["deep_link_status"] == "FOUND")  // A4: UDL evaluated like a first launch
        let switched = try #require(
            try simulate(
                F.scenario(
                    state: "terminated", sdk: "{provider: appsflyer, udl_on_reinstall: false}",
                    actions: """
                          - uninstall: com.example.shop
                          - tap: "\(F.link)"
                            from: safari
                          - install: com.example.shop
                          - launch: com.example.shop
                        """)
            ).last)
        #expect(switched.extra["deep_link_status"] == "NOT_FOUND" && switched.landing?.screen == "HomeScreen")
        #expect(switched.assumptions.contains { $0.hasPrefix("assumption A4") && $0.contains("udl_on_reinstall") })
        let outside = try reinstall(after: "90d1s")
        #expect(outside.extra["af_status"] == "Non-organic")
    }

    @Test func shortLinkExpiry() throws {
        let providers = """
            appsflyer:
                domain: acme.onelink.me
                app: com.example.shop
                short_links:
                  apples: {params: {deep_link_value: apples}, expires: 2026-03-02T10:05:00Z}
            """
        func tap(after wait: String) throws -> ActionResult {
            let text = F.scenario(
                state: "background", providers: providers,
                actions: """
                      - wait: \(wait)
                      - tap: https://acme.onelink.me/H5hv/apples
                        from: notes
                    """)
            return try #require(try simulate(text).last)
        }
        #expect(try tap(after: "5m").landing?.screen == "ApplesScreen")
        let expired = try tap(after: "5m1s")
        #expect(expired.landing?.screen == "HomeScreen" && expired.assumptions.contains { $0.hasPrefix("assumption A1") })
    }
}
