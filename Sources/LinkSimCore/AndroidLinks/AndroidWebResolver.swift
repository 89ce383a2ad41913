/// Where a tapped http(s) or `intent:` link goes on Android: the system's resolution of the web
/// intent (App Links on 12+, the legacy flow on 6–11), and what Chrome, Custom Tabs and WebViews
/// do before they ask the system (knowledge/android.md §2.4, §4.2–§4.4).
enum AndroidWebResolver {
    typealias Handler = CustomSchemeResolver.Handler

    /// The system's answer for a web intent.
    enum Resolution {
        case app(Handler)
        /// One browser (opens directly) or several (a chooser of browsers).
        case browsers([Browser])
        /// Android 6–11 (or no verification): the disambiguation dialog.
        case chooser(apps: [Handler], browsers: [Browser])
        /// A filter may match, depending on a manifest value linksim could not resolve.
        case unknown(String)
    }

    static let chainTimeout = SimDuration(seconds: 15)

    /// The rule for how Android resolves a web link among apps and browsers on this device: Android 12+'s
    /// approved-app-or-browser resolution, or Android 6–11's disambiguation dialog.
    static func resolutionRule(_ os: OSVersion) -> Rule {
        Rule.androidApplinksResolution12.applies(to: os) ? Rule.androidApplinksResolution12 : Rule.androidApplinksLegacyChooser
    }

    static func browsers(_ world: World, trace: inout TraceRecorder) -> [Browser] {
        if let installed = world.device.installedBrowsers {
            // A default browser among them takes the link alone; otherwise all of them are offered.
            if installed.contains(world.device.defaultBrowser) { return [world.device.defaultBrowser] }
            if installed.count > 1 {
                trace.add("Android", "No default browser is set, so every installed browser is offered", rule: resolutionRule(world.device.os))
            }
            return installed
        }
        if world.device.defaultBrowser != .none { return [world.device.defaultBrowser] }
        trace.add(
            "Android", "No default browser is set, so every installed browser is offered",
            rule: resolutionRule(world.device.os),
            assumption: "assumption: the device has Chrome and Firefox installed (device.browsers says otherwise)")
        return [.chrome, .firefox]
    }

    // MARK: System resolution

