/// What the app's code does with a link once its entry point received it (issue #18 items 1–3): the
/// framework hands it to the app's router (or loses it), start-up readiness and the screen on show
/// decide whether it is routed now, later or never, the router picks a screen (or crashes, or hands the
/// URL back to the system), and the back-stack policy builds the stack the landing shows.
enum AppNavigation {
    /// The `navigation` fact a landing reports when the app models its side (`Landing.extra`).
    enum Outcome: String {
        case routed, replayed, dropped, queued, confirm, lost, crashed
        case reopenedItself = "reopened_itself"
        case handedToSystem = "handed_to_system"
    }

    static let navigationKey = LandingFact.navigation
    static let backStackKey = LandingFact.backStack
    static let routedAfterKey = LandingFact.routedAfter

    /// The entry points the app implements, after the framework preset's pitfalls (SwiftUI's
    /// `continue_user_activity_only` replaces them with onContinueUserActivity).
    static func handles(_ app: App, default defaults: [EntryPoint]) -> [EntryPoint] {
        if app.behaviour.pitfalls.contains(.continueUserActivityOnly) { return [.onContinueUserActivity] }
        return app.handles ?? defaults
    }

    /// Narrates why a SwiftUI app with the `continue_user_activity_only` pitfall never saw the link.
    static func explainMissingHandler(_ app: App, trace: inout TraceRecorder) {
        guard app.behaviour.pitfalls.contains(.continueUserActivityOnly) else { return }
        trace.add(
            app.name, "The app handles links in onContinueUserActivity only; iOS hands links to onOpenURL",
            rule: Rule.linksimFrameworkSwiftUIContinueOnly)
    }

    /// The framework's hand-over from the native entry point to the app's code. Returns the landing when
    /// the framework's code never sees the link (a pitfall); nil when the router gets it.
    static func frameworkHandOff(
        _ index: Int, cold: Bool, previousScreen: String, landing: Landing, world: inout World, trace: inout TraceRecorder
    ) -> Landing? {
        let app = world.apps[index]
        let b = app.behaviour
        func lose(_ summary: String, _ rule: Rule, _ assumption: String?) -> Landing {
            let shown = cold ? app.homeScreen : previousScreen
            trace.add(app.name, "\(summary); the app shows \(shown)", rule: rule, assumption: assumption)
            world.apps[index].currentScreen = shown
            var lost = landing
            lost.screen = shown
            lost.params = [:]
            lost.delivered = false
            lost.extra[navigationKey] = Outcome.lost.rawValue
            return lost
        }
        switch b.framework {
        case .native, .swiftui:
            return nil
        case .reactNative:
            let api = cold ? "Linking.getInitialURL()" : "the Linking `url` event"
            trace.add(
                "React Native", "Hands the link to JavaScript through \(api)",
                rule: cold ? Rule.linksimFrameworkRNInitialURL : Rule.linksimFrameworkRNURLEvent)
            if cold, b.pitfalls.contains(.urlEventOnly) {
                return lose("The JavaScript code only listens to the `url` event, which a cold start does not emit", Rule.linksimFrameworkRNOneHandler, nil)
            }
            if !cold, b.pitfalls.contains(.initialURLOnly) {
                return lose(
                    "The JavaScript code only reads getInitialURL(), which does not change for a running app", Rule.linksimFrameworkRNOneHandler, nil)
            }
        case .expoRouter:
            trace.add(
                "Expo Router", "Receives the link (\(cold ? "the initial URL" : "a URL while running")) and matches it against the app's file routes",
                rule: Rule.linksimFrameworkExpoRouter)
        case .flutter:
            if b.pitfalls.contains(.pluginWithBuiltin) {
                return lose(
                    "Flutter's built-in deep linking is still on (the default since 3.27), so the deep-link plugin's code does not get the link",
                    Rule.linksimFrameworkFlutterPluginConflict,
                    "assumption: Flutter's docs say its handler breaks such plugins; that the plugin receives nothing is linksim's reading")
            }
            trace.add("Flutter", "Flutter's built-in deep linking hands the link's path to the app's router", rule: Rule.linksimFrameworkFlutterBuiltin)
        case .capacitor:
            trace.add(
                "Capacitor", "Hands the link to the web code through \(cold ? "App.getLaunchUrl()" : "the appUrlOpen event")",
                rule: Rule.linksimFrameworkCapacitor)
            if !cold, b.pitfalls.contains(.launchURLOnly) {
                return lose("The web code only reads App.getLaunchUrl() and has no appUrlOpen listener", Rule.linksimFrameworkCapacitorLaunchURLOnly, nil)
            }
        }
        return nil
    }

