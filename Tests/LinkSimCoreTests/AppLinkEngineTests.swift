import Testing

@testable import LinkSimCore

/// Android App Links through the engine: verification, resolution, Chrome, Custom Tabs, WebViews, intent: URLs.
@Suite struct AppLinkEngineTests {
    static let fp = "AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99"
    static let otherFP = "11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11"

    static func assetlinks(_ package: String = "com.shop", fingerprint: String = fp) -> String {
        #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "\#(package)", "sha256_cert_fingerprints": ["\#(fingerprint)"]}}]"#
    }

    static func app(
        _ id: String = "com.shop", state: String = "background", host: String = "s.example", autoVerify: Bool = true,
        extra: String = "", mode: String = "standard"
    ) -> String {
        """
          - id: \(id)
            name: \(id)
            state: \(state)
            signing_sha256: ["\(fp)"]
            \(extra)
            routes: [{path: "/p/{id}", screen: P}]
            activities:
              - name: .Main
                exported: true
                launch_mode: \(mode)
                intent_filters:
                  - auto_verify: \(autoVerify)
                    actions: [VIEW]
                    categories: [DEFAULT, BROWSABLE]
                    data: [{scheme: https, host: "\(host)"}]
        """
    }

    static func scenario(
        os: String = "14", apps: String = app(), web: String = "  s.example: {assetlinks: {file: al.json}}",
        device: String = "", actions: String
    ) -> String {
        "linksim: 1\nname: t\ndevice: {platform: android, os: \"\(os)\"\(device)}\napps:\n\(apps)\nweb:\n\(web)\nactions:\n\(actions)"
    }

    func run(_ text: String, files: [String: String] = ["dir/al.json": assetlinks()]) throws -> [ActionResult] {
        try simulate(text, files: files)
    }

    @Test func verifiedAppOpensDirectly() throws {
        let r = try run(Self.scenario(actions: "  - tap: https://s.example/p/1"))
        #expect(r[0].landing?.kind == .app)
        #expect(r[0].landing?.via == .appLink)
        #expect(r[0].landing?.params == ["id": "1"])
        #expect(r[0].rules.contains(Rule.androidApplinksAssetlinksMatch.id))
        #expect(r[0].rules.contains(Rule.androidApplinksResolution12.id))
    }

    @Test func unverifiedGoesToTheBrowserOn12AndToAChooserOn11() throws {
        let files = ["dir/al.json": Self.assetlinks(fingerprint: Self.otherFP)]
        let twelve = try run(Self.scenario(actions: "  - tap: https://s.example/p/1"), files: files)
        #expect(twelve[0].landing?.kind == .browser)
        #expect(twelve[0].landing?.browser?.rawValue == "chrome")
        #expect(twelve[0].rules.contains(Rule.androidApplinksFingerprint.id))
        let eleven = try run(Self.scenario(os: "11", actions: "  - tap: https://s.example/p/1\n  - answer: com.shop"), files: files)
        #expect(eleven[0].landing?.kind == .chooser)
        #expect(eleven[0].landing?.optionNames == ["com.shop", "chrome"])
        #expect(eleven[0].rules.contains(Rule.androidApplinksLegacyChooser.id))
        #expect(eleven[1].landing?.kind == .app)
    }

    @Test(arguments: [
        ("  s.example: {assetlinks: {redirect: \"https://www.s.example/.well-known/assetlinks.json\"}}", "1029"),
        ("  s.example: {assetlinks: {file: al.json, status: 500}}", "1026"),
        ("  s.example: {}", "1026"),
        ("  s.example: {assetlinks: {json: \"[oops\"}}", "1026"),
    ])
    func verificationFailures(web: String, code: String) throws {
        let text = Self.scenario(web: web, actions: "  - tap: https://s.example/p/1")
        let r = try run(text)
        #expect(r[0].landing?.kind == .browser)
        let report = try AppLinksReport.render(try loadScenario(text, files: ["dir/al.json": Self.assetlinks()]), appID: nil, user: false)
        #expect(report.contains("      s.example: \(code)\n"))
    }

