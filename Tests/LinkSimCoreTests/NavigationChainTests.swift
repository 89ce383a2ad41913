import Testing

@testable import LinkSimCore

/// One navigation pipeline: every browser and view walks redirect chains with the same code, a
/// provider link is recognised at any hop, and the hop's context (script, elapsed time, surface)
/// decides with the platform's rules.
@Suite struct NavigationChainTests {
    /// A chain of `hops` trackers (t0 → t1 → … → the OneLink), each hop a 302 or a script redirect.
    func chain(platform: String, hops: Int, after: String? = nil, from: String, installed: Bool = true) -> String {
        let app =
            platform == "ios"
            ? """
                team_id: ABCDE12345
                associated_domains: ["applinks:acme.onelink.me"]
            """
            : """
                activities:
                  - name: .Main
                    exported: true
                    intent_filters: [{auto_verify: true, actions: [VIEW], categories: [DEFAULT, BROWSABLE], data: [{scheme: https, host: acme.onelink.me}]}]
            """
        var web = "web:\n"
        for i in 0..<hops {
            let target = i == hops - 1 ? "https://acme.onelink.me/H5hv?deep_link_value=apples" : "https://t\(i + 1).example.net/c"
            let value = after.map { "{to: \"\(target)\", after: \($0)}" } ?? "\"\(target)\""
            web += "  t\(i).example.net:\n    redirects: {\"/c\": \(value)}\n"
        }
        return """
            linksim: 1
            name: chain
            clock: 2026-03-02T10:00:00Z
            device: {platform: \(platform), os: "\(platform == "ios" ? "17.4" : "14")"}
            apps:
              - id: com.example.shop
                state: \(installed ? "terminated" : "not_installed")
            \(app)
                routes: [{deep_link_value: apples, screen: Apples}]
                sdk: {provider: appsflyer}
            providers:
              appsflyer: {domain: acme.onelink.me, app: com.example.shop}
            \(web)
            tap: https://t0.example.net/c
            from: \(from)
            page: https://news.example.org/
            """
    }

    @Test(arguments: ["ios", "android"])
    func aProviderIsRecognisedAtTheLastHopTheBrowserFollows(platform: String) throws {
        let from = platform == "ios" ? "safari" : "chrome"
        let r = try simulate(chain(platform: platform, hops: WebNavigation.redirectLimit, from: from))[0]
        #expect(r.landing?.kind == .app && r.landing?.screen == "Apples")
        #expect(r.trace.filter { $0.rule == Rule.linksimRedirectHop.id }.count == WebNavigation.redirectLimit)
        #expect(r.trace.contains { $0.rule == Rule.deferredProviderLink.id })
    }

    @Test(arguments: ["ios", "android"])
    func oneHopTooManyIsTheBrowsersRedirectError(platform: String) throws {
        let from = platform == "ios" ? "safari" : "chrome"
        let r = try simulate(chain(platform: platform, hops: WebNavigation.redirectLimit + 1, from: from))[0]
        #expect(r.landing?.kind == .error)
        #expect(r.trace.last?.rule == Rule.webRedirectLimit.id)
        #expect(!r.trace.contains { $0.rule == Rule.deferredProviderLink.id })
    }

    @Test func iOSAScriptHopCostsTheGestureButTheClickCounts() throws {
        let r = try simulate(chain(platform: "ios", hops: 2, after: "1s", from: "safari"))[0]
        #expect(r.landing?.kind == .store)
        #expect(r.trace.contains { $0.rule == Rule.iosUlScriptNavigation.id })
        #expect(r.trace.contains { $0.summary.contains("records the click") })
    }

