import Testing

@testable import LinkSimCore

/// Taps from the tools QA use (issue #18 item 4): adb, simctl, a push notification, the Smart App Banner, a QR code.
@Suite struct QAToolTapTests {
    static let android = """
        linksim: 1
        name: t
        device: {platform: android, os: "14"}
        apps:
          - id: com.example.shop
            name: Shop
            state: terminated
            activities:
              - name: .MainActivity
                exported: true
                intent_filters:
                  - auto_verify: true
                    actions: [VIEW]
                    categories: [DEFAULT, BROWSABLE]
                    data: [{scheme: https, host: shop.example.com}, {scheme: shopapp}]
            routes: [{path: "/product/{id}", screen: ProductDetail}]
          - id: com.example.other
            name: Other
            state: terminated
        """

    static let ios = """
        linksim: 1
        name: t
        device: {platform: ios, os: "17.4"}
        apps:
          - id: com.example.shop
            name: Shop
            state: terminated
            url_schemes: [shopapp]
            routes: [{path: "/product/{id}", screen: ProductDetail}]
        """

    @Test func adbWithAPackageOpensAnUnverifiedApp() throws {
        let r = try simulate(Self.android + "\ntap: https://shop.example.com/product/1\nfrom: adb\napp: com.example.shop\n")[0]
        #expect(r.landing?.kind == .app && r.landing?.screen == "ProductDetail")
        #expect(r.rules.contains(Rule.androidAdbExplicitPackage.id))
        // It says a real tap would not open the app.
        #expect(r.trace.contains { $0.summary.hasPrefix("Note: a tap on this link") })
    }

    @Test func adbWithoutAPackageResolvesLikeAnyApp() throws {
        let r = try simulate(Self.android + "\ntap: https://shop.example.com/product/1\nfrom: adb\n")[0]
        #expect(r.landing?.kind == .browser && r.rules.contains(Rule.androidAdbImplicit.id))
    }

    @Test func adbWithAPackageThatDoesNotMatchIsAnError() throws {
        let r = try simulate(Self.android + "\ntap: https://shop.example.com/product/1\nfrom: adb\napp: com.example.other\n")[0]
        #expect(r.landing?.kind == .error && r.landing?.app == "com.example.other")
        #expect(r.trace.contains { $0.detail?.contains("unable to resolve Intent") == true })
    }

    @Test func adbCustomSchemeWithPackageIsDelivered() throws {
        let r = try simulate(Self.android + "\ntap: shopapp://shop.example.com/product/2\nfrom: adb\napp: com.example.shop\n")[0]
        #expect(r.landing?.kind == .app && r.landing?.via == .customScheme)
        #expect(!r.trace.contains { $0.summary.hasPrefix("Note:") })
    }

    @Test func adbReachesAFilterWithoutBrowsableThatATapCannot() throws {
        let text = Self.android.replacingOccurrences(of: "categories: [DEFAULT, BROWSABLE]", with: "categories: [DEFAULT]")
        let adb = try simulate(text + "\ntap: shopapp://shop.example.com/p\nfrom: adb\napp: com.example.shop\n")[0]
        #expect(adb.landing?.kind == .app && adb.rules.contains(Rule.androidFilterBrowsableRequired.id))
        let tap = try simulate(text + "\ntap: shopapp://shop.example.com/p\nfrom: messages\n")[0]
        #expect(tap.landing?.kind != .app)
    }

    @Test func simctlSchemeAsksThenOpens() throws {
        let results = try simulate(
            Self.ios
                + "\nactions:\n  - tap: shopapp://product/3\n    from: simctl\n  - answer: cancel\n  - tap: shopapp://p\n    from: simctl\n  - answer: open\n")
        #expect(results[0].landing?.kind == .prompt && results[0].rules.contains(Rule.iosSimctlSchemePrompt.id))
        #expect(results[1].landing?.kind == .nowhere)
        #expect(results[3].landing?.kind == .app && results[3].landing?.via == .customScheme)
    }

    @Test func simctlUnclaimedWebLinkOpensTheDefaultBrowser() throws {
        let r = try simulate(Self.ios + "\ntap: https://nobody.example.com/\nfrom: simctl\n")[0]
        #expect(r.landing?.kind == .browser && r.landing?.browser == .safari)
        #expect(r.rules.first == Rule.iosSimctlOpenurl.id)
    }

    @Test func pushNotificationRoutesWithoutLinkResolution() throws {
        let r = try simulate(Self.ios + "\ntap: https://shop.example.com/product/5\nfrom: push_notification\napp: com.example.shop\n")[0]
        #expect(r.landing?.kind == .app && r.landing?.screen == "ProductDetail" && r.landing?.params?["id"] == "5")
        #expect(r.landing?.via == nil && r.rules.contains(Rule.iosPushTap.id))
        #expect(!r.rules.contains { $0.rawValue.hasPrefix("ios.ul.") })
    }

