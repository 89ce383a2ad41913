/// The classic JavaScript landing page (issue #18 item 6): the page tries the app's custom scheme, and a
/// timer sends it to the store or the web if it is still showing. Who wins is a race between the timer,
/// the user's answer to the browser's prompt and how fast the device brings the app up.
enum LandingPages {
    /// Handles a tap on a page of a `fallback_pages` entry that no app claims; nil otherwise.
    static func tap(_ tap: Tap, parts: URLParts, world: inout World, trace: inout TraceRecorder) -> Landing? {
        // Offline, the page (and its script) cannot load.
        guard world.device.online, let host = parts.host, let page = world.web[host]?.fallbackPages.first(where: { $0.matches(path: parts.path) }),
            let tryParts = URLParts(page.tryURL)
        else { return nil }
        // A link an app claims never loads the page.
        var probe = TraceRecorder(world.traceDetail)
        switch world.device.platform {
        case .ios:
            if UniversalLinkResolver.findApp(for: tap.url, parts: parts, world: world, trace: &probe, quietWhenUnclaimed: true) != nil { return nil }
        case .android:
            if case .app = AndroidWebResolver.resolve(tap.url, host: parts.normalizedHost, world: world, caller: tap.caller, trace: &probe) { return nil }
        }
        let browser = TapSurface.browser(for: tap, world: world)
        let shown = browser.displayName
        let race =
            "assumption: the page's race is decided by the scenario's timings (timer_ms \(page.timerMs), prompt_answer_ms \(page.promptAnswerMs), switch_ms \(page.switchMs)); real devices vary"
        trace.add(
            shown,
            "No app claims \(tap.url); \(shown) loads the landing page. Its script sets location to \(page.tryURL) and starts a \(page.timerMs) ms timer to \(page.fallback)",
            rule: Rule.webJsFallbackRace)

        let scheme = tryParts.scheme.lowercased()
        let claimant = world.apps.indices.first { i in
            world.apps[i].state.isInstalled && world.apps[i].urlSchemes.contains { $0.lowercased() == scheme }
                || (world.device.platform == .android && world.apps[i].state.isInstalled
                    && AndroidHandlers.search(url: page.tryURL, world: world, caller: nil).handlers.contains { $0.appIndex == i })
        }
        guard let appIndex = claimant else {
            let what =
                world.device.platform == .ios && browser == .safari
                ? "No installed app registered \(scheme):; Safari shows “Cannot Open Page”"
                : "No installed app handles \(scheme):; the scheme navigation does nothing"
            trace.add(
                shown, "\(what), and after \(page.timerMs) ms the timer sends the page to \(page.fallback)",
                rule: CustomSchemeResolver.noHandlerRule(on: world.device.platform))
            return fallback(page, browser: browser, appID: nil, world: world, trace: &trace)
        }
        let app = world.apps[appIndex]
        // The script's navigation has no user gesture: Safari asks “Open in …?”, Chrome “Continue to …?”.
        // Before iOS 9 Safari opened a scheme without asking.
        let decision = CustomSchemeResolver.browserPrompt(on: world.device)
        let asks = decision.asks != nil
        let answerMs = asks ? page.promptAnswerMs : 0
        if let promptRule = decision.asks {
            let prompt = world.device.platform == .ios ? "“Open in “\(app.name)”?”" : "“Continue to \(app.name)?”"
            trace.add(shown, "The scheme navigation makes \(shown) ask \(prompt); the timer keeps running behind the prompt", rule: promptRule)
        } else if let handsOver = decision.handsOver {
            trace.add(shown, "On iOS \(world.device.os) Safari hands \(scheme): to \(app.name) without asking", rule: handsOver)
        }
        let appInFront = answerMs + page.switchMs
        if appInFront < page.timerMs {
            trace.add(
                "User",
                asks
                    ? "Taps Open after \(page.promptAnswerMs) ms; \(app.name) is in front \(page.switchMs) ms later (\(appInFront) ms), before the \(page.timerMs) ms timer: the page is hidden and the app opens"
                    : "\(app.name) is in front after \(page.switchMs) ms, before the \(page.timerMs) ms timer: the page is hidden and the app opens",
                rule: Rule.webJsFallbackRace, assumption: race)
            var landing = AppDelivery.open(appIndex, url: page.tryURL, kind: .customScheme, world: &world, trace: &trace)
            landing.extra[.fallbackRace] = "app"
            return landing
        }
        let why =
            answerMs >= page.timerMs
            ? "the user has not answered the prompt after \(page.timerMs) ms"
            : (asks
                ? "the user tapped Open after \(page.promptAnswerMs) ms, but the device needs \(page.switchMs) ms more to bring \(app.name) up (a slow device)"
                : "the device needs \(page.switchMs) ms to bring \(app.name) up (a slow device)")
        trace.add(
            shown, "The timer fires first — \(why): the page goes to \(page.fallback)\(asks ? " and the prompt goes with it" : "")",
            rule: Rule.webJsFallbackRace, assumption: race)
        var landing = fallback(page, browser: browser, appID: app.id, world: world, trace: &trace)
        landing.extra[.fallbackRace] = "timer"
        return landing
    }

    private static let storeHosts = ["apps.apple.com", "itunes.apple.com", "play.google.com"]

    private static func fallback(_ page: FallbackPage, browser: Browser, appID: String?, world: World, trace: inout TraceRecorder) -> Landing {
        if let host = URLParts(page.fallback)?.normalizedHost, storeHosts.contains(host) {
            let store = host == "play.google.com" ? "Google Play" : "the App Store"
            trace.add(browser.displayName, "\(page.fallback) opens \(store)\(appID.map { " at \($0)'s page" } ?? "")", rule: Rule.webJsFallbackRace)
            return Landing(kind: .store, app: appID, url: page.fallback)
        }
        return WebNavigation.show(page.fallback, parts: world.parts(of: page.fallback), browser: browser, world: world, trace: &trace)
    }
}
