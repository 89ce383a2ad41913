/// Where a custom-scheme link goes on each platform.
enum CustomSchemeResolver {
    /// Schemes that belong to iOS system apps.
    static let iosReservedSchemes: [String: (id: String, name: String)] = [
        "mailto": ("com.apple.mobilemail", "Mail"),
        "tel": ("com.apple.mobilephone", "Phone"),
        "sms": ("com.apple.MobileSMS", "Messages"),
        "facetime": ("com.apple.facetime", "FaceTime"),
        "facetime-audio": ("com.apple.facetime", "FaceTime"),
    ]

    // MARK: iOS

    /// `providerLink`: the provider link this scheme URL is the fallback of (its SDK data rides along).
    static func resolveIOS(
        _ tap: Tap, parts: URLParts, world: inout World, trace: inout TraceRecorder,
        providerLink: ProviderLinkContext? = nil
    ) -> Landing {
        let scheme = parts.scheme.lowercasedIfNeeded
        let surface = TapSurface.name(of: tap, world: world)
        if let system = iosReservedSchemes[scheme] {
            trace.add("iOS", "\(scheme): is reserved for \(system.name); iOS opens it", rule: Rule.iosSchemeReserved)
            return Landing(kind: .app, app: system.id, via: .customScheme, delivered: true)
        }
        MatchRun.tellNotWebURL(parts.scheme, os: world.device.os, trace: &trace)
        let claimants = world.apps.indices.filter { i in
            world.apps[i].state.isInstalled && world.apps[i].urlSchemes.contains { $0.lowercasedIfNeeded == scheme }
        }
        // The collision step is told after the surface hands the link to iOS, where iOS decides it.
        var collision = TraceRecorder(world.traceDetail)
        let target = pickIOSClaimant(claimants, scheme: scheme, world: world, trace: &collision)
        func tellCollision() { for step in collision.steps { trace.append(step) } }

        switch tap.from {
        case .safari, .safariAddressBar:
            tellCollision()
            guard let index = target else {
                trace.add(
                    "Safari",
                    "No installed app registered \(scheme):; Safari shows “Cannot Open Page — Safari cannot open the page because the address is invalid.”",
                    rule: Rule.iosSchemeNotInstalledSafari)
                return Landing(kind: .error, browser: .safari, url: tap.url)
            }
            let app = world.apps[index]
            if let rule = browserPrompt(on: world.device).handsOver {
                trace.add(
                    "Safari", "On iOS \(world.device.os) Safari hands \(scheme): to \(app.name) without asking",
                    rule: rule)
                return AppDelivery.open(index, url: tap.url, kind: .customScheme, sdkRouting: providerLink?.routing, world: &world, trace: &trace)
            }
            trace.add(
                "Safari", "Asks “Open in “\(app.name)”?” — Cancel / Open", rule: Rule.iosSchemeSafariPrompt,
                detail: "Nothing reaches \(app.name) until the user answers (scenario: `answer: open` or `answer: cancel`).")
            world.pending = PendingDecision(
                kind: .safariSchemePrompt, url: tap.url, candidates: [app.id],
                stayBrowser: .safari, stayURL: tap.page, tap: tap,
                cancelRule: Rule.iosSchemePromptCancel, providerLink: providerLink)
            return Landing(kind: .prompt, app: app.id, browser: .safari, url: tap.url, options: [.open, .cancel])

        case .notes, .messages, .mail, .otherApp, .qrCode, .adb, .simctl, .pushNotification, .smartAppBanner:
            guard let index = target else {
                trace.add(
                    surface,
                    "\(surface) asks iOS to open \(tap.url); no installed app registered \(scheme):, so open(_:) completes with false and nothing happens",
                    rule: Rule.iosSchemeNotInstalledApp)
                return Landing(kind: .nowhere)
            }
            var assumption: String?
            if tap.from == .qrCode {
                assumption = "assumption: the Camera app opens a scanned custom-scheme URL the way any app calls open(_:)"
            }
            trace.add(surface, "\(surface) asks iOS to open \(tap.url)", assumption: assumption)
            tellCollision()
            trace.add("iOS", "Opens \(world.apps[index].name), the app that registered \(scheme):", rule: Rule.iosSchemeFromApp)
            return AppDelivery.open(index, url: tap.url, kind: .customScheme, sdkRouting: providerLink?.routing, world: &world, trace: &trace)

        case .chrome, .firefox, .inAppBrowser:
            guard let index = target else {
                trace.add(
                    surface, "\(surface) asks iOS to open \(tap.url); no installed app registered \(scheme):, so the call fails and the page stays",
                    rule: Rule.iosSchemeNotInstalledApp)
                return Landing(kind: .nowhere)
            }
            tellCollision()
            let app = world.apps[index]
            trace.add(
                "iOS", "Asks ““\(surface)” wants to open “\(app.name)”” — Cancel / Open", rule: Rule.iosSchemeAppOpenPrompt,
                assumption:
                    "assumption: the third-party browser hands the link to iOS with open(_:) and iOS asks every time (reports say the prompt may be shown only once per pair of apps)"
            )
            world.pending = PendingDecision(
                kind: .appOpenPrompt(caller: surface), url: tap.url, candidates: [app.id],
                stayBrowser: TapSurface.browser(for: tap, world: world), stayURL: tap.page, tap: tap,
                cancelRule: Rule.iosSchemeAppOpenPrompt, providerLink: providerLink)
            return Landing(
                kind: .prompt, app: app.id, browser: TapSurface.browser(for: tap, world: world), url: tap.url,
                options: [.open, .cancel])

        case .webview, .sfsafariviewcontroller, .chromeAddressBar, .customTab:
            let reason = "a custom-scheme link inside \(surface) depends on the host app's code, and no sourced rule says what happens"
            trace.add(surface, "Unknown: \(reason)", rule: Rule.linksimNotModelled)
            return .unknown(reason)
        }
    }