    /// Chrome's chain limit at the boundary: 15 s is still inside it, 16 s is not.
    @Test(arguments: [("5s", true), ("15s", true), ("16s", false)])
    func androidChainAgeAtTheProviderHop(after: String, opens: Bool) throws {
        // Two script hops: the age is their sum (10 s, 30 s, 32 s) — so use one hop for the boundary.
        let r = try simulate(chain(platform: "android", hops: 1, after: after, from: "chrome"))[0]
        #expect((r.landing?.kind == .app) == opens)
        if !opens { #expect(r.trace.contains { $0.rule == Rule.androidChromeChainTimeout.id }) }
    }

    @Test func androidScriptHopsAddUp() throws {
        let r = try simulate(chain(platform: "android", hops: 2, after: "8s", from: "chrome"))[0]
        #expect(r.landing?.kind == .store)
        #expect(r.trace.contains { $0.summary.contains("16s old") })
        // The provider sees the click when the chain reaches it, 16 s after the tap (its click-time windows count from then).
        #expect(r.trace.contains { $0.summary.contains("records the click at 2026-03-02T10:00:16Z") })
    }

    @Test(arguments: ["in_app_browser", "webview"])
    func androidViewsNeverHandTheProviderHopToAnApp(from: String) throws {
        let r = try simulate(chain(platform: "android", hops: 1, from: from))[0]
        #expect(r.landing?.kind == .store)
        #expect(r.trace.contains { $0.rule == Rule.androidWebviewNoIntents.id })
        #expect(r.trace.contains { $0.summary.contains("records the click") })
    }

    @Test func androidAChainTappedInMailRunsInTheBrowserAsAnIncomingIntent() throws {
        let r = try simulate(chain(platform: "android", hops: 1, from: "mail"))[0]
        #expect(r.landing?.kind == .app && r.landing?.screen == "Apples")
        #expect(r.trace.contains { $0.rule == Rule.androidChromeIncomingIntent.id })
        #expect(r.trace.contains { $0.rule == Rule.androidChromeFiresIntent.id })
    }

    @Test func androidNotInstalledGoesToPlayWithTheReferrer() throws {
        let r = try simulate(chain(platform: "android", hops: 1, from: "chrome", installed: false))[0]
        #expect(r.landing?.kind == .store)
        #expect(r.trace.contains { $0.rule == Rule.deferredClickPlayReferrer.id })
    }

    // MARK: Hops that are not web pages

    func schemeChain(platform: String, target: String, after: String?, from: String) -> String {
        let app =
            platform == "ios"
            ? "    url_schemes: [shop]"
            : "    activities: [{name: .Main, exported: true, intent_filters: [{actions: [VIEW], categories: [DEFAULT, BROWSABLE], data: [{scheme: shop}]}]}]"
        let value = after.map { "{to: \"\(target)\", after: \($0)}" } ?? "\"\(target)\""
        return """
            linksim: 1
            name: scheme hop
            device: {platform: \(platform), os: "\(platform == "ios" ? "17.4" : "14")"}
            apps:
              - id: com.example.shop
                name: Shop
                state: background
            \(app)
                routes: [{url: "shop://product/{id}", screen: Product}]
            web:
              t.example.net:
                redirects: {"/c": \(value)}
            tap: https://t.example.net/c
            from: \(from)
            page: https://news.example.org/
            """
    }

    @Test func iOSSafariAsksBeforeARedirectToACustomScheme() throws {
        let r = try simulate(schemeChain(platform: "ios", target: "shop://product/1", after: nil, from: "safari"))[0]
        #expect(r.landing?.kind == .prompt && r.landing?.app == "com.example.shop")
        #expect(r.trace.contains { $0.rule == Rule.iosSchemeSafariPrompt.id })
    }

    @Test func androidChromeFollowsAnImmediateRedirectToAScheme() throws {
        let r = try simulate(schemeChain(platform: "android", target: "shop://product/1", after: nil, from: "chrome"))[0]
        #expect(r.landing?.kind == .app && r.landing?.screen == "Product")
    }

    /// Script hops keep Chrome's chain (only its age counts): 10 s still launches, 16 s asks.
    @Test(arguments: [("10s", LandingKind.app), ("16s", LandingKind.prompt)])
    func androidChromeAsksWhenTheChainIsOld(after: String, kind: LandingKind) throws {
        let target = "intent://product/1#Intent;scheme=shop;package=com.example.shop;end"
        let r = try simulate(schemeChain(platform: "android", target: target, after: after, from: "chrome"))[0]
        #expect(r.landing?.kind == kind)
        #expect(r.trace.contains { $0.rule == Rule.androidChromeChainTimeout.id } == (kind == .prompt))
    }

    @Test func androidAChainFromMailRunsInChromeUpToTheScheme() throws {
        let r = try simulate(schemeChain(platform: "android", target: "shop://product/1", after: nil, from: "mail"))[0]
        #expect(r.landing?.kind == .app && r.landing?.screen == "Product")
        #expect(r.trace.contains { $0.rule == Rule.androidChromeIncomingIntent.id })
    }
}
