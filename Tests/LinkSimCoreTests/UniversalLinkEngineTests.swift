import Testing

@testable import LinkSimCore

/// Universal links through the engine: hosting, caching, entitlements and tap situations.
@Suite struct UniversalLinkEngineTests {
    static let aasa = #"{"applinks": {"details": [{"appIDs": ["T1.com.shop"], "components": [{"/": "/account/*", "exclude": true}, {"/": "/p/*"}]}]}}"#
    static let oldAASA = #"{"applinks": {"details": [{"appIDs": ["T1.com.shop"], "components": [{"/": "/cart"}]}]}}"#

    static func scenario(
        os: String = "17.4", state: String = "background", entitlement: String = "applinks:s.example",
        web: String? = nil, extraDevice: String = "", extraApp: String = "", extraTop: String = "",
        actions: String
    ) -> String {
        """
        linksim: 1
        name: t
        device: {platform: ios, os: "\(os)"\(extraDevice)}
        \(extraTop)
        apps:
          - {id: com.shop, name: Shop, team_id: T1, state: \(state), associated_domains: ["\(entitlement)"],
             routes: [{path: "/p/{id}", screen: P}]\(extraApp)}
        web:
        \(web ?? "  s.example: {aasa: {file: aasa.json}}")
        actions:
        \(actions)
        """
    }

    static let legacyAASA = #"{"applinks": {"apps": [], "details": [{"appID": "T1.com.shop", "paths": ["/p/*"]}]}}"#
    static let files = ["dir/aasa.json": aasa, "dir/old.json": oldAASA, "dir/legacy.json": legacyAASA]

    func run(_ text: String) throws -> [ActionResult] { try simulate(text, files: Self.files) }

    @Test func baselineOpensTheApp() throws {
        let r = try run(Self.scenario(actions: "  - tap: https://s.example/p/9\n    from: notes"))
        #expect(r[0].landing?.kind == .app)
        #expect(r[0].landing?.via == .universalLink)
        #expect(r[0].landing?.params == ["id": "9"])
        #expect(r[0].rules.contains(Rule.iosUlSystemApps.id))
        #expect(r[0].rules.contains(Rule.iosEntitlementAppId.id))
    }

    @Test(arguments: [
        ("from: safari_address_bar", Rule.iosUlAddressBar.id, "safari"),
        ("from: safari\n    page: https://s.example/home", Rule.iosUlSameDomain.id, "safari"),
        ("from: safari\n    gesture: script", Rule.iosUlScriptNavigation.id, "safari"),
        ("from: in_app_browser\n    browser_app: instagram", Rule.iosUlInAppBrowser.id, "in_app"),
        ("from: webview", Rule.iosUlProgrammaticLoad.id, "webview"),
        ("from: sfsafariviewcontroller", Rule.iosUlProgrammaticLoad.id, "sfsafariviewcontroller"),
        ("from: other_app\n    caller: com.shop", Rule.iosUlOwnApp.id, "safari"),
    ])
    func situationsThatKeepTheBrowser(tap: String, rule: RuleID, browser: String) throws {
        let r = try run(Self.scenario(actions: "  - tap: https://s.example/p/9\n    \(tap)"))
        #expect(r[0].landing?.kind == .browser)
        #expect(r[0].landing?.browser?.rawValue == browser)
        #expect(r[0].rules.contains(rule))
    }

    @Test(arguments: [
        ("from: safari\n    page: https://other.example/x", Rule.iosUlSafariTap.id),
        ("from: webview\n    page: https://other.example/x", Rule.iosUlEmbeddedTap.id),
        ("from: other_app\n    caller: com.news", Rule.iosUlOtherAppOpen.id),
        ("from: chrome", Rule.iosUlThirdPartyBrowser.id),
        ("from: qr_code", Rule.iosUlSystemApps.id),
    ])
    func situationsThatOpenTheApp(tap: String, rule: RuleID) throws {
        let r = try run(Self.scenario(actions: "  - tap: https://s.example/p/9\n    \(tap)"))
        #expect(r[0].landing?.kind == .app)
        #expect(r[0].rules.contains(rule))
    }

    @Test func assumptionsSwitchBehaviour() throws {
        let inApp = try run(
            Self.scenario(
                extraTop: "assumptions: {in_app_browsers_open_app: true}",
                actions: "  - tap: https://s.example/p/9\n    from: in_app_browser"))
        #expect(inApp[0].landing?.kind == .app)
        let sfvc = try run(
            Self.scenario(
                extraTop: "assumptions: {sfsafariviewcontroller_taps_open_app: false}",
                actions: "  - tap: https://s.example/p/9\n    from: sfsafariviewcontroller\n    page: https://o.example/"))
        #expect(sfvc[0].landing?.kind == .browser)
        #expect(sfvc[0].trace.contains { $0.assumption != nil })
    }

    @Test func excludeAndNoMatch() throws {
        let r = try run(Self.scenario(actions: "  - tap: https://s.example/account/1\n  - tap: https://s.example/other"))
        #expect(r.map { $0.landing?.kind } == [.browser, .browser])
        #expect(r.allSatisfy { $0.rules.contains(Rule.iosUlNoRuleMatches.id) })
    }