    @Test func lowerCaseFingerprintFailsWithAHint() throws {
        let r = try run(
            Self.scenario(actions: "  - tap: https://s.example/p/1"),
            files: ["dir/al.json": Self.assetlinks(fingerprint: Self.fp.lowercased())])
        #expect(r[0].landing?.kind == .browser)
        #expect(r[0].trace.contains { $0.detail?.contains("lower case") == true })
    }

    @Test func linkHandlingOffAndUserSelection() throws {
        let off = try run(Self.scenario(apps: Self.app(extra: "link_handling_allowed: false"), actions: "  - tap: https://s.example/p/1"))
        #expect(off[0].landing?.kind == .browser)
        #expect(off[0].rules.contains(Rule.androidApplinksLinkHandlingOff.id))
        let selected = try run(
            Self.scenario(
                apps: Self.app(autoVerify: false, extra: "user_selected_domains: [s.example]"),
                actions: "  - tap: https://s.example/p/1"))
        #expect(selected[0].landing?.kind == .app)
        #expect(selected[0].rules.contains(Rule.androidApplinksUserSelection.id))
    }

    @Test func twoVerifiedAppsTheLaterInstallWins() throws {
        let apps = Self.app("com.a") + "\n" + Self.app("com.b")
        let files = [
            "dir/al.json":
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.a", "sha256_cert_fingerprints": ["\#(Self.fp)"]}}, {"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.b", "sha256_cert_fingerprints": ["\#(Self.fp)"]}}]"#
        ]
        let r = try run(Self.scenario(apps: apps, actions: "  - tap: https://s.example/p/1\n  - install: com.a\n  - tap: https://s.example/p/1"), files: files)
        #expect(r[0].landing?.app == "com.b")
        #expect(r[0].rules.contains(Rule.androidApplinksTwoApproved.id))
        #expect(r[2].landing?.app == "com.a")
    }

    @Test func overridesAndLegacyAllOrNothing() throws {
        let forced = try run(
            Self.scenario(
                apps: Self.app(extra: "domain_verification: {s.example: approved}"), web: "  other.example: {}",
                actions: "  - tap: https://s.example/p/1"))
        #expect(forced[0].landing?.kind == .app)
        // Android 11: a second host that fails makes the whole package unverified.
        let twoHosts = Self.app().replacingOccurrences(
            of: "data: [{scheme: https, host: \"s.example\"}]",
            with: "data: [{scheme: https, host: \"s.example\"}, {host: \"t.example\"}]")
        let legacy = try run(Self.scenario(os: "11", apps: twoHosts, actions: "  - tap: https://s.example/p/1"))
        #expect(legacy[0].landing?.kind == .chooser)
        #expect(legacy[0].rules.contains(Rule.androidApplinksLegacyAllOrNothing.id))
        let modern = try run(Self.scenario(os: "14", apps: twoHosts, actions: "  - tap: https://s.example/p/1"))
        #expect(modern[0].landing?.kind == .app)
    }

    @Test func wildcardVerifiedAtTheApex() throws {
        let app = Self.app(host: "*.s.example")
        let r = try run(Self.scenario(apps: app, actions: "  - tap: https://m.s.example/p/1\n  - tap: https://s.example/p/1"))
        #expect(r[0].landing?.kind == .app)
        #expect(r[0].rules.contains(Rule.androidApplinksWildcard.id))
        #expect(r[1].landing?.kind == .browser)
    }

