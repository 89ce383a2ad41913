/// What a deep-link SDK hands the app's router when the app opens through a provider link.
struct SDKRoutedLink {
    var screen: String
    var params: [String: String]
    var extra: [LandingFact: String]
}

/// A provider link that opened an installed app (class D1).
enum DirectOpen {
    static let udlFields = ["deep_link_value"] + (1...10).map { "deep_link_sub\($0)" }

    /// `deliveredURL`: the URL the app itself received when it is not the provider link (the af_dp
    /// scheme URL); the app's own router gets it when the SDK data matches no route.
    static func routing(
        provider: LinkProvider, params: [String: String], url: String, firstLaunch: Bool,
        deliveredURL: String? = nil
    )
        -> (Int, inout World, inout TraceRecorder) -> SDKRoutedLink
    {
        return { index, world, trace in
            let app = world.apps[index]
            let ios = world.device.platform == .ios
            guard let sdk = provider.sdk, app.sdk.provider == sdk else {
                let routed = AppRouter.route(url, in: app, webLink: true)
                trace.add(
                    app.name,
                    "\(app.name) has no \(provider.displayName) SDK; its own router \(routed.route.map { "matches \(AppRouter.describe($0.pattern)) and shows \(routed.screen)" } ?? "finds no route and shows \(routed.screen)")",
                    rule: routed.rule)
                return SDKRoutedLink(screen: routed.screen, params: routed.params, extra: [:])
            }
            var extra: [LandingFact: String] = [.isFirstLaunch: firstLaunch ? "true" : "false"]
            var fields = params
            switch sdk {
            case .appsflyer:
                let options = AppsFlyerOptions(app.sdk)
                if let early = AppsFlyerDirect.check(index, options: options, params: params, url: url, world: &world, trace: &trace) { return early }
                if let parts = URLParts(url) {
                    fields["link"] = url
                    fields["scheme"] = parts.scheme
                    fields["host"] = parts.normalizedHost
                    fields["path"] = parts.path
                }
                if options.udl {
                    let callback = ios ? "didResolveDeepLink" : "onDeepLinking"
                    trace.add(
                        "AppsFlyer SDK",
                        "\(callback): status FOUND, isDeferred=false — a direct deep link carries the full link data (\(ProviderLinks.describe(params)))",
                        rule: Rule.deferredAfUdlDirect)
                    extra[.sdkCallback] = callback
                    extra[.deepLinkStatus] = "FOUND"
                    extra[.isDeferred] = "false"
                } else {
                    trace.add(
                        "AppsFlyer SDK", "onAppOpenAttribution receives the link parameters (\(ProviderLinks.describe(params)))",
                        rule: Rule.deferredAfLegacyDirect)
                    extra[.sdkCallback] = "onAppOpenAttribution"
                }
                if options.conversionData {
                    if firstLaunch {
                        var payload = params
                        payload["af_status"] = "Non-organic"
                        payload["is_first_launch"] = "true"
                        world.deferred.conversion[app.id] = payload
                        AppsFlyerFirstOpen.tellNonOrganic(
                            "AppsFlyer SDK", " (this link opened the app for its first launch)",
                            assumption:
                                "assumption: an app installed but never launched that first opens through a provider link is attributed to that click (the providers do not document this case)",
                            trace: &trace)
                    } else {
                        let status = world.deferred.conversion[app.id]?["af_status"] ?? "Organic"
                        AppsFlyerFirstOpen.tellLaterLaunch(
                            "AppsFlyer SDK", "onConversionDataSuccess: the cached payload again (af_status=\(status)), is_first_launch=false", trace: &trace)
                    }
                    extra[.afStatus] = world.deferred.conversion[app.id]?["af_status"] ?? "Organic"
                }
            case .branch:
                let reinstall = world.deferred.previousInstall[app.id] != nil
                fields["+clicked_branch_link"] = "true"
                fields["+match_guaranteed"] = "true"
                fields["+is_first_session"] = firstLaunch && !reinstall ? "true" : "false"
                trace.add(
                    "Branch SDK",
                    "initSession: the link's click id resolves to its data with +clicked_branch_link=true, +match_guaranteed=true, +is_first_session=\(fields["+is_first_session"] ?? "false")",
                    rule: Rule.deferredBranchDirect)
                extra[.sdkCallback] = "initSession"
                extra[.matchGuaranteed] = "true"
            case .adjust, .none:
                extra[.sdkCallback] = "the app's link handler"
            }
            let routed = AppRouter.route(parameters: fields, in: app)
            if let route = routed.route {
                trace.add(app.name, "The router matches \(AppRouter.describe(route.pattern)) and shows \(routed.screen)", rule: routed.rule)
            } else if let deliveredURL, let byURL = Optional(AppRouter.route(deliveredURL, in: app, webLink: false)), let route = byURL.route {
                trace.add(
                    app.name,
                    "No route matches the SDK's data, but the app's router matches the URL it received (\(AppRouter.describe(route.pattern))) and shows \(byURL.screen)",
                    rule: byURL.rule)
                return SDKRoutedLink(screen: byURL.screen, params: fields.merging(byURL.params) { _, b in b }, extra: extra)
            } else {
                trace.add(app.name, "No route matches the link data; the app shows \(routed.screen)", rule: routed.rule)
            }
            return SDKRoutedLink(screen: routed.screen, params: routed.params, extra: extra)
        }
    }
}
