/// Where a tapped https link goes on iOS: which app claims it (entitlement, association file,
/// AASA match), and whether the situation of the tap lets iOS open that app.
enum UniversalLinkResolver {
    /// An installed app whose association matches the URL.
    struct Candidate {
        var appIndex: Int
        var detail: Int
    }

    static func tap(_ tap: Tap, parts: URLParts, world: inout World, trace: inout TraceRecorder) -> Landing {
        let os = world.device.os
        let browser = TapSurface.browser(for: tap, world: world)
        if Rule.iosUlRequiresIos9.applies(to: os) {
            trace.add(
                "iOS", "Universal links arrived in iOS 9; on iOS \(os) a web link always opens in the browser",
                rule: Rule.iosUlRequiresIos9)
            return showPage(tap, browser: browser, world: &world, trace: &trace)
        }
        if let candidate = findApp(for: tap.url, parts: parts, world: world, trace: &trace) {
            if let stay = situationKeepsLinkInBrowser(
                tap, host: parts.normalizedHost, app: world.apps[candidate.appIndex],
                world: world, trace: &trace)
            {
                return stay
            }
            return AppDelivery.open(candidate.appIndex, url: tap.url, kind: .universalLink, world: &world, trace: &trace)
        }
        // Not a universal link for any installed app: the browser loads it and follows redirects,
        // each hop of which may itself be a universal link.
        return loadInBrowser(tap, browser: browser, world: &world, trace: &trace)
    }

    /// At install or update, an app with `applinks:` entries makes the device (re)download its association files.
    /// Simulator's install and update actions ask this.
    static func tellAssociationDownload(_ app: App, update: Bool, device: Device, trace: inout TraceRecorder) {
        guard device.platform == .ios, Rule.iosAasaHostFetchTiming.applies(to: device.os),
            app.associatedDomains.contains(where: { $0.hasPrefix("applinks:") })
        else { return }
        trace.add(
            "iOS",
            update
                ? "The update makes the device fetch \(app.name)'s association files again"
                : "At install the device downloads \(app.name)'s association files\(AASAFetcher.cdnServes(on: device.os) ? " from Apple's CDN" : "")",
            rule: Rule.iosAasaHostFetchTiming)
    }

    /// Long-press › Open in Safari remembers that the user prefers the browser for a host; Open in App forgets it.
    /// The universal-link check below honours what is remembered.
    static func rememberBrowserPreference(_ choice: LongPressChoice, host: String, world: inout World, trace: inout TraceRecorder) {
        guard world.device.platform == .ios, !host.isEmpty, Rule.iosUlUserPreference.applies(to: world.device.os) else { return }
        if choice == .openInSafari {
            if !world.device.safariPrefersBrowser.contains(host) { world.device.safariPrefersBrowser.append(host) }
            trace.add(
                "iOS", "Remembers that the user prefers the browser for \(host); later taps on its universal links open Safari",
                rule: Rule.iosUlUserPreference)
        } else {
            world.device.safariPrefersBrowser.removeAll { $0 == host }
            trace.add(
                "iOS", "Forgets the browser preference for \(host); its universal links open the app again",
                rule: Rule.iosUlUserPreference)
        }
    }

    /// The long-press menu offers “Open in <App>” (and a choice to remember) only for a link that opens an app as a
    /// universal link; for any other link it has “Open Link”, which opens Safari. nil: the link is a universal link.
    static func longPressWithoutUniversalLink(
        _ tap: Tap, choice: LongPressChoice, surface: String, world: World, trace: inout TraceRecorder
    ) -> Landing? {
        guard world.device.platform == .ios, let parts = world.parts(of: tap.url), parts.isWeb else { return nil }
        var probe = TraceRecorder(world.traceDetail)
        guard findApp(for: tap.url, parts: parts, world: world, trace: &probe) == nil else { return nil }
        trace.append(contentsOf: probe.steps)
        if choice == .openInApp {
            // TN3155 names the missing association; a link the association does not match is the same to the menu.
            let missing = probe.steps.contains { $0.rule == Rule.iosUlAssociationMissing.id }
            trace.add(
                surface, "The long-press menu shows no “Open in <App>” for a link that opens no app: the user cannot choose it, and nothing happens",
                rule: missing ? Rule.iosUlAssociationMissing : nil,
                assumption: missing
                    ? nil : "assumption: the menu offers “Open in <App>” only for a link that opens an app (TN3155 says so of a missing association)")
            return Landing(kind: .nowhere)
        }
        trace.add(surface, "The menu's “Open Link” opens \(tap.url) in Safari; with no universal link, no choice is remembered")
        return Landing(kind: .browser, via: .web, browser: .safari, url: tap.url)
    }

