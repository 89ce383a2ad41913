extension AndroidWebResolver {
    /// A WebView whose app set no WebViewClient: the default client hands a URL to the system as a BROWSABLE intent.
    static func tellDefaultWebViewClient(_ surface: String, hands url: String, trace: inout TraceRecorder) {
        trace.add(
            surface, "The app set no WebViewClient: WebView's default client hands \(url) to the system as a BROWSABLE intent",
            rule: Rule.androidWebviewNoClient)
    }

    /// A WebView (with a client) loads a non-web URL itself and fails: net::ERR_UNKNOWN_URL_SCHEME.
    static func tellWebViewUnknownScheme(_ surface: String, _ summary: @autoclosure () -> String, assumption: String?, trace: inout TraceRecorder) {
        trace.add(surface, summary(), rule: Rule.androidWebviewUnknownScheme, assumption: assumption)
    }

    // MARK: intent: URLs

    /// An `intent:` URL inside a WebView: the host app's WebViewClient loads it (and fails), or,
    /// without a client, WebView parses it and starts the activity itself.
    static func intentInWebView(_ tap: Tap, world: inout World, trace: inout TraceRecorder) -> Landing {
        let surface = TapSurface.name(of: tap, world: world)
        let shown = TapSurface.browser(for: tap, world: world)
        guard tap.from == .webview, !tap.webViewClient else {
            trace.add(
                surface, "The WebView's client loads the intent: URL itself; WebView knows no such scheme: net::ERR_UNKNOWN_URL_SCHEME",
                rule: Rule.androidWebviewUnknownScheme,
                assumption: tap.from == .inAppBrowser
                    ? "assumption: the in-app browser is a WebView with a WebViewClient that does not start intents itself" : nil)
            return Landing(kind: .error, browser: shown, url: tap.url)
        }
        guard let intent = IntentURL(tap.url) else {
            trace.add(
                surface, "\(tap.url) does not parse as an intent (it needs #Intent;…;end); WebView loads it and fails: net::ERR_UNKNOWN_URL_SCHEME",
                rule: Rule.androidWebviewNoClient)
            return Landing(kind: .error, browser: shown, url: tap.url)
        }
        trace.add(
            surface,
            "The app set no WebViewClient: WebView's default client parses the intent: URL (data \(intent.data)\(intent.package.map { ", package=\($0)" } ?? "")) and starts it with BROWSABLE",
            rule: Rule.androidWebviewNoClient)
        let search = handlers(of: intent, world: world)
        trace.append(contentsOf: search.steps)
        if let handler = search.handlers.first {
            return AppDelivery.open(
                handler.appIndex, url: intent.data, kind: .customScheme, activity: handler.activity, starter: .otherApp,
                world: &world, trace: &trace
            ).with(via: .intentURL)
        }
        trace.add(
            surface,
            "No activity handles it (ActivityNotFoundException); WebView loads the URL itself and fails: net::ERR_UNKNOWN_URL_SCHEME"
                + (intent.fallbackURL != nil ? " — S.browser_fallback_url is a Chrome feature, WebView ignores it" : ""),
            rule: Rule.androidWebviewNoClient)
        return Landing(kind: .error, browser: shown, url: tap.url)
    }

    /// The activities an intent: URL's intent reaches: its data URL, restricted to `package=` when given.
    static func handlers(of intent: IntentURL, world: World) -> AndroidHandlers.Search {
        var search = AndroidHandlers.search(url: intent.data, world: world, caller: nil)
        if let package = intent.package {
            search.handlers = search.handlers.filter { world.apps[$0.appIndex].id == package }
        }
        return search
    }

    static func intentURL(_ url: String, tap: Tap, world: inout World, trace: inout TraceRecorder) -> Landing {
        guard let intent = IntentURL(url) else {
            trace.add("Chrome", "\(url) is not a valid intent: URL (it needs #Intent;…;end); nothing happens", rule: Rule.androidIntentUrlParse)
            return Landing(kind: .nowhere)
        }
        trace.add(
            "Chrome",
            "Parses the intent: URL: data \(intent.data)\(intent.package.map { ", package=\($0)" } ?? "")\(intent.fallbackURL.map { ", S.browser_fallback_url=\($0)" } ?? "")",
            rule: Rule.androidIntentUrlParse)
        let search = handlers(of: intent, world: world)
        if tap.gesture == .script || tap.from == .chromeAddressBar {
            tellNoUserGesture("Chrome", "The chain has no user gesture (or was typed): Chrome does not launch the intent on its own", trace: &trace)
            if let fallback = intent.fallbackURL {
                trace.add("Chrome", "Navigates to the fallback URL \(fallback)", rule: Rule.androidIntentUrlFallback)
                return Landing(kind: .browser, via: .web, browser: TapSurface.browser(for: tap, world: world), url: fallback)
            }
            // Without a fallback, one resolving app gets “Continue to …?”.
            if CustomSchemeResolver.uniqueApps(search.handlers, world: world).count == 1, let only = search.handlers.first {
                return CustomSchemeResolver.chromeAsks(
                    only.appIndex, url: intent.data, because: "One app resolves and there is no fallback URL:", tap: tap, world: &world, trace: &trace)
            }
            return Landing(kind: .nowhere)
        }
        trace.append(contentsOf: search.steps)
        if let handler = search.handlers.first {
            trace.add(
                "Chrome", "Launches \(world.apps[handler.appIndex].name) with the intent (BROWSABLE added, component cleared)",
                rule: Rule.androidIntentUrlParse)
            return AppDelivery.open(
                handler.appIndex, url: intent.data, kind: .customScheme, activity: handler.activity, starter: .browser,
                world: &world, trace: &trace
            ).with(via: .intentURL)
        }
        if let fallback = intent.fallbackURL {
            if let storeApp = PlayStore.appID(fromDetailsURL: fallback) {
                trace.add(
                    "Chrome", "Nothing resolves; the fallback is a Play Store details page, which Chrome opens in the Play Store app",
                    rule: Rule.androidIntentUrlFallback)
                return Landing(kind: .store, app: storeApp, url: fallback)
            }
            trace.add("Chrome", "Nothing resolves; Chrome navigates to S.browser_fallback_url \(fallback)", rule: Rule.androidIntentUrlFallback)
            return Landing(kind: .browser, via: .web, browser: TapSurface.browser(for: tap, world: world), url: fallback)
        }
        if let package = intent.package {
            trace.add(
                "Chrome",
                "Nothing resolves and there is no fallback; package=\(package) is set, so Chrome opens the Play Store page market://details?id=\(package)",
                rule: Rule.androidIntentUrlPlayStore)
            return Landing(kind: .store, app: package, url: "market://details?id=\(package)")
        }
        trace.add("Chrome", "Nothing resolves, there is no fallback URL and no package: nothing happens", rule: Rule.androidIntentUrlParse)
        return Landing(kind: .nowhere)
    }
}

