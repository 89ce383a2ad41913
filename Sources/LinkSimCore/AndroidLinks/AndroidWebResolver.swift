/// Where a tapped http(s) or `intent:` link goes on Android: the system's resolution of the web
/// intent (App Links on 12+, the legacy flow on 6–11), and what Chrome, Custom Tabs and WebViews
/// do before they ask the system.
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

    /// `startActivity(VIEW url)` as the package manager resolves it. `browsable: false`: the intent carries no
    /// category (adb's), so filters without BROWSABLE are candidates too; on Android 12+ they are never approved.
    static func resolve(
        _ url: String, host: String, world: World, caller: String?, browsable: Bool = true, trace: inout TraceRecorder
    ) -> Resolution {
        let api = world.device.os.apiLevel
        let search = AndroidHandlers.search(url: url, world: world, caller: caller, browsable: browsable, trace: &trace)
        if let reason = search.unknown.first {
            return .unknown(reason)
        }
        let handlers = search.handlers
        if !browsable { AndroidHandlers.tellShellOnly(handlers, world: world, trace: &trace) }
        let browserList = browsers(world, trace: &trace)
        if handlers.isEmpty {
            trace.add("Android", "No app's intent filter matches \(url); only browsers can open it", rule: resolutionRule(world.device.os))
            return .browsers(browserList)
        }
        if !AppLinkDomains.verifiesDomains(on: world.device.os) {
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
                let (status, steps) = AppLinkDomains.legacyStatus(app, api: api, web: world.web, explain: world.explains)
                trace.append(contentsOf: steps)
                switch status {
                case .always: always.append(handler)
                case .never: continue
                case .undefined: ask.append(handler)
                }
            }
            if let winner = always.max(by: { world.apps[$0.appIndex].installOrder < world.apps[$1.appIndex].installOrder }) {
                AppLinkDomains.tellLegacyAllOrNothing(
                    "Android",
                    "\(world.apps[winner.appIndex].name) is ALWAYS for this domain: it opens directly\(always.count > 1 ? " (the most recently enabled of \(always.count))" : "")",
                    trace: &trace)
                return .app(winner)
            }
            if ask.isEmpty { return .browsers(browserList) }
            if let saved = world.preferredActivities[world.preferenceKey(url)], let browser = Browser(rawValue: saved),
                world.index(of: saved) == nil
            {
                tellAlwaysBrowser(
                    "Android", "The user chose “Always” for \(browser.displayName) in an earlier dialog: the link opens there, no dialog", trace: &trace)
                return .browsers([browser])
            }
            if let saved = world.preferredActivities[world.preferenceKey(url)],
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
            if !browsable, handler.activity.intentFilters.indices.contains(handler.filterIndex),
                !handler.activity.intentFilters[handler.filterIndex].categories.contains(IntentFilter.categoryBrowsable)
            {
                // ResolveInfo.autoResolutionAllowed is the filter's BROWSABLE; filterToApprovedApp passes over the rest.
                IntentFilterMatcher.tellBrowsableMissing(
                    "Android",
                    "\(app.name)'s matching filter has no BROWSABLE category: the intent without a category reaches it, but Android 12+ never approves it for \(host)",
                    trace: &trace)
                continue
            }
            let (level, steps) = AppLinkDomains.approval(app, host: host, url: url, api: api, web: world.web, explain: world.explains)
            trace.append(contentsOf: steps)
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
        let host = parts.normalizedHost
        switch surfaceRoute(tap, url: tap.url, chain: ChainContext(), world: world, trace: &trace) {
        case .system:
            return systemOpen(tap.url, host: host, tap: tap, starter: AppDelivery.AndroidStarter.nonBrowser(tap), world: &world, trace: &trace)
        case .view(let browser):
            return followInPlace(tap, browser: browser, world: &world, trace: &trace)
        case .keeps:
            return followInPlace(tap, browser: TapSurface.browser(for: tap, world: world), world: &world, trace: &trace)
        case .chrome:
            return chromeLoads(
                tap.url, browser: TapSurface.browser(for: tap, world: world), firstNavigationOfIntent: false, tap: tap, world: &world, trace: &trace)
        }
    }

    /// The system decides, and the chosen app or browser shows the link.
    static func systemOpen(
        _ url: String, host: String, tap: Tap, starter: AppDelivery.AndroidStarter,
        world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        switch resolve(url, host: host, world: world, caller: tap.caller, browsable: !tap.isShellIntent, trace: &trace) {
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
            return Landing(kind: .chooser, url: url, options: list.map { .pick($0.rawValue) })
        case .chooser(let apps, let browsers):
            let ids = CustomSchemeResolver.uniqueApps(apps, world: world) + browsers.map(\.rawValue)
            world.pending = PendingDecision(
                kind: .chooser, url: url, candidates: ids, stayBrowser: nil, stayURL: nil, tap: tap,
                cancelRule: Rule.androidApplinksLegacyChooser)
            return Landing(kind: .chooser, url: url, options: ids.map(Answer.pick))
        case .unknown(let reason):
            trace.add("Android", "Unknown: \(reason)", rule: .linksimManifestUnresolvedValue)
            return .unknown(reason)
        }
    }

    // MARK: Chrome

    /// Chrome's decision for one web hop (ExternalNavigationHandler's steps): leave for an app, or keep
    /// the navigation. `first`: the chain's first URL; `resolvers`: the apps that can handle this URL.
    /// The first navigation of an incoming intent stays in the browser that was opened to show it.
    static func tellIncomingIntentStays(_ actor: String, _ summary: @autoclosure () -> String, trace: inout TraceRecorder) {
        trace.add(actor, summary(), rule: Rule.androidChromeIncomingIntent)
    }

    /// The rule by which a redirect chain is too old for Chrome to leave for an app (over 15 s); nil when it is not.
    static func chainTimedOut(_ chain: ChainContext) -> Rule? { chain.elapsed > chainTimeout ? Rule.androidChromeChainTimeout : nil }

    /// A browser the user chose “Always” for in Android's chooser opens the link from now on.
    static func tellAlwaysBrowser(_ actor: String, _ summary: @autoclosure () -> String, trace: inout TraceRecorder) {
        trace.add(actor, summary(), rule: Rule.androidChooserAlwaysBrowser)
    }

    /// `pageResolvers`: the apps that handle the last committed page, when it has the link's host (Chrome's
    /// `shouldStayWithinHost` asks the package manager for both and stays only when the link's are among the page's).
    static func chromeDecision(
        _ url: String, host: String, resolvers: Set<String>, pageResolvers: Set<String>?, first: Bool, chain: ChainContext,
        shown: String, os: OSVersion, explains: Bool
    ) -> (leave: Bool, summary: String, rule: Rule) {
        // The summary only for a trace with text: written for every hop, it was ~500 instructions a hop (issue #14).
        func text(_ words: @autoclosure () -> String) -> String { explains ? words() : "" }
        if first && chain.firstNavigationOfIntent {
            return (
                false, text("\(shown) was opened to show \(url): the first navigation of an incoming intent stays in the browser"),
                Rule.androidChromeIncomingIntent
            )
        }
        if let timedOut = chainTimedOut(chain) {
            return (false, text("The redirect chain is \(chain.elapsed) old, over Chrome's 15-second limit: it stays in \(shown)"), timedOut)
        }
        if !first && chain.previousResolvers == resolvers && chain.firstNavigationOfIntent {
            return (false, text("The redirect has no new handlers: it stays in \(shown)"), Rule.androidChromeIncomingIntent)
        }
        if resolvers.isEmpty {
            return (
                false,
                text(
                    Rule.androidApplinksResolution12.applies(to: os)
                        ? "No app is approved to handle \(url) (on Android 12+ unverified apps are not candidates): \(shown) keeps it"
                        : "No app can handle \(url): \(shown) keeps it"), Rule.androidChromeNoHandler
            )
        }
        if let pageResolvers, chain.previousHost == host {
            if resolvers.isSubset(of: pageResolvers) {
                return (
                    false, text("Same host as the page (\(host)), and no app handles this link that does not handle the page: \(shown) keeps the navigation"),
                    Rule.androidChromeSameHost
                )
            }
            let new = resolvers.subtracting(pageResolvers).sorted().joined(separator: ", ")
            return (
                true,
                text(
                    "Same host as the page (\(host)), but \(new) handles this link and not the page (new handlers): \(shown) fires the intent for \(url) (NEW_TASK | CLEAR_TOP)"
                ),
                Rule.androidChromeFiresIntent
            )
        }
        return (true, text("\(shown) fires the intent for \(url) (NEW_TASK | CLEAR_TOP)"), Rule.androidChromeFiresIntent)
    }

    /// Chrome at one web hop: the package manager's resolution (its trace steps held back, for the caller to
    /// tell what the decision needs) and Chrome's decision on it.
    static func chromeHop(
        _ url: String, host: String, tap: Tap, first: Bool, chain: ChainContext, shown: String, world: World
    ) -> (resolution: Resolution, resolvers: Set<String>, decision: (leave: Bool, summary: String, rule: Rule), steps: [TraceStep]) {
        var probe = TraceRecorder(world.traceDetail)
        let resolution = resolve(url, host: host, world: world, caller: tap.caller, trace: &probe)
        let resolvers = resolvers(resolution, world: world)
        // Same host as the last committed page: Chrome asks which apps handle that page too.
        var pageResolvers: Set<String>?
        if !resolvers.isEmpty, chain.previousHost == host, let page = chain.previousURL {
            var quiet = TraceRecorder(.verdicts)
            let pageResolution = resolve(page, host: host, world: world, caller: tap.caller, trace: &quiet)
            if case .unknown(let reason) = pageResolution {
                return (
                    .unknown("which apps handle the page \(page) (Chrome compares them with the link's): \(reason)"), resolvers,
                    (false, "", Rule.androidChromeSameHost), probe.steps
                )
            }
            pageResolvers = Self.resolvers(pageResolution, world: world)
        }
        let decision = chromeDecision(
            url, host: host, resolvers: resolvers, pageResolvers: pageResolvers, first: first, chain: chain, shown: shown,
            os: world.device.os, explains: world.explains)
        return (resolution, resolvers, decision, probe.steps)
    }

    /// The App Link steps of a resolution: what a hop that stays in the browser still tells.
    static func appLinkSteps(_ steps: [TraceStep]) -> [TraceStep] {
        steps.filter { $0.rule?.rawValue.hasPrefix("android.applinks") == true }
    }

    /// The apps among a resolution (Chrome asks the package manager for every non-browser activity that
    /// handles the URL — ExternalNavigationHandler: on Android 6–11 unverified apps are among them).
    static func resolvers(_ resolution: Resolution, world: World) -> Set<String> {
        switch resolution {
        case .app(let h): return [world.apps[h.appIndex].id]
        case .chooser(let apps, _): return Set(CustomSchemeResolver.uniqueApps(apps, world: world))
        default: return []
        }
    }

    /// Chrome handling a navigation chain: the URL, then each server or script redirect. A provider
    /// link on the way is handled at its hop, with what Chrome knows about the chain.
    static func chromeLoads(
        _ url: String, browser: Browser, firstNavigationOfIntent: Bool, tap: Tap,
        world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        let shown = browser.displayName
        var current = url
        var chain = ChainContext()
        chain.firstNavigationOfIntent = firstNavigationOfIntent
        chain.previousURL = tap.page
        chain.previousHost = tap.page.flatMap { world.parts(of: $0)?.normalizedHost }
        var first = true
        for followed in 0...WebNavigation.redirectLimit {
            guard let parts = world.parts(of: current) else { break }
            let host = parts.normalizedHost
            if !first, !parts.isWeb {
                return WebNavigation.schemeHop(tap, url: current, parts: parts, chain: chain, world: &world, trace: &trace)
            }
            if parts.scheme.lowercasedIfNeeded == "intent" {
                return intentURL(current, tap: tap, world: &world, trace: &trace)
            }
            if parts.isWeb {
                if !first, ProviderLinks.recognise(host: host, providers: world.providers) != nil,
                    let landing = ProviderLinks.tap(chain.tap(tap, at: current), parts: parts, chain: chain, world: &world, trace: &trace)
                {
                    return landing
                }
                let (resolution, resolvers, decision, steps) = chromeHop(
                    current, host: host, tap: tap, first: first, chain: chain, shown: shown, world: world)
                if case .unknown(let reason) = resolution {
                    trace.append(contentsOf: steps)
                    trace.add(
                        shown, "Unknown: whether \(shown) hands \(current) to an app depends on it: \(reason)",
                        rule: .linksimManifestUnresolvedValue)
                    return .unknown(reason)
                }
                if decision.leave {
                    trace.append(contentsOf: steps)
                    trace.add(shown, decision.summary, rule: decision.rule)
                    if case .app(let handler) = resolution {
                        return AppDelivery.open(
                            handler.appIndex, url: current, kind: .appLink, activity: handler.activity,
                            starter: .browser, world: &world, trace: &trace)
                    }
                    if case .chooser(let apps, let browsers) = resolution {
                        return legacyChooser(current, apps: apps, browsers: browsers, tap: tap, providerLink: nil, world: &world, trace: &trace)
                    }
                }
                if first || !resolvers.isEmpty || decision.rule != Rule.androidChromeNoHandler {
                    // The system's resolution was already told for an incoming intent's first page.
                    if !(first && firstNavigationOfIntent), !resolvers.isEmpty || first {
                        trace.append(contentsOf: appLinkSteps(steps))
                    }
                    trace.add(shown, decision.summary, rule: decision.rule)
                }
                chain.previousResolvers = resolvers
            }
            trace.add(shown, "Loads \(current)")
            // The 21st redirect is the browser's error (WebNavigation.show).
            // Offline, no server answers: Chrome stays on the URL it could not load (`Offline.landing`).
            guard followed < WebNavigation.redirectLimit, world.device.online, let rule = WebNavigation.redirect(parts, web: world.web), let host = parts.host
            else { break }
            WebNavigation.narrate(rule, from: host, trace: &trace)
            chain.add(from: current, host: host, rule: rule)
            current = rule.target
            first = false
        }
        return WebNavigation.show(current, parts: world.parts(of: current), browser: browser, world: world, trace: &trace)
    }

    /// Android 6–11: unverified apps are candidates; the intent Chrome fires shows the dialog.
    static func legacyChooser(
        _ url: String, apps: [Handler], browsers: [Browser], tap: Tap, providerLink: ProviderLinkContext?,
        world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        trace.add("Android", "The handlers are not verified: Android shows the disambiguation dialog", rule: Rule.androidApplinksLegacyChooser)
        let ids = CustomSchemeResolver.uniqueApps(apps, world: world) + browsers.map(\.rawValue)
        world.pending = PendingDecision(
            kind: .chooser, url: url, candidates: ids, stayBrowser: nil, stayURL: nil,
            tap: tap, cancelRule: Rule.androidApplinksLegacyChooser, providerLink: providerLink)
        return Landing(kind: .chooser, url: url, options: ids.map(Answer.pick))
    }

    /// Browsers and views that never hand the link to the system: they load it and follow redirects.
    static func followInPlace(_ tap: Tap, browser: Browser, world: inout World, trace: inout TraceRecorder) -> Landing {
        WebNavigation.followAndShow(tap, browser: browser, world: &world, trace: &trace)
    }
}
