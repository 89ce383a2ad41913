/// Provider links (AppsFlyer OneLink, Branch, Adjust, Firebase Dynamic Links) at click time:
/// which provider a link belongs to, what data it carries, what the provider's server records, and
/// where the tap lands.
enum ProviderLinks {
    /// Firebase Dynamic Links stopped working on 2025-08-25; linksim uses 00:00 UTC (assumption A6).
    static let firebaseShutdown = SimInstant(secondsSinceEpoch: Int64(SimInstant.daysFromCivil(year: 2025, month: 8, day: 25)) * 86400)

    /// Well-known provider domains, as host suffixes or exact hosts.
    static let wellKnownDomains: [(suffix: StaticString, provider: LinkProvider)] = [
        (".onelink.me", .appsflyer),
        (".app.link", .branch), (".test-app.link", .branch), ("bnc.lt", .branch),
        ("app.adjust.com", .adjust), (".go.link", .adjust),
        (".page.link", .firebase),
    ]

    /// The provider of a host: the scenario's `providers` first (branded domains), then the well-known domains.
    static func recognise(host: String, providers: Providers) -> (provider: LinkProvider, how: String)? {
        if providers.appsflyer?.domain == host { return (.appsflyer, "configured in providers.appsflyer") }
        if providers.branch?.domain == host { return (.branch, "configured in providers.branch") }
        if providers.adjust?.domain == host { return (.adjust, "configured in providers.adjust") }
        if providers.firebase?.domain == host { return (.firebase, "configured in providers.firebase") }
        // An ASCII host (every host a device resolves) is compared on bytes: `hasSuffix` compared grapheme
        // clusters, for each well-known domain of every host of every app, on every simulation.
        var text = host
        let known: LinkProvider?? = text.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            for entry in wellKnownDomains where Self.isWellKnown(bytes, entry.suffix) { return .some(entry.provider) }
            return .some(nil)
        }
        let provider =
            known
            ?? wellKnownDomains.first { entry in
                let suffix = entry.suffix.description
                return host == suffix || (suffix.hasPrefix(".") && host.hasSuffix(suffix))
            }?.provider
        if let provider { return (provider, "a well-known \(provider.displayName) domain") }
        return nil
    }

    /// An ASCII host is `suffix`, or (a suffix starting with `.`) ends with it.
    private static func isWellKnown(_ host: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        let tail = suffix.utf8Start
        guard host.count >= count, host.count == count || tail.pointee == UInt8(ascii: ".") else { return false }
        let offset = host.count - count
        for i in 0..<count where host[offset + i] != tail[i] { return false }
        return true
    }

    /// The configured domain and app of a provider.
    static func configuredApp(_ provider: LinkProvider, providers: Providers) -> String? {
        switch provider {
        case .appsflyer: return providers.appsflyer?.app
        case .branch: return providers.branch?.app
        case .adjust: return providers.adjust?.app
        case .firebase: return providers.firebase?.app
        }
    }

    static func copiesToClipboard(_ provider: LinkProvider, providers: Providers) -> Bool {
        let options: [String: ScalarValue]?
        switch provider {
        case .appsflyer: options = providers.appsflyer?.options
        case .branch: options = providers.branch?.options
        case .adjust: options = providers.adjust?.options
        case .firebase: options = nil
        }
        return options?["copy_to_clipboard"]?.boolValue ?? false
    }

    /// The app a provider link is for: `providers.<name>.app`, else the first app whose SDK is that provider.
    static func targetApp(_ provider: LinkProvider, world: World) -> Int? {
        if let id = configuredApp(provider, providers: world.providers) { return world.index(of: id) }
        guard let sdk = provider.sdk else { return nil }
        return world.apps.firstIndex { $0.sdk.provider == sdk }
    }

    /// The data a provider link carries (long-link query, short-link store, Branch link data).
    static func linkData(
        _ provider: LinkProvider, parts: URLParts, world: World, trace: inout TraceRecorder,
        actor: String, targetApp: Int?
    ) -> [String: String] {
        let query = Dictionary(parts.queryItems.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let segments = parts.pathSegments
        switch provider {
        case .appsflyer:
            guard segments.count >= 2 else {
                trace.add(
                    actor, "A long OneLink URL: its parameters travel in the query string (\(describe(query)))",
                    rule: Rule.deferredAfLongLink)
                return query
            }
            let shortID = segments[1]
            guard let short = world.providers.appsflyer?.shortLinks[shortID] else {
                trace.add(
                    actor, "A short OneLink URL (/\(segments[0])/\(shortID)); the resolver knows no link “\(shortID)”, so it carries no data",
                    rule: Rule.deferredAfShortLink,
                    assumption:
                        "assumption A1: an unknown or expired short link resolves to empty parameters (the template's default redirect, no deep_link_value)")
                return query
            }
            if let expires = short.expires, expires < world.clock {
                trace.add(
                    actor, "A short OneLink URL (/\(segments[0])/\(shortID)) that expired at \(expires); the resolver returns no data",
                    rule: Rule.deferredAfShortLink,
                    assumption:
                        "assumption A1: an unknown or expired short link resolves to empty parameters (the template's default redirect, no deep_link_value)")
                return query
            }
            trace.add(
                actor, "A short OneLink URL: AppsFlyer's resolver (shortlink-sdk/v2/\(segments[0])?id=\(shortID)) returns \(describe(short.params))",
                rule: Rule.deferredAfShortLink,
                detail: short.expires.map { "The link expires at \($0) (API-created short links live 31 days by default)." })
            return short.params.merging(query) { stored, _ in stored }
        case .branch:
            let data = world.providers.branch?.links[parts.path]?.data ?? [:]
            trace.add(
                actor,
                data.isEmpty
                    ? "Branch knows no link data for \(parts.path.isEmpty ? "/" : parts.path)"
                    : "Branch link \(parts.path) carries \(describe(data))",
                rule: Rule.deferredProviderLink)
            return data.merging(query) { stored, _ in stored }
        case .adjust:
            var data = query
            // Branded go.link URLs become the app-scheme form before they reach the SDK [ADJ-DDL].
            if parts.normalizedHost.hasSuffix(".go.link"), data["deep_link"] == nil,
                let index = targetApp, let scheme = world.apps[index].urlSchemes.first
            {
                let path = String(parts.path.drop { $0 == "/" })
                data["deep_link"] = "\(scheme)://\(path)" + (parts.query.map { "?\($0)" } ?? "")
            }
            return data
        case .firebase:
            return query
        }
    }

    static func describe(_ params: [String: String]) -> String {
        params.isEmpty ? "no parameters" : params.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }

    // MARK: The tap

    /// Handles an http(s) tap if it is a provider link; nil for any other web link. `chain`: how a
    /// navigation reached it when it is a hop of a redirect chain (a click tracker, a shortener).
    static func tap(
        _ tap: Tap, parts: URLParts, chain: ChainContext = ChainContext(), world: inout World, trace: inout TraceRecorder
    ) -> Landing? {
        let host = parts.normalizedHost
        guard let (provider, how) = recognise(host: host, providers: world.providers) else { return nil }
        let platform = world.device.platform
        let shownIn = TapSurface.browser(for: tap, world: world)
        let surface = tap.redirectedFrom.isEmpty ? TapSurface.name(of: tap, world: world) : shownIn.displayName
        let server = "server \(host)"
        trace.add(surface, "\(host) is \(provider.displayName) (\(how))", rule: Rule.deferredProviderLink)
        // Offline, the provider's servers are out of reach: with no installed app to take the link, its page cannot
        // load, and nothing the server would answer is told (`Offline.landing` says what the browser shows).
        if !world.device.online, !(targetApp(provider, world: world).map { world.apps[$0].state.isInstalled } ?? false) {
            return Landing(kind: .browser, via: .web, browser: shownIn, url: tap.url)
        }

        if provider == .firebase {
            if !(world.clock < firebaseShutdown) {
                let browser = TapSurface.browser(for: tap, world: world)
                trace.add(
                    server,
                    "Firebase Dynamic Links shut down on 2025-08-25; on \(world.clock) the link is dead: no app, no store, no data. The browser shows an error page (HTTP 404).",
                    rule: Rule.deferredFirebaseShutdown,
                    assumption:
                        "assumption A6: the cut-over is 2025-08-25T00:00Z and a dead link answers HTTP 404 (status not specified by Google); an app still listing applinks:\(host) is not opened, since Google no longer serves the association file"
                )
                return Landing(kind: .error, via: .web, browser: browser, url: tap.url)
            }
            trace.add(server, "Before the 2025-08-25 shutdown a Dynamic Link still redirects", rule: Rule.deferredFirebaseShutdown)
        }

        let targetIndex = targetApp(provider, world: world)
        let params = linkData(provider, parts: parts, world: world, trace: &trace, actor: server, targetApp: targetIndex)
        // Private Relay covers Safari only (assumption A5 for in-app browsers): a tap in Safari, or a
        // tap in Notes/Messages/Mail whose page loads in Safari as the default browser.
        let relayed = ClickMatching.relayed(world.device, browser: TapSurface.browser(for: tap, world: world))
        // A chain that waited (script redirects) reaches the provider that much after the tap.
        let clickTime = world.clock + chain.elapsed
        let click = ProviderClick(
            provider: provider, appID: targetIndex.map { world.apps[$0].id }, url: tap.url, params: params,
            time: clickTime, network: world.device.network, relayed: relayed, adClick: tap.adClick,
            srn: tap.srn, wentToPlayWithReferrer: false)
        // Offline, the provider's server sees no click (an app that opens by its link still gets it, with no network).
        if world.device.online {
            world.deferred.clicks.append(click)
            // Written inside the step's text, so that without trace text they are not built.
            func via() -> String { relayed ? " through iCloud Private Relay (a relay egress IP, not the device's)" : " from network “\(world.device.network)”" }
            func waited() -> String { chain.elapsed.seconds > 0 ? " (\(chain.elapsed) after the tap: the chain waited on the way)" : "" }
            trace.add(
                server, "\(provider.displayName) records the click at \(clickTime)\(waited())\(via())\(tap.adClick ? " with the device's advertising ID" : "")")
        }

        guard let index = targetIndex else {
            let browser = TapSurface.browser(for: tap, world: world)
            trace.add(
                server,
                "No app in the scenario is configured for this \(provider.displayName) link (providers.\(provider.rawValue).app); the provider's page stays in the browser",
                rule: Rule.deferredProviderLink)
            return Landing(kind: .browser, via: .web, browser: browser, url: tap.url)
        }
        let app = world.apps[index]
        guard app.state.isInstalled else {
            // iOS Chrome and X use the af_dp URI scheme by default: with the app not installed it opens nothing, and the
            // browser shows its error before the page goes on to the store (AppsFlyer's URI-scheme fallback article).
            if platform == .ios, provider == .appsflyer, let uri = params["af_dp"], URLParts(uri) != nil,
                tap.from == .chrome || (tap.from == .inAppBrowser && tap.browserApp == .x)
            {
                trace.add(
                    server,
                    "The OneLink page tries the URI scheme af_dp=\(uri) first (\(TapSurface.name(of: tap, world: world)) uses the URI-scheme fallback by default); no installed app opens it, so an error message shows before the page goes on to the store",
                    rule: Rule.deferredAfUriFallback)
            }
            return storeOrFallback(provider, tap: tap, params: params, appIndex: index, world: &world, trace: &trace)
        }
        let firstLaunch = app.state == .installed
        let routing = DirectOpen.routing(provider: provider, params: params, url: tap.url, firstLaunch: firstLaunch)

        switch platform {
        case .ios:
            // The provider hosts the association file for its domain. Unless the scenario serves one under
            // `web:`, it lists every app that claims the domain, for every path.
            var linkWorld = world
            if linkWorld.web[host] == nil {
                linkWorld.web.hosts[host] = world.scenarioCache.providerAASAHost(host, apps: world.apps)
                trace.add(
                    server, "\(provider.displayName) serves the apple-app-site-association file for \(host)",
                    assumption: "assumption: the provider's file lists each app that claims \(host) for every path (give web.\(host) to serve your own)")
            }
            var probe = TraceRecorder(world.traceDetail)
            let candidate = UniversalLinkResolver.findApp(for: tap.url, parts: parts, world: linkWorld, trace: &probe)
            trace.append(contentsOf: probe.steps)
            if let candidate, candidate.appIndex == index {
                if chain.isRedirect {
                    let decision = UniversalLinkResolver.redirectOpensApp(tap, chain: chain, world: world)
                    trace.add(
                        "iOS",
                        decision.opens
                            ? "The redirect leads to a universal link for \(app.name); iOS routes the user through the browser to the app"
                            : "The redirect leads to a universal link for \(app.name), but \(decision.why); the \(provider.displayName) page loads",
                        rule: decision.rule, assumption: decision.assumption)
                    if decision.opens {
                        return AppDelivery.open(index, url: tap.url, kind: .universalLink, sdkRouting: routing, world: &world, trace: &trace)
                    }
                } else if tap.from == .safariAddressBar {
                    trace.add(
                        "Safari",
                        "The link was typed or pasted into the address bar; iOS does not open universal links from there, so the \(provider.displayName) page loads",
                        rule: Rule.deferredClickAddressBar)
                } else if UniversalLinkResolver.situationKeepsLinkInBrowser(tap, host: host, app: app, world: linkWorld, trace: &trace) == nil {
                    trace.add("iOS", "Opens \(app.name) through the universal link", rule: Rule.deferredClickOpensApp)
                    return AppDelivery.open(index, url: tap.url, kind: .universalLink, sdkRouting: routing, world: &world, trace: &trace)
                }
            }
            if provider == .appsflyer, let uri = params["af_dp"], let uriParts = URLParts(uri),
                app.urlSchemes.contains(where: { $0.lowercasedIfNeeded == uriParts.scheme.lowercasedIfNeeded })
            {
                let forced = params["af_force_deeplink"]?.lowercasedIfNeeded == "true"
                let schemeFriendly = tap.from == .chrome || (tap.from == .inAppBrowser && tap.browserApp == .x)
                if forced || schemeFriendly {
                    trace.add(
                        server,
                        "The OneLink page redirects to the URI scheme af_dp=\(uri) (\(forced ? "af_force_deeplink=true" : "\(surface) uses the URI-scheme fallback by default"))",
                        rule: Rule.deferredAfUriFallback)
                    let schemeTap = Tap(
                        url: uri, from: tap.from == .safariAddressBar ? .safari : tap.from, page: tap.url,
                        browserApp: tap.browserApp, gesture: .script)
                    return CustomSchemeResolver.resolveIOS(
                        schemeTap, parts: uriParts, world: &world, trace: &trace,
                        providerLink: ProviderLinkContext(provider: provider, params: params, url: tap.url, firstLaunch: firstLaunch, deliveredURL: uri))
                }
                trace.add(
                    server, "The link has af_dp=\(uri), but \(surface) only uses the URI scheme with af_force_deeplink=true",
                    rule: Rule.deferredAfUriFallback)
            }
            return storeOrFallback(provider, tap: tap, params: params, appIndex: index, world: &world, trace: &trace)

        case .android:
            if world.providerHosted.contains(host) {
                trace.add(
                    server, "\(provider.displayName) serves the assetlinks.json file for \(host)",
                    assumption:
                        "assumption: the provider's file lists each app that claims \(host), with the signing certificate registered in its dashboard (give web.\(host) to serve your own)"
                )
            }
            if Rule.deferredClickOpensApp.applies(to: world.device.os) {
                switch AndroidWebResolver.handoff(tap, url: tap.url, host: host, chain: chain, world: world, trace: &trace) {
                case .app(let handler, let starter):
                    if handler.appIndex == index {
                        trace.add("Android", "Opens \(app.name) through the App Link", rule: Rule.deferredClickOpensApp)
                        return AppDelivery.open(
                            index, url: tap.url, kind: .appLink, activity: handler.activity, starter: starter, sdkRouting: routing,
                            world: &world, trace: &trace)
                    }
                    return AppDelivery.open(
                        handler.appIndex, url: tap.url, kind: .appLink, activity: handler.activity, starter: starter, world: &world, trace: &trace)
                case .chooser(let apps, let browsers):
                    return AndroidWebResolver.legacyChooser(
                        tap.url, apps: apps, browsers: browsers, tap: tap,
                        providerLink: ProviderLinkContext(provider: provider, params: params, url: tap.url, firstLaunch: firstLaunch, deliveredURL: tap.url),
                        world: &world, trace: &trace)
                case .unknown(let reason):
                    trace.add("Android", "Unknown: \(reason)", rule: .linksimManifestUnresolvedValue)
                    return .unknown(reason)
                case .stays:
                    break
                }
            }
            if provider == .appsflyer, let uri = params["af_dp"], let uriParts = URLParts(uri),
                !AndroidHandlers.search(url: uri, world: world, caller: nil).handlers.filter({ $0.appIndex == index }).isEmpty
            {
                trace.add(server, "The OneLink page falls back to the URI scheme af_dp=\(uri)", rule: Rule.deferredAfUriFallback)
                let schemeTap = Tap(url: uri, from: tap.from, page: tap.url, browserApp: tap.browserApp)
                return CustomSchemeResolver.resolveAndroid(
                    schemeTap, parts: uriParts, world: &world, trace: &trace,
                    providerLink: ProviderLinkContext(provider: provider, params: params, url: tap.url, firstLaunch: firstLaunch, deliveredURL: uri))
            }
            return storeOrFallback(provider, tap: tap, params: params, appIndex: index, world: &world, trace: &trace)
        }
    }

    /// The app did not open: the store page, or the provider's fallback URL; the landing page may copy the link first.
    private static func storeOrFallback(
        _ provider: LinkProvider, tap: Tap, params: [String: String], appIndex: Int,
        world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        let platform = world.device.platform
        // Offline, the provider's page cannot load: the browser stays on the link (`Offline.landing` says so).
        guard world.device.online else { return Landing(kind: .browser, via: .web, browser: TapSurface.browser(for: tap, world: world), url: tap.url) }
        let app = world.apps[appIndex]
        let server = "server \(world.parts(of: tap.url)?.normalizedHost ?? "")"
        if platform == .ios, copiesToClipboard(provider, providers: world.providers) {
            var copied = tap.url
            if provider == .appsflyer { copied += (copied.containsText("?") ? "&" : "?") + "cp_url=true" }
            world.device.clipboard = copied
            let page = provider == .branch ? "The Deepview page's button" : (provider == .adjust ? "The LinkMe page" : "The app's landing page")
            trace.add(
                server, "\(page) copies \(copied) to the pasteboard before the redirect", rule: Rule.deferredClickLandingCopiesLink,
                assumption: provider == .branch ? "assumption: the user taps the Deepview call-to-action (that tap is what copies the link)" : nil)
        }
        let fallbackKey = platform == .ios ? "af_ios_url" : "af_android_url"
        if provider == .appsflyer, let fallback = params[fallbackKey] {
            let browser = TapSurface.browser(for: tap, world: world)
            trace.add(
                server,
                "\(app.name) \(app.state.isInstalled ? "did not open" : "is not installed"); \(fallbackKey) sends the user to \(fallback) instead of the store",
                rule: Rule.deferredClickFallbackUrl)
            return Landing(kind: .browser, via: .web, browser: browser, url: fallback)
        }
        if platform == .android, let last = world.deferred.clicks.indices.last {
            world.deferred.clicks[last].wentToPlayWithReferrer = true
            trace.add(server, "Redirects to Google Play with the click in the Play URL's referrer parameter", rule: Rule.deferredClickPlayReferrer)
        }
        trace.add(
            server,
            "\(app.name) \(app.state.isInstalled ? "did not open" : "is not installed"); \(provider.displayName) redirects to \(platform == .ios ? "the App Store" : "Google Play") page of \(app.name)",
            rule: Rule.deferredClickStore)
        return Landing(kind: .store, app: app.id)
    }
}
