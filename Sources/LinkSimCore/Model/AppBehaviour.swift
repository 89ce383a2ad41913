/// What happens inside an app once a link reaches its code (issue #18, "the app's side"): whether
/// navigation is ready, what is on screen, how the back stack is built, which cross-platform
/// framework hands the link over and what the router does with a link it does not know.

/// The app's start-up before navigation is ready (a splash screen, a login, asynchronous set-up).
package struct AppStartup: Sendable, Equatable {
    package enum Phase: String, Sendable, CaseIterable, Codable {
        case splash
        case login
        case asyncInit = "async_init"
    }

    /// What the app does with a link that arrives before navigation is ready.
    package enum EarlyLinks: String, Sendable, CaseIterable, Codable {
        /// Keeps the link and replays it once navigation is ready.
        case queue
        /// Navigates before the navigator exists; the link is lost.
        case drop
    }

    package var phase: Phase = .splash
    /// How long after a cold start navigation becomes ready.
    package var readyAfter: SimDuration = SimDuration(seconds: 0)
    package var earlyLinks: EarlyLinks = .queue

    package init(phase: Phase = .splash, readyAfter: SimDuration = SimDuration(seconds: 0), earlyLinks: EarlyLinks = .queue) {
        self.phase = phase
        self.readyAfter = readyAfter
        self.earlyLinks = earlyLinks
    }
}

/// What is on screen when a link arrives warm, and the app's policy for it.
package struct ScreenState: Sendable, Equatable {
    package enum Kind: String, Sendable, CaseIterable, Codable {
        case modal, form, process
    }

    package enum Policy: String, Sendable, CaseIterable, Codable {
        /// Dismisses what is on screen and navigates.
        case dismiss
        /// Keeps the link until the modal, form or process is finished.
        case queue
        /// Asks the user first ("Leave this form?").
        case confirm
    }

    package var kind: Kind
    package var policy: Policy
    /// `queue`: how long after the link arrives the user is done (closes the modal, finishes the form, the
    /// process ends); the app then routes the link. nil: not within the scenario.
    package var doneAfter: SimDuration?

    package init(kind: Kind, policy: Policy, doneAfter: SimDuration? = nil) {
        self.kind = kind
        self.policy = policy
        self.doneAfter = doneAfter
    }

    package var displayName: String {
        switch kind {
        case .modal: return "a modal"
        case .form: return "a half-filled form"
        case .process: return "a running process"
        }
    }
}

/// How the app's navigation stack looks after it routes a link.
package enum BackStackPolicy: String, Sendable, CaseIterable, Codable {
    /// The destination is pushed on whatever stack the app had.
    case push
    /// The app pops to its root (home) and pushes the destination.
    case reset
    /// A synthetic stack: home, the destination's parents, the destination (Jetpack Navigation).
    case synthetic
}

/// What the router does with a link no route matches.
package enum UnknownRoutePolicy: String, Sendable, CaseIterable, Codable {
    /// Shows the home screen.
    case home
    /// Hands the URL back to the system to open in the browser (`open(_:)` / `startActivity`).
    case browser
}

/// The cross-platform framework between the native entry point and the app's router.
package enum AppFramework: String, Sendable, CaseIterable, Codable {
    case native
    case reactNative = "react_native"
    case expoRouter = "expo_router"
    case flutter
    case capacitor
    case swiftui

    package var displayName: String {
        switch self {
        case .native: return "native"
        case .reactNative: return "React Native"
        case .expoRouter: return "Expo Router"
        case .flutter: return "Flutter"
        case .capacitor: return "Capacitor"
        case .swiftui: return "SwiftUI"
        }
    }
}