    /// Routes a delivered link with the app's readiness, screen state, router and back-stack policy.
    /// `sdk`: the screen a deep-link SDK's callback already chose (AppsFlyer, Branch…) — the app's readiness,
    /// screen state and back stack still apply to it; only the URL router is skipped.
    static func route(
        _ index: Int, url: String, kind: AppDelivery.LinkKind, cold: Bool, previousScreen: String, landing base: Landing,
        sdk: SDKRoutedLink? = nil, world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        let app = world.apps[index]
        let b = app.behaviour
        var landing = base
        var outcome = Outcome.routed
        if world.device.platform == .ios, let scene = AppScenes.pick(app, url: url, cold: cold, trace: &trace) {
            landing.extra[AppScenes.sceneKey] = scene
        }
        // 1. Start-up: is navigation ready?
        if let startup = b.startup {
            if cold { coldStart(index, world: &world) }
            let readyAt = world.apps[index].navigationReadyAt ?? world.clock
            if readyAt > world.clock {
                let wait = SimDuration(seconds: readyAt.secondsSinceEpoch - world.clock.secondsSinceEpoch)
                func phase() -> String { startup.phase.rawValue.replacingOccurrences(of: "_", with: " ") }
                if startup.earlyLinks == .drop {
                    trace.add(
                        app.name,
                        "Navigation is not ready yet (\(phase()), ready in \(wait)): the app navigates too early and the link is lost; it shows \(app.homeScreen)",
                        rule: Rule.linksimAppStartupDrop)
                    world.apps[index].currentScreen = app.homeScreen
                    landing.screen = app.homeScreen
                    landing.params = [:]
                    landing.extra[navigationKey] = Outcome.dropped.rawValue
                    if b.backStack != nil { setStack([app.homeScreen], index: index, landing: &landing, world: &world) }
                    return landing
                }
                trace.add(
                    app.name, "Navigation is not ready yet (\(phase())): the app keeps the link and replays it when navigation is ready, in \(wait)",
                    rule: Rule.linksimAppStartupQueue)
                outcome = .replayed
                landing.extra[routedAfterKey] = wait.description
            }
        }
        // 2. What is on screen when the link arrives.
        if let state = b.screenState, !app.screenStateCleared {
            if cold {
                trace.add(app.name, "The app was not running, so \(state.displayName) is not on screen any more", rule: Rule.linksimAppScreenGoneCold)
            } else {
                switch state.policy {
                case .dismiss:
                    trace.add(
                        app.name, "\(state.displayName.capitalizedFirst) is on screen; the app dismisses it and routes the link",
                        rule: Rule.linksimAppScreenDismiss)
                    world.apps[index].screenStateCleared = true
                case .queue where state.doneAfter != nil:
                    let after = state.doneAfter ?? SimDuration(seconds: 0)
                    trace.add(
                        app.name,
                        "\(state.displayName.capitalizedFirst) is on screen; the app keeps the link until it is done — after \(after) — and routes it then",
                        rule: Rule.linksimAppScreenQueue)
                    world.apps[index].screenStateCleared = true
                    outcome = .replayed
                    landing.extra[routedAfterKey] = after.description
                case .confirm:
                    trace.add(
                        app.name,
                        "\(state.displayName.capitalizedFirst) is on screen; the app asks the user “Leave \(previousScreen)?” before it routes the link",
                        rule: Rule.linksimAppScreenConfirm)
                    world.apps[index].currentScreen = previousScreen
                    var asking = landing
                    asking.screen = previousScreen
                    asking.params = [:]
                    asking.extra[navigationKey] = Outcome.confirm.rawValue
                    asking.extra.removeValue(forKey: routedAfterKey)
                    var pending = PendingDecision(
                        kind: .appConfirm, url: url, candidates: [app.id], stayBrowser: nil, stayURL: nil, tap: Tap(url: url, from: .otherApp),
                        cancelRule: Rule.linksimAppScreenConfirm)
                    pending.appLanding = asking
                    pending.appLinkKind = kind
                    world.pending = pending
                    return Landing(kind: .prompt, app: app.id, url: url, options: [.open, .cancel])
                case .queue:
                    trace.add(
                        app.name,
                        "\(state.displayName.capitalizedFirst) is on screen; the app keeps the link until it is done and stays on \(previousScreen)",
                        rule: Rule.linksimAppScreenQueue)
                    world.apps[index].currentScreen = previousScreen
                    landing.screen = previousScreen
                    landing.params = [:]
                    landing.extra[navigationKey] = Outcome.queued.rawValue
                    landing.extra.removeValue(forKey: routedAfterKey)
                    return landing
                }
            }
        }
        // 3. The router (or the SDK's choice).
        if let sdk {
            world.apps[index].currentScreen = sdk.screen
            landing.screen = sdk.screen
            landing.params = sdk.params
            return finish(
                index, screen: sdk.screen, parents: nil, cold: cold, previousScreen: previousScreen, outcome: outcome, landing: landing, world: &world,
                trace: &trace)
        }
        // Kept with the app's routes (`ManifestCache.route`): every later simulation of this link reads it.
        let webLink = kind != .customScheme
        let routed = app.manifestCache.route(url, webLink: webLink) { AppRouter.route(world.parts(of: url), in: app, webLink: webLink) }
        for rejection in routed.rejections {
            trace.add(app.name, "The route \(rejection), so it does not match", rule: Rule.linksimRouterConstraint)
        }
        var screen = routed.screen
        if let route = routed.route {
            // Written inside the step's text, so that without trace text it is not built.
            func params() -> String {
                routed.params.isEmpty ? "" : " with " + routed.params.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
            }
            trace.add(app.name, "The router matches \(AppRouter.describe(route.pattern)) and shows \(routed.screen)\(params())", rule: routed.rule)
            if let missing = route.forceUnwrap.first(where: { (routed.params[$0] ?? "").isEmpty }) {
                return crash(index, screen: route.screen, missing: missing, landing: landing, params: routed.params, world: &world, trace: &trace)
            }
        } else if b.framework == .expoRouter {
            screen = "+not-found"
            trace.add(app.name, "No file route matches \(url); Expo Router shows its not-found screen", rule: Rule.linksimFrameworkExpoUnmatched)
        } else if b.unknownRoute == .browser, kind != .customScheme {
            return handToSystem(index, url: url, landing: landing, world: &world, trace: &trace)
        } else {
            trace.add(app.name, "No route matches \(url); the app shows its home screen \(routed.screen)", rule: routed.rule)
        }
        world.apps[index].currentScreen = screen
        landing.screen = screen
        landing.params = routed.params
        return finish(
            index, screen: screen, parents: routed.route?.parents, cold: cold, previousScreen: previousScreen, outcome: outcome, landing: landing,
            world: &world, trace: &trace)
    }

