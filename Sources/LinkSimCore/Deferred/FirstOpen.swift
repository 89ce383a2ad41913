/// Launching an app that has a deep-link SDK: on the first launch of an install the SDK looks for a
/// deferred deep link; on later launches it does not.
enum FirstOpen {
    /// How the pasteboard read shows itself to the user.
    enum PasteUI: String { case alert, banner, silent }

    /// What the SDK found on the pasteboard at first launch (nil text: nothing, or the user denied).
    struct Pasteboard {
        var read = false
        var text: String?
    }

    /// Handles `launch:` for apps with an SDK; nil for apps without one (the plain launch applies).
    static func launch(_ index: Int, world: inout World, trace: inout TraceRecorder) -> Landing? {
        let app = world.apps[index]
        guard app.sdk.provider != .none else { return nil }
        let firstLaunch = app.state == .installed
        let cold = !app.state.isRunning
        let platform = world.device.platform
        trace.add("User", "Taps the \(app.name) icon")
        AppDelivery.tellLaunch(
            platform.displayName,
            firstLaunch
                ? "Starts \(app.name) for the first time since it was installed"
                : (cold ? "Starts \(app.name) cold" : "Brings \(app.name) forward"), trace: &trace)
        world.bringToForeground(index)
        if cold { world.apps[index].launchCount += 1 }

        if firstLaunch, let ui = pasteUI(app: app, world: world), ui == .alert {
            tellPasteUI(.alert, app: app, os: world.device.os, trace: &trace)
            // The alert is not about a link the user tapped; the pending tap only carries the pasteboard text.
            world.pending = PendingDecision(
                kind: .pastePrompt(firstLaunch: true), url: world.device.clipboard ?? "",
                candidates: [app.id], stayBrowser: nil, stayURL: nil,
                tap: Tap(url: world.device.clipboard ?? "", from: .otherApp), cancelRule: Rule.deferredIosPasteDenied)
            var landing = Landing(kind: .prompt, app: app.id, options: [.allowPaste, .denyPaste])
            landing.extra[.pasteUI] = PasteUI.alert.rawValue
            return landing
        }
        var pasteboard = Pasteboard()
        if firstLaunch, let ui = pasteUI(app: app, world: world) {
            pasteboard = Pasteboard(read: true, text: world.device.clipboard)
            tellPasteUI(ui, app: app, os: world.device.os, trace: &trace)
        }
        var landing = resolve(index, firstLaunch: firstLaunch, cold: cold, pasteboard: pasteboard, world: &world, trace: &trace)
        if pasteboard.read { landing.extra[.pasteUI] = pasteUI(app: app, world: world)?.rawValue }
        return landing
    }

    /// The user answered the iOS 16+ paste alert.
    static func answerPastePrompt(
        _ pending: PendingDecision, firstLaunch: Bool, answer: Answer,
        world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        guard let appID = pending.candidates.first, let index = world.index(of: appID) else { return Landing(kind: .nowhere) }
        // `open` reads as the affirmative button too; anything else leaves the pasteboard unread.
        let allowed = answer == .allowPaste || answer == .open
        if allowed {
            trace.add("User", "Taps “Allow Paste”")
        } else {
            trace.add(
                "User",
                answer == .denyPaste || answer == .cancel
                    ? "Taps “Don't Allow Paste”" : "“\(answer)” is not Allow/Don't Allow Paste; the alert counts as denied",
                rule: Rule.deferredIosPasteDenied)
        }
        let pasteboard = Pasteboard(read: true, text: allowed ? world.device.clipboard : nil)
        var landing = resolve(index, firstLaunch: firstLaunch, cold: true, pasteboard: pasteboard, world: &world, trace: &trace)
        landing.extra[.pasteUI] = PasteUI.alert.rawValue
        return landing
    }

