/// How a link reaches the app's code once the platform decided to open the app: which entry point
/// receives it (by life cycle, launch mode and cold/warm), whether the app implements it, and which
/// screen the app's router shows.
enum AppDelivery {
    enum LinkKind {
        case customScheme, universalLink, appLink

        var via: Via {
            switch self {
            case .customScheme: return .customScheme
            case .universalLink: return .universalLink
            case .appLink: return .appLink
            }
        }
    }

    /// How the Android activity was started, which decides the task and flags.
    enum AndroidStarter {
        /// Chrome or a Custom Tab: FLAG_ACTIVITY_NEW_TASK | FLAG_ACTIVITY_CLEAR_TOP.
        case browser
        /// Another app calling startActivity from its own activity (no NEW_TASK).
        case otherApp
        /// `adb shell am start`: the shell adds FLAG_ACTIVITY_NEW_TASK (no CLEAR_TOP); it has no task of its own.
        case shell

        /// Who starts a link that no browser starts: the shell for `from: adb`, else the app the tap is in.
        static func nonBrowser(_ tap: Tap) -> AndroidStarter { tap.from == .adb ? .shell : .otherApp }
    }

    /// The entry points an app implements when the scenario does not say (`handles`).
    /// A scene-based app that runs before iOS 13 (no scenes there) implements the app delegate's callbacks too:
    /// it could not run otherwise, so its links are not reported lost for want of a callback nobody wrote.
    static func defaultHandles(for app: App, platform: Platform, os: OSVersion) -> [EntryPoint] {
        switch platform {
        case .android:
            return [.onCreate, .onNewIntent]
        case .ios:
            let appDelegate: [EntryPoint] = [.didFinishLaunching, .openURL, .continueUserActivity]
            switch app.lifecycle {
            case .appDelegate: return appDelegate
            case .scenes:
                let scenes: [EntryPoint] = [.sceneWillConnect, .sceneOpenURLContexts, .sceneContinue]
                return Rule.iosDeliveryScenesCold.applies(to: os) ? scenes : scenes + appDelegate
            case .swiftui: return [.onOpenURL]
            }
        }
    }

