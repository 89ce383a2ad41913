/// Links QA fire from tools and system surfaces rather than from a link on a page: `adb shell am start`,
/// `xcrun simctl openurl`, a push notification, Safari's Smart App Banner, and the Camera's QR banner.
enum QATaps {
    /// Handles a tap from one of these sources; nil for ordinary sources (the caller resolves them).
    static func perform(_ tap: Tap, parts: URLParts, world: inout World, trace: inout TraceRecorder) -> Landing? {
        switch tap.from {
        case .adb: return adb(tap, parts: parts, world: &world, trace: &trace)
        case .simctl: return simctl(tap, parts: parts, world: &world, trace: &trace)
        case .pushNotification: return push(tap, parts: parts, world: &world, trace: &trace)
        case .smartAppBanner: return smartAppBanner(tap, parts: parts, world: &world, trace: &trace)
        default: return nil
        }
    }

    /// The command line QA types for a tap from `from: adb` (with its package, if any).
    static func adbCommand(_ tap: Tap) -> String {
        "adb shell am start -W -a android.intent.action.VIEW -d \"\(tap.url)\"\(tap.targetApp.map { " \($0)" } ?? "")"
    }

    /// The command line QA types for a tap from `from: simctl`.
    static func simctlCommand(_ tap: Tap) -> String { "xcrun simctl openurl booted \"\(tap.url)\"" }

    // MARK: adb

    private static func adb(_ tap: Tap, parts: URLParts, world: inout World, trace: inout TraceRecorder) -> Landing {
        trace.add("adb", "Runs \(adbCommand(tap))")
        guard let package = tap.targetApp else {
            trace.add(
                "adb",
                "No package is named: the VIEW intent is implicit (and carries no BROWSABLE category), so Android resolves it like another app's startActivity",
                rule: Rule.androidAdbImplicit)
            return LinkTap.dispatch(tap, parts: parts, world: &world, trace: &trace)
        }
        let unresolved = "Error: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW dat=\(tap.url) pkg=\(package) }"
        guard let index = world.index(of: package), world.apps[index].state.isInstalled else {
            trace.add("adb", "\(package) is not installed; am cannot start it", rule: Rule.androidAdbExplicitPackage, detail: "am prints “\(unresolved)”.")
            return Landing(kind: .error, app: package)
        }
        let app = world.apps[index]
        let search = AndroidHandlers.search(url: tap.url, world: world, caller: nil)
        if let reason = search.unknown.first {
            trace.append(contentsOf: search.steps)
            trace.add("Android", "Unknown: \(reason)", rule: .linksimManifestUnresolvedValue)
            return .unknown(reason)
        }
        var handler = search.handlers.first { $0.appIndex == index }
        if handler == nil, let loose = matchWithoutBrowsable(index, url: tap.url, world: world) {
            // adb adds no BROWSABLE category, so a filter that lacks it still matches the shell's intent.
            IntentFilterMatcher.tellBrowsableMissing(
                "Android",
                "\(loose.activity.qualifiedName(package: app.package))'s filter has no BROWSABLE category; adb's intent has none either, so it matches here — a link tapped in a browser or another app would not reach it",
                trace: &trace)
            handler = loose
        }
        guard let handler else {
            // The steps about this app, and every step that cites a rule. Without trace text (`.verdicts`) a
            // step carries no summary to read: the rule-less narration is left out, the rules are the same.
            for step in search.steps where step.rule != nil || (trace.explains && step.summary.hasPrefix(app.name)) {
                trace.append(step)
            }
            trace.add(
                "Android", "No activity of \(package) matches \(tap.url); am cannot start it", rule: Rule.androidAdbExplicitPackage,
                detail: "am prints “\(unresolved)”.")
            return Landing(kind: .error, app: package)
        }
        trace.add(
            "Android",
            "The intent names \(package) (setPackage): only its activities are candidates, so no browser competes, no chooser appears and App Link verification is not consulted; \(handler.activity.qualifiedName(package: app.package)) matches",
            rule: Rule.androidAdbExplicitPackage)
        if parts.isWeb {
            // What a real tap would do: adb with a package proves the filter, not the verification.
            var probe = TraceRecorder(world.traceDetail)
            let real = AndroidWebResolver.resolve(tap.url, host: parts.normalizedHost, world: world, caller: nil, trace: &probe)
            let opensApp: Bool
            if case .app(let winner) = real { opensApp = winner.appIndex == index } else { opensApp = false }
            if !opensApp {
                trace.add(
                    "adb",
                    "Note: a tap on this link in Messages or Chrome would not open \(app.name) directly (\(describe(real, world: world))); drop the package from the command to test that",
                    rule: Rule.androidAdbExplicitPackage)
            }
        }
        return AppDelivery.open(
            index, url: tap.url, kind: parts.isWeb ? .appLink : .customScheme, activity: handler.activity, starter: .shell,
            world: &world, trace: &trace)
    }