    /// `startActivity(VIEW url)` as the package manager resolves it.
    static func resolve(_ url: String, host: String, world: World, caller: String?, trace: inout TraceRecorder) -> Resolution {
        let api = world.device.os.apiLevel
        let search = AndroidHandlers.search(url: url, world: world, caller: caller)
        for step in search.steps { trace.append(step) }
        if let reason = search.unknown.first {
            return .unknown(reason)
        }
        let handlers = search.handlers
        let browserList = browsers(world, trace: &trace)
        if handlers.isEmpty {
            trace.add("Android", "No app's intent filter matches \(url); only browsers can open it", rule: resolutionRule(world.device.os))
            return .browsers(browserList)
        }
        if !Rule.androidApplinksCollectedHosts.applies(to: world.device.os) {
            trace.add(
                "Android", "Android \(world.device.os) has no App Links (they arrived in Android 6): every matching app is offered with the browser",
                rule: Rule.androidApplinksLegacyChooser)
            return .chooser(apps: handlers, browsers: browserList)
        }
        if Rule.androidApplinksLegacyChooser.applies(to: world.device.os) {
            var always: [Handler] = []
            var ask: [Handler] = []
            for handler in handlers {
                let app = world.apps[handler.appIndex]
                let (status, steps) = AppLinkDomains.legacyStatus(app, api: api, web: world.web)
                for step in steps { trace.append(step) }
                switch status {
                case .always: always.append(handler)
                case .never: continue
                case .undefined: ask.append(handler)
                }
            }
            if let winner = always.max(by: { world.apps[$0.appIndex].installOrder < world.apps[$1.appIndex].installOrder }) {
                trace.add(
                    "Android",
                    "\(world.apps[winner.appIndex].name) is ALWAYS for this domain: it opens directly\(always.count > 1 ? " (the most recently enabled of \(always.count))" : "")",
                    rule: Rule.androidApplinksLegacyAllOrNothing)
                return .app(winner)
            }
            if ask.isEmpty { return .browsers(browserList) }
            if let saved = world.preferredActivities[World.preferenceKey(url)], let browser = Browser(rawValue: saved),
                world.index(of: saved) == nil
            {
                trace.add(
                    "Android", "The user chose “Always” for \(browser.displayName) in an earlier dialog: the link opens there, no dialog",
                    rule: Rule.androidChooserAlwaysBrowser)
                return .browsers([browser])
            }
            if let saved = world.preferredActivities[World.preferenceKey(url)],
                let handler = ask.first(where: { world.apps[$0.appIndex].id == saved })
            {
                trace.add(
                    "Android", "The user chose “Always” for \(saved) in an earlier dialog: its preferred activity opens directly",
                    rule: Rule.androidApplinksLegacyChooser)
                return .app(handler)
            }
            trace.add(
                "Android", "No app is verified, so Android 6–11 shows the disambiguation dialog with the app\(ask.count > 1 ? "s" : "") and the browser",
                rule: Rule.androidApplinksLegacyChooser)
            return .chooser(apps: ask, browsers: browserList)
        }
        // Android 12+.
        if handlers.count + browserList.count <= 1, let only = handlers.first {
            trace.add(
                "Android", "The app is the only candidate (no browser), so it gets the link without domain filtering",
                rule: Rule.androidApplinksResolution12)
            return .app(only)
        }
        var best: [(Handler, AppLinkDomains.Approval)] = []
        for handler in handlers {
            let app = world.apps[handler.appIndex]
            let (level, steps) = AppLinkDomains.approval(app, host: host, url: url, api: api, web: world.web)
            for step in steps { trace.append(step) }
            if level > .none { best.append((handler, level)) }
        }
        guard let top = best.map(\.1).max() else {
            trace.add(
                "Android", "No app is approved for \(host): on Android 12+ the link resolves to the browser — never to a chooser of apps",
                rule: Rule.androidApplinksResolution12)
            return .browsers(browserList)
        }
        let winners = best.filter { $0.1 == top }.map(\.0)
        guard
            let winner = winners.max(by: { a, b in
                (world.apps[a.appIndex].installOrder, a.filterIndex) < (world.apps[b.appIndex].installOrder, b.filterIndex)
            })
        else { return .browsers(browserList) }
        if Set(winners.map(\.appIndex)).count > 1 {
            trace.add(
                "Android", "Several apps are approved (\(top.name)); the most recently installed wins: \(world.apps[winner.appIndex].name)",
                rule: Rule.androidApplinksTwoApproved)
        }
        trace.add(
            "Android", "\(world.apps[winner.appIndex].name) is approved (\(top.name)) for \(host): it opens directly, no chooser",
            rule: Rule.androidApplinksResolution12)
        return .app(winner)
    }

    // MARK: A tap

    static func tap(_ tap: Tap, parts: URLParts, world: inout World, trace: inout TraceRecorder) -> Landing {
        let surface = TapSurface.name(of: tap, world: world)
        let host = parts.normalizedHost
        switch tap.from {
        case .webview where !tap.webViewClient:
            trace.add(
                surface, "The app set no WebViewClient: WebView's default client hands \(tap.url) to the system as a BROWSABLE intent",
                rule: Rule.androidWebviewNoClient)
            return systemOpen(tap.url, host: host, tap: tap, starter: .otherApp, world: &world, trace: &trace)
        case .webview, .inAppBrowser:
            trace.add(
                surface, "A WebView does not resolve intents: the page loads inside it and no app opens",
                rule: Rule.androidWebviewNoIntents,
                assumption: tap.from == .inAppBrowser ? "assumption: the in-app browser is a WebView that does not start intents itself" : nil)
            return followInPlace(tap, browser: TapSurface.browser(for: tap, world: world), world: world, trace: &trace)
        case .customTab where tap.page == nil:
            trace.add(
                surface, "The app opened \(tap.url) in a Custom Tab: the first URL of a Custom Tab stays in the tab",
                rule: Rule.androidCustomtabFirstUrl)
            return followInPlace(tap, browser: .customTab, world: world, trace: &trace)
        case .chrome, .chromeAddressBar, .firefox, .customTab:
            return inChrome(tap, world: &world, trace: &trace)
        case .notes, .messages, .mail, .otherApp, .qrCode, .safari, .safariAddressBar, .sfsafariviewcontroller, .adb, .simctl,
            .pushNotification, .smartAppBanner:
            trace.add(surface, "\(surface) calls startActivity(VIEW \(tap.url)); Android resolves it")
            return systemOpen(tap.url, host: host, tap: tap, starter: .otherApp, world: &world, trace: &trace)
        }
    }