    /// Step 4: the back stack after the link, and the navigation outcome the landing reports.
    private static func finish(
        _ index: Int, screen: String, parents: [String]?, cold: Bool, previousScreen: String, outcome: Outcome, landing base: Landing,
        world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        let app = world.apps[index]
        let b = app.behaviour
        var landing = base
        // 4. The back stack.
        if let policy = b.backStack {
            let before = cold ? [app.homeScreen] : (app.navigationStack ?? [app.homeScreen, previousScreen].uniquedAdjacent)
            let stack: [String]
            switch policy {
            case .push: stack = before + [screen]
            case .reset: stack = screen == app.homeScreen ? [screen] : [app.homeScreen, screen]
            case .synthetic: stack = ([app.homeScreen] + (parents ?? []) + [screen]).uniquedAdjacent
            }
            let rule: Rule =
                switch policy {
                case .push: Rule.linksimAppBackStackPush
                case .reset: Rule.linksimAppBackStackReset
                case .synthetic: Rule.linksimAppBackStackSynthetic
                }
            trace.add(
                app.name, "The back stack is now \(stack.joined(separator: " > ")) (Back goes to \(stack.dropLast().last ?? "the previous app"))", rule: rule)
            setStack(stack, index: index, landing: &landing, world: &world)
        }
        if b.isModelled { landing.extra[navigationKey] = outcome.rawValue }
        return landing
    }

    /// A cold start (a link or the home-screen icon): navigation is ready `startup.ready_after` from now, and the
    /// stack holds the home screen only.
    static func coldStart(_ index: Int, world: inout World) {
        let app = world.apps[index]
        if let startup = app.behaviour.startup { world.apps[index].navigationReadyAt = world.clock + startup.readyAfter }
        if app.behaviour.backStack != nil { world.apps[index].navigationStack = [app.homeScreen] }
    }