    /// `am start` of an implicit intent that no activity matches: am prints its error (the shell catches it).
    static func tellShellResolvedNothing(_ tap: Tap, trace: inout TraceRecorder) -> Landing {
        trace.add(
            "adb", "No activity matches the intent; am cannot start it", rule: Rule.androidAdbImplicit,
            detail: "am prints “Error: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW dat=\(tap.url) }”.")
        return Landing(kind: .error)
    }

    /// The handler of `index` when its VIEW filters that lack BROWSABLE are given it (what the shell's
    /// intent, which carries no BROWSABLE, can still match); nil when none matches either way.
    private static func matchWithoutBrowsable(_ index: Int, url: String, world: World) -> CustomSchemeResolver.Handler? {
        let browsable = "android.intent.category.BROWSABLE"
        var loose = world
        var changed = false
        for a in loose.apps[index].activities.indices {
            for f in loose.apps[index].activities[a].intentFilters.indices
            where !loose.apps[index].activities[a].intentFilters[f].categories.contains(browsable) {
                loose.apps[index].activities[a].intentFilters[f].categories.append(browsable)
                changed = true
            }
        }
        guard changed, let found = AndroidHandlers.search(url: url, world: loose, caller: nil).handlers.first(where: { $0.appIndex == index }),
            let original = world.apps[index].activities.first(where: { $0.name == found.activity.name })
        else { return nil }
        return CustomSchemeResolver.Handler(appIndex: index, activity: original, filterIndex: found.filterIndex)
    }

    private static func describe(_ resolution: AndroidWebResolver.Resolution, world: World) -> String {
        switch resolution {
        case .app(let handler): return "\(world.apps[handler.appIndex].name) would open instead"
        case .browsers(let browsers):
            return browsers.count == 1 ? "\(browsers[0].displayName) would show it" : "Android would offer the browsers"
        case .chooser: return "Android would show the disambiguation dialog"
        case .unknown: return "linksim cannot tell what would open"
        }
    }

    // MARK: simctl

    private static func simctl(_ tap: Tap, parts: URLParts, world: inout World, trace: inout TraceRecorder) -> Landing {
        trace.add(
            "simctl", "Runs \(simctlCommand(tap)): the Simulator's system opens the URL, as if an app called open(_:)",
            rule: Rule.iosSimctlOpenurl,
            assumption: "assumption: the Simulator resolves links like a device (its CDN and developer-mode fetches are not documented)")
        if !parts.isWeb, CustomSchemeResolver.iosReservedSchemes[parts.scheme.lowercased()] == nil {
            let scheme = parts.scheme.lowercased()
            let claimant = world.apps.indices.first { i in
                world.apps[i].state.isInstalled && world.apps[i].urlSchemes.contains { $0.lowercased() == scheme }
            }
            if let claimant {
                let app = world.apps[claimant]
                trace.add(
                    "Simulator", "Asks “Open in “\(app.name)”?” — Cancel / Open", rule: Rule.iosSimctlSchemePrompt,
                    detail: "Nothing reaches \(app.name) until the user answers (scenario: `answer: open` or `answer: cancel`).")
                world.pending = PendingDecision(
                    kind: .appOpenPrompt(caller: "simctl"), url: tap.url, candidates: [app.id],
                    stayBrowser: nil, stayURL: nil, tap: tap, cancelRule: Rule.iosSimctlSchemePrompt)
                return Landing(kind: .prompt, app: app.id, url: tap.url, options: [.open, .cancel])
            }
        }
        return LinkTap.dispatch(tap, parts: parts, world: &world, trace: &trace)
    }

    // MARK: Push notification