    /// OPEN in a Smart App Banner undoes the user's choice of the browser for the site's domains (`hosts`).
    static func bannerUndoesBrowserPreference(for hosts: [String], world: inout World, trace: inout TraceRecorder) {
        guard Rule.iosUlUserPreference.applies(to: world.device.os) else { return }
        for host in hosts where world.device.safariPrefersBrowser.contains(host) {
            world.device.safariPrefersBrowser.removeAll { $0 == host }
            trace.add(
                "iOS", "Tapping “Open” in the Smart App Banner undoes the user's choice of the browser for \(host): its universal links open the app again",
                rule: Rule.iosUlUserPreference)
        }
    }

    // MARK: Which app claims the URL

    static func appID(_ app: App) -> String? { app.applicationID }

    /// Walks the installed apps that claim the host and returns the one whose association matches.
    /// `quietWhenUnclaimed`: redirect hops to hosts no app claims are not worth a step each.
    static func findApp(
        for url: String, parts: URLParts, world: World, trace: inout TraceRecorder,
        quietWhenUnclaimed: Bool = false
    ) -> Candidate? {
        let host = parts.normalizedHost
        guard Rule.iosAasaHostFetchTiming.applies(to: world.device.os) else {
            if !quietWhenUnclaimed {
                trace.add("iOS", "Universal links arrived in iOS 9; on iOS \(world.device.os) no app can claim \(url)", rule: Rule.iosUlRequiresIos9)
            }
            return nil
        }
        // Each app's entitlement for the host, read once: the verdict below reads the same entry (issue #14).
        var claiming: [(index: Int, entry: AppLinksEntry?, ignored: [AppLinksEntry])] = []
        for i in world.apps.indices {
            let (entry, ignored) = AssociatedDomains.entry(for: host, in: world.apps[i].associatedDomainEntries)
            if entry != nil || !ignored.isEmpty { claiming.append((i, entry, ignored)) }
        }
        if claiming.isEmpty {
            if quietWhenUnclaimed { return nil }
            trace.add(
                "iOS", "No app on the device lists applinks:\(host) in its entitlements, so \(url) is not a universal link",
                rule: Rule.iosUlNotAssociated)
            return nil
        }
        if claiming.count > 1 {
            // The install orders, read once: a closure over `world` copied the whole world for every sort.
            let installOrder = world.apps.map(\.installOrder)
            claiming.sort { installOrder[$0.index] < installOrder[$1.index] }
        }
        var candidates: [Candidate] = []
        for claim in claiming {
            let app = world.apps[claim.index]
            guard app.state.isInstalled else {
                trace.add("iOS", "\(app.name) claims \(host) but is not installed", rule: Rule.iosUlNotInstalled)
                continue
            }
            if let detail = verdict(
                for: app, entry: claim.entry, ignored: claim.ignored, url: url, host: host, world: world, trace: &trace)
            {
                candidates.append(Candidate(appIndex: claim.index, detail: detail))
            }
        }
        guard let first = candidates.min(by: { ($0.detail, world.apps[$0.appIndex].installOrder) < ($1.detail, world.apps[$1.appIndex].installOrder) })
        else { return nil }
        if candidates.count > 1 {
            let names = candidates.map { world.apps[$0.appIndex].name }.joined(separator: ", ")
            trace.add(
                "iOS", "Several installed apps match (\(names)); the app whose details entry comes first in the file wins: \(world.apps[first.appIndex].name)",
                rule: Rule.iosUlSeveralApps,
                assumption: "assumption: Apple documents details order as the search order; which installed app wins when several match is inferred")
        }
        return first
    }