    @Test(arguments: [
        ("  s.example: {aasa: {file: aasa.json, status: 404}}", Rule.iosAasaHostStatus.id, LandingKind.browser),
        ("  s.example: {aasa: {file: aasa.json, status: 500}}", Rule.iosAasaHostStatus.id, LandingKind.browser),
        ("  s.example: {aasa: {redirect: \"https://www.s.example/x\"}}", Rule.iosAasaHostNoRedirects.id, LandingKind.browser),
        ("  s.example: {aasa: {json: \"{oops\"}}", Rule.iosAasaHostInvalidJson.id, LandingKind.browser),
        ("  s.example: {aasa: {file: aasa.json, content_type: text/plain}}", Rule.iosAasaHostContentType.id, LandingKind.app),
        ("  s.example: {aasa_root: {file: aasa.json}}", Rule.iosAasaHostLocation.id, LandingKind.app),
        ("  other.example: {}", Rule.iosUlAssociationMissing.id, LandingKind.browser),
    ])
    func hosting(web: String, rule: RuleID, lands: LandingKind) throws {
        let r = try run(Self.scenario(web: web, actions: "  - tap: https://s.example/p/1"))
        #expect(r[0].landing?.kind == lands)
        #expect(r[0].rules.contains(rule))
    }

    @Test func cdnCopyUntil24HoursThenWeeklyRecheck() throws {
        let web = "  s.example: {aasa: {file: aasa.json}, cdn_aasa: {file: old.json}}"
        let tap = "  - tap: https://s.example/p/1"
        let r = try run(Self.scenario(web: web, actions: "\(tap)\n  - wait: 6d\n\(tap)\n  - wait: 1d\n\(tap)"))
        #expect(r.compactMap { $0.landing?.kind } == [.browser, .browser, .app])
        // iOS 13 ignores the CDN.
        let old = try run(Self.scenario(os: "13.7", web: web, actions: tap))
        #expect(old[0].landing?.kind == .app)
        #expect(old[0].rules.contains(Rule.iosAasaHostDirectFetch.id))
        // A reinstall after 24 hours gets the CDN's new copy.
        let reinstall = try run(Self.scenario(web: web, actions: "  - wait: 25h\n  - install: com.shop\n\(tap)"))
        #expect(reinstall[2].landing?.kind == .app)
    }

    @Test func entitlementVariants() throws {
        let wildcardApex = try run(
            Self.scenario(
                entitlement: "applinks:*.s.example", web: "  s.example: {aasa: {file: aasa.json}}",
                actions: "  - tap: https://m.s.example/p/1\n  - tap: https://s.example/p/1"))
        #expect(wildcardApex.map { $0.landing?.kind } == [.app, .browser])
        let port = try run(Self.scenario(entitlement: "applinks:s.example:443", actions: "  - tap: https://s.example/p/1"))
        #expect(port[0].landing?.kind == .browser)
        #expect(port[0].rules.contains(Rule.iosEntitlementNoPort.id))
        let dev = try run(Self.scenario(entitlement: "applinks:s.example?mode=developer", actions: "  - tap: https://s.example/p/1"))
        #expect(dev[0].landing?.kind == .browser)
        let devOK = try run(
            Self.scenario(
                entitlement: "applinks:s.example?mode=developer", extraDevice: ", developer_mode: true",
                extraApp: ", build: development", actions: "  - tap: https://s.example/p/1"))
        #expect(devOK[0].landing?.kind == .app)
    }

    @Test func redirectChainsByVersion() throws {
        let web = "  s.example: {aasa: {file: aasa.json}}\n  t.example: {redirects: {\"/c\": \"https://s.example/p/5\"}}"
        let modern = try run(Self.scenario(web: web, actions: "  - tap: https://t.example/c\n    from: mail"))
        #expect(modern[0].landing?.kind == .app)
        #expect(modern[0].landing?.params == ["id": "5"])
        let old = try run(Self.scenario(os: "11.4", web: web, actions: "  - tap: https://t.example/c\n    from: mail"))
        #expect(old[0].landing == Landing(kind: .browser, via: .web, browser: .safari, url: "https://s.example/p/5"))
        let legacy = "  s.example: {aasa: {file: legacy.json}}\n  t.example: {redirects: {\"/c\": \"https://s.example/p/5\"}}"
        let forced = try run(
            Self.scenario(
                os: "11.4", web: legacy, extraTop: "assumptions: {redirects_open_app: true}",
                actions: "  - tap: https://t.example/c\n    from: mail"))
        #expect(forced[0].landing?.kind == .app)
        let oldLegacy = try run(Self.scenario(os: "11.4", web: legacy, actions: "  - tap: https://t.example/c\n    from: mail"))
        #expect(oldLegacy[0].landing?.kind == .browser)
        #expect(oldLegacy[0].trace.contains { $0.rule == Rule.iosUlRedirectChainRadars.id && $0.assumption != nil })
        let refused = try run(
            Self.scenario(
                web: web, extraTop: "assumptions: {redirects_open_app: false}",
                actions: "  - tap: https://t.example/c\n    from: mail"))
        #expect(refused[0].landing?.kind == .browser)
        let webview = try run(Self.scenario(web: web, actions: "  - tap: https://t.example/c\n    from: webview\n    page: https://n.example/"))
        #expect(webview[0].landing?.kind == .browser)
    }

    @Test func missingTeamIDIsAnInputError() {
        let text = Self.scenario(actions: "  - tap: https://s.example/p/1").replacingOccurrences(of: "team_id: T1, ", with: "")
        #expect(diagnostics(text, files: Self.files).first?.contains("has applinks: entries but no `team_id`") == true)
    }
}