    @Test func smartAppBannerOpensOrGoesToTheStore() throws {
        let open = try simulate(Self.ios + "\ntap: https://shop.example.com/product/5\nfrom: smart_app_banner\napp: com.example.shop\n")[0]
        #expect(open.landing?.kind == .app && open.landing?.screen == "ProductDetail")
        let store = try simulate(
            Self.ios.replacingOccurrences(of: "state: terminated", with: "state: not_installed")
                + "\ntap: https://shop.example.com/product/5\nfrom: smart_app_banner\napp: com.example.shop\n")[0]
        #expect(store.landing?.kind == .store && store.landing?.app == "com.example.shop")
    }

    @Test func pushAndBannerNeedAnApp() {
        let d = diagnostics(Self.ios + "\ntap: https://shop.example.com/\nfrom: push_notification\n")
        #expect(d.count == 1 && d[0].contains("needs `app:`"))
    }

    @Test func appOnAnOrdinarySourceIsAnError() {
        let d = diagnostics(Self.ios + "\ntap: https://shop.example.com/\nfrom: notes\napp: com.example.shop\n")
        #expect(d.count == 1 && d[0].contains("`app` goes with `from: adb`"))
    }

    @Test func unknownTargetAppSuggestsOne() {
        let d = diagnostics(Self.android + "\ntap: https://shop.example.com/\nfrom: adb\napp: com.example.shob\n")
        #expect(d.count == 1 && d[0].contains("did you mean `com.example.shop`"))
    }

    @Test func toolsExistOnTheirPlatformOnly() {
        #expect(diagnostics(Self.ios + "\ntap: https://shop.example.com/\nfrom: adb\n").first?.contains("does not exist on iOS") == true)
        #expect(diagnostics(Self.android + "\ntap: https://shop.example.com/\nfrom: simctl\n").first?.contains("does not exist on Android") == true)
        #expect(!LinkMatrix.sources(for: .ios).contains(.simctl))
    }

    @Test func qrCodeNarratesTheCameraBanner() throws {
        let r = try simulate(Self.ios + "\ntap: https://nobody.example.com/\nfrom: qr_code\n")[0]
        #expect(r.rules.first == Rule.iosQrCameraBanner.id && r.landing?.kind == .browser)
    }

    @Test func writerKeepsTheTargetApp() throws {
        let scenario = try loadScenario(Self.android + "\ntap: https://shop.example.com/product/1\nfrom: adb\napp: com.example.shop\n")
        let reread = try loadScenario(ScenarioWriter.yaml(scenario, expecting: nil))
        guard case .tap(let tap)? = reread.actions.first?.kind else {
            Issue.record("no tap after a round trip")
            return
        }
        #expect(tap.targetApp == "com.example.shop" && tap.from == .adb)
    }
}

/// The pasted command lines behind `linksim tap --adb` / `--simctl`.
@Suite struct QACommandLineTests {
    @Test func adbForms() throws {
        let full = try QACommandLine.adb(
            "adb -s emulator-5554 shell am start -W -a android.intent.action.VIEW -d \"https://x.example/p?a=1&b=2\" com.example.shop"
        ).get()
        #expect(full == QACommandLine.Parsed(url: "https://x.example/p?a=1&b=2", source: .adb, package: "com.example.shop"))
        let bare = try QACommandLine.adb("am start -a android.intent.action.VIEW -c android.intent.category.BROWSABLE -d shopapp://x").get()
        #expect(bare.url == "shopapp://x" && bare.package == nil)
        let dashP = try QACommandLine.adb("adb shell am start -d 'https://x.example/' -p com.a").get()
        #expect(dashP.package == "com.a")
    }

    @Test func adbMistakes() {
        func message(_ line: String) -> String {
            if case .failure(let e) = QACommandLine.adb(line) { return e.description }
            return ""
        }
        #expect(message("adb shell am start -a android.intent.action.MAIN -d https://x/").contains("only VIEW intents"))
        #expect(message("adb shell am start -W com.example.shop").contains("no URL"))
        #expect(message("adb shell pm list packages").contains("expected `am start`"))
        #expect(message("adb shell am start -d https://x/ --es k v").contains("does not model"))
    }

    @Test func simctlForms() throws {
        #expect(try QACommandLine.simctl("xcrun simctl openurl booted 'shopapp://x y'").get().url == "shopapp://x y")
        #expect(try QACommandLine.simctl("simctl openurl 1234-ABCD https://x.example/").get().source == .simctl)
        if case .success = QACommandLine.simctl("xcrun simctl openurl booted") { Issue.record("a missing URL must fail") }
    }

    @Test func shellWords() {
        #expect(QACommandLine.words(#"a 'b c' "d \"e\"" f\ g"#) == ["a", "b c", "d \"e\"", "f g"])
        #expect(QACommandLine.words("  ").isEmpty)
    }
}
