/// The app-side APIs an app calls before it opens a link itself (issue #18 item 5): iOS
/// `canOpenURL(_:)` with `LSApplicationQueriesSchemes`, Android 11+ package visibility for
/// `resolveActivity` / `queryIntentActivities`.
enum AppAPIRules {
    static let all: [Rule] = [
        .iosAppCanOpenURLUndeclared, .iosAppCanOpenURL, .iosAppCanOpenURLWeb, .iosAppOpenNotRestricted,
        .androidAppPackageVisibility, .androidAppPackageVisible, .androidAppVisibilityBeforeR, .androidAppStartActivityUnaffected,
        .linksimAppCheckFallback,
        .iosSceneSwiftUIExternalEvents, .iosSceneUIKitOpenScenes, .iosSceneColdNewWindow,
    ]
}

extension Rule {
    /// Decided in ``AppOpensLink/canOpenURL``.
    package static let iosAppCanOpenURLUndeclared = Rule(
        id: "ios.app.can-open-url-undeclared", title: "canOpenURL returns false for a scheme not in LSApplicationQueriesSchemes",
        versions: [.ios(9)],
        explanation:
            "Apps linked on iOS 9 or later must list the schemes they ask about in Info.plist's LSApplicationQueriesSchemes. For a scheme not listed, canOpenURL(_:) returns false even when an app that handles it is installed — so code that checks first concludes \"not installed\".",
        sources: [Sources.canOpenURL, "[C] https://useyourloaf.com/blog/querying-url-schemes-with-canopenurl/"])

    /// Decided in ``AppOpensLink/canOpenURL``.
    package static let iosAppCanOpenURL = Rule(
        id: "ios.app.can-open-url", title: "canOpenURL answers for a declared scheme: is an app installed that handles it?",
        versions: [.ios()],
        explanation:
            "For a scheme listed in LSApplicationQueriesSchemes, canOpenURL(_:) returns true when an installed app registered it and false otherwise.",
        sources: [Sources.canOpenURL])

    /// Decided in ``AppOpensLink/canOpenURL``.
    package static let iosAppCanOpenURLWeb = Rule(
        id: "ios.app.can-open-url-web", title: "canOpenURL for an http(s) URL",
        versions: [.ios()],
        explanation:
            "An http or https URL can always be opened (by the default browser, or an app that claims it). No source we found says whether http/https must be listed in LSApplicationQueriesSchemes; linksim answers true and marks it as an assumption.",
        sources: [Sources.canOpenURL])

    /// Decided in ``AppOpensLink/checkFirst``.
    package static let iosAppOpenNotRestricted = Rule(
        id: "ios.app.open-not-restricted", title: "open(_:) is not restricted by LSApplicationQueriesSchemes",
        versions: [.ios(9)],
        explanation:
            "The LSApplicationQueriesSchemes list only limits canOpenURL(_:). open(_:options:completionHandler:) opens a URL whose scheme is not listed; an app that skipped the check would have opened the link.",
        sources: [Sources.canOpenURL])

    /// Decided in ``AppOpensLink/resolves``.
    package static let androidAppPackageVisibility = Rule(
        id: "android.app.package-visibility", title: "Android 11+: resolveActivity and queryIntentActivities only see visible packages",
        versions: [.android(api: 30)], sdk: [.android(api: 30)],
        explanation:
            "An app targeting API 30+ on Android 11+ sees only the packages its manifest's <queries> names (a package, or an intent such as VIEW with the scheme), all packages with QUERY_ALL_PACKAGES, or those visible automatically. resolveActivity() returns null and queryIntentActivities() an empty list for a handler it cannot see — even though it is installed.",
        sources: [Sources.packageVisibility])

    /// Decided in ``AppOpensLink/resolves``.
    package static let androidAppPackageVisible = Rule(
        id: "android.app.package-visible", title: "A handler named in <queries> is visible",
        versions: [.android(api: 30)], sdk: [.android(api: 30)],
        explanation:
            "The calling app declared the handler's package, an intent that matches the link (VIEW with its scheme), or QUERY_ALL_PACKAGES: resolveActivity() and queryIntentActivities() see the handler.",
        sources: [Sources.packageVisibility])

    /// Decided in ``AppOpensLink/resolves``.
    package static let androidAppVisibilityBeforeR = Rule(
        id: "android.app.visibility-before-11", title: "Before package visibility every installed handler is visible",
        versions: [.android()],
        explanation:
            "On Android 10 and earlier, or for an app that targets API 29 or lower, resolveActivity() and queryIntentActivities() see every installed app.",
        sources: [Sources.packageVisibility])

    /// Decided in ``AppOpensLink/checkFirst``.
    package static let androidAppStartActivityUnaffected = Rule(
        id: "android.app.start-activity-unaffected", title: "startActivity is not affected by package visibility",
        versions: [.android(api: 30)],
        explanation:
            "Package visibility filters what an app can query, not what it can start: startActivity() with the same intent would have opened the handler. The common bug is checking resolveActivity() != null first and taking the web or store fallback.",
        sources: [Sources.packageVisibility])

    /// Decided in ``AppOpensLink/checkFirst``.
    package static let linksimAppCheckFallback = Rule(
        id: "linksim.app.check-fallback", title: "The app's check said no: it opens its fallback instead",
        versions: [.ios(), .android()],
        explanation:
            "An app that checks before opening a link (`link_check:`) opens its `fallback` URL (a web page, the store) when the check says no app can handle it, or gives up when it has none.",
        sources: [])
}

enum SceneSources {
    static let matching = "[A] https://developer.apple.com/documentation/swiftui/scene/handlesexternalevents(matching:)"
    static let preferring = "[A] https://developer.apple.com/documentation/swiftui/view/handlesexternalevents(preferring:allowing:)"
    static let activation = "[A] https://developer.apple.com/documentation/uikit/uisceneactivationconditions"
}

extension Rule {
    /// Decided in ``AppScenes/pick``.
    package static let iosSceneSwiftUIExternalEvents = Rule(
        id: "ios.scene.swiftui-external-events", title: "iPad, SwiftUI: which open window receives the link",
        versions: [.ios()],
        explanation:
            "With several windows open, SwiftUI sends a URL to the first open scene that prefers it (handlesExternalEvents(preferring:)), else to the first that allows it; if none does (also when no view uses the modifier) it creates a new scene — a new window — for it. Strings match when the event contains them; \"*\" matches everything.",
        sources: [SceneSources.matching, SceneSources.preferring])

    /// Decided in ``AppScenes/pick``.
    package static let iosSceneUIKitOpenScenes = Rule(
        id: "ios.scene.uikit-open-scenes", title: "iPad, UIKit scenes: which open window receives the link",
        versions: [.ios()],
        explanation:
            "UIKit routes an event to the scene whose activation conditions (prefersToActivate… / canActivate…) match the event's targetContentIdentifier. A plain URL carries none, and Apple does not say which open scene gets it; linksim gives it to the window in front and marks that as an assumption.",
        sources: [SceneSources.activation])

    /// Decided in ``AppScenes/pick``.
    package static let iosSceneColdNewWindow = Rule(
        id: "ios.scene.cold-new-window", title: "A cold start has no open window: the link gets a new one",
        versions: [.ios()],
        explanation:
            "When the app is not running none of its windows is open; the system creates a scene for the link (SwiftUI: the first WindowGroup without a matching condition; UIKit: scene(_:willConnectTo:options:)).",
        sources: [SceneSources.matching, Sources.scheme])
}
