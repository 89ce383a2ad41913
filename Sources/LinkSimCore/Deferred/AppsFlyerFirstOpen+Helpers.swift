/// Helpers moved out of FirstOpen.swift (to keep it under 400 lines): how the trace names a lookback window, the clipboard recipe's direct result, and how iOS shows a pasteboard read.
extension AppsFlyerFirstOpen {
    /// “24-hour probabilistic lookback” / “7d click lookback”, as the trace names the window.
    static func lookbackName(_ window: SimDuration, probabilistic: Bool) -> String {
        probabilistic ? "\(window.seconds / 3600)-hour probabilistic lookback (its maximum; link settings do not apply)" : "\(window) click lookback"
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
        case .branch:
            reads = BranchOptions(app.sdk).checkPasteboardOnInstall && Rule.deferredBranchNativelink.applies(to: device.os) && URLParts(text)?.isWeb == true
        case .adjust: reads = AdjustOptions(app.sdk).linkMe && Rule.deferredAdjustLinkme.applies(to: device.os) && URLParts(text)?.isWeb == true
        case .none: reads = false
        }
        guard reads else { return nil }
        if Rule.deferredIosPasteAlert.applies(to: device.os) { return .alert }
        return Rule.deferredIosPasteBanner.applies(to: device.os) ? .banner : .silent
    }
}
