import Testing

@testable import LinkSimCore

/// The custom-scheme slice, rule by rule, through the engine.
@Suite struct SchemeEngineTests {
    static func ios(_ os: String = "17.4", app: String, actions: String) -> String {
        "linksim: 1\nname: t\ndevice: {platform: ios, os: \"\(os)\"}\napps:\n\(app)\nactions:\n\(actions)"
    }

    static let shop = """
          - id: com.example.shop
            name: Shop
            state: background
            url_schemes: [shopapp]
            routes: [{url: "shopapp://product/{id}", screen: ProductDetail}]
            current_screen: Cart
        """

    @Test func safariPromptThenOpen() throws {
        let r = try simulate(Self.ios(app: Self.shop, actions: "  - tap: shopapp://product/42\n    from: safari\n  - answer: open"))
        #expect(r[0].landing?.kind == .prompt)
        #expect(r[0].landing?.app == "com.example.shop")
        #expect(r[0].rules.contains(Rule.iosSchemeSafariPrompt.id))
        #expect(r[1].landing?.kind == .app)
        #expect(r[1].landing?.screen == "ProductDetail")
        #expect(r[1].landing?.params == ["id": "42"])
        #expect(r[1].landing?.callback == "scene(_:openURLContexts:)")
    }

    @Test func safariPromptCancelStaysInSafari() throws {
        let r = try simulate(Self.ios(app: Self.shop, actions: "  - tap: shopapp://x\n    from: safari\n    page: https://a.example/p\n  - answer: cancel"))
        #expect(r[1].landing == Landing(kind: .browser, via: .web, browser: .safari, url: "https://a.example/p"))
        #expect(r[1].rules == [Rule.iosSchemePromptCancel.id])
    }

    @Test func aNewActionDismissesThePrompt() throws {
        let r = try simulate(Self.ios(app: Self.shop, actions: "  - tap: shopapp://x\n    from: safari\n  - wait: 1m\n  - answer: open"))
        #expect(r[2].landing?.kind == .nowhere)
        #expect(r[2].rules == [Rule.linksimAnswerNothingPending.id])
    }

    @Test func noPromptBeforeIOS9() throws {
        let r = try simulate(Self.ios("8.4", app: Self.shop, actions: "  - tap: shopapp://product/1\n    from: safari"))
        #expect(r[0].landing?.kind == .app)
        #expect(r[0].rules.contains(Rule.iosSchemeNoPromptBefore9.id))
        #expect(r[0].landing?.callback == "application(_:open:options:)")  // no scenes before iOS 13
    }

    @Test func notInstalledInSafariIsAnError() throws {
        let app = Self.shop.replacingOccurrences(of: "state: background", with: "state: not_installed")
        let r = try simulate(Self.ios(app: app, actions: "  - tap: shopapp://x\n    from: safari"))
        #expect(r[0].landing == Landing(kind: .error, browser: .safari, url: "shopapp://x"))
        #expect(r[0].schemeRules == [Rule.iosSchemeNotInstalledSafari.id])
    }

    @Test func notInstalledFromAppsGoesNowhere() throws {
        let app = Self.shop.replacingOccurrences(of: "state: background", with: "state: not_installed")
        for from in ["notes", "messages", "mail", "other_app"] {
            let r = try simulate(Self.ios(app: app, actions: "  - tap: shopapp://x\n    from: \(from)"))
            #expect(r[0].landing?.kind == .nowhere, "from \(from)")
            #expect(r[0].schemeRules == [Rule.iosSchemeNotInstalledApp.id])
        }
    }

    @Test func systemAppsOpenWithoutPrompt() throws {
        for from in ["notes", "messages", "mail"] {
            let r = try simulate(Self.ios(app: Self.shop, actions: "  - tap: shopapp://product/3\n    from: \(from)"))
            #expect(r[0].landing?.kind == .app)
            #expect(r[0].schemeRules.first == Rule.iosSchemeFromApp.id)
        }
    }

    @Test func thirdPartyBrowsersTriggerTheSystemPrompt() throws {
        let r = try simulate(Self.ios(app: Self.shop, actions: "  - tap: shopapp://x\n    from: in_app_browser\n    browser_app: facebook"))
        #expect(r[0].landing?.kind == .prompt)
        #expect(r[0].trace.contains { $0.summary.contains("Facebook's in-app browser") && $0.assumption != nil })
        #expect(r[0].schemeRules == [Rule.iosSchemeAppOpenPrompt.id])
    }

    @Test func collisionIsDeterministicAndSaysSo() throws {
        let apps = """
              - {id: a.first, state: background, url_schemes: [dup]}
              - {id: b.second, state: background, url_schemes: [DUP]}
            """
        let first = try simulate(Self.ios(app: apps, actions: "  - tap: dup://x\n    from: notes"))
        #expect(first[0].landing?.app == "a.first")
        let step = try #require(first[0].trace.first { $0.rule == Rule.iosSchemeCollision.id })
        #expect(step.assumption?.contains("undefined") == true)
        let last = try simulate(Self.ios(app: apps, actions: "  - set: {device.scheme_collision: last_installed}\n  - tap: dup://x\n    from: notes"))
        #expect(last[1].landing?.app == "b.second")
        // Reinstalling moves an app to the end of the install order.
        let reinstalled = try simulate(Self.ios(app: apps, actions: "  - install: a.first\n  - tap: dup://x\n    from: notes"))
        #expect(reinstalled[1].landing?.app == "b.second")
    }