    static func resolve(
        _ index: Int, firstLaunch: Bool, cold: Bool, pasteboard: Pasteboard,
        world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        let provider = world.apps[index].sdk.provider
        if firstLaunch, !world.device.online, provider == .branch || provider == .adjust {
            // The research notes document the offline first open for AppsFlyer only; say so rather than invent.
            trace.add(
                "linksim",
                "The device is offline; an offline first open is not modelled for \(provider == .branch ? "Branch" : "Adjust"), so the lookup is shown as if it reached the server",
                rule: Rule.linksimNotModelled,
                assumption: "assumption: \(provider == .branch ? "Branch" : "Adjust")'s behaviour without network at first open is not in the research notes")
        }
        switch provider {
        case .appsflyer: return AppsFlyerFirstOpen.resolve(index, firstLaunch: firstLaunch, cold: cold, pasteboard: pasteboard, world: &world, trace: &trace)
        case .branch: return BranchFirstOpen.resolve(index, firstLaunch: firstLaunch, cold: cold, pasteboard: pasteboard, world: &world, trace: &trace)
        case .adjust: return AdjustFirstOpen.resolve(index, firstLaunch: firstLaunch, cold: cold, pasteboard: pasteboard, world: &world, trace: &trace)
        case .none: return Landing(kind: .app, app: world.apps[index].id, screen: world.apps[index].homeScreen, params: [:])
        }
    }

    /// Routes provider data with the app's router and builds the landing of the launch.
    static func land(
        _ index: Int, data: [String: String]?, callback: String?, extra: [LandingFact: String], shownWithoutLink: String,
        lostBecause reason: String, world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        let app = world.apps[index]
        if let data {
            let routed = AppRouter.route(parameters: data, in: app)
            if let route = routed.route {
                trace.add(app.name, "The router matches \(AppRouter.describe(route.pattern)) and shows \(routed.screen)", rule: routed.rule)
                world.apps[index].currentScreen = routed.screen
                var landing = Landing(
                    kind: .app, app: app.id, screen: routed.screen, params: routed.params, via: .deferred,
                    callback: callback, delivered: true)
                landing.extra = extra
                guard app.behaviour.isModelled else { return landing }
                // The first launch is a cold start: the SDK's answer meets the app's readiness and back stack.
                return AppNavigation.route(
                    index, url: data["link"] ?? "", kind: .customScheme, cold: true, previousScreen: app.homeScreen, landing: landing,
                    sdk: SDKRoutedLink(screen: routed.screen, params: routed.params, extra: extra), world: &world, trace: &trace)
            }
        }
        if shownWithoutLink == app.homeScreen {
            AppRouter.tellHomeFallback(app.name, "\(reason); \(app.name) shows \(shownWithoutLink)", trace: &trace)
        } else {
            // A warm launch keeps the screen the app was on: that is the launch, not a router's fallback.
            AppDelivery.tellLaunch(app.name, "\(reason); \(app.name) stays on \(shownWithoutLink)", trace: &trace)
        }
        world.apps[index].currentScreen = shownWithoutLink
        var landing = Landing(kind: .app, app: app.id, screen: shownWithoutLink, params: data ?? [:], callback: callback)
        landing.extra = extra
        return landing
    }
}

/// AppsFlyer: Unified Deep Linking, conversion data, extended DDL, clipboard recipe.
enum AppsFlyerFirstOpen {
    static let udlWindow = SimDuration.minutes(15)
    static let probabilisticLookback = SimDuration.hours(24)
    static let reattributionWindow = SimDuration.days(90)
    static let defaultLatencyMs: Int64 = 500