    /// The app's verdict for the URL: the matching `details` index, or nil (with the reason traced).
    /// `entry` and `ignored`: `AssociatedDomains.entry(for: host, in: app.associatedDomainEntries)`.
    private static func verdict(
        for app: App, entry: AppLinksEntry?, ignored: [AppLinksEntry], url: String, host: String, world: World,
        trace: inout TraceRecorder
    ) -> Int? {
        for bad in ignored {
            trace.add(
                "iOS", "\(app.name)'s entitlement \(bad.raw) is ignored: \(bad.invalidReason ?? "invalid")",
                rule: bad.invalidReason?.contains("port") == true ? Rule.iosEntitlementNoPort : Rule.iosEntitlementApplinks)
        }
        guard let entry else { return nil }
        trace.add(
            "iOS",
            "\(app.name) lists \(entry.raw)\(entry.isWildcard ? "; a wildcard covers subdomains (not the apex) and its file is read from \(entry.fileHost)" : "")",
            rule: entry.isWildcard ? Rule.iosEntitlementWildcard : Rule.iosEntitlementApplinks)
        if let mode = entry.mode {
            let modeRule = mode == .developer ? Rule.iosEntitlementModeDeveloper : Rule.iosEntitlementModeManaged
            guard modeRule.applies(to: world.device.os) else {
                trace.add(
                    "iOS", "The ?mode= suffix arrived in iOS 14; iOS \(world.device.os) does not know \(entry.raw), so the domain is not associated",
                    rule: modeRule,
                    assumption: "assumption: Apple does not document how iOS 13 reads a ?mode= entry; linksim treats it as an entry that names no domain")
                return nil
            }
            let ok: Bool
            let why: String
            switch mode {
            case .developer:
                ok = app.build == .development && world.device.developerMode
                why =
                    "?mode=developer needs a development-signed build (this is \(app.build.rawValue)) and Developer Mode with Associated Domains Development on the device (\(world.device.developerMode ? "on" : "off"))"
            case .managed:
                ok = world.device.managed
                why = "?mode=managed needs a device under MDM with the administrator's consent (device.managed: \(world.device.managed))"
            case .developerManaged:
                ok = world.device.managed && app.build == .development && world.device.developerMode
                why = "?mode=developer+managed needs both developer mode and MDM"
            }
            trace.add(
                "iOS",
                ok
                    ? "\(why): satisfied; the file is fetched directly from the server, bypassing the CDN"
                    : "\(why): not satisfied, so the domain is not associated",
                rule: modeRule)
            if !ok { return nil }
        }
        guard let appID = appID(app) else {
            trace.add(
                "iOS", "\(app.name) has no team_id, so its application identifier (TEAMID.\(app.id)) is unknown",
                rule: Rule.iosEntitlementAppId)
            return nil
        }
        let viaCDN = AASAFetcher.cdnServes(on: world.device.os) && entry.mode == nil
        let checkedAt = AssociationSchedule.lastCheck(app: app, now: world.clock, start: world.start)
        let delay = world.device.associationDelay
        if delay.seconds > 0, let began = app.associationCheckedAt,
            world.clock < began + delay
        {
            trace.add(
                "iOS",
                "iOS began downloading \(app.name)'s association files at \(began) and finishes at \(began + delay) (device.association_delay \(delay)); until then the app claims no universal links",
                rule: Rule.iosAasaHostFetchTiming,
                assumption: "assumption: the download after install or update takes \(delay) (Apple gives no figure; the scenario sets it)")
            return nil
        }
        if !viaCDN, Rule.iosAasaHostDirectFetch.applies(to: world.device.os) {
            trace.add(
                "iOS", "On iOS \(world.device.os) the device fetches the file straight from the server (no CDN)",
                rule: Rule.iosAasaHostDirectFetch)
        }
        trace.add(
            "iOS", "The association was last checked at \(checkedAt) (\(AssociationSchedule.reason(app: app, checkedAt: checkedAt, start: world.start)))",
            rule: Rule.iosAasaHostFetchTiming)
        // The fetch at install or update saw the web of that moment in the action order: a `serve` later in the same
        // instant (no `wait` between them) came after it. An app installed before the scenario began fetched before
        // its first action, so it saw the scenario's own web (version 0).
        let seenVersion =
            checkedAt == app.associationCheckedAt
            ? app.associationCheckedWebVersion : (app.associationCheckedAt == nil && checkedAt == world.start ? 0 : nil)
        let fetchedBefore = seenVersion.flatMap { $0 < world.webVersion(at: checkedAt) ? $0 : nil }
        if let version = fetchedBefore, !viaCDN {
            let change = world.webHistory[version + 1]
            trace.add(
                "iOS",
                "That fetch came before the server change of the same instant (\(change.changedHosts.sorted().joined(separator: ", "))), so it got the file served before the change",
                rule: Rule.iosAasaHostFetchTiming)
        }
        var fetcher = AASAFetcher(
            web: fetchedBefore.map { world.webHistory[$0].web } ?? world.web(at: checkedAt), ios: world.device.os,
            scenarioStart: world.start, history: world.webHistory)
        fetcher.acceptsUntrustedCertificate = (entry.mode == .developer || entry.mode == .developerManaged) && world.device.developerMode
        fetcher.strictContentType = world.assumptions.aasaContentTypeStrict
        let outcome = fetcher.fetch(host: entry.fileHost, viaCDN: viaCDN, at: checkedAt, trace: &trace)
        switch outcome {
        case .denied(let reason), .unavailable(let reason):
            trace.add(
                "iOS", "\(app.name) is not associated with \(host) (\(reason)); its universal links open in the browser",
                rule: Rule.iosUlAssociationMissing)
            return nil
        case .approved, .approvedDocument:
            trace.add("iOS", "Looks for \(appID) (team ID + bundle ID) in the file's details", rule: Rule.iosEntitlementAppId)
            let domain = entry.isWildcard ? nil : entry.domain
            let match: (verdict: AASAVerdicts.Verdict, detail: Int?)
            switch outcome {
            case .approved(let body):
                // An approved body is a valid file, so it prepares.
                guard let prepared = body.prepared(appID: appID, ios: world.device.os) else { return nil }
                match = AASAVerdicts.match(url: url, prepared: prepared, domain: domain, explain: world.explains, trace: &trace)
            case .approvedDocument(let document):
                match = AASAVerdicts.match(
                    url: url, appID: appID, document: document, ios: world.device.os, domain: domain, explain: world.explains, trace: &trace)
            case .denied, .unavailable:
                return nil
            }
            switch match.verdict {
            case .match:
                return match.detail ?? 0
            case .exclude:
                trace.add("iOS", "The file excludes this URL for \(appID); it opens in the browser", rule: Rule.iosUlNoRuleMatches)
                return nil
            case .noMatch:
                trace.add("iOS", "No rule in the file matches this URL for \(appID); it opens in the browser", rule: Rule.iosUlNoRuleMatches)
                return nil
            }
        }
    }

