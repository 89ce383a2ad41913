/// Whether the place showing one hop of a navigation hands its URL to an app on Android — the same
/// decisions a tap and Chrome's redirect chain make, asked for a hop that something else (a link
/// provider's server) handles when no app takes it.
extension AndroidWebResolver {
    /// Chrome leaves for an app only on a user gesture: a navigation without one (script, typed) stays.
    static func tellNoUserGesture(_ actor: String, _ summary: @autoclosure () -> String, trace: inout TraceRecorder) {
        trace.add(actor, summary(), rule: Rule.androidChromeUserGesture)
    }

    enum Handoff {
        /// An app gets the URL; `starter` says who started the activity (a browser or another app).
        case app(Handler, starter: AppDelivery.AndroidStarter)
        /// Android 6–11: the disambiguation dialog.
        case chooser(apps: [Handler], browsers: [Browser])
        /// The URL loads in the browser or view.
        case stays
        case unknown(String)
    }

    /// How the place showing a web URL treats it before any app is asked — one decision for a tap and
    /// for a hop of a chain.
    enum SurfaceRoute {
        /// The URL goes to the package manager (`startActivity`).
        case system
        /// A WebView, an in-app browser or a Custom Tab's first intent loads it; no app is asked.
        case view(Browser)
        /// Chrome keeps it without asking (a typed URL, a navigation without a user gesture).
        case keeps
        /// Chrome's per-hop decision (§4.3 steps 2–7). `incomingIntent`: the chain was tapped in another
        /// app, so it runs in the default browser, opened by an incoming intent.
        case chrome(incomingIntent: Bool)
    }

    static func surfaceRoute(_ tap: Tap, url: String, chain: ChainContext, world: World, trace: inout TraceRecorder) -> SurfaceRoute {
        let surface = TapSurface.name(of: tap, world: world)
        switch tap.from {
        case .webview where !tap.webViewClient:
            if chain.isRedirect { return .chrome(incomingIntent: true) }
            tellDefaultWebViewClient(surface, hands: url, trace: &trace)
            return .system
        case .webview, .inAppBrowser:
            trace.add(
                surface,
                chain.isRedirect
                    ? "A WebView does not resolve intents: \(url) loads inside it and no app opens"
                    : "A WebView does not resolve intents: the page loads inside it and no app opens",
                rule: Rule.androidWebviewNoIntents,
                assumption: tap.from == .inAppBrowser ? "assumption: the in-app browser is a WebView that does not start intents itself" : nil)
            return .view(TapSurface.browser(for: tap, world: world))
        case .customTab where tap.page == nil:
            trace.add(
                surface,
                chain.isRedirect
                    ? "The app opened the chain in a Custom Tab: the navigations of its first intent stay in the tab"
                    : "The app opened \(url) in a Custom Tab: the first URL of a Custom Tab stays in the tab",
                rule: Rule.androidCustomtabFirstUrl)
            return .view(.customTab)
        case .chrome, .chromeAddressBar, .firefox, .customTab:
            let actor = tap.from == .firefox ? "Firefox" : (tap.from == .customTab ? "Custom Tab" : "Chrome")
            if tap.from == .firefox, !chain.isRedirect {
                trace.add(
                    "Firefox", "Firefox decides like Chrome does",
                    assumption: "assumption: non-Chrome browsers have their own external-navigation logic (they do not document it); linksim uses Chrome's")
            }
            if tap.from == .chromeAddressBar {
                trace.add(
                    actor, "A URL typed into the address bar stays in Chrome; it never leaves for an app on its own",
                    rule: Rule.androidChromeTypedUrl)
                return .keeps
            }
            if tap.gesture == .script {
                tellNoUserGesture(actor, "The navigation started from script without a user gesture, so Chrome keeps http(s) links", trace: &trace)
                return .keeps
            }
            return .chrome(incomingIntent: false)
        case .notes, .messages, .mail, .otherApp, .qrCode, .safari, .safariAddressBar, .sfsafariviewcontroller, .adb, .simctl,
            .pushNotification, .smartAppBanner:
            // A chain tapped in another app runs in the default browser, opened by an incoming intent.
            if chain.isRedirect { return .chrome(incomingIntent: true) }
            trace.add(surface, "\(surface) calls startActivity(VIEW \(url)); Android resolves it")
            return .system
        }
    }

    /// Whether a provider link's hop opens an app: the surface's route, then the system's resolution
    /// or Chrome's decision for the hop.
    static func handoff(_ tap: Tap, url: String, host: String, chain: ChainContext, world: World, trace: inout TraceRecorder) -> Handoff {
        switch surfaceRoute(tap, url: url, chain: chain, world: world, trace: &trace) {
        case .view, .keeps:
            return .stays
        case .system:
            switch resolve(url, host: host, world: world, caller: tap.caller, trace: &trace) {
            case .app(let handler): return .app(handler, starter: AppDelivery.AndroidStarter.nonBrowser(tap))
            case .chooser(let apps, let browsers): return .chooser(apps: apps, browsers: browsers)
            case .unknown(let reason): return .unknown(reason)
            case .browsers(let list):
                tellIncomingIntentStays(
                    list.first?.displayName ?? "Android", "The browser opens \(url): the first navigation of an incoming intent stays in it", trace: &trace)
                return .stays
            }
        case .chrome(let incomingIntent):
            // A chain tapped in another app was opened in the default browser as an incoming intent
            // (no app could handle its first page).
            return chromeHandoff(tap, url: url, host: host, chain: chain, incomingIntent: incomingIntent, world: world, trace: &trace)
        }
    }

    private static func chromeHandoff(
        _ tap: Tap, url: String, host: String, chain: ChainContext, incomingIntent: Bool, world: World, trace: inout TraceRecorder
    ) -> Handoff {
        var context = chain
        if incomingIntent {
            context.firstNavigationOfIntent = true
            if context.previousResolvers == nil { context.previousResolvers = [] }
        }
        let browser = TapSurface.browser(for: tap, world: world)
        let (resolution, _, decision, steps) = chromeHop(
            url, host: host, tap: tap, first: !chain.isRedirect, chain: context, shown: browser.displayName, world: world)
        if case .unknown(let reason) = resolution {
            trace.append(contentsOf: steps)
            return .unknown(reason)
        }
        trace.append(contentsOf: decision.leave ? steps : appLinkSteps(steps))
        trace.add(browser.displayName, decision.summary, rule: decision.rule)
        guard decision.leave else { return .stays }
        switch resolution {
        case .app(let handler): return .app(handler, starter: .browser)
        case .chooser(let apps, let browsers): return .chooser(apps: apps, browsers: browsers)
        default: return .stays
        }
    }
}
