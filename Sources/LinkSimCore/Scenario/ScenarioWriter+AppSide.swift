/// Writes the app-side keys (issue #18) back as the loader reads them; nothing when the app does not use them.
extension ScenarioWriter {
    static func writeAppBehaviour(_ b: AppBehaviour, to out: inout YAMLLines) {
        if let startup = b.startup {
            out.line(
                2, "startup: {phase: \(startup.phase.rawValue), ready_after: \(startup.readyAfter), early_links: \(startup.earlyLinks.rawValue)}")
        }
        if let state = b.screenState {
            let done = state.doneAfter.map { ", done_after: \($0)" } ?? ""
            out.line(2, "screen_state: {showing: \(state.kind.rawValue), policy: \(state.policy.rawValue)\(done)}")
        }
        if let stack = b.backStack { out.line(2, "back_stack: \(stack.rawValue)") }
        if b.unknownRoute != .home { out.line(2, "unknown_route: \(b.unknownRoute.rawValue)") }
        if b.framework != .native { out.line(2, "framework: \(b.framework.rawValue)") }
        if !b.pitfalls.isEmpty { out.line(2, "pitfalls: \(list(b.pitfalls.map(\.rawValue)))") }
        let q = b.queries
        if !q.schemes.isEmpty { out.line(2, "queries_schemes: \(list(q.schemes))") }
        if !q.queries.isEmpty {
            let items = q.queries.map { query -> String in
                switch query {
                case .package(let p): return "{package: \(quote(p))}"
                case .scheme(let s): return "{scheme: \(quote(s))}"
                }
            }
            out.line(2, "queries: [\(items.joined(separator: ", "))]")
        }
        if q.allPackages { out.line(2, "query_all_packages: true") }
        if !b.scenes.isEmpty {
            out.line(2, "scenes:")
            for scene in b.scenes {
                out.line(3, "- {name: \(quote(scene.name)), prefers: \(list(scene.prefers)), allows: \(list(scene.allows))}")
            }
        }
        if let check = q.linkCheck {
            out.line(2, "link_check: {api: \(check.api.rawValue)\(check.fallback.map { ", fallback: \(quote($0))" } ?? "")}")
        }
    }

    /// `, force_unwrap: [...], parents: [...]` for a route's flow mapping, or "".
    static func routeAppSide(_ route: Route) -> String {
        var out = ""
        if !route.forceUnwrap.isEmpty { out += ", force_unwrap: \(list(route.forceUnwrap))" }
        if !route.parents.isEmpty { out += ", parents: \(list(route.parents))" }
        return out
    }
}

extension ScenarioSchema {
    /// The app-side keys of an app (Model/AppBehaviour.swift).
    static var appSideProperties: [String: Node] {
        [
            "startup": object(
                ScenarioKeys.startup,
                [
                    "phase": choice(names(AppStartup.Phase.self)), "ready_after": duration,
                    "early_links": choice(names(AppStartup.EarlyLinks.self), "queue: replay once navigation is ready; drop: the link is lost"),
                ], description: "the app's start-up before navigation is ready"),
            "screen_state": object(
                ScenarioKeys.screenState,
                ["showing": choice(names(ScreenState.Kind.self)), "policy": choice(names(ScreenState.Policy.self)), "done_after": duration],
                required: ["showing", "policy"], description: "what is on screen when a link arrives warm"),
            "back_stack": choice(names(BackStackPolicy.self), "the navigation stack after a deep link (the landing shows it)"),
            "unknown_route": choice(names(UnknownRoutePolicy.self), "what the router does with a link no route matches"),
            "framework": choice(names(AppFramework.self)),
            "pitfalls": list(choice(names(FrameworkPitfall.self))),
            "queries_schemes": list(string),
            "queries": list(object(ScenarioKeys.packageQuery, ["package": string, "scheme": string])),
            "query_all_packages": bool,
            "scenes": list(
                object(
                    ScenarioKeys.openScene, ["name": string, "prefers": list(string), "allows": list(string)], required: ["name"],
                    description: "an open iPad window, front first, with what it prefers or allows (handlesExternalEvents)")),
            "link_check": object(
                ScenarioKeys.linkCheck, ["api": choice(names(LinkCheck.API.self)), "fallback": string], required: ["api"],
                description: "the app checks before it opens a link itself (from: other_app, caller: this app)"),
        ]
    }
}
