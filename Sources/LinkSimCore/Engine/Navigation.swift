/// Plain HTTP navigation, one hop at a time: every browser and view in linksim walks a chain of server
/// and script redirects with this code, narrates each hop the same way, and recognises a link
/// provider (OneLink, Branch, Adjust) at whichever hop it appears.
enum WebNavigation {
    /// Browsers follow at most 20 redirects (Fetch: "if request's redirect count is twenty, return
    /// a network error"; Chromium's net stack and WebKit implement it).
    static let redirectLimit = 20

    /// The server redirect that answers `url`, if any.
    static func redirect(_ url: String, web: Web) -> RedirectRule? {
        guard let parts = URLParts(url) else { return nil }
        return redirect(parts, web: web)
    }

    /// The server redirect that answers a URL already split (a host without redirects answers none).
    static func redirect(_ parts: URLParts, web: Web) -> RedirectRule? {
        guard let host = parts.host, let server = web[host], !server.redirects.isEmpty else { return nil }
        let path = parts.query.map { parts.path + "?" + $0 } ?? parts.path
        return server.redirects.first { $0.matches(path: path) }
    }

    /// Narrates one hop: a server's 3xx, or a page that navigates by script or meta refresh after a delay.
    static func narrate(_ rule: RedirectRule, from host: String, trace: inout TraceRecorder) {
        trace.add(
            "server \(host.lowercasedIfNeeded)",
            rule.after.seconds > 0
                ? "After \(rule.after) the page redirects to \(rule.target)" : "Answers \(rule.status) with Location: \(rule.target)",
            rule: Rule.linksimRedirectHop)
    }

    /// Where following a chain from a URL ended.
    enum Followed {
        /// The page the chain ends on (or, after the limit, the URL that still redirects).
        case page(String)
        /// A provider link reached through the chain: the hop the provider handles from here.
        case provider(Tap, URLParts, ChainContext)
        /// A hop to a URL that is not a web page (a custom scheme, an `intent:` URL).
        case scheme(String, URLParts, ChainContext)
    }

    /// Follows the servers' redirects from `tap.url` in a browser or view that never hands a URL to
    /// the system, and stops at a provider link.
    static func follow(_ tap: Tap, world: World, trace: inout TraceRecorder) -> Followed {
        var chain = ChainContext()
        var current = tap.url
        // Offline, no server answers: the browser stays on the URL it could not load (`Offline.landing`).
        guard world.device.online else { return .page(current) }
        for _ in 0..<redirectLimit {
            guard let parts = world.parts(of: current), let rule = redirect(parts, web: world.web), let host = parts.host else {
                return .page(current)
            }
            narrate(rule, from: host, trace: &trace)
            chain.add(from: current, host: host, rule: rule)
            current = rule.target
            guard let next = world.parts(of: current) else { return .page(current) }
            if !next.isWeb { return .scheme(current, next, chain) }
            if ProviderLinks.recognise(host: next.normalizedHost, providers: world.providers) != nil {
                return .provider(chain.tap(tap, at: current), next, chain)
            }
        }
        return .page(current)
    }

    /// Follows a chain and shows where it ends; a provider link on the way takes over.
    static func followAndShow(_ tap: Tap, browser: Browser, world: inout World, trace: inout TraceRecorder) -> Landing {
        switch follow(tap, world: world, trace: &trace) {
        case .page(let url):
            return show(url, parts: world.parts(of: url), browser: browser, world: world, trace: &trace)
        case .provider(let hop, let parts, let chain):
            return ProviderLinks.tap(hop, parts: parts, chain: chain, world: &world, trace: &trace)
                ?? show(hop.url, parts: world.parts(of: hop.url), browser: browser, world: world, trace: &trace)
        case .scheme(let url, let parts, let chain):
            return schemeHop(tap, url: url, parts: parts, chain: chain, world: &world, trace: &trace)
        }
    }