/// A known mistake a framework app can make; each is switched on in the scenario (`pitfalls:`).
package enum FrameworkPitfall: String, Sendable, CaseIterable, Codable {
    /// React Native: reads `Linking.getInitialURL()` only; warm links (the `url` event) are lost.
    case initialURLOnly = "initial_url_only"
    /// React Native: listens to the `url` event only; the link that started the app is lost.
    case urlEventOnly = "url_event_only"
    /// Capacitor: reads `App.getLaunchUrl()` only; warm links (`appUrlOpen`) are lost.
    case launchURLOnly = "launch_url_only"
    /// Flutter: a plugin (app_links, uni_links...) with Flutter's own deep linking still on.
    case pluginWithBuiltin = "plugin_with_builtin"
    /// SwiftUI: handles links in `onContinueUserActivity` only; universal links arrive in `onOpenURL`.
    case continueUserActivityOnly = "continue_user_activity_only"

    /// The framework each pitfall belongs to.
    package var framework: AppFramework {
        switch self {
        case .initialURLOnly, .urlEventOnly: return .reactNative
        case .launchURLOnly: return .capacitor
        case .pluginWithBuiltin: return .flutter
        case .continueUserActivityOnly: return .swiftui
        }
    }
}

/// The app-side keys of one app, grouped so `App` stays small. All nil/empty: the app behaves as before
/// (routes at once, no stack reported).
package struct AppBehaviour: Sendable, Equatable {
    package var startup: AppStartup?
    package var screenState: ScreenState?
    package var backStack: BackStackPolicy?
    package var unknownRoute: UnknownRoutePolicy = .home
    package var framework: AppFramework = .native
    package var pitfalls: [FrameworkPitfall] = []
    /// What the app may see of other apps, and its check before it opens a link itself.
    package var queries = AppQueries()
    /// iPad: the app's open windows, front first (empty: one window, nothing to choose).
    package var scenes: [OpenScene] = []

    package init() {}

    /// True when a scenario set any app-side key: the landing then reports what the app did (`navigation`).
    package var isModelled: Bool {
        startup != nil || screenState != nil || backStack != nil || unknownRoute != .home || framework != .native || !pitfalls.isEmpty
    }
}

/// How an app checks before it opens a link itself (issue #18 item 5): `canOpenURL(_:)` on iOS,
/// `resolveActivity` / `queryIntentActivities` on Android, and what it opens when the check says no.
package struct LinkCheck: Sendable, Equatable {
    package enum API: String, Sendable, CaseIterable, Codable {
        case canOpenURL = "can_open_url"
        case resolveActivity = "resolve_activity"
        case queryIntentActivities = "query_intent_activities"

        package var call: String {
            switch self {
            case .canOpenURL: return "canOpenURL(_:)"
            case .resolveActivity: return "resolveActivity()"
            case .queryIntentActivities: return "queryIntentActivities()"
            }
        }
    }

    package var api: API
    /// What the app opens when the check says no (a web page, the store); nil: it gives up.
    package var fallback: String?

    package init(api: API, fallback: String? = nil) {
        self.api = api
        self.fallback = fallback
    }
}

/// One entry of an Android app's `<queries>`: a package, or an intent (VIEW with a data scheme).
package enum PackageQuery: Sendable, Equatable {
    case package(String)
    case scheme(String)
}

/// What an app may see of other apps when it asks the system (iOS `LSApplicationQueriesSchemes`,
/// Android `<queries>` and `QUERY_ALL_PACKAGES`), and its check before opening a link.
package struct AppQueries: Sendable, Equatable {
    /// iOS `LSApplicationQueriesSchemes` (from `queries_schemes:` or the app's Info.plist).
    package var schemes: [String] = []
    /// Android `<queries>` entries.
    package var queries: [PackageQuery] = []
    /// Android `QUERY_ALL_PACKAGES`.
    package var allPackages = false
    package var linkCheck: LinkCheck?

    package init() {}
}

/// An open window (scene) of an iPad app, with the external events it prefers or allows
/// (SwiftUI `handlesExternalEvents(preferring:allowing:)`, UIKit activation conditions).
package struct OpenScene: Sendable, Equatable {
    package var name: String
    package var prefers: [String] = []
    package var allows: [String] = []

    package init(name: String, prefers: [String] = [], allows: [String] = []) {
        self.name = name
        self.prefers = prefers
        self.allows = allows
    }
}