    // MARK: The situation of the tap

    /// The §4 predicates: returns the browser landing when the situation keeps the link out of the app.
    static func situationKeepsLinkInBrowser(
        _ tap: Tap, host: String, app: App, world: World,
        trace: inout TraceRecorder
    ) -> Landing? {
        let browser = TapSurface.browser(for: tap, world: world)
        let surface = TapSurface.name(of: tap, world: world)
        func stay(_ summary: String, _ rule: Rule, assumption: String? = nil, in shown: Browser? = nil) -> Landing {
            trace.add(surface, summary, rule: rule, assumption: assumption)
            return Landing(kind: .browser, via: .web, browser: shown ?? browser, url: tap.url)
        }
        let assumptions = world.assumptions
        switch tap.from {
        case .safariAddressBar:
            return stay(
                "A URL typed or pasted into the address bar never opens an app; Safari loads it (the site may show its banner)",
                Rule.iosUlAddressBar)
        case .inAppBrowser:
            if !assumptions.inAppBrowsersOpenApps {
                return stay(
                    "\(surface) keeps the link in its own web view; the user must choose “Open in browser” to reach the app",
                    Rule.iosUlInAppBrowser,
                    // Community reports only (radars, SDK issues), and Apple's archived guide says taps in embedded web views
                    // open apps: the landing rests on an assumption, which assumptions.in_app_browsers_open_app switches.
                    assumption: tap.browserApp == .gmail
                        ? "assumption: Gmail's behaviour depends on its link-opening setting; linksim uses its in-app browser, which keeps the link (community reports; assumptions.in_app_browsers_open_app switches it)"
                        : "assumption: in-app browsers keep universal links (community reports, not Apple's documentation; assumptions.in_app_browsers_open_app switches it)"
                )
            }
        case .sfsafariviewcontroller, .webview:
            if tap.page == nil {
                return stay(
                    "The app loads \(tap.url) into \(surface) itself: a programmatic load shows the page and never opens an app",
                    Rule.iosUlProgrammaticLoad)
            }
            if tap.from == .sfsafariviewcontroller, !assumptions.sfSafariViewControllerTapsOpenApps {
                return stay(
                    "Taps inside SFSafariViewController do not open apps (assumptions.sfsafariviewcontroller_taps_open_app: false)",
                    Rule.iosUlEmbeddedTap,
                    assumption: "assumption: Apple's archived guide says taps inside it open the app; radars say they do not — this scenario chose the radars")
            }
        case .chrome, .firefox:
            if tap.from == .firefox {
                trace.add(
                    surface, "Firefox decides itself whether to hand universal links to iOS", rule: Rule.iosUlThirdPartyBrowser,
                    assumption: "assumption: Firefox behaves like Chrome (allows universal links in normal tabs)")
            } else {
                trace.add(
                    surface, "Chrome for iOS lets iOS open universal links from normal tabs (Incognito can block them)",
                    rule: Rule.iosUlThirdPartyBrowser)
            }
        default:
            break
        }
        if tap.gesture == .script {
            return stay("A JavaScript navigation is not user-initiated, so iOS does not open the app", Rule.iosUlScriptNavigation)
        }
        if tap.from.isBrowser, let page = tap.page, let pageHost = world.parts(of: page)?.normalizedHost, pageHost == host {
            return stay(
                "The link is on a page of the same domain (\(host)); iOS keeps the user in the browser, their most likely intent",
                Rule.iosUlSameDomain)
        }
        if tap.from == .otherApp, tap.caller == app.id {
            return stay(
                "\(app.name) opens its own universal link with open(_:); iOS sends it to the browser, not back to the app",
                Rule.iosUlOwnApp, in: world.device.defaultBrowser)
        }
        if world.device.safariPrefersBrowser.contains(host) {
            return stay(
                "The user chose to open \(host) in the browser before (long-press › Open in Safari, or the breadcrumb); iOS honours that",
                Rule.iosUlUserPreference, in: tap.from.isBrowser ? browser : .safari)
        }
        switch tap.from {
        case .notes, .messages, .mail, .qrCode:
            trace.add(
                surface, "\(surface) asks iOS to open the link; it is a universal link for \(app.name), so iOS opens the app",
                rule: Rule.iosUlSystemApps,
                assumption: tap.from == .qrCode ? "assumption: the Camera app opens a scanned URL like Notes does" : nil)
        case .otherApp:
            trace.add(surface, "\(surface) calls open(_:) with the link; iOS opens \(app.name)", rule: Rule.iosUlOtherAppOpen)
        case .webview, .sfsafariviewcontroller:
            trace.add(
                surface, "The user taps a link to another domain inside \(surface); iOS opens \(app.name)", rule: Rule.iosUlEmbeddedTap,
                assumption: tap.from == .sfsafariviewcontroller
                    ? "assumption: Apple's archived guide says taps inside SFSafariViewController open the app; radars say they do not (switch with assumptions.sfsafariviewcontroller_taps_open_app)"
                    : nil)
        case .safari:
            trace.add(surface, "The user taps a universal link to another domain; iOS opens \(app.name)", rule: Rule.iosUlSafariTap)
        default:
            break
        }
        return nil
    }