    private static func push(_ tap: Tap, parts: URLParts, world: inout World, trace: inout TraceRecorder) -> Landing {
        let platform = world.device.platform
        let rule = platform == .ios ? Rule.iosPushTap : Rule.androidPushTap
        guard let appID = tap.targetApp, let index = world.index(of: appID) else {
            let reason = "a push notification needs `app:` (the app that posted it)"
            trace.add("linksim", "Unknown: \(reason)", rule: Rule.linksimNotModelled)
            return .unknown(reason)
        }
        let app = world.apps[index]
        guard app.state.isInstalled, app.state != .installed else {
            trace.add(
                platform.displayName,
                app.state.isInstalled
                    ? "\(app.name) was installed but never launched, so it never registered for notifications: there is no notification to tap"
                    : "\(app.name) is not installed: there is no notification to tap",
                rule: rule)
            return Landing(kind: .nowhere)
        }
        let cold = !app.state.isRunning
        trace.add("User", "Taps \(app.name)'s notification; its payload carries \(tap.url)")
        let callback: String
        switch platform {
        case .ios:
            callback = "userNotificationCenter(_:didReceive:withCompletionHandler:)"
            trace.add(
                "iOS",
                "\(cold ? "Launches" : "Brings") \(app.name)\(cold ? "" : " to the foreground") and calls \(callback) with the payload; iOS does not resolve the URL (no association or scheme check)",
                rule: rule)
        case .android:
            let activity = app.activities.first
            let reused = !cold && [.singleTop, .singleTask, .singleInstance].contains(activity?.launchMode ?? .standard)
            callback = reused ? EntryPoint.onNewIntent.rawValue : EntryPoint.onCreate.rawValue
            trace.add(
                "Android",
                "The notification's PendingIntent starts \(app.name)'s \(activity.map { $0.qualifiedName(package: app.package) } ?? "launcher activity") (\(callback)) with the payload in the intent extras; no intent filter, verification or chooser is involved",
                rule: rule,
                assumption: cold
                    ? nil
                    : "assumption: the PendingIntent targets the app's first activity with default flags (onNewIntent only for a singleTop/singleTask/singleInstance activity)"
            )
        }
        world.bringToForeground(index)
        if cold { world.apps[index].launchCount += 1 }
        // The app's own handler passes the URL to its router; its path routes apply to any web URL it is given.
        let routed = AppRouter.route(tap.url, in: app, webLink: parts.isWeb)
        trace.add(
            app.name,
            "The notification handler passes \(tap.url) to the router: \(routed.route.map { "it matches \(AppRouter.describe($0.pattern)) and shows \(routed.screen)" } ?? "no route matches; it shows \(routed.screen)")",
            rule: routed.rule)
        world.apps[index].currentScreen = routed.screen
        return Landing(kind: .app, app: app.id, screen: routed.screen, params: routed.params, callback: callback, delivered: true)
    }

    // MARK: Smart App Banner

    private static func smartAppBanner(_ tap: Tap, parts: URLParts, world: inout World, trace: inout TraceRecorder) -> Landing {
        guard let appID = tap.targetApp, let index = world.index(of: appID) else {
            let reason = "a Smart App Banner needs `app:` (the app its app-id names)"
            trace.add("linksim", "Unknown: \(reason)", rule: Rule.linksimNotModelled)
            return .unknown(reason)
        }
        let app = world.apps[index]
        let page = tap.page.map { " on \($0)" } ?? ""
        guard app.state.isInstalled else {
            trace.add(
                "Safari",
                "The page\(page) shows the Smart App Banner for \(app.name) with “View”; \(app.name) is not installed, so tapping it opens the App Store page (the app-argument \(tap.url) is not kept through the install)",
                rule: Rule.iosSmartAppBanner)
            return Landing(kind: .store, app: app.id)
        }
        trace.add(
            "Safari",
            "The page\(page) shows the Smart App Banner for \(app.name) with “Open”; the user taps it and Safari opens \(app.name) with the app-argument \(tap.url)",
            rule: Rule.iosSmartAppBanner,
            assumption:
                "assumption: the app-argument reaches the app through its open-URL entry point, like a custom-scheme URL (Apple's page says only that the app opens)"
        )
        // OPEN in the banner undoes the user's choice of the browser for the site (Apple's archived guide).
        var hosts: [String] = []
        for url in [tap.page, parts.isWeb ? tap.url : nil] {
            if let host = url.flatMap({ world.parts(of: $0)?.normalizedHost }), !host.isEmpty, !hosts.contains(host) { hosts.append(host) }
        }
        UniversalLinkResolver.bannerUndoesBrowserPreference(for: hosts, world: &world, trace: &trace)
        var landing = AppDelivery.open(index, url: tap.url, kind: .customScheme, world: &world, trace: &trace)
        // An https app-argument arrives where custom-scheme URLs do; an app that routes it by path shows that screen.
        if parts.isWeb, landing.delivered == true, let opened = world.index(of: app.id) {
            let routed = AppRouter.route(tap.url, in: world.apps[opened], webLink: true)
            if let route = routed.route, routed.screen != landing.screen {
                trace.add(
                    app.name, "Its open-URL handler routes the web URL by path: it matches \(AppRouter.describe(route.pattern)) and shows \(routed.screen)",
                    rule: routed.rule,
                    assumption: "assumption: the app's open-URL handler also routes https URLs with its path routes")
                world.apps[opened].currentScreen = routed.screen
                landing.screen = routed.screen
                landing.params = routed.params
            }
        }
        return landing
    }
}
