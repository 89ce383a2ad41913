/// Helpers moved out of FirstOpen.swift (to keep it under 400 lines): how the trace names a lookback window, the clipboard recipe's direct result, and how iOS shows a pasteboard read.
extension AppsFlyerFirstOpen {
    /// “24-hour probabilistic lookback” / “7d click lookback”, as the trace names the window.
    static func lookbackName(_ window: SimDuration, probabilistic: Bool) -> String {
        probabilistic ? "\(window.seconds / 3600)-hour probabilistic lookback (its maximum; link settings do not apply)" : "\(window) click lookback"
    }

    /// The clipboard recipe finds a link with cp_url=true and hands it to the SDK.
    static func tellRecipeFinds(_ text: String, app: App, trace: inout TraceRecorder) {
        trace.add(
            app.name, "Finds \(text) on the pasteboard (cp_url=true) and calls performOnAppAttribution(with:)",
            rule: Rule.deferredAfClipboardRecipe,
            assumption: "assumption A3: the pasteboard is read before the UDL response and the router routes only once (first result wins)")
    }

    /// onConversionDataSuccess for a first launch attributed to a click (a matched click, or a link that opened the app).
    static func tellNonOrganic(_ actor: String, _ how: @autoclosure () -> String, assumption: String? = nil, trace: inout TraceRecorder) {
        trace.add(
            actor, "onConversionDataSuccess: af_status=Non-organic, is_first_launch=true" + how(), rule: Rule.deferredAfGcdNonOrganic, assumption: assumption)
    }

    /// A later launch: no deferred lookup; onConversionDataSuccess repeats the cached payload with is_first_launch=false.
    static func tellLaterLaunch(
        _ actor: String, _ summary: @autoclosure () -> String, assumption: String? = nil, trace: inout TraceRecorder
    ) {
        trace.add(actor, summary(), rule: Rule.deferredAfLaterLaunch, assumption: assumption)
    }

    /// Routes a link found by the clipboard recipe (reported as a direct result, assumption A2), else the home screen.
    static func directOrHome(
        _ index: Int, pastedLink: [String: String]?, options: AppsFlyerOptions, extra: [LandingFact: String],
        shown: String, fallbackCallback: String, reason: String,
        world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        var extra = extra
        guard let pastedLink else {
            return FirstOpen.land(
                index, data: nil, callback: fallbackCallback, extra: extra, shownWithoutLink: shown,
                lostBecause: reason, world: &world, trace: &trace)
        }
        let ios = world.device.platform == .ios
        let callback = options.udl ? (ios ? "didResolveDeepLink" : "onDeepLinking") : "onAppOpenAttribution"
        trace.add(
            "AppsFlyer SDK",
            options.udl
                ? "\(callback): status FOUND, isDeferred=false for the pasted link (\(ProviderLinks.describe(pastedLink)))"
                : "onAppOpenAttribution receives the pasted link (\(ProviderLinks.describe(pastedLink)))",
            rule: Rule.deferredAfClipboardRecipe,
            assumption: options.udl ? "assumption A2: performOnAppAttribution under UDL reports FOUND with isDeferred=false" : nil)
        extra[.isDeferred] = "false"
        extra[.sdkCallback] = callback
        return FirstOpen.land(
            index, data: pastedLink, callback: callback, extra: extra, shownWithoutLink: shown,
            lostBecause: "The pasted link's deep_link_value matches no route", world: &world, trace: &trace)
    }
}

extension FirstOpen {
    /// Whether the app's SDK reads the pasteboard on first launch, and how iOS shows it; nil when it does not.
    static func pasteUI(app: App, world: World) -> PasteUI? {
        let device = world.device
        guard device.platform == .ios, let text = device.clipboard, !text.isEmpty else { return nil }
        let reads: Bool
        switch app.sdk.provider {
        // The recipe reads UIPasteboard.general.string: any text is read [AF-PrivateRelay].
        case .appsflyer: reads = AppsFlyerOptions(app.sdk).clipboardRecipe
        // Branch checks hasURLs first, so only a URL is read [BR-SDK-Pasteboard]; NativeLink is iOS 15+.
        case .branch: reads = BranchFirstOpen.nativeLinkReads(BranchOptions(app.sdk), text: text, os: device.os)
        case .adjust: reads = AdjustFirstOpen.linkMeReads(AdjustOptions(app.sdk), text: text, os: device.os)
        case .none: reads = false
        }
        guard reads else { return nil }
        if Rule.deferredIosPasteAlert.applies(to: device.os) { return .alert }
        return Rule.deferredIosPasteBanner.applies(to: device.os) ? .banner : .silent
    }

    /// How iOS shows the read `pasteUI` decided: the “would like to paste” alert, the “pasted from” banner, or nothing.
    static func tellPasteUI(_ ui: PasteUI, app: App, os: OSVersion, trace: inout TraceRecorder) {
        switch ui {
        case .alert:
            trace.add(
                "iOS",
                "\(app.name)'s SDK reads the pasteboard; iOS \(os) shows ““\(app.name)” would like to paste from …” — Don't Allow Paste / Allow Paste",
                rule: Rule.deferredIosPasteAlert,
                detail: "Nothing is read until the user answers (scenario: `answer: allow_paste` or `answer: deny_paste`).")
        case .banner:
            trace.add(
                "iOS", "\(app.name) reads the pasteboard; iOS \(os) shows the “\(app.name) pasted from …” banner without asking",
                rule: Rule.deferredIosPasteBanner)
        case .silent: break
        }
    }

    /// An SDK's pasteboard reader found no link it recognises (Branch NativeLink, AppsFlyer's clipboard recipe).
    static func tellNoPastedLink(_ actor: String, _ summary: @autoclosure () -> String, assumption: String? = nil, trace: inout TraceRecorder) {
        trace.add(actor, summary(), rule: Rule.deferredPasteboardNoLink, assumption: assumption)
    }
}