    // MARK: Browser, and redirects that lead to a universal link

    private static func loadInBrowser(_ tap: Tap, browser: Browser, world: inout World, trace: inout TraceRecorder) -> Landing {
        var current = tap.url
        var chain = ChainContext()
        let shownIn = browser.displayName
        trace.add(shownIn, "Loads \(current)")
        // Offline, no server answers: the browser stays on the URL it could not load (`Offline.landing`).
        for _ in 0..<(world.device.online ? WebNavigation.redirectLimit : 0) {
            guard let parts = world.parts(of: current), let rule = WebNavigation.redirect(parts, web: world.web), let host = parts.host else {
                break
            }
            WebNavigation.narrate(rule, from: host, trace: &trace)
            chain.add(from: current, host: host, rule: rule)
            current = rule.target
            guard let next = world.parts(of: current) else { break }
            if !next.isWeb {
                return WebNavigation.schemeHop(tap, url: current, parts: next, chain: chain, world: &world, trace: &trace)
            }
            if ProviderLinks.recognise(host: next.normalizedHost, providers: world.providers) != nil,
                let landing = ProviderLinks.tap(chain.tap(tap, at: current), parts: next, chain: chain, world: &world, trace: &trace)
            {
                return landing
            }
            if let candidate = findApp(for: current, parts: next, world: world, trace: &trace, quietWhenUnclaimed: true) {
                let app = world.apps[candidate.appIndex]
                let decision = redirectOpensApp(tap, chain: chain, world: world)
                trace.add(
                    "iOS",
                    decision.opens
                        ? "The redirect leads to a universal link for \(app.name); iOS routes the user through the browser to the app"
                        : "The redirect leads to a universal link for \(app.name), but \(decision.why); the page stays in the browser",
                    rule: decision.rule, assumption: decision.assumption)
                if decision.opens {
                    return AppDelivery.open(candidate.appIndex, url: current, kind: .universalLink, world: &world, trace: &trace)
                }
            }
        }
        return WebNavigation.show(current, parts: world.parts(of: current), browser: browser, world: world, trace: &trace)
    }

