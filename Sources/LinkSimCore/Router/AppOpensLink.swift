/// An app that opens a link itself (`from: other_app`, `caller:`) and checks first whether anything can
/// open it (`link_check:`): iOS canOpenURL(_:) with LSApplicationQueriesSchemes, Android resolveActivity /
/// queryIntentActivities under package visibility. When the check says yes, the tap goes on through the
/// normal pipeline; when it says no, the app opens its fallback (or gives up) — often wrongly, because the
/// handler was installed and open(_:) / startActivity would have reached it.
enum AppOpensLink {
    /// Returns the landing when the caller's check says no; nil when the tap should go on as usual.
    static func checkFirst(_ tap: Tap, world: inout World, trace: inout TraceRecorder) -> Landing? {
        guard tap.from == .otherApp, let callerID = tap.caller, let index = world.index(of: callerID),
            let check = world.apps[index].behaviour.queries.linkCheck, let parts = URLParts(tap.url)
        else { return nil }
        let caller = world.apps[index]
        let answer: Bool
        switch world.device.platform {
        case .ios: answer = canOpenURL(parts, caller: caller, world: world, trace: &trace)
        case .android: answer = resolves(tap.url, parts: parts, caller: caller, api: check.api, world: world, trace: &trace)
        }
        guard !answer else {
            trace.add(caller.name, "\(check.api.call) says yes, so the app opens \(tap.url)")
            return nil
        }
        let platformNote: (String, Rule) =
            world.device.platform == .ios
            ? ("open(_:) itself is not limited by LSApplicationQueriesSchemes", Rule.iosAppOpenNotRestricted)
            : ("startActivity() itself is not limited by package visibility", Rule.androidAppStartActivityUnaffected)
        if installedHandlerExists(parts, tap: tap, world: world), platformNote.1.applies(to: world.device.os) {
            trace.add(caller.name, "A handler is installed, and \(platformNote.0): the check alone makes the app miss it", rule: platformNote.1)
        }
        guard let fallback = check.fallback else {
            trace.add(caller.name, "\(check.api.call) says no and the app has no fallback: it does not open anything", rule: Rule.linksimAppCheckFallback)
            return Landing(kind: .nowhere)
        }
        trace.add(caller.name, "\(check.api.call) says no: the app opens its fallback \(fallback) instead", rule: Rule.linksimAppCheckFallback)
        // The app opens the fallback without checking again (no caller check on this second open).
        var next = Tap(url: fallback, from: .otherApp)
        next.gesture = tap.gesture
        return LinkTap.perform(next, world: &world, trace: &trace)
    }

    /// iOS canOpenURL(_:): false for a scheme the caller did not declare, else whether an installed app registered it.
    private static func canOpenURL(_ parts: URLParts, caller: App, world: World, trace: inout TraceRecorder) -> Bool {
        let scheme = parts.scheme.lowercased()
        if parts.isWeb {
            trace.add(
                caller.name, "Calls canOpenURL(\(scheme)://…): true, a browser can open any web link", rule: Rule.iosAppCanOpenURLWeb,
                assumption: "assumption: canOpenURL answers true for http(s) whether or not LSApplicationQueriesSchemes lists it")
            return true
        }
        let declared = caller.behaviour.queries.schemes.contains { $0.lowercased() == scheme }
        if !declared, Rule.iosAppCanOpenURLUndeclared.applies(to: world.device.os) {
            let listed = caller.behaviour.queries.schemes
            trace.add(
                caller.name, "Calls canOpenURL(\(scheme)://…): false, \(scheme) is not in its LSApplicationQueriesSchemes",
                rule: Rule.iosAppCanOpenURLUndeclared,
                detail: "LSApplicationQueriesSchemes: \(listed.isEmpty ? "none" : listed.joined(separator: ", ")).")
            return false
        }
        let handler = world.apps.first { $0.state.isInstalled && $0.urlSchemes.contains { $0.lowercased() == scheme } }
        trace.add(
            caller.name,
            "Calls canOpenURL(\(scheme)://…): \(handler != nil), \(handler.map { "\($0.name) registered \(scheme)" } ?? "no installed app registered \(scheme)")",
            rule: Rule.iosAppCanOpenURL)
        return handler != nil
    }

    /// Android resolveActivity() / queryIntentActivities() for VIEW `url`, seen through the caller's package visibility.
    private static func resolves(
        _ url: String, parts: URLParts, caller: App, api: LinkCheck.API, world: World, trace: inout TraceRecorder
    ) -> Bool {
        let search = AndroidHandlers.search(url: url, world: world, caller: caller.id)
        let handlerIDs = search.handlers.map { world.apps[$0.appIndex].id }.filter { $0 != caller.id }
        let browsers: [Browser] = parts.isWeb ? (world.device.installedBrowsers ?? [world.device.defaultBrowser]).filter { $0 != .none } : []
        let filtered =
            Rule.androidAppPackageVisibility.applies(to: world.device.os)
            && Rule.androidAppPackageVisibility.applies(toSDK: OSVersion(androidAPI: caller.targetSDK))
        let q = caller.behaviour.queries
        let schemeDeclared = q.queries.contains { if case .scheme(let s) = $0 { return s.lowercased() == parts.scheme.lowercased() } else { return false } }
        let visibleApps =
            !filtered || q.allPackages || schemeDeclared
            ? handlerIDs
            : handlerIDs.filter { id in q.queries.contains { $0 == .package(id) } }
        let visibleBrowsers = !filtered || q.allPackages || schemeDeclared ? browsers : []
        let seen = visibleApps + visibleBrowsers.map(\.rawValue)
        let call = "\(api.call) for VIEW \(url)"
        if !filtered {
            trace.add(
                caller.name, "Calls \(call): sees \(seen.isEmpty ? "nothing" : seen.joined(separator: ", "))", rule: Rule.androidAppVisibilityBeforeR,
                detail: "Android API \(world.device.os.apiLevel), target SDK \(caller.targetSDK): no package visibility filtering.")
        } else if seen.isEmpty {
            let hidden = handlerIDs + browsers.map(\.rawValue)
            trace.add(
                caller.name,
                "Calls \(call): \(api == .resolveActivity ? "null" : "an empty list")\(hidden.isEmpty ? "" : " — \(hidden.joined(separator: ", ")) \(hidden.count == 1 ? "is" : "are") installed but not visible to it")",
                rule: Rule.androidAppPackageVisibility,
                detail: "Its <queries> names: \(describe(q)).")
        } else {
            trace.add(caller.name, "Calls \(call): sees \(seen.joined(separator: ", ")), declared in its <queries>", rule: Rule.androidAppPackageVisible)
        }
        return !seen.isEmpty
    }

    private static func describe(_ q: AppQueries) -> String {
        if q.allPackages { return "QUERY_ALL_PACKAGES" }
        let items = q.queries.map { query -> String in
            switch query {
            case .package(let p): return "package \(p)"
            case .scheme(let s): return "VIEW intents with scheme \(s)"
            }
        }
        return items.isEmpty ? "nothing" : items.joined(separator: ", ")
    }

    private static func installedHandlerExists(_ parts: URLParts, tap: Tap, world: World) -> Bool {
        switch world.device.platform {
        case .ios:
            let scheme = parts.scheme.lowercased()
            return parts.isWeb || world.apps.contains { $0.state.isInstalled && $0.urlSchemes.contains { $0.lowercased() == scheme } }
        case .android:
            return !AndroidHandlers.search(url: tap.url, world: world, caller: tap.caller).handlers.isEmpty || parts.isWeb
        }
    }
}
