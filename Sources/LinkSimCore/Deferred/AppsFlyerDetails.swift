/// AppsFlyer integration details (issue #18 item 7): an SDK older than 6.1, an SDK never started, a link
/// the app does not forward, a short link that cannot be resolved, an http(s) `af_dp`, debug mode.
enum AppsFlyerDirect {
    static let sdk = "AppsFlyer SDK"

    /// Checks a direct open before the SDK's normal callbacks; returns the outcome when one of these
    /// details decides it, nil when the normal direct-open path applies.
    static func check(
        _ index: Int, options: AppsFlyerOptions, params: [String: String], url: String,
        world: inout World, trace: inout TraceRecorder
    ) -> SDKRoutedLink? {
        let app = world.apps[index]
        let ios = world.device.platform == .ios
        let parts = URLParts(url)
        AppsFlyerNotes.version(options, trace: &trace)
        AppsFlyerNotes.webAfDp(params, trace: &trace)
        guard options.started else {
            trace.add(
                sdk,
                "\(app.name) never calls start(): the SDK sends nothing and calls no callback, so the link's data never reaches the router; \(app.name) shows \(app.homeScreen)",
                rule: Rule.deferredAfSdkNotStarted)
            return SDKRoutedLink(screen: app.homeScreen, params: [:], extra: [.sdkCallback: "none"])
        }
        guard options.forwardsLinks else {
            let call =
                ios
                ? (parts?.isWeb == true ? "AppsFlyerLib.shared().continue(userActivity)" : "AppsFlyerLib.shared().handleOpen(url, options:)")
                : "the SDK (the activity keeps the old intent)"
            trace.add(
                app.name, "\(app.name) receives the link but never hands it to \(call): UDL does not call back for it, and \(app.name) shows \(app.homeScreen)",
                rule: Rule.deferredAfLinkNotForwarded,
                assumption: ios
                    ? nil
                    : "assumption: on Android `forwards_links: false` stands for an activity whose intent never reaches the SDK (e.g. onNewIntent without setIntent)"
            )
            return SDKRoutedLink(screen: app.homeScreen, params: [:], extra: [.sdkCallback: "none"])
        }
        if options.debug, let parts {
            AppsFlyerNotes.debugLine("UniversalLink/Deeplink found: \(url)", trace: &trace)
            let segments = parts.pathSegments
            if segments.count >= 2 {
                AppsFlyerNotes.debugLine(
                    "Shortlink found. Executing: https://onelink.appsflyer.com/shortlink-sdk/v2/\(segments[0])?id=\(segments[1])", trace: &trace)
            }
            AppsFlyerNotes.testDevice(options, trace: &trace)
        }
        // A short link needs the resolver; offline it cannot be resolved.
        if !world.device.online, let parts, parts.pathSegments.count >= 2 {
            var extra: [LandingFact: String] = [.isFirstLaunch: "false"]
            if options.udl {
                let callback = ios ? "didResolveDeepLink" : "onDeepLinking"
                let status = ios ? "FAILURE" : "ERROR"
                trace.add(
                    sdk, "\(callback): status \(status) (network) — the device is offline, so the short link cannot be resolved; no deep link data",
                    rule: Rule.deferredAfDirectFailure)
                extra[.sdkCallback] = callback
                extra[.deepLinkStatus] = status
            } else {
                trace.add(
                    sdk, "onAppOpenAttributionFailure: the short link cannot be resolved (no network); onAppOpenAttribution is not called",
                    rule: Rule.deferredAfDirectFailure)
                extra[.sdkCallback] = "onAppOpenAttributionFailure"
            }
            AppRouter.tellHomeFallback(app.name, "Without link data the router has nothing to route; \(app.name) shows \(app.homeScreen)", trace: &trace)
            return SDKRoutedLink(screen: app.homeScreen, params: [:], extra: extra)
        }
        return nil
    }
}

/// Trace notes shared by the direct open and the first open.
enum AppsFlyerNotes {
    static func version(_ options: AppsFlyerOptions, trace: inout TraceRecorder) {
        options.tellUDLMissing(trace: &trace)
    }

    static func webAfDp(_ params: [String: String], trace: inout TraceRecorder) {
        guard let dp = params["af_dp"], URLParts(dp)?.isWeb == true else { return }
        trace.add(
            "AppsFlyer SDK", "Warning: af_dp=\(dp) is an http(s) URL, not a URI scheme; as a fallback it opens no app",
            rule: Rule.deferredAfDpWebUrl)
    }

