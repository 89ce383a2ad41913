/// Branch: initSession on every open; on the first session NativeLink, Install Referrer, device ID
/// or the snapshot within the match duration.
enum BranchFirstOpen {
    /// NativeLink (iOS 15+) reads the pasteboard on first launch only when it holds a URL (Branch checks hasURLs first).
    static func nativeLinkReads(_ options: BranchOptions, text: String, os: OSVersion) -> Bool {
        options.checkPasteboardOnInstall && Rule.deferredBranchNativelink.applies(to: os) && URLParts(text)?.isWeb == true
    }

    static func resolve(
        _ index: Int, firstLaunch: Bool, cold: Bool, pasteboard: FirstOpen.Pasteboard,
        world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        let app = world.apps[index]
        let options = BranchOptions(app.sdk)
        let sdk = "Branch SDK"
        let shown = cold ? app.homeScreen : (app.currentScreen ?? app.homeScreen)
        let reinstall = world.deferred.previousInstall[app.id] != nil
        guard firstLaunch else {
            let params = ["+is_first_session": "false", "+clicked_branch_link": "false"]
            trace.add(
                sdk, "initSession: +is_first_session=false, +clicked_branch_link=false — not an install, and no link opened this session",
                rule: Rule.deferredBranchLaterSession)
            return FirstOpen.land(
                index, data: params, callback: "initSession", extra: [.isFirstLaunch: "false", .sdkCallback: "initSession"],
                shownWithoutLink: shown, lostBecause: "No link data in this session", world: &world, trace: &trace)
        }
        var extra: [LandingFact: String] = [.isFirstLaunch: "true", .sdkCallback: "initSession"]
        var data: [String: String]?
        var guaranteed = false
        // NativeLink: the pasteboard URL, when it is a Branch link.
        if pasteboard.read, let text = pasteboard.text, let parts = URLParts(text),
            ProviderLinks.recognise(host: parts.normalizedHost, providers: world.providers)?.provider == .branch
        {
            var scratch = TraceRecorder(world.traceDetail)
            data = ProviderLinks.linkData(.branch, parts: parts, world: world, trace: &scratch, actor: sdk, targetApp: index)
            guaranteed = true
            extra[.matchType] = "nativelink"
            trace.add(
                sdk, "NativeLink: the pasteboard holds the Branch link \(text); it is sent as local_url with the install request — a guaranteed match",
                rule: Rule.deferredBranchNativelink)
        } else if options.checkPasteboardOnInstall, world.device.platform == .ios {
            if !pasteboard.read, !Rule.deferredBranchNativelink.applies(to: world.device.os), world.device.clipboard?.isEmpty == false {
                // The page copied the link, but the SDK reads the pasteboard for NativeLink only from iOS 15 (the NativeLink
                // rule's range, so that rule is not cited here).
                FirstOpen.tellNoPastedLink(
                    sdk,
                    "NativeLink works from iOS 15; on iOS \(world.device.os) the SDK does not read the pasteboard, so the copied link is not used",
                    trace: &trace)
            } else {
                FirstOpen.tellNoPastedLink(
                    sdk, pasteboard.read ? "NativeLink: the pasteboard holds no Branch link" : "NativeLink: nothing was read from the pasteboard",
                    trace: &trace)
            }
        }
        if data == nil, app.sdk.options["match_type"]?.stringValue == "unique" {
            // “unique” needs the set of outstanding identical footprints, which a one-device scenario does not have.
            trace.add(
                "linksim", "Branch match type “unique” is accepted but not modelled; snapshot matching is shown as “normal”",
                rule: Rule.linksimNotModelled,
                assumption:
                    "assumption: match type “unique” behaves as “normal” for a single device (the set of outstanding identical footprints is not modelled)")
        }
        if data == nil {
            let matching = ClickMatching(provider: .branch, app: index, world: world, trace: &trace, actor: "server Branch")
            if let click = matching.click {
                let duration = click.params["$match_duration"].flatMap { Int64($0) }.map { SimDuration(seconds: $0) } ?? options.matchDuration
                if matching.isDeterministic {
                    data = click.params
                    guaranteed = true
                    extra[.matchType] = matching.referrer ? "install_referrer" : "device_id"
                    trace.add(
                        "server Branch",
                        "\(matching.referrer ? "The Install Referrer" : "The advertising ID") ties the install to the click: a guaranteed match",
                        rule: Rule.deferredBranchGuaranteed)
                } else if matching.sameNetwork, matching.clickToOpen <= duration {
                    data = click.params
                    extra[.matchType] = "snapshot"
                    trace.add(
                        "server Branch",
                        "The device snapshot matches the click's, \(matching.clickToOpen) after it, within the match duration of \(duration) — a match, but not guaranteed",
                        rule: Rule.deferredBranchSnapshot)
                } else {
                    trace.add(
                        "server Branch",
                        matching.sameNetwork ? "The click was \(matching.clickToOpen) ago, beyond the match duration of \(duration)" : "No snapshot match",
                        rule: Rule.deferredBranchNoMatch)
                }
            }
        }
        var params = data ?? [:]
        params["+clicked_branch_link"] = data == nil ? "false" : "true"
        if data != nil { params["+match_guaranteed"] = guaranteed ? "true" : "false" }
        params["+is_first_session"] = reinstall ? "false" : "true"
        extra[.matchGuaranteed] = data == nil ? nil : (guaranteed ? "true" : "false")
        trace.add(
            sdk, "initSession: \(ProviderLinks.describe(params.filter { $0.key.hasPrefix("+") }))",
            rule: data == nil ? Rule.deferredBranchNoMatch : nil,
            detail: data != nil && !guaranteed ? "Branch advises acting on sensitive flows (auto-login...) only when +match_guaranteed is true." : nil)
        return FirstOpen.land(
            index, data: params, callback: "initSession", extra: extra, shownWithoutLink: shown,
            lostBecause: data == nil ? "+clicked_branch_link is false" : "The link data matches no route",
            world: &world, trace: &trace)
    }
}