    /// Apple: which of several claiming apps opens is undefined. linksim picks by install order.
    private static func pickIOSClaimant(_ claimants: [Int], scheme: String, world: World, trace: inout TraceRecorder) -> Int? {
        guard claimants.count > 1 else { return claimants.first }
        let installOrder = world.apps.map(\.installOrder)  // not the whole world captured by the sort's closure
        let ordered = claimants.sorted { installOrder[$0] < installOrder[$1] }
        let policy = world.device.schemeCollision
        guard let chosen = policy == .firstInstalled ? ordered.first : ordered.last else { return nil }
        let names = ordered.map { world.apps[$0].name }.joined(separator: ", ")
        trace.add(
            "iOS", "\(claimants.count) installed apps registered \(scheme): (\(names)); iOS picks \(world.apps[chosen].name)",
            rule: Rule.iosSchemeCollision,
            assumption:
                "assumption: Apple says the choice is undefined; linksim picks the \(policy == .firstInstalled ? "first" : "last")-installed app (device.scheme_collision: \(policy.rawValue)). A real device may pick the other one."
        )
        return chosen
    }

    // MARK: Android

    struct Handler {
        var appIndex: Int
        var activity: Activity
        var filterIndex: Int
    }

    static func resolveAndroid(
        _ tap: Tap, parts: URLParts, world: inout World, trace: inout TraceRecorder,
        providerLink: ProviderLinkContext? = nil
    ) -> Landing {
        let surface = TapSurface.name(of: tap, world: world)
        let scheme = parts.scheme
        if tap.from == .webview, !tap.webViewClient {
            AndroidWebResolver.tellDefaultWebViewClient(surface, hands: tap.url, trace: &trace)
        } else if tap.from == .webview || tap.from == .inAppBrowser {
            let assumption =
                tap.from == .inAppBrowser
                ? "assumption: the in-app browser is a WebView with a WebViewClient that does not start intents itself" : nil
            AndroidWebResolver.tellWebViewUnknownScheme(
                surface, "The WebView does not resolve intents; loading \(scheme): fails with net::ERR_UNKNOWN_URL_SCHEME", assumption: assumption,
                trace: &trace)
            return Landing(kind: .error, browser: TapSurface.browser(for: tap, world: world), url: tap.url)
        }
        let browsable = !tap.isShellIntent
        trace.add(
            "Android",
            "Resolves VIEW \(tap.url) (\(browsable ? "category BROWSABLE" : "no category"), MATCH_DEFAULT_ONLY); custom schemes need no verification")
        let search = AndroidHandlers.search(url: tap.url, world: world, caller: tap.caller, browsable: browsable, trace: &trace)
        let handlers = search.handlers
        if !browsable { AndroidHandlers.tellShellOnly(handlers, world: world, trace: &trace) }
        let appIDs = uniqueApps(handlers, world: world)
        if let reason = search.unknown.first {
            trace.add("Android", "Unknown: \(reason)", rule: .linksimManifestUnresolvedValue)
            return .unknown(reason)
        }
        if handlers.isEmpty { trace.add("Android", "No activity matches") }

        let isBrowser = [.chrome, .chromeAddressBar, .customTab, .firefox].contains(tap.from)
        if isBrowser, tap.from == .chromeAddressBar || tap.gesture == .script {
            let why = tap.from == .chromeAddressBar ? "the URL was typed in the address bar" : "the navigation came from script without a user gesture"
            if appIDs.count == 1, let only = handlers.first {
                return chromeAsks(only.appIndex, url: tap.url, because: "Because \(why),", tap: tap, providerLink: providerLink, world: &world, trace: &trace)
            }
            trace.add(
                "Chrome", "Because \(why) and \(appIDs.isEmpty ? "no app" : "more than one app") resolves, Chrome does nothing",
                rule: Rule.androidChromeExternalProtocolPrompt)
            return Landing(kind: .nowhere)
        }
        if tap.from == .firefox {
            trace.add(
                "Firefox", "Firefox hands the link to Android like Chrome does",
                assumption: "assumption: non-Chrome browsers have their own external-navigation logic (they do not document it); linksim uses Chrome's")
        }

        switch appIDs.count {
        case 0:
            if isBrowser {
                trace.add(surface, "No app handles \(scheme):; \(surface) ignores the navigation", rule: Rule.androidSchemeNoHandler)
                return Landing(kind: .nowhere)
            }
            if tap.from == .adb { return QATaps.tellShellResolvedNothing(tap, trace: &trace) }
            if tap.from == .otherApp {
                trace.add(
                    surface, "startActivity throws ActivityNotFoundException: no app handles \(scheme):",
                    rule: Rule.androidSchemeNoHandler,
                    detail: "The calling app crashes unless it catches the exception.")
                return Landing(kind: .error)
            }
            trace.add(
                surface, "No app handles \(scheme):; \(surface) cannot open the link and nothing happens",
                rule: Rule.androidSchemeNoHandler,
                assumption: "assumption: \(surface) catches ActivityNotFoundException, as system apps do")
            return Landing(kind: .nowhere)
        case 1:
            guard let only = handlers.first else { return Landing(kind: .nowhere) }
            trace.add(
                "Android", "Exactly one app handles \(scheme):; Android starts \(only.activity.qualifiedName(package: world.apps[only.appIndex].package))",
                rule: Rule.androidSchemeSingleHandler)
            return AppDelivery.open(
                only.appIndex, url: tap.url, kind: .customScheme, activity: only.activity,
                starter: isBrowser ? .browser : AppDelivery.AndroidStarter.nonBrowser(tap), sdkRouting: providerLink?.routing, world: &world, trace: &trace)
        default:
            if let saved = world.preferredActivities[world.preferenceKey(tap.url)],
                let handler = handlers.first(where: { world.apps[$0.appIndex].id == saved })
            {
                trace.add(
                    "Android", "The user chose “Always” for \(saved) in an earlier chooser: its preferred activity opens directly",
                    rule: Rule.androidSchemeChooser)
                return AppDelivery.open(
                    handler.appIndex, url: tap.url, kind: .customScheme, activity: handler.activity,
                    starter: isBrowser ? .browser : AppDelivery.AndroidStarter.nonBrowser(tap), sdkRouting: providerLink?.routing, world: &world, trace: &trace)
            }
            let names = appIDs.compactMap { id in world.index(of: id).map { world.apps[$0].name } }.joined(separator: ", ")
            trace.add(
                "Android", "\(appIDs.count) apps handle \(scheme): (\(names)); Android shows the chooser (Just once / Always)",
                rule: Rule.androidSchemeChooser)
            world.pending = PendingDecision(
                kind: .chooser, url: tap.url, candidates: appIDs,
                stayBrowser: isBrowser ? TapSurface.browser(for: tap, world: world) : nil,
                stayURL: tap.page, tap: tap, cancelRule: Rule.androidSchemeChooser, providerLink: providerLink)
            return Landing(kind: .chooser, url: tap.url, options: appIDs.map(Answer.pick))
        }
    }