    @Test func reservedSchemes() throws {
        let r = try simulate(Self.ios(app: Self.shop, actions: "  - tap: tel:+15551234\n    from: safari"))
        #expect(r[0].landing?.app == "com.apple.mobilephone")
        #expect(r[0].schemeRules == [Rule.iosSchemeReserved.id])
    }

    @Test(arguments: [
        ("app_delegate", "terminated", "application(_:open:options:)", Rule.iosDeliveryAppDelegate.id),
        ("app_delegate", "background", "application(_:open:options:)", Rule.iosDeliveryAppDelegate.id),
        ("scenes", "terminated", "scene(_:willConnectTo:options:)", Rule.iosDeliveryScenesCold.id),
        ("scenes", "installed", "scene(_:willConnectTo:options:)", Rule.iosDeliveryScenesCold.id),
        ("scenes", "foreground", "scene(_:openURLContexts:)", Rule.iosDeliveryScenesWarm.id),
        ("swiftui", "terminated", "onOpenURL", Rule.iosDeliverySwiftui.id),
        ("swiftui", "background", "onOpenURL", Rule.iosDeliverySwiftui.id),
    ])
    func iosEntryPoints(lifecycle: String, state: String, callback: String, rule: RuleID) throws {
        let app = "  - {id: s, state: \(state), lifecycle: \(lifecycle), url_schemes: [s]}"
        let r = try simulate(Self.ios(app: app, actions: "  - tap: s://x\n    from: notes"))
        #expect(r[0].landing?.callback == callback)
        #expect(r[0].landing?.delivered == true)
        #expect(r[0].rules.contains(rule))
    }

    @Test func appDelegateColdStartCanHandleInDidFinishLaunching() throws {
        let app = "  - {id: s, state: terminated, lifecycle: app_delegate, url_schemes: [s], handles: [\"application(_:didFinishLaunchingWithOptions:)\"]}"
        let r = try simulate(Self.ios(app: app, actions: "  - tap: s://x\n    from: notes"))
        #expect(r[0].landing?.delivered == true)
        #expect(r[0].landing?.callback == "application(_:didFinishLaunchingWithOptions:)")
    }

    @Test func missingHandlerShowsHomeColdAndCurrentScreenWarm() throws {
        let app = "  - {id: s, state: terminated, url_schemes: [s], handles: [], home_screen: Home, current_screen: Cart}"
        let r = try simulate(Self.ios(app: app, actions: "  - tap: s://x\n    from: notes\n  - tap: s://y\n    from: notes"))
        #expect(r[0].landing?.screen == "Home")
        #expect(r[0].landing?.delivered == false)
        #expect(r[0].rules.contains(Rule.iosDeliveryMissingHandler.id))
        #expect(r[1].landing?.screen == "Home")  // the app is now running on Home
        #expect(r[1].landing?.callback == "scene(_:openURLContexts:)")
    }

    @Test func installedNeverLaunched() throws {
        let app = "  - {id: s, state: installed, url_schemes: [s]}"
        let r = try simulate(Self.ios(app: app, actions: "  - tap: s://x\n    from: notes"))
        #expect(r[0].rules.contains(Rule.iosAppInstalledNeverLaunched.id))
    }

    @Test func routerParamsAndFallback() throws {
        let r = try simulate(
            Self.ios(app: Self.shop, actions: "  - tap: shopapp://product/a%20b?ref=mail&x=1\n    from: notes\n  - tap: shopapp://nope\n    from: notes"))
        #expect(r[0].landing?.params == ["id": "a b", "ref": "mail", "x": "1"])
        #expect(r[0].rules.last == Rule.linksimRouterRoute.id)
        #expect(r[1].landing?.screen == "Home")
        #expect(r[1].rules.last == Rule.linksimRouterHomeFallback.id)
    }

    // MARK: Android

    static func android(apps: String, actions: String) -> String {
        "linksim: 1\nname: t\ndevice: {platform: android, os: \"14\"}\napps:\n\(apps)\nactions:\n\(actions)"
    }

    static func androidApp(_ id: String, state: String = "background", mode: String = "standard", extra: String = "") -> String {
        """
          - id: \(id)
            state: \(state)
            \(extra)
            activities:
              - name: .Main
                exported: true
                launch_mode: \(mode)
                intent_filters: [{actions: [VIEW], categories: [DEFAULT, BROWSABLE], data: [{scheme: shopapp}]}]
            routes: [{url: "shopapp://product/{id}", screen: ProductDetail}]
        """
    }