    /// Opens the app at `index` with `url` and returns the landing.
    /// `sdkRouting`, when given, replaces the app's URL router: a deep-link SDK (AppsFlyer, Branch...)
    /// resolves the link and the app routes on the data the SDK hands it.
    static func open(
        _ index: Int, url: String, kind: LinkKind, activity: Activity? = nil, starter: AndroidStarter = .otherApp,
        sdkRouting: ((Int, inout World, inout TraceRecorder) -> SDKRoutedLink)? = nil,
        world: inout World, trace: inout TraceRecorder
    ) -> Landing {
        let app = world.apps[index]
        let cold = !app.state.isRunning
        let platform = world.device.platform
        let handles = AppNavigation.handles(app, default: defaultHandles(for: app, platform: platform, os: world.device.os))

        if platform == .ios, app.lifecycle == .appDelegate, let sdk = app.iosSDK,
            Rule.iosDeliveryScenesRequired27.applies(toSDK: sdk), Rule.iosDeliveryScenesRequired27.applies(to: world.device.os)
        {
            trace.add(
                "iOS", "\(app.name) was built with the iOS \(sdk) SDK but does not adopt the scene life cycle: it fails to launch",
                rule: Rule.iosDeliveryScenesRequired27)
            world.apps[index].state = .terminated
            return Landing(kind: .error, app: app.id, via: kind.via, delivered: false)
        }
        if app.state == .installed {
            trace.add(
                platform.displayName, "\(app.name) was installed but never launched; it starts for the first time",
                rule: platform == .ios ? Rule.iosAppInstalledNeverLaunched : nil)
        }
        trace.add(
            platform.displayName,
            cold
                ? "Launches \(app.name) (cold start: the process was not running)"
                : "Brings \(app.name) to the foreground (warm: the process was \(app.state.rawValue))")

        let entry: (callback: EntryPoint, alternatives: [EntryPoint], rule: Rule, detail: String?)
        var warmNewIntent = false
        switch platform {
        case .ios:
            entry = iosEntryPoint(app: app, kind: kind, cold: cold, os: world.device.os, explains: world.explains)
        case .android:
            let result = androidEntryPoint(activity: activity, cold: cold, starter: starter)
            entry = (result.callback, [], result.rule, result.detail)
            warmNewIntent = result.callback == .onNewIntent
        }
        if platform == .ios, app.lifecycle == .swiftui, !Rule.iosDeliverySwiftui.applies(to: world.device.os) {
            let reason = "SwiftUI's App life cycle arrived in iOS 14; an app built on it does not run on iOS \(world.device.os)"
            trace.add("iOS", reason, rule: Rule.linksimNotModelled)
            return Landing.unknown(reason)
        }
        var implemented = ([entry.callback] + entry.alternatives).first { handles.contains($0) }
        if platform == .ios, app.lifecycle == .swiftui, cold, kind == .universalLink, world.assumptions.swiftUIColdStartDrop184,
            Rule.iosDeliverySwiftui184Quirk.applies(to: world.device.os)
        {
            trace.add(
                "iOS", "iOS 18.4 was reported to drop cold-start universal links in SwiftUI apps: neither onOpenURL nor onContinueUserActivity fires",
                rule: Rule.iosDeliverySwiftui184Quirk,
                assumption: "assumption: the scenario switched on this reported iOS 18.4 bug (assumptions.quirk_swiftui_cold_start_drop_18_4)")
            implemented = nil
        }
        if platform == .ios, app.lifecycle == .appDelegate, kind == .customScheme, Rule.iosDeliveryOpenUrlDeprecated26.applies(to: world.device.os) {
            trace.add(
                "iOS", "application(_:open:options:) is deprecated in iOS 26 (still called); Apple points to the scene life cycle",
                rule: Rule.iosDeliveryOpenUrlDeprecated26)
        }
        let previousScreen = app.currentScreen ?? app.homeScreen
        world.bringToForeground(index)
        if cold { world.apps[index].launchCount += 1 }

        guard let callback = implemented else {
            // A new or re-created activity (onCreate, warm too) starts from its first screen, not the one it replaced.
            let shown = cold || entry.callback == .onCreate ? app.homeScreen : previousScreen
            // On Android the classic miss is a warm link in onNewIntent; otherwise the rule that says where it went.
            let missingRule =
                platform == .ios
                ? Rule.iosDeliveryMissingHandler
                : (warmNewIntent ? Rule.androidDeliveryOnNewIntentIgnored : entry.rule)
            trace.add(platform.displayName, "Delivers the link to \(entry.callback.rawValue)", rule: entry.rule, detail: entry.detail)
            trace.add(
                app.name, "\(app.name) does not implement \(entry.callback.rawValue), so its code never sees the link; it shows \(shown)",
                rule: missingRule,
                detail: "The app implements: \(handles.isEmpty ? "nothing" : handles.map(\.rawValue).joined(separator: ", ")).")
            AppNavigation.explainMissingHandler(app, trace: &trace)
            world.apps[index].currentScreen = shown
            return Landing(
                kind: .app, app: app.id, screen: shown, params: [:], via: kind.via, callback: entry.callback.rawValue,
                delivered: false)
        }
        trace.add(platform.displayName, "Delivers the link to \(callback.rawValue)", rule: entry.rule, detail: entry.detail)
        if let sdkRouting {
            let routed = sdkRouting(index, &world, &trace)
            world.apps[index].currentScreen = routed.screen
            var landing = Landing(
                kind: .app, app: app.id, screen: routed.screen, params: routed.params, via: kind.via,
                callback: callback.rawValue, delivered: true)
            landing.extra = routed.extra
            guard app.behaviour.isModelled else { return landing }
            // The SDK's callback navigates like any other code in the app: readiness, screen state, back stack.
            return AppNavigation.route(
                index, url: url, kind: kind, cold: cold, previousScreen: previousScreen, landing: landing, sdk: routed,
                world: &world, trace: &trace)
        }
        let delivered = Landing(
            kind: .app, app: app.id, screen: nil, params: [:], via: kind.via, callback: callback.rawValue, delivered: true)
        if let lost = AppNavigation.frameworkHandOff(index, cold: cold, previousScreen: previousScreen, landing: delivered, world: &world, trace: &trace) {
            return lost
        }
        return AppNavigation.route(
            index, url: url, kind: kind, cold: cold, previousScreen: previousScreen, landing: delivered, world: &world, trace: &trace)
    }