    static func resolve(
        _ index: Int, firstLaunch: Bool, cold: Bool, pasteboard: FirstOpen.Pasteboard,
        world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        let app = world.apps[index]
        let options = AppsFlyerOptions(app.sdk)
        let ios = world.device.platform == .ios
        let udlCallback = ios ? "didResolveDeepLink" : "onDeepLinking"
        let sdk = "AppsFlyer SDK"
        let shown = cold ? app.homeScreen : (app.currentScreen ?? app.homeScreen)
        let routesFromConversion = options.eddl || !options.udl
        if let early = AppsFlyerLaunchDetails.notStarted(index, options: options, firstLaunch: firstLaunch, shown: shown, world: &world, trace: &trace) {
            return early
        }

        guard firstLaunch else {
            tellLaterLaunch(sdk, "Not the first launch: no deferred lookup and no \(udlCallback) callback without a link", trace: &trace)
            var extra: [LandingFact: String] = [.isFirstLaunch: "false"]
            guard options.conversionData else {
                return FirstOpen.land(
                    index, data: nil, callback: nil, extra: extra, shownWithoutLink: shown,
                    lostBecause: "No callback carries a link", world: &world, trace: &trace)
            }
            guard let cachedPayload = world.deferred.conversion[app.id] else {
                return Self.laterLaunchWithoutCache(
                    index, options: options, routesFromConversion: routesFromConversion, shown: shown, world: &world, trace: &trace)
            }
            var payload = cachedPayload
            payload["is_first_launch"] = "false"
            AppsFlyerLaunchDetails.cached(&payload, options: options, trace: &trace)
            let status = payload["af_status"] ?? "Organic"
            extra[.afStatus] = status
            extra[.sdkCallback] = "onConversionDataSuccess"
            tellLaterLaunch(
                sdk,
                "onConversionDataSuccess fires again (it fires on every launch and return to foreground) with the cached payload: af_status=\(status), is_first_launch=false",
                trace: &trace)
            if routesFromConversion, !options.checkIsFirstLaunch, status == "Non-organic" {
                trace.add(
                    app.name, "The app's conversion-data handler does not check is_first_launch, so it routes the user again",
                    rule: Rule.deferredAfGcdEveryLaunch)
                return FirstOpen.land(
                    index, data: payload, callback: "onConversionDataSuccess", extra: extra, shownWithoutLink: shown,
                    lostBecause: "The payload has no route", world: &world, trace: &trace)
            }
            if routesFromConversion, status == "Non-organic" {
                trace.add(app.name, "The handler checks is_first_launch (false) and does not route again", rule: Rule.deferredAfGcdEveryLaunch)
            }
            return FirstOpen.land(
                index, data: nil, callback: "onConversionDataSuccess", extra: extra, shownWithoutLink: shown,
                lostBecause: "Nothing to route on a later launch", world: &world, trace: &trace)
        }

        // Room for the facts a first open reports (status, match type, callback, timing...) from the start:
        // growing a dictionary rehashes it (issue #14).
        var extra = [LandingFact: String](minimumCapacity: 8)
        extra[.isFirstLaunch] = "true"
        // 1. The clipboard recipe runs synchronously at launch, before the UDL response (assumption A3).
        var pastedLink: [String: String]?
        if options.clipboardRecipe, ios {
            if let text = pasteboard.text, text.containsText("cp_url=true"), let parts = URLParts(text) {
                var scratch = TraceRecorder(world.traceDetail)
                pastedLink = ProviderLinks.linkData(.appsflyer, parts: parts, world: world, trace: &scratch, actor: sdk, targetApp: index)
                tellRecipeFinds(text, app: app, trace: &trace)
            } else if pasteboard.read, let text = pasteboard.text {
                FirstOpen.tellNoPastedLink(
                    app.name, "The pasteboard holds “\(text)”, not a link with cp_url=true; the recipe does nothing",
                    assumption: "assumption: anything copied after the click replaces the link (one general pasteboard)", trace: &trace)
            } else if !pasteboard.read {
                FirstOpen.tellNoPastedLink(app.name, "The pasteboard is empty; the clipboard recipe finds nothing", trace: &trace)
            }
        }

        // 2. No network at first open: the lookup fails and is not retried.
        guard world.device.online else {
            let status = ios ? "FAILURE" : "ERROR"
            if options.udl {
                trace.add(
                    sdk, "\(udlCallback): status \(status) (network) — the device is offline at first open, and the lookup is not retried later",
                    rule: Rule.deferredAfOffline)
                extra[.deepLinkStatus] = status
            }
            if options.conversionData {
                trace.add(sdk, "onConversionDataFail: no network", rule: Rule.deferredAfOffline)
            }
            return directOrHome(
                index, pastedLink: pastedLink, options: options, extra: extra, shown: shown,
                fallbackCallback: options.udl ? udlCallback : "onConversionDataFail",
                reason: "The deferred lookup failed (offline)", world: &world, trace: &trace)
        }

        // 3. The SDK waits for the ATT answer when told to, then sends its launch: which click matches this first open.
        var waitMs: Int64 = 0
        if ios, let wait = options.waitForATT, Rule.deferredAfAttWait.applies(to: world.device.os) {
            let answer = world.device.attAnswerAfter ?? (world.device.att == .notDetermined ? nil : SimDuration(seconds: 0))
            let waited = min(answer ?? wait, wait)
            waitMs = waited.seconds * 1000
            trace.add(
                sdk,
                answer.map {
                    $0 <= wait
                        ? "waitForATTUserAuthorization: the user answers after \($0); the SDK sends its launch then"
                        : "waitForATTUserAuthorization gives up after \(wait) (the user answers after \($0)); the SDK sends its launch then"
                }
                    ?? "waitForATTUserAuthorization: the user never answers; the SDK sends its launch after its \(wait) timeout",
                rule: Rule.deferredAfAttWait)
        }
        let matching = ClickMatching(
            provider: .appsflyer, app: index, world: world, trace: &trace, actor: "server AppsFlyer",
            sentAfter: SimDuration(seconds: waitMs / 1000))
        let click = matching.click
        let matchType: String? = {
            guard let click else { return nil }
            if click.srn { return "srn" }
            if matching.referrer { return "referrer" }
            if matching.deviceID { return "id_matching" }
            // A candidate only: each consumer applies its own window (UDL 15 min, probabilistic lookback 24 h).
            if matching.sameNetwork { return "probabilistic" }
            return nil
        }()
        if click?.srn == true {
            trace.add("server AppsFlyer", "The click was reported by a self-reporting network (match_type srn)", rule: Rule.deferredAfUdlSrn)
        }
        let params = click?.params ?? [:]

        let reinstallInWindow = world.deferred.previousInstall[app.id].map { world.clock - $0 <= reattributionWindow } ?? false
        // Written only on the two paths that cite it (issue #14: not on every first open).
        func a4() -> String {
            "assumption A4: a reinstall inside the 90-day re-attribution window gets Organic conversion data; UDL is \(options.udlOnReinstall ? "still evaluated like a first launch" : "taken to find nothing") (undocumented; sdk udl_on_reinstall switches it)"
        }

        // 4. UDL.
        let latencyMs: Int64 = {
            if case .int(let ms)? = world.providers.appsflyer?.options["server_latency_ms"] { return Int64(ms) }
            return defaultLatencyMs
        }()
        var udlData: [String: String]?
        if options.udl {
            if latencyMs > options.deepLinkTimeoutMs {
                let status = ios ? "FAILURE" : "ERROR"
                trace.add(
                    sdk,
                    "\(udlCallback): status \(status) (timeout) — the server needs \(formatMilliseconds(latencyMs)), deepLinkTimeout is \(formatMilliseconds(options.deepLinkTimeoutMs))",
                    rule: Rule.deferredAfTimeout)
                extra[.deepLinkStatus] = status
            } else if reinstallInWindow, !options.udlOnReinstall {
                trace.add(
                    sdk, "\(udlCallback): status NOT_FOUND — a reinstall within 90 days of the previous install",
                    rule: Rule.deferredAfReinstall, assumption: a4())
                extra[.deepLinkStatus] = "NOT_FOUND"
            } else if let matchType, matching.clickToOpen <= udlWindow {
                var fields = [String: String](minimumCapacity: min(params.count, DirectOpen.udlFields.count))
                if matchType != "srn" {
                    for key in DirectOpen.udlFields { if let v = params[key] { fields[key] = v } }
                }
                // What UDL drops, named only in the step's detail (written only with trace text).
                func droppedDetail() -> String? {
                    let dropped = params.keys.filter { !DirectOpen.udlFields.contains($0) }.sorted()
                    return matchType == "srn" || dropped.isEmpty ? nil : "Null for new users: \(dropped.joined(separator: ", "))."
                }
                trace.add(
                    sdk,
                    "\(udlCallback): status FOUND, isDeferred=true, match_type \(matchType) — \(matchType == "srn" ? "UDL does not support SRN clicks: no routing data" : "only deep_link_value and deep_link_sub1-10 reach a new user (\(ProviderLinks.describe(fields)))")"
                        + (pastedLink != nil
                            ? "; the app already has the pasted link's result (read at launch, before this response), so it routes on that one" : ""),
                    rule: matchType == "srn" ? Rule.deferredAfUdlSrn : Rule.deferredAfUdlDeferred,
                    detail: droppedDetail(),
                    assumption: pastedLink != nil
                        ? "assumption A3: the pasteboard is read before the UDL response and the router routes only once (first result wins)" : nil)
                extra[.deepLinkStatus] = "FOUND"
                extra[.isDeferred] = "true"
                extra[.matchType] = matchType
                udlData = fields
            } else {
                let why =
                    matchType == nil
                    ? "no click matches this install" : "the click was \(matching.clickToOpen) before first open, beyond UDL's 15-minute window"
                trace.add(sdk, "\(udlCallback): status NOT_FOUND — \(why)", rule: Rule.deferredAfUdlNotFound)
                extra[.deepLinkStatus] = "NOT_FOUND"
            }
        }

        // 5. Conversion data.
        var conversion: [String: String]?
        if options.conversionData {
            let lookback: SimDuration
            if let text = params["af_click_lookback"], let perLink = SimDuration.parse(text) { lookback = perLink } else { lookback = options.clickLookback }
            let window = matchType == "probabilistic" ? probabilisticLookback : lookback
            var payload: [String: String]
            if let matchType, matching.clickToOpen <= window, !reinstallInWindow {
                payload = params
                payload.reserveCapacity(params.count + 8)
                payload["af_status"] = "Non-organic"
                payload["match_type"] = matchType
                extra[.matchType] = matchType
                if let pid = params["pid"] { payload["media_source"] = pid }
                if let c = params["c"] { payload["campaign"] = c }
                if let click { payload["click_time"] = click.time.description }
                // AppsFlyer counts an install at the app's first launch (its attribution model), not the store download.
                payload["install_time"] = world.clock.description
                AppsFlyerLaunchDetails.fresh(&payload, trace: &trace)
                tellNonOrganic(
                    sdk, ", match_type=\(matchType) — the click is within the \(lookbackName(window, probabilistic: matchType == "probabilistic"))",
                    trace: &trace)
            } else {
                payload = ["af_status": "Organic", "af_message": "organic install"]
                let why: String
                if reinstallInWindow {
                    why = "a reinstall inside the 90-day re-attribution window is not attributed"
                    trace.add(
                        sdk, "This is a reinstall within 90 days of the previous install", rule: Rule.deferredAfReinstall,
                        assumption: a4())
                } else if matchType == nil {
                    why = "no click matches"
                } else {
                    why =
                        "the click was \(matching.clickToOpen) before first open, beyond the \(lookbackName(window, probabilistic: matchType == "probabilistic"))"
                }
                trace.add(sdk, "onConversionDataSuccess: af_status=Organic, is_first_launch=true — \(why)", rule: Rule.deferredAfGcdOrganic)
            }
            payload["is_first_launch"] = "true"
            world.deferred.conversion[app.id] = payload
            extra[.afStatus] = payload["af_status"]
            conversion = payload
        }

        // 6. When the callbacks arrive: after the ATT wait (step 3) and the server round trip.
        let deliveredMs = waitMs + min(latencyMs, options.udl ? options.deepLinkTimeoutMs : latencyMs)
        extra[.deliveredAfter] = formatMilliseconds(deliveredMs)

        // 7. Routing: the pasted direct link, else UDL, else eDDL from conversion data.
        if pastedLink != nil {
            return directOrHome(
                index, pastedLink: pastedLink, options: options, extra: extra, shown: shown,
                fallbackCallback: udlCallback, reason: "", world: &world, trace: &trace)
        }
        if let udlData, udlData["deep_link_value"] != nil {
            let landing = FirstOpen.land(
                index, data: udlData, callback: udlCallback, extra: extra, shownWithoutLink: shown,
                lostBecause: "UDL's deep_link_value matches no route", world: &world, trace: &trace)
            return AppsFlyerLaunchDetails.secondRoute(
                landing, index, conversion: conversion, options: options, routesFromConversion: routesFromConversion, world: &world, trace: &trace)
        }
        let udlFailed = options.udl && (extra[.deepLinkStatus] == "FAILURE" || extra[.deepLinkStatus] == "ERROR")
        if let conversion, conversion["af_status"] == "Non-organic" {
            if routesFromConversion, udlFailed {
                // AppsFlyer documents eDDL for NOT_FOUND and FOUND without routing data; a failed UDL is neither.
                trace.add(
                    app.name,
                    "UDL failed (\(extra[.deepLinkStatus] ?? "")): extended deferred deep linking routes from conversion data only after NOT_FOUND or FOUND without routing data, so the app does not route from it",
                    rule: Rule.deferredAfEddlRoute,
                    assumption:
                        "assumption: an app that follows AppsFlyer's eDDL guide routes from conversion data only after NOT_FOUND or FOUND without routing data, not after a failure"
                )
            } else if routesFromConversion {
                let routed = AppRouter.route(parameters: conversion, in: app)
                if routed.route != nil {
                    trace.add(
                        app.name, "UDL gave nothing to route; the app routes from conversion data (af_status Non-organic, is_first_launch true)",
                        rule: Rule.deferredAfEddlRoute)
                    return FirstOpen.land(
                        index, data: conversion, callback: "onConversionDataSuccess", extra: extra,
                        shownWithoutLink: shown, lostBecause: "", world: &world, trace: &trace)
                }
            } else {
                trace.add(
                    app.name, "Conversion data carries the link data, but the app does not route from it (no extended deferred deep linking)",
                    rule: Rule.deferredAfEddlRoute)
            }
        }
        let reason =
            extra[.deepLinkStatus] == "NOT_FOUND" || extra[.deepLinkStatus] == nil
            ? "The deferred deep link was lost (no callback carries a route)" : "The deferred lookup failed"
        return FirstOpen.land(
            index, data: nil, callback: options.udl ? udlCallback : (options.conversionData ? "onConversionDataSuccess" : nil),
            extra: extra, shownWithoutLink: shown, lostBecause: reason, world: &world, trace: &trace)
    }
}