    /// The system decides, and the chosen app or browser shows the link.
    static func systemOpen(
        _ url: String, host: String, tap: Tap, starter: AppDelivery.AndroidStarter,
        world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        switch resolve(url, host: host, world: world, caller: tap.caller, trace: &trace) {
        case .app(let handler):
            return AppDelivery.open(
                handler.appIndex, url: url, kind: .appLink, activity: handler.activity, starter: starter,
                world: &world, trace: &trace)
        case .browsers(let list):
            if list.count == 1, let browser = list.first {
                // The browser's first navigation of an incoming intent stays in it; later redirects may leave.
                return chromeLoads(url, browser: browser, firstNavigationOfIntent: true, tap: tap, world: &world, trace: &trace)
            }
            world.pending = PendingDecision(
                kind: .chooser, url: url, candidates: list.map(\.rawValue), stayBrowser: nil, stayURL: nil, tap: tap,
                cancelRule: Rule.androidApplinksResolution12)
            return Landing(kind: .chooser, url: url, options: list.map(\.rawValue))
        case .chooser(let apps, let browsers):
            let ids = CustomSchemeResolver.uniqueApps(apps, world: world) + browsers.map(\.rawValue)
            world.pending = PendingDecision(
                kind: .chooser, url: url, candidates: ids, stayBrowser: nil, stayURL: nil, tap: tap,
                cancelRule: Rule.androidApplinksLegacyChooser)
            return Landing(kind: .chooser, url: url, options: ids)
        case .unknown(let reason):
            trace.add("Android", "Unknown: \(reason)", rule: .linksimManifestUnresolvedValue)
            return .unknown(reason)
        }
    }

    // MARK: Chrome (knowledge/android.md §4.3)

    static func inChrome(_ tap: Tap, world: inout World, trace: inout TraceRecorder) -> Landing {
        let browser = TapSurface.browser(for: tap, world: world)
        let actor = tap.from == .firefox ? "Firefox" : (tap.from == .customTab ? "Custom Tab" : "Chrome")
        if tap.from == .firefox {
            trace.add(
                "Firefox", "Firefox decides like Chrome does",
                assumption: "assumption: non-Chrome browsers have their own external-navigation logic (they do not document it); linksim uses Chrome's")
        }
        if tap.from == .chromeAddressBar {
            trace.add(
                actor, "A URL typed into the address bar stays in Chrome; it never leaves for an app on its own",
                rule: Rule.androidChromeTypedUrl)
            return followInPlace(tap, browser: browser, world: world, trace: &trace)
        }
        if tap.gesture == .script {
            trace.add(
                actor, "The navigation started from script without a user gesture, so Chrome keeps http(s) links",
                rule: Rule.androidChromeUserGesture)
            return followInPlace(tap, browser: browser, world: world, trace: &trace)
        }
        return chromeLoads(tap.url, browser: browser, firstNavigationOfIntent: false, tap: tap, world: &world, trace: &trace)
    }