    /// The entry point by life cycle × link kind × cold/warm. The detail is written only when `explains` (only a
    /// shown trace reads it; issue #14).
    private static func iosEntryPoint(
        app: App, kind: LinkKind, cold: Bool, os: OSVersion, explains: Bool
    )
        -> (callback: EntryPoint, alternatives: [EntryPoint], rule: Rule, detail: String?)
    {
        var lifecycle = app.lifecycle
        var note: String?
        if lifecycle != .appDelegate, !Rule.iosDeliveryScenesCold.applies(to: os) {
            if explains { note = "Scenes arrived in iOS 13; on iOS \(os) the app delegate receives the link." }
            lifecycle = .appDelegate
        }
        let isScheme = kind == .customScheme
        switch lifecycle {
        case .appDelegate:
            if isScheme {
                let detail =
                    cold
                    ? "didFinishLaunchingWithOptions runs first with launchOptions[.url], then application(_:open:options:)."
                    : "The app is brought to the foreground before application(_:open:options:) is called."
                return (
                    .openURL, cold ? [.didFinishLaunching] : [],
                    Rule.iosDeliveryAppDelegate, explains ? [note, detail].compactMap { $0 }.joined(separator: " ") : nil
                )
            }
            guard cold else { return (.continueUserActivity, [], Rule.iosDeliveryAppDelegate, note) }
            let detail =
                "didFinishLaunchingWithOptions runs first with launchOptions[.userActivityDictionary] (the NSUserActivity, webpageURL the link), then application(_:continue:restorationHandler:)."
            return (
                .continueUserActivity, [.didFinishLaunching], Rule.iosDeliveryAppDelegate,
                explains ? [note, detail].compactMap { $0 }.joined(separator: " ") : nil
            )
        case .scenes:
            if cold {
                let location = isScheme ? "connectionOptions.urlContexts" : "connectionOptions.userActivities"
                return (
                    .sceneWillConnect, [], Rule.iosDeliveryScenesCold,
                    explains
                        ? "The link is in \(location); \(isScheme ? "scene(_:openURLContexts:)" : "scene(_:continue:)") is not called on a cold start."
                        : nil
                )
            }
            return (isScheme ? EntryPoint.sceneOpenURLContexts : .sceneContinue, [], Rule.iosDeliveryScenesWarm, nil)
        case .swiftui:
            return (.onOpenURL, [], Rule.iosDeliverySwiftui, note)
        }
    }

    /// The entry point by launch mode, task flags and cold/warm.
    private static func androidEntryPoint(
        activity: Activity?, cold: Bool, starter: AndroidStarter
    )
        -> (callback: EntryPoint, rule: Rule, detail: String?)
    {
        let mode = activity?.launchMode ?? .standard
        if cold {
            return (.onCreate, Rule.androidDeliveryColdOncreate, "getIntent() returns the VIEW intent.")
        }
        switch mode {
        case .standard:
            if starter == .shell {
                return (
                    .onCreate, Rule.androidDeliveryStandardNewInstance,
                    "am start adds FLAG_ACTIVITY_NEW_TASK (not CLEAR_TOP): the app's own task comes forward and a new instance is created on top of it."
                )
            }
            if starter == .browser {
                return (
                    .onCreate, Rule.androidDeliveryClearTopRecreate,
                    "launchMode=standard with FLAG_ACTIVITY_CLEAR_TOP: the existing instance is finished and re-created."
                )
            }
            return (
                .onCreate, Rule.androidDeliveryStandardNewInstance,
                "A new instance is created in the caller's task (the caller starts it from its activity without FLAG_ACTIVITY_NEW_TASK)."
            )
        case .singleTop:
            if starter == .shell {
                return (
                    .onNewIntent, Rule.androidDeliveryOnNewIntent,
                    "am start adds FLAG_ACTIVITY_NEW_TASK: the app's own task comes forward, and the singleTop instance on top of it is reused."
                )
            }
            if starter == .browser {
                return (
                    .onNewIntent, Rule.androidDeliveryOnNewIntent,
                    "singleTop with CLEAR_TOP in its own task: the existing instance is reused."
                )
            }
            return (
                .onCreate, Rule.androidDeliveryStandardNewInstance,
                "singleTop reuses an instance only on top of the target task; started from another app's task (without FLAG_ACTIVITY_NEW_TASK), a new instance is created."
            )
        case .singleTask, .singleInstance, .singleInstancePerTask:
            return (.onNewIntent, Rule.androidDeliveryOnNewIntent, "launchMode=\(mode.rawValue): the existing instance is reused.")
        }
    }
}

extension AppDelivery {
    /// The user starts an app from its icon (or finds it missing): linksim's own launch step.
    static func tellLaunch(_ actor: String, _ summary: @autoclosure () -> String, trace: inout TraceRecorder) {
        trace.add(actor, summary(), rule: Rule.linksimAppLaunch)
    }
}