    static func debugLine(_ text: String, trace: inout TraceRecorder) {
        trace.add("AppsFlyer SDK (debug log)", "[AppsFlyerSDK] \(text)", rule: Rule.deferredAfDebugMode)
    }

    static func testDevice(_ options: AppsFlyerOptions, trace: inout TraceRecorder) {
        guard !options.testDevice else { return }
        trace.add(
            "AppsFlyer SDK", "The device is not registered as an AppsFlyer test device (test_device: false)",
            rule: Rule.deferredAfDebugMode,
            assumption:
                "assumption: a practitioner reports that deep links failed on debug builds until the device was registered; not documented, so the outcome is not changed"
        )
    }
}

/// The same details at a launch (first open and later launches).
enum AppsFlyerLaunchDetails {
    /// An SDK that is never started: no lookup, no callback; the launch shows `shown`.
    static func notStarted(
        _ index: Int, options: AppsFlyerOptions, firstLaunch: Bool, shown: String,
        world: inout World, trace: inout TraceRecorder
    ) -> Landing? {
        AppsFlyerNotes.version(options, trace: &trace)
        guard options.started else {
            trace.add(
                AppsFlyerDirect.sdk,
                "\(world.apps[index].name) never calls start(): no \(firstLaunch ? "deferred lookup, no " : "")conversion data and no deep-link callback",
                rule: Rule.deferredAfSdkNotStarted)
            return FirstOpen.land(
                index, data: nil, callback: nil, extra: [.isFirstLaunch: firstLaunch ? "true" : "false"], shownWithoutLink: shown,
                lostBecause: "No callback carries a link", world: &world, trace: &trace)
        }
        if options.debug, firstLaunch {
            AppsFlyerNotes.debugLine("[DDL] start", trace: &trace)
            AppsFlyerNotes.testDevice(options, trace: &trace)
        }
        return nil
    }

    /// A fresh (first-launch) conversion payload: no `name` parameter, iscache false, an http(s) af_dp warned about.
    static func fresh(_ payload: inout [String: String], trace: inout TraceRecorder) {
        if let name = payload.removeValue(forKey: "name") {
            trace.add(
                AppsFlyerDirect.sdk,
                "The link's custom parameter name=\(name) is not in the conversion data (AppsFlyer never returns a parameter named `name`)",
                rule: Rule.deferredAfGcdNoName)
        }
        payload["iscache"] = "false"
        AppsFlyerNotes.webAfDp(payload, trace: &trace)
    }

    /// The cached payload a later launch gets again.
    /// The SDK's debug log shows the flag (the payload carries it either way).
    static func cached(_ payload: inout [String: String], options: AppsFlyerOptions, trace: inout TraceRecorder) {
        payload["iscache"] = "true"
        guard options.debug else { return }
        trace.add(
            "AppsFlyer SDK (debug log)", "The conversion payload comes from the SDK's cache: iscache=true", rule: Rule.deferredAfIscache,
            assumption:
                "assumption: iscache is false on the first, server-fresh payload and true on cached ones (the field is shown, not defined, by AppsFlyer)")
    }

    /// After UDL routed the deferred link: conversion data routes again unless the app marks the link processed.
    static func secondRoute(
        _ landing: Landing, _ index: Int, conversion: [String: String]?, options: AppsFlyerOptions, routesFromConversion: Bool,
        world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        guard landing.delivered == true, routesFromConversion, let conversion, conversion["af_status"] == "Non-organic" else { return landing }
        let app = world.apps[index]
        let routed = AppRouter.route(parameters: conversion, in: app)
        guard let route = routed.route else { return landing }
        // The usual integration (AppsFlyer's sample) marks the link processed in UDL: nothing more happens.
        if options.routesOnce { return landing }
        trace.add(
            app.name,
            "No “processed” flag: onConversionDataSuccess routes as well (\(AppRouter.describe(route.pattern))) and shows \(routed.screen) on top of \(landing.screen ?? app.homeScreen) — the user is routed twice",
            rule: Rule.deferredAfDoubleRouting,
            assumption: "assumption: the conversion-data callback arrives after UDL's, so its screen ends on top")
        world.apps[index].currentScreen = routed.screen
        var twice = landing
        twice.screen = routed.screen
        twice.params = routed.params
        twice.extra[.routedTwice] = "true"
        return twice
    }
}