    /// Chrome's “Continue to <app>?” for an external protocol it will not launch on its own (Chromium
    /// ExternalNavigationHandler), `why` leading the sentence: the prompt waits for an `answer`; Cancel leaves the user on the page.
    static func chromeAsks(
        _ appIndex: Int, url: String, because why: String, tap: Tap, providerLink: ProviderLinkContext? = nil,
        world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        let app = world.apps[appIndex]
        let browser = TapSurface.browser(for: tap, world: world)
        trace.add("Chrome", "\(why) Chrome asks “Continue to \(app.name)?” instead of leaving on its own", rule: Rule.androidChromeExternalProtocolPrompt)
        world.pending = PendingDecision(
            kind: .chromeExternalPrompt, url: url, candidates: [app.id], stayBrowser: browser, stayURL: tap.page, tap: tap,
            cancelRule: Rule.androidChromeExternalProtocolPrompt, providerLink: providerLink)
        return Landing(kind: .prompt, app: app.id, browser: browser, url: url, options: [.open, .cancel])
    }

    /// Whether the browser asks before it hands a scheme navigation to the app that registered it: Safari asks from
    /// iOS 9 (before, it hands the link over: `handsOver` is that rule); Chrome asks when no user gesture started it.
    /// A tapped link and a landing page's script both ask this.
    static func browserPrompt(on device: Device) -> (asks: Rule?, handsOver: Rule?) {
        guard device.platform == .ios else { return (Rule.androidChromeExternalProtocolPrompt, nil) }
        return Rule.iosSchemeNoPromptBefore9.applies(to: device.os) ? (nil, Rule.iosSchemeNoPromptBefore9) : (Rule.iosSchemeSafariPrompt, nil)
    }