enum PlayStore {
    static func appID(fromDetailsURL url: String) -> String? {
        guard let parts = URLParts(url), parts.normalizedHost == "play.google.com", parts.path == "/store/apps/details" else { return nil }
        return parts.queryItems.first { $0.name == "id" }?.value
    }
}

/// `intent://HOST/PATH#Intent;scheme=S;package=P;S.browser_fallback_url=U;end`.
struct IntentURL {
    var data: String
    var scheme: String?
    var package: String?
    var fallbackURL: String?

    init?(_ url: String) {
        guard url.lowercased().hasPrefix("intent:"), let hash = url.range(of: "#Intent;", options: .backwards) else { return nil }
        let fields = url[hash.upperBound...].split(separator: ";").map(String.init)
        guard fields.last == "end" else { return nil }
        for field in fields.dropLast() {
            guard let eq = field.firstIndex(of: "=") else { continue }
            let key = String(field[..<eq])
            let value = PercentDecoding.decode(String(field[field.index(after: eq)...]))
            switch key {
            case "scheme": scheme = value
            case "package": package = value
            case "S.browser_fallback_url":
                // Only http(s) fallbacks are honoured.
                if let p = URLParts(value), p.isWeb { fallbackURL = value }
            default: break
            }
        }
        var rest = String(url[url.index(url.startIndex, offsetBy: 7)..<hash.lowerBound])
        if let scheme { rest = scheme + ":" + rest } else { rest = "intent:" + rest }
        data = rest
    }
}

extension Landing {
    func with(via: Via) -> Landing {
        var copy = self
        copy.via = via
        return copy
    }
}