    /// Chrome handling a navigation chain: the URL, then each server redirect.
    static func chromeLoads(
        _ url: String, browser: Browser, firstNavigationOfIntent: Bool, tap: Tap,
        world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        let shown = browser.displayName
        var current = url
        var elapsed = SimDuration(seconds: 0)
        var first = true
        var previousHost = tap.page.flatMap { URLParts($0)?.normalizedHost }
        var previousResolvers: Set<String>?
        for _ in 0...WebNavigation.redirectLimit {
            guard let parts = URLParts(current) else { break }
            let host = parts.normalizedHost
            if parts.scheme.lowercased() == "intent" {
                return intentURL(current, tap: tap, world: &world, trace: &trace)
            }
            if parts.isWeb {
                var probe = TraceRecorder()
                let resolution = resolve(current, host: host, world: world, caller: tap.caller, trace: &probe)
                if case .unknown(let reason) = resolution {
                    for step in probe.steps { trace.append(step) }
                    trace.add(
                        shown, "Unknown: whether \(shown) hands \(current) to an app depends on it: \(reason)",
                        rule: .linksimManifestUnresolvedValue)
                    return .unknown(reason)
                }
                // Chrome asks the package manager for every non-browser activity that handles the URL
                // (ExternalNavigationHandler): on Android 6–11 unverified apps are among them.
                let resolvers: Set<String>
                switch resolution {
                case .app(let h): resolvers = [world.apps[h.appIndex].id]
                case .chooser(let apps, _): resolvers = Set(CustomSchemeResolver.uniqueApps(apps, world: world))
                default: resolvers = []
                }
                let decision: (leave: Bool, summary: String, rule: Rule)
                if first && firstNavigationOfIntent {
                    decision = (
                        false, "\(shown) was opened to show \(current): the first navigation of an incoming intent stays in the browser",
                        Rule.androidChromeIncomingIntent
                    )
                } else if elapsed > chainTimeout {
                    decision = (
                        false, "The redirect chain is \(elapsed) old, over Chrome's 15-second limit: it stays in \(shown)", Rule.androidChromeChainTimeout
                    )
                } else if !first && previousResolvers == resolvers && firstNavigationOfIntent {
                    decision = (false, "The redirect has no new handlers: it stays in \(shown)", Rule.androidChromeIncomingIntent)
                } else if resolvers.isEmpty {
                    decision = (
                        false,
                        Rule.androidApplinksResolution12.applies(to: world.device.os)
                            ? "No app is approved to handle \(current) (on Android 12+ unverified apps are not candidates): \(shown) keeps it"
                            : "No app can handle \(current): \(shown) keeps it", Rule.androidChromeNoHandler
                    )
                } else if let previousHost, previousHost == host {
                    decision = (false, "Same host as the page (\(host)): \(shown) keeps the navigation", Rule.androidChromeSameHost)
                } else {
                    decision = (true, "\(shown) fires the intent for \(current) (NEW_TASK | CLEAR_TOP)", Rule.androidChromeFiresIntent)
                }
                if decision.leave {
                    for step in probe.steps { trace.append(step) }
                    trace.add(shown, decision.summary, rule: decision.rule)
                    if case .app(let handler) = resolution {
                        return AppDelivery.open(
                            handler.appIndex, url: current, kind: .appLink, activity: handler.activity,
                            starter: .browser, world: &world, trace: &trace)
                    }
                    if case .chooser(let apps, let browsers) = resolution {
                        // Android 6–11: unverified apps are candidates; the intent Chrome fires shows the dialog.
                        trace.add("Android", "The handlers are not verified: Android shows the disambiguation dialog", rule: Rule.androidApplinksLegacyChooser)
                        let ids = CustomSchemeResolver.uniqueApps(apps, world: world) + browsers.map(\.rawValue)
                        world.pending = PendingDecision(
                            kind: .chooser, url: current, candidates: ids, stayBrowser: nil, stayURL: nil,
                            tap: tap, cancelRule: Rule.androidApplinksLegacyChooser)
                        return Landing(kind: .chooser, url: current, options: ids)
                    }
                }
                if first || !resolvers.isEmpty || decision.rule != Rule.androidChromeNoHandler {
                    // The system's resolution was already told for an incoming intent's first page.
                    if !(first && firstNavigationOfIntent), !resolvers.isEmpty || first {
                        for step in probe.steps where step.rule?.rawValue.hasPrefix("android.applinks") == true { trace.append(step) }
                    }
                    trace.add(shown, decision.summary, rule: decision.rule)
                }
                previousResolvers = resolvers
            }
            trace.add(shown, "Loads \(current)")
            guard let host = parts.host,
                let rule = world.web.redirect(host: host, path: parts.path + (parts.query.map { "?\($0)" } ?? ""))
            else { break }
            elapsed = elapsed + rule.after
            trace.add(
                "server \(host.lowercased())",
                rule.after.seconds > 0
                    ? "After \(rule.after) the page redirects to \(rule.target)" : "Answers \(rule.status) with Location: \(rule.target)")
            previousHost = host.lowercased()
            current = rule.target
            first = false
        }
        if WebNavigation.redirect(current, web: world.web) != nil {
            return WebNavigation.show(current, browser: browser, web: world.web, trace: &trace)
        }
        trace.add(shown, "Shows \(current)")
        return Landing(kind: .browser, via: .web, browser: browser, url: current)
    }

    /// Browsers and views that never hand the link to the system: they load it and follow redirects.
    static func followInPlace(_ tap: Tap, browser: Browser, world: World, trace: inout TraceRecorder) -> Landing {
        let finalURL = WebNavigation.follow(tap.url, web: world.web, trace: &trace)
        return WebNavigation.show(finalURL, browser: browser, web: world.web, trace: &trace)
    }
}