    /// The rule by which a scheme navigation no app registered goes nowhere: Safari's “Cannot Open Page” on iOS,
    /// nothing on Android.
    static func noHandlerRule(on platform: Platform) -> Rule {
        platform == .ios ? Rule.iosSchemeNotInstalledSafari : Rule.androidSchemeNoHandler
    }

    static func uniqueApps(_ handlers: [Handler], world: World) -> [String] {
        var seen: [String] = []
        for h in handlers where !seen.contains(world.apps[h.appIndex].id) { seen.append(world.apps[h.appIndex].id) }
        return seen
    }
}

/// Names and browsers of the places a tap happens.
enum TapSurface {
    static func name(of tap: Tap, world: World) -> String {
        switch tap.from {
        case .notes: return "Notes"
        case .messages: return "Messages"
        case .mail: return world.device.platform == .ios ? "Mail" : "Gmail"
        case .safari, .safariAddressBar: return "Safari"
        case .chrome, .chromeAddressBar: return "Chrome"
        case .firefox: return "Firefox"
        case .inAppBrowser:
            let app = tap.browserApp.map { $0 == .x ? "X" : $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst() }
            return app.map { "\($0)'s in-app browser" } ?? "An in-app browser"
        case .sfsafariviewcontroller: return "SFSafariViewController"
        case .webview: return "WebView"
        case .customTab: return "Custom Tab"
        case .otherApp:
            if let caller = tap.caller { return world.index(of: caller).map { world.apps[$0].name } ?? caller }
            return "Another app"
        case .qrCode: return "Camera (QR code)"
        case .adb: return "adb"
        case .simctl: return "simctl"
        case .pushNotification: return "Notification"
        case .smartAppBanner: return "Safari"
        }
    }

    /// The browser that shows a page for a tap in this place (`web` landings).
    static func browser(for tap: Tap, world: World) -> Browser {
        switch tap.from {
        case .safari, .safariAddressBar: return .safari
        case .chrome, .chromeAddressBar: return .chrome
        case .firefox: return .firefox
        case .inAppBrowser: return .inApp
        case .sfsafariviewcontroller: return .sfsafariviewcontroller
        case .webview: return .webview
        case .customTab: return .customTab
        case .smartAppBanner: return .safari
        case .notes, .messages, .mail, .otherApp, .qrCode, .adb, .simctl, .pushNotification:
            let b = world.device.defaultBrowser
            return b == .none ? .chrome : b
        }
    }
}