    /// A hop to a URL that is not a web page (a custom scheme, an `intent:` URL): the browser or view
    /// running the chain handles it like a link to it on the page before — without a user gesture when a
    /// script navigated on the way, or (Chrome) when the chain is over 15 seconds old.
    static func schemeHop(
        _ tap: Tap, url: String, parts: URLParts, chain: ChainContext, world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        var hop = chain.tap(tap, at: url)
        hop.page = chain.redirectedFrom.last ?? tap.page
        if !hop.from.isBrowser || (hop.from == .webview && !hop.webViewClient) {
            // A chain tapped in another app runs in the default browser.
            switch TapSurface.browser(for: tap, world: world) {
            case .chrome: hop.from = .chrome
            case .firefox: hop.from = .firefox
            case .safari: hop.from = .safari
            default: break
            }
        }
        let android = world.device.platform == .android
        // iOS: a script hop carries no user gesture. Chrome: script hops belong to the chain the tap
        // started; only its age counts.
        if !android, chain.script { hop.gesture = .script }
        if android, let timedOut = AndroidWebResolver.chainTimedOut(chain), [.chrome, .customTab, .firefox].contains(hop.from), hop.gesture != .script {
            trace.add(
                TapSurface.name(of: hop, world: world),
                "The redirect chain is \(chain.elapsed) old, over Chrome's 15-second limit: Chrome treats \(parts.scheme): like a navigation without a user gesture",
                rule: timedOut)
            hop.gesture = .script
        }
        if android, parts.scheme.lowercasedIfNeeded == "intent" {
            if hop.from == .webview || hop.from == .inAppBrowser { return AndroidWebResolver.intentInWebView(hop, world: &world, trace: &trace) }
            return AndroidWebResolver.intentURL(url, tap: hop, world: &world, trace: &trace)
        }
        return android
            ? CustomSchemeResolver.resolveAndroid(hop, parts: parts, world: &world, trace: &trace)
            : CustomSchemeResolver.resolveIOS(hop, parts: parts, world: &world, trace: &trace)
    }

    /// Shows the final page of a navigation, or — when the chain still redirects after the limit
    /// (a loop) — the browser's too-many-redirects error.
    /// `parts`: the URL split (`World.parts(of:)`, which the hops before split already).
    static func show(_ url: String, parts: URLParts?, browser: Browser, world: World, trace: inout TraceRecorder) -> Landing {
        let shown = browser.displayName
        // Offline, nothing was loaded: `Offline.landing` says what the browser shows instead.
        guard world.device.online else { return Landing(kind: .browser, via: .web, browser: browser, url: url) }
        if let parts, redirect(parts, web: world.web) != nil {
            trace.add(
                shown, "The chain still redirects after \(redirectLimit) hops (a redirect loop): the browser gives up with its too-many-redirects error page",
                rule: Rule.webRedirectLimit)
            return Landing(kind: .error, browser: browser, url: url)
        }
        trace.add(shown, "Shows \(url)")
        return Landing(kind: .browser, via: .web, browser: browser, url: url)
    }
}

/// What a hop knows about the chain that led to it: the URLs before it, the time since the user's
/// tap, whether a script navigated on the way, and (Android) what Chrome knew at the previous hop.
struct ChainContext: Sendable, Equatable {
    /// The URLs the chain went through before this hop, the tapped URL first.
    var redirectedFrom: [String] = []
    /// Time since the chain started (script redirects wait; server redirects take no time).
    var elapsed = SimDuration(seconds: 0)
    /// A page navigated by script or meta refresh on the way (no new user gesture).
    var script = false
    /// Android: the browser was opened by an intent for the chain's first URL (an incoming intent).
    var firstNavigationOfIntent = false
    /// Android: the apps that could handle the previous URL (Chrome compares them).
    var previousResolvers: Set<String>? = nil
    /// The last page the browser committed, and its host: the page the link was tapped on, or a page that
    /// then navigated by script. A server redirect commits nothing (Chrome's `getLastCommittedUrl` is still
    /// the page before it), so it leaves them as they were.
    var previousURL: String? = nil
    var previousHost: String? = nil

    var isRedirect: Bool { !redirectedFrom.isEmpty }

    /// `host`: the host of `url` (the caller split it to find the redirect).
    mutating func add(from url: String, host: String, rule: RedirectRule) {
        redirectedFrom.append(url)
        elapsed = elapsed + rule.after
        if rule.after.seconds > 0 {
            script = true
            previousURL = url
            previousHost = host.lowercasedIfNeeded
        }
    }

    /// The tap as the next hop sees it at `url`: reached through the chain. (Whether a script hop on
    /// the way cost the user gesture is each platform's rule: iOS drops it, Chrome counts the age.)
    func tap(_ tap: Tap, at url: String) -> Tap {
        var hop = tap
        hop.url = url
        hop.redirectedFrom = redirectedFrom
        return hop
    }
}
