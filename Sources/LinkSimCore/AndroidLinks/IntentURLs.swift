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
        // ASCII (nearly every intent: URL) is read on bytes, where it is the same as reading characters;
        // `range(of:options:)` and splitting characters cost 120,000 instructions for one URL.
        var text = url
        if let read = text.withUTF8({ Self.asciiParts($0) }) {
            guard let read else { return nil }
            // Offsets into an ASCII string's UTF-8 are offsets into its characters.
            let from = url.utf8.index(url.utf8.startIndex, offsetBy: read.from)
            let to = url.utf8.index(url.utf8.startIndex, offsetBy: read.to)
            self.init(url: url, hash: from..<to, fields: read.fields)
        } else {
            guard url.lowercased().hasPrefix("intent:"), let hash = url.range(of: "#Intent;", options: .backwards) else { return nil }
            let fields = url[hash.upperBound...].split(separator: ";").map(String.init)
            let start = url.index(url.startIndex, offsetBy: 7)
            self.init(url: url, hash: start..<hash.lowerBound, fields: fields)
        }
    }

    /// `fields`: the `;`-separated fields after `#Intent;`, the last `end`; `hash`: what lies between
    /// `intent:` and `#Intent;`.
    private init?(url: String, hash: Range<String.Index>, fields: [String]) {
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
        var rest = String(url[hash])
        if let scheme { rest = scheme + ":" + rest } else { rest = "intent:" + rest }
        data = rest
    }

    /// For an ASCII URL: nil when it is not ASCII; .some(nil) when it is no intent: URL (no `intent:`
    /// prefix in any case, or no `#Intent;`); else the byte offsets after `intent:` and of the last
    /// `#Intent;`, and the fields after it (empty ones dropped).
    private static func asciiParts(_ b: UnsafeBufferPointer<UInt8>) -> (from: Int, to: Int, fields: [String])?? {
        guard !b.contains(where: { $0 >= 0x80 }) else { return nil }
        let prefix = Array("intent:".utf8)
        guard b.count >= prefix.count, (0..<prefix.count).allSatisfy({ b[$0] | (b[$0] >= 0x41 && b[$0] <= 0x5A ? 0x20 : 0) == prefix[$0] })
        else { return .some(nil) }
        let marker = Array("#Intent;".utf8)
        var at = b.count - marker.count
        while at >= 0, !(0..<marker.count).allSatisfy({ b[at + $0] == marker[$0] }) { at -= 1 }
        guard at >= 0 else { return .some(nil) }
        var fields: [String] = []
        var start = at + marker.count
        for i in start...b.count where i == b.count || b[i] == UInt8(ascii: ";") {
            if i > start { fields.append(String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)) }
            start = i + 1
        }
        return .some((prefix.count, at, fields))
    }
}

extension Landing {
    func with(via: Via) -> Landing {
        var copy = self
        copy.via = via
        return copy
    }
}