/// Adjust (compact): device matching, LinkMe, or probabilistic within 6 h; the deferred deep link
/// is handed to the app and opened by the SDK.
enum AdjustFirstOpen {
    /// LinkMe reads the pasteboard on first launch (iOS 15+) only when it holds a URL.
    static func linkMeReads(_ options: AdjustOptions, text: String, os: OSVersion) -> Bool {
        options.linkMe && Rule.deferredAdjustLinkme.applies(to: os) && URLParts(text)?.isWeb == true
    }

    static func resolve(
        _ index: Int, firstLaunch: Bool, cold: Bool, pasteboard: FirstOpen.Pasteboard,
        world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        let app = world.apps[index]
        let options = AdjustOptions(app.sdk)
        let sdk = "Adjust SDK"
        let ios = world.device.platform == .ios
        let callback = ios ? "adjustDeferredDeeplinkReceived" : "launchReceivedDeeplink"
        let shown = cold ? app.homeScreen : (app.currentScreen ?? app.homeScreen)
        guard firstLaunch else {
            trace.add(sdk, "Not the first session: no deferred deep link", rule: Rule.deferredAdjustNoMatch)
            return FirstOpen.land(
                index, data: nil, callback: nil, extra: [.isFirstLaunch: "false"], shownWithoutLink: shown,
                lostBecause: "Nothing to route on a later launch", world: &world, trace: &trace)
        }
        var extra: [LandingFact: String] = [.isFirstLaunch: "true"]
        var deepLink: String?
        if pasteboard.read, let text = pasteboard.text, let parts = URLParts(text),
            ProviderLinks.recognise(host: parts.normalizedHost, providers: world.providers)?.provider == .adjust
        {
            var scratch = TraceRecorder(world.traceDetail)
            deepLink = ProviderLinks.linkData(.adjust, parts: parts, world: world, trace: &scratch, actor: sdk, targetApp: index)["deep_link"]
            extra[.matchType] = "linkme"
            trace.add(sdk, "LinkMe: the pasteboard holds the Adjust link \(text); a deterministic match", rule: Rule.deferredAdjustLinkme)
        } else {
            let matching = ClickMatching(provider: .adjust, app: index, world: world, trace: &trace, actor: "server Adjust")
            if let click = matching.click {
                if matching.isDeterministic, matching.clickToOpen <= options.deviceMatchingWindow {
                    deepLink = click.params["deep_link"]
                    extra[.matchType] = "device_matching"
                    trace.add(
                        "server Adjust", "Device matching within \(options.deviceMatchingWindow) attributes the install to the click",
                        rule: Rule.deferredAdjustDeferred)
                } else if matching.sameNetwork, matching.clickToOpen <= options.probabilisticWindow {
                    deepLink = click.params["deep_link"]
                    extra[.matchType] = "probabilistic"
                    trace.add(
                        "server Adjust",
                        "Probabilistic modelling matches the click, \(matching.clickToOpen) before first open, within \(options.probabilisticWindow)",
                        rule: Rule.deferredAdjustDeferred)
                } else {
                    trace.add(
                        "server Adjust",
                        matching.sameNetwork
                            ? "The click was \(matching.clickToOpen) before first open, beyond the \(options.probabilisticWindow) probabilistic window"
                            : "No deterministic or probabilistic match",
                        rule: Rule.deferredAdjustNoMatch)
                }
            }
        }
        guard let deepLink else {
            return FirstOpen.land(
                index, data: nil, callback: nil, extra: extra, shownWithoutLink: shown,
                lostBecause: "No deferred deep link arrives", world: &world, trace: &trace)
        }
        extra[.sdkCallback] = callback
        trace.add(
            sdk,
            "\(callback)(\(deepLink))\(options.launchDeferredDeeplink ? "; the SDK opens it" : "; the callback returns false, so the SDK does not open it")",
            rule: Rule.deferredAdjustDeferred)
        guard options.launchDeferredDeeplink else {
            return FirstOpen.land(
                index, data: nil, callback: callback, extra: extra, shownWithoutLink: shown,
                lostBecause: "The deep link is left to the app's own code", world: &world, trace: &trace)
        }
        let routed = AppRouter.route(deepLink, in: app, webLink: false)
        world.apps[index].currentScreen = routed.screen
        trace.add(
            app.name,
            routed.route.map { "The router matches \(AppRouter.describe($0.pattern)) and shows \(routed.screen)" }
                ?? "No route matches \(deepLink); the app shows \(routed.screen)",
            rule: routed.rule)
        var landing = Landing(
            kind: .app, app: app.id, screen: routed.screen, params: routed.params, via: .deferred,
            callback: callback, delivered: true)
        landing.extra = extra
        return landing
    }
}