extension AppsFlyerFirstOpen {
    /// A later launch with no conversion payload cached in the scenario: the first call failed (offline), or the app's
    /// first launch came before the scenario began. What the callback carries then is not documented (AppsFlyer names
    /// no retry of a failed first call), so the landing is known only when the app would not route from it anyway.
    static func laterLaunchWithoutCache(
        _ index: Int, options: AppsFlyerOptions, routesFromConversion: Bool, shown: String, world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        let app = world.apps[index]
        tellLaterLaunch(
            "AppsFlyer SDK",
            "Not the first launch: onConversionDataSuccess fires (on every launch and return to foreground), but no payload was cached in this scenario (the first call failed, or the first launch came before the scenario), so what it carries is not known",
            trace: &trace)
        if routesFromConversion, !options.checkIsFirstLaunch {
            let reason =
                "\(app.name) routes from conversion data without checking is_first_launch, and whether this payload carries the click is not documented"
            trace.add(app.name, reason, rule: Rule.linksimNotModelled)
            return Landing.unknown(reason)
        }
        let why =
            routesFromConversion
            ? "The handler checks is_first_launch (false) and does not route" : "Nothing to route on a later launch"
        return FirstOpen.land(
            index, data: nil, callback: "onConversionDataSuccess", extra: [.isFirstLaunch: "false", .sdkCallback: "onConversionDataSuccess"],
            shownWithoutLink: shown, lostBecause: why, world: &world, trace: &trace)
    }
}