    private static func setStack(_ stack: [String], index: Int, landing: inout Landing, world: inout World) {
        world.apps[index].navigationStack = stack
        landing.extra[backStackKey] = stack.joined(separator: " > ")
    }

    /// The screen's code force-unwraps a parameter the link does not carry: the app crashes.
    private static func crash(
        _ index: Int, screen: String, missing: String, landing base: Landing, params: [String: String], world: inout World,
        trace: inout TraceRecorder
    ) -> Landing {
        let app = world.apps[index]
        let how =
            world.device.platform == .ios
            ? "Fatal error: Unexpectedly found nil while unwrapping an Optional value"
            : "java.lang.NullPointerException"
        let reason = "\(screen) force-unwraps `\(missing)`, which the link does not carry (\(how))"
        trace.add(app.name, "\(reason): the app crashes", rule: Rule.linksimRouterForceUnwrapCrash)
        world.apps[index].state = .terminated
        world.apps[index].currentScreen = nil
        world.apps[index].navigationStack = nil
        var landing = Landing(
            kind: .crash, app: app.id, screen: screen, params: params, via: base.via, callback: base.callback, delivered: true, reason: reason)
        landing.extra = base.extra
        if app.behaviour.isModelled { landing.extra[navigationKey] = Outcome.crashed.rawValue }
        return landing
    }

    /// `unknown_route: browser`: the app opens the URL it cannot route with open(_:) / startActivity, and the
    /// system resolves it as it resolves any link an app opens (the existing tap pipeline, caller = the app).
    private static func handToSystem(
        _ index: Int, url: String, landing: Landing, world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        let app = world.apps[index]
        let call = world.device.platform == .ios ? "UIApplication.open(_:)" : "startActivity with a VIEW intent"
        trace.add(app.name, "No route matches \(url); the app hands it back to the system with \(call)", rule: Rule.linksimRouterUnknownBrowser)
        if world.device.platform == .android, let host = world.parts(of: url)?.normalizedHost {
            var probe = TraceRecorder(world.traceDetail)
            if case .app(let handler) = AndroidWebResolver.resolve(url, host: host, world: world, caller: app.id, trace: &probe),
                handler.appIndex == index
            {
                trace.add(
                    "Android",
                    "The VIEW intent resolves to \(app.name) itself: the link comes straight back, and the app shows \(app.homeScreen) instead of a browser",
                    rule: Rule.linksimRouterUnknownSelf)
                world.apps[index].currentScreen = app.homeScreen
                var back = landing
                back.screen = app.homeScreen
                back.params = [:]
                back.extra[navigationKey] = Outcome.reopenedItself.rawValue
                return back
            }
        }
        var tap = Tap(url: url, from: .otherApp, caller: app.id)
        tap.redirectedFrom = []
        var handed = LinkTap.perform(tap, world: &world, trace: &trace)
        handed.extra[navigationKey] = Outcome.handedToSystem.rawValue
        return handed
    }
    /// The user answers the app's own “Leave this screen?”: Open routes the link now, Cancel keeps the
    /// screen and the link is dropped.
    static func answerConfirm(_ pending: PendingDecision, open: Bool, world: inout World, trace: inout TraceRecorder) -> Landing {
        guard let asking = pending.appLanding, let appID = asking.app, let index = world.index(of: appID) else { return Landing(kind: .nowhere) }
        let app = world.apps[index]
        let previous = asking.screen ?? app.homeScreen
        guard open else {
            trace.add("User", "Taps Cancel in \(app.name)'s dialog: the app stays on \(previous) and drops the link", rule: Rule.linksimAppScreenConfirm)
            var stayed = asking
            stayed.extra[navigationKey] = Outcome.dropped.rawValue
            return stayed
        }
        trace.add("User", "Taps Open in \(app.name)'s dialog: the app leaves \(previous) and routes the link", rule: Rule.linksimAppScreenConfirm)
        world.apps[index].screenStateCleared = true
        return route(
            index, url: pending.url, kind: pending.appLinkKind ?? .customScheme, cold: false, previousScreen: previous, landing: asking,
            world: &world, trace: &trace)
    }

}

extension String {
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

extension Array where Element == String {
    /// Drops a screen repeated right after itself (home listed as its own parent).
    fileprivate var uniquedAdjacent: [String] {
        var out: [String] = []
        for s in self where out.last != s { out.append(s) }
        return out
    }
}