    @Test func androidResolution() throws {
        let none = try simulate(
            Self.android(
                apps: "  - {id: x}",
                actions: "  - tap: shopapp://p\n    from: chrome\n  - tap: shopapp://p\n    from: other_app\n  - tap: shopapp://p\n    from: messages"))
        #expect(none.map { $0.landing?.kind } == [.nowhere, .error, .nowhere])
        #expect(none.allSatisfy { $0.rules.contains(Rule.androidSchemeNoHandler.id) })

        let one = try simulate(Self.android(apps: Self.androidApp("com.a", state: "terminated"), actions: "  - tap: shopapp://product/5\n    from: chrome"))
        #expect(one[0].landing?.callback == "onCreate")
        #expect(one[0].landing?.params == ["id": "5"])
        #expect(one[0].rules.contains(Rule.androidSchemeSingleHandler.id) && one[0].rules.contains(Rule.androidDeliveryColdOncreate.id))

        let two = try simulate(
            Self.android(
                apps: Self.androidApp("com.a") + "\n" + Self.androidApp("com.b"),
                actions: "  - tap: shopapp://product/5\n  - answer: com.b"))
        #expect(two[0].landing?.kind == .chooser)
        #expect(two[0].landing?.optionNames == ["com.a", "com.b"])
        #expect(two[1].landing?.app == "com.b")
    }

    @Test func androidNotExportedIsNotAHandler() throws {
        let app = Self.androidApp("com.a").replacingOccurrences(of: "exported: true", with: "exported: false")
        let r = try simulate(Self.android(apps: app, actions: "  - tap: shopapp://p\n    from: chrome"))
        #expect(r[0].landing?.kind == .nowhere)
    }

    @Test func webViewNeverResolves() throws {
        let r = try simulate(Self.android(apps: Self.androidApp("com.a"), actions: "  - tap: shopapp://p\n    from: webview"))
        #expect(r[0].landing?.kind == .error)
        #expect(r[0].rules == [Rule.androidWebviewUnknownScheme.id])
    }

    @Test func chromeTypedOrScriptedAsks() throws {
        let r = try simulate(
            Self.android(
                apps: Self.androidApp("com.a"),
                actions:
                    "  - tap: shopapp://p\n    from: chrome_address_bar\n  - answer: cancel\n  - tap: shopapp://p\n    from: chrome\n    gesture: script\n  - answer: open"
            ))
        #expect(r[0].landing?.kind == .prompt)
        #expect(r[1].landing?.kind == .browser)
        #expect(r[2].landing?.kind == .prompt)
        #expect(r[3].landing?.kind == .app)
        #expect(r[3].landing?.callback == "onCreate")  // standard + Chrome's CLEAR_TOP
    }

    @Test(arguments: [
        ("standard", "chrome", "onCreate", Rule.androidDeliveryClearTopRecreate.id),
        ("standard", "messages", "onCreate", Rule.androidDeliveryStandardNewInstance.id),
        ("singleTop", "chrome", "onNewIntent", Rule.androidDeliveryOnNewIntent.id),
        ("singleTop", "other_app", "onCreate", Rule.androidDeliveryStandardNewInstance.id),
        ("singleTask", "messages", "onNewIntent", Rule.androidDeliveryOnNewIntent.id),
        ("singleInstance", "chrome", "onNewIntent", Rule.androidDeliveryOnNewIntent.id),
    ])
    func androidWarmEntryPoints(mode: String, from: String, callback: String, rule: RuleID) throws {
        let r = try simulate(Self.android(apps: Self.androidApp("com.a", mode: mode), actions: "  - tap: shopapp://product/1\n    from: \(from)"))
        #expect(r[0].landing?.callback == callback)
        #expect(r[0].rules.contains(rule))
    }

    @Test func onNewIntentIgnoredShowsStaleScreen() throws {
        let app = Self.androidApp("com.a", mode: "singleTask", extra: "handles: [onCreate]\n    current_screen: Cart")
        let r = try simulate(Self.android(apps: app, actions: "  - tap: shopapp://product/1"))
        #expect(r[0].landing?.screen == "Cart")
        #expect(r[0].landing?.delivered == false)
        #expect(r[0].rules.contains(Rule.androidDeliveryOnNewIntentIgnored.id))
    }

    @Test func webLinksWithoutAnAppFollowRedirectsInTheBrowser() throws {
        let text = """
            linksim: 1
            name: t
            device: {platform: android, os: "14", default_browser: firefox}
            web:
              t.example:
                redirects: {"/a": "https://t.example/b", "/b": {to: "https://shop.example/c", status: 301}}
            tap: https://t.example/a
            """
        let r = try simulate(text)
        #expect(r[0].landing == Landing(kind: .browser, via: .web, browser: .firefox, url: "https://shop.example/c"))
        #expect(r[0].rules.contains(Rule.androidChromeIncomingIntent.id))
        #expect(r[0].trace.contains { $0.summary == "Answers 301 with Location: https://shop.example/c" })
    }

    @Test func simulationIsDeterministic() throws {
        let text = Self.ios(app: Self.shop, actions: "  - tap: shopapp://product/42\n    from: safari\n  - answer: open")
        #expect(try simulate(text) == (try simulate(text)))
    }
}
