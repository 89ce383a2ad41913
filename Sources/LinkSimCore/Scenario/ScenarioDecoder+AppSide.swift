/// The app-side keys of an app (issue #18): `startup`, `screen_state`, `back_stack`, `unknown_route`,
/// `framework` and `pitfalls`, and the route keys `force_unwrap` and `parents`.
extension ScenarioKeys {
    static let appSide = [
        "startup", "screen_state", "back_stack", "unknown_route", "framework", "pitfalls", "queries_schemes", "queries", "query_all_packages",
        "link_check", "scenes",
    ]
    static let openScene = ["name", "prefers", "allows"]
    static let linkCheck = ["api", "fallback"]
    static let packageQuery = ["package", "scheme"]
    static let routeAppSide = ["force_unwrap", "parents"]
    static let startup = ["phase", "ready_after", "early_links"]
    static let screenState = ["showing", "policy", "done_after"]
    /// Facts of what the app did with the link, compared as text with `Landing.extra` (`navigation`, `back_stack`...).
    static let appSideExpect = LandingFact.appSide.map(\.rawValue)
}

extension ScenarioDecoder {
    func decodeAppBehaviour(_ map: KeyedEntries, into app: inout App, what: String, platform: Platform) {
        let c = context
        var b = app.behaviour
        if let n = map.value("startup"), let m = c.mapping(n, what: "\(what).startup", allowed: ScenarioKeys.startup) {
            var startup = AppStartup()
            if let p = m.value("phase"), let v = c.choice(p, what: "\(what).startup.phase", as: AppStartup.Phase.self) { startup.phase = v }
            if let d = m.value("ready_after"), let v = c.duration(d, what: "\(what).startup.ready_after") { startup.readyAfter = v }
            if let e = m.value("early_links"), let v = c.choice(e, what: "\(what).startup.early_links", as: AppStartup.EarlyLinks.self) {
                startup.earlyLinks = v
            }
            b.startup = startup
        }
        if let n = map.value("screen_state"), let m = c.mapping(n, what: "\(what).screen_state", allowed: ScenarioKeys.screenState) {
            let kind = c.require(m, "showing", in: "\(what).screen_state", at: n.location)
                .flatMap { c.choice($0, what: "\(what).screen_state.showing", as: ScreenState.Kind.self) }
            let policy = c.require(m, "policy", in: "\(what).screen_state", at: n.location)
                .flatMap { c.choice($0, what: "\(what).screen_state.policy", as: ScreenState.Policy.self) }
            let doneAfter = m.value("done_after").flatMap { c.duration($0, what: "\(what).screen_state.done_after") }
            if let entry = m["done_after"], policy != nil, policy != .queue {
                c.warn(entry.keyLocation, "`\(what).screen_state.done_after` only matters with `policy: queue`; it has no effect here")
            }
            if let kind, let policy { b.screenState = ScreenState(kind: kind, policy: policy, doneAfter: doneAfter) }
        }
        if let n = map.value("back_stack") { b.backStack = c.choice(n, what: "\(what).back_stack", as: BackStackPolicy.self) }
        if let n = map.value("unknown_route"), let v = c.choice(n, what: "\(what).unknown_route", as: UnknownRoutePolicy.self) {
            b.unknownRoute = v
        }
        if let entry = map["framework"], let v = c.choice(entry.value, what: "\(what).framework", as: AppFramework.self) {
            b.framework = v
            if v == .swiftui {
                if platform == .android {
                    c.error(entry.value.location, "`\(what).framework: swiftui` is an iOS framework; this scenario's device is Android")
                } else if map["lifecycle"] == nil {
                    app.lifecycle = .swiftui
                } else if app.lifecycle != .swiftui {
                    c.warn(
                        entry.value.location,
                        "`\(what).framework: swiftui` goes with `lifecycle: swiftui`; with lifecycle \(app.lifecycle.rawValue) the app receives links as a \(app.lifecycle.rawValue) app"
                    )
                }
            }
        }
        if let n = map.value("pitfalls"), let names = c.stringList(n, what: "\(what).pitfalls") {
            var items: [YAMLNode] = []
            if case .sequence(let nodes, _) = n { items = nodes }
            for (i, name) in names.enumerated() {
                let at = items.indices.contains(i) ? items[i].location : n.location
                guard let pitfall = FrameworkPitfall(rawValue: name) else {
                    let known = FrameworkPitfall.allCases.map(\.rawValue)
                    c.error(
                        at,
                        "`\(what).pitfalls`: `\(name)` is not a pitfall linksim knows\(Suggestion.didYouMean(name, among: known)); known: \(known.joined(separator: ", "))"
                    )
                    continue
                }
                guard pitfall.framework == b.framework else {
                    c.error(
                        at,
                        "`\(what).pitfalls`: `\(name)` is a \(pitfall.framework.rawValue) pitfall, but the app's framework is \(b.framework.rawValue); add `framework: \(pitfall.framework.rawValue)`"
                    )
                    continue
                }
                b.pitfalls.append(pitfall)
            }
        }
        decodeQueries(map, into: &b.queries, what: what, platform: platform)
        if let n = map.value("scenes"), let items = c.sequence(n, what: "\(what).scenes") {
            b.scenes = items.enumerated().compactMap { i, item in
                let sceneWhat = "\(what).scenes[\(i)]"
                guard let m = c.mapping(item, what: sceneWhat, allowed: ScenarioKeys.openScene),
                    let name = c.require(m, "name", in: sceneWhat, at: item.location).flatMap({ c.string($0, what: "\(sceneWhat).name") })
                else { return nil }
                var scene = OpenScene(name: name)
                if let p = m.value("prefers") { scene.prefers = c.stringList(p, what: "\(sceneWhat).prefers") ?? [] }
                if let a = m.value("allows") { scene.allows = c.stringList(a, what: "\(sceneWhat).allows") ?? [] }
                return scene
            }
        }
        app.behaviour = b
    }