    /// Version-gated, and switchable by `assumptions.redirects_open_app`.
    /// A script or meta-refresh hop on the way carries no user gesture (ios.ul.script-navigation).
    static func redirectOpensApp(_ tap: Tap, chain: ChainContext, world: World) -> (opens: Bool, why: String, rule: Rule, assumption: String?) {
        let rule = Rule.iosUlRedirectChain
        if tap.gesture == .script { return (false, "a JavaScript redirect does not carry the user gesture", rule, nil) }
        if chain.script {
            return (false, "a page on the way navigated by script or meta refresh, which carries no user gesture", Rule.iosUlScriptNavigation, nil)
        }
        if tap.from == .webview || tap.from == .inAppBrowser {
            return (false, "a WKWebView does not launch a universal link reached through an HTTP redirect", rule, nil)
        }
        if tap.from == .safariAddressBar { return (false, "the chain started from a typed URL", rule, nil) }
        switch world.assumptions.redirectsOpenApp {
        case .yes: return (true, "", rule, "assumption: redirects into universal links open the app (assumptions.redirects_open_app: true)")
        case .no: return (false, "this scenario assumes redirects keep the user in the browser (assumptions.redirects_open_app: false)", rule, nil)
        case .auto:
            if Rule.iosUlRedirectChainRadars.applies(to: world.device.os) {
                return (
                    false, "on iOS \(world.device.os) redirects into universal links were reported to stay in Safari", Rule.iosUlRedirectChainRadars,
                    "assumption: radars from iOS 9–11 report staying in Safari; TN3155 (2025) says the user is routed to the app — linksim uses the radars up to iOS 11"
                )
            }
            return (
                true, "", rule,
                "assumption: TN3155 (2025) — a redirect into a universal link is “allowed, although not preferred”; linksim applies it from iOS 12"
            )
        }
    }

    private static func showPage(_ tap: Tap, browser: Browser, world: inout World, trace: inout TraceRecorder) -> Landing {
        WebNavigation.followAndShow(tap, browser: browser, world: &world, trace: &trace)
    }
}