    @Test(arguments: [
        ("from: chrome_address_bar", Rule.androidChromeTypedUrl.id, "chrome"),
        ("from: chrome\n    gesture: script", Rule.androidChromeUserGesture.id, "chrome"),
        ("from: chrome\n    page: https://s.example/home", Rule.androidChromeSameHost.id, "chrome"),
        ("from: webview", Rule.androidWebviewNoIntents.id, "webview"),
        ("from: custom_tab", Rule.androidCustomtabFirstUrl.id, "custom_tab"),
    ])
    func browserSurfacesThatKeepTheLink(tap: String, rule: RuleID, browser: String) throws {
        let r = try run(Self.scenario(actions: "  - tap: https://s.example/p/1\n    \(tap)"))
        #expect(r[0].landing?.kind == .browser)
        #expect(r[0].landing?.browser?.rawValue == browser)
        #expect(r[0].rules.contains(rule))
    }

    @Test func chromeFiresTheIntentAndTheChainTimesOut() throws {
        let web =
            "  s.example: {assetlinks: {file: al.json}}\n  t.example: {redirects: {\"/fast\": \"https://s.example/p/2\", \"/slow\": {to: \"https://s.example/p/3\", after: 20s}}}"
        let r = try run(
            Self.scenario(
                web: web,
                actions:
                    "  - tap: https://s.example/p/1\n    from: chrome\n    page: https://blog.example/\n  - tap: https://t.example/fast\n    from: chrome\n  - tap: https://t.example/slow\n    from: chrome"
            ))
        #expect(r[0].landing?.kind == .app)
        #expect(r[0].rules.contains(Rule.androidChromeFiresIntent.id))
        #expect(r[0].landing?.callback == "onCreate")  // standard + CLEAR_TOP re-creates
        #expect(r[1].landing?.params == ["id": "2"])
        #expect(r[2].landing == Landing(kind: .browser, via: .web, browser: .chrome, url: "https://s.example/p/3"))
        #expect(r[2].rules.contains(Rule.androidChromeChainTimeout.id))
    }

    @Test func intentURLs() throws {
        let app =
            Self.app() + "\n" + """
                  - id: com.scheme
                    state: background
                    activities:
                      - {name: .Main, exported: true, intent_filters: [{actions: [VIEW], categories: [DEFAULT, BROWSABLE], data: [{scheme: zxing}]}]}
                """
        let r = try run(
            Self.scenario(
                apps: app,
                actions: """
                      - tap: "intent://scan/#Intent;scheme=zxing;package=com.scheme;end"
                        from: chrome
                      - tap: "intent://scan/#Intent;scheme=zxing;package=com.missing;end"
                        from: chrome
                      - tap: "intent://scan/#Intent;scheme=zxing;package=com.missing;S.browser_fallback_url=https%3A%2F%2Fx.example%2F;end"
                        from: chrome
                    """))
        #expect(r[0].landing?.kind == .app)
        #expect(r[0].landing?.via == .intentURL)
        #expect(r[1].landing == Landing(kind: .store, app: "com.missing", url: "market://details?id=com.missing"))
        #expect(r[1].rules.contains(Rule.androidIntentUrlPlayStore.id))
        #expect(r[2].landing?.url == "https://x.example/")
        #expect(r[2].rules.contains(Rule.androidIntentUrlFallback.id))
    }

    @Test func appLinksReportFormat() throws {
        let text = Self.scenario(apps: Self.app(extra: "user_selected_domains: [other.example]"), actions: "  - tap: https://s.example/p/1")
        let report = try AppLinksReport.render(try loadScenario(text, files: ["dir/al.json": Self.assetlinks()]), appID: "com.shop", user: true)
        let lines = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "  com.shop:")
        #expect(lines[1].hasPrefix("    ID: ") && lines[1].count == "    ID: 01234567-89ab-cdef-0123-456789abcdef".count)
        #expect(lines[2] == "    Signatures: [\(Self.fp)]")
        #expect(lines[3] == "    Domain verification state:")
        #expect(lines[4] == "      s.example: verified")
        #expect(lines[5] == "    User 0:")
        #expect(lines[6] == "      Verification link handling allowed: true")
        #expect(lines[7] == "      Selection state:")
        #expect(lines[8] == "        Enabled:")
        #expect(lines[9] == "        Disabled:")
        #expect(lines[10] == "          s.example")
    }
}