    /// `queries_schemes`, `queries`, `query_all_packages` and `link_check` (issue #18 item 5).
    func decodeQueries(_ map: KeyedEntries, into q: inout AppQueries, what: String, platform: Platform) {
        let c = context
        if let n = map.value("queries_schemes") { q.schemes += c.stringList(n, what: "\(what).queries_schemes") ?? [] }
        if let n = map.value("query_all_packages"), let v = c.bool(n, what: "\(what).query_all_packages") { q.allPackages = v }
        if let n = map.value("queries"), let items = c.sequence(n, what: "\(what).queries") {
            for (i, item) in items.enumerated() {
                let itemWhat = "\(what).queries[\(i)]"
                guard let m = c.mapping(item, what: itemWhat, allowed: ScenarioKeys.packageQuery) else { continue }
                if m.count != 1 {
                    c.error(item.location, "\(itemWhat) needs exactly one of `package` or `scheme`")
                } else if let p = m.value("package"), let name = c.string(p, what: "\(itemWhat).package") {
                    q.queries.append(.package(name))
                } else if let s = m.value("scheme"), let name = c.string(s, what: "\(itemWhat).scheme") {
                    q.queries.append(.scheme(name))
                }
            }
        }
        if let n = map.value("link_check"), let m = c.mapping(n, what: "\(what).link_check", allowed: ScenarioKeys.linkCheck),
            let apiNode = c.require(m, "api", in: "\(what).link_check", at: n.location),
            let api = c.choice(apiNode, what: "\(what).link_check.api", as: LinkCheck.API.self)
        {
            if (api == .canOpenURL) != (platform == .ios) {
                c.error(
                    apiNode.location,
                    "`\(what).link_check.api: \(api.rawValue)` is \(api == .canOpenURL ? "an iOS" : "an Android") API; on \(platform.displayName) use \(platform == .ios ? "can_open_url" : "resolve_activity or query_intent_activities")"
                )
            }
            q.linkCheck = LinkCheck(api: api, fallback: m.value("fallback").flatMap { c.string($0, what: "\(what).link_check.fallback") })
        }
    }

    /// `force_unwrap` and `parents` on a route; the route's pattern constraints are checked here too.
    func decodeRouteAppSide(_ map: KeyedEntries, into route: inout Route, what: String) {
        let c = context
        if let n = map.value("force_unwrap") { route.forceUnwrap = c.stringList(n, what: "\(what).force_unwrap") ?? [] }
        if let n = map.value("parents") { route.parents = c.stringList(n, what: "\(what).parents") ?? [] }
        let text: String
        let key: String
        switch route.pattern {
        case .path(let p): (text, key) = (p, "path")
        case .url(let u): (text, key) = (u, "url")
        case .param(_, let v): (text, key) = (v, "value")
        case .deepLinkValue: return
        }
        // Only a `{name:constraint}` placeholder can name an unknown constraint: a `{` with a `:`
        // after it in the same segment (most patterns have none, and splitting them cost more than
        // the rest of the route).
        guard Self.mayHaveConstraint(text) else { return }
        let known = RouteConstraint.allCases.map(\.rawValue)
        for name in RouteConstraint.unknownNames(in: text) {
            c.error(
                map[key]?.value.location,
                "`\(what).\(key)`: `\(name)` is not a placeholder constraint\(Suggestion.didYouMean(name, among: known)); use one of: \(known.joined(separator: ", ")) (e.g. {id:digits})"
            )
        }
    }

    /// Whether some `{` is followed by a `:` before the next `/` (the segment could be `{name:constraint}`).
    static func mayHaveConstraint(_ text: String) -> Bool {
        var open = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "{") {
                open = true
            } else if byte == UInt8(ascii: "/") {
                open = false
            } else if byte == UInt8(ascii: ":"), open {
                return true
            }
        }
        return false
    }
}
