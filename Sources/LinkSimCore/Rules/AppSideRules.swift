/// What the app's own code does with a link once it arrives (issue #18 items 1–3): start-up readiness,
/// the screen on show, the back stack, route constraints, unknown routes, force-unwrap crashes and the
/// cross-platform frameworks' link APIs. App code is not a platform rule, so these live under `linksim.`;
/// each names the documentation it models, or says it is linksim's own model, and an `assumption:` where it is unverified.
enum AppSideSources {
    static let modelAppState =
        "[linksim model] what an app does with a link that arrives over a modal, an unfinished form or an ongoing process (dismiss, queue or confirm) is the app's own code; linksim plays the choice the scenario names"
    static let modelBackStack =
        "[linksim model] a link's screen pushed on top of whatever was on the stack is the app's own navigation code; linksim plays the choice the scenario names"
    static let navReady = "[doc] https://reactnavigation.org/docs/navigating-without-navigation-prop#handling-initialization"
    static let navPrinciples = "[doc] https://developer.android.com/guide/navigation/principles"
    static let navDeepLinkBuilder = "[doc] https://developer.android.com/reference/kotlin/androidx/navigation/NavDeepLinkBuilder"
    static let navDeepLink = "[doc] https://developer.android.com/guide/navigation/design/deep-link"
    static let swiftUnwrap = "[doc] https://docs.swift.org/swift-book/documentation/the-swift-programming-language/thebasics/#Force-Unwrapping"
    static let kotlinNotNull = "[doc] https://kotlinlang.org/docs/null-safety.html#not-null-assertion-operator"
    static let rnLinking = "[doc] https://reactnative.dev/docs/linking"
    static let expoNativeIntent = "[doc] https://docs.expo.dev/router/advanced/native-intent"
    static let expoNotFound = "[doc] https://docs.expo.dev/router/error-handling/"
    static let flutterDeepLinking = "[doc] https://docs.flutter.dev/ui/navigation/deep-linking"
    static let flutterFlagChange = "[doc] https://docs.flutter.dev/release/breaking-changes/deep-links-flag-change"
    static let capacitorApp = "[doc] https://capacitorjs.com/docs/apis/app"
}

enum AppSideRules {
    static let all: [Rule] =
        [
            .linksimAppStartupQueue, .linksimAppStartupDrop,
            .linksimAppScreenDismiss, .linksimAppScreenQueue, .linksimAppScreenConfirm, .linksimAppScreenGoneCold,
            .linksimAppBackStackPush, .linksimAppBackStackReset, .linksimAppBackStackSynthetic,
            .linksimRouterConstraint, .linksimRouterUnknownBrowser, .linksimRouterUnknownSelf, .linksimRouterForceUnwrapCrash,
            .linksimFrameworkRNInitialURL, .linksimFrameworkRNURLEvent, .linksimFrameworkRNOneHandler,
            .linksimFrameworkExpoRouter, .linksimFrameworkExpoUnmatched,
            .linksimFrameworkFlutterBuiltin, .linksimFrameworkFlutterPluginConflict,
            .linksimFrameworkCapacitor, .linksimFrameworkCapacitorLaunchURLOnly,
            .linksimFrameworkSwiftUIContinueOnly,
        ] + AppAPIRules.all
}

extension Rule {
    private static let both: [VersionRange] = [.ios(), .android()]

    /// Decided in ``AppNavigation/route``.
    package static let linksimAppStartupQueue = Rule(
        id: "linksim.app.startup-queue", title: "A link that arrives before navigation is ready is queued and replayed",
        versions: both,
        explanation:
            "The app is still starting (splash, login, asynchronous set-up) when the link arrives; its navigator does not exist yet. An app that keeps the link and replays it once navigation is ready (React Navigation's isReady / onReady) shows the link's screen, later by `startup.ready_after`.",
        sources: [AppSideSources.navReady])

    /// Decided in ``AppNavigation/route``.
    package static let linksimAppStartupDrop = Rule(
        id: "linksim.app.startup-drop", title: "A link that arrives before navigation is ready is lost",
        versions: both,
        explanation:
            "An app that navigates as soon as the link arrives, before its navigator is mounted, loses it: React Navigation reports \"The 'navigation' object hasn't been initialized yet\" and nothing navigates. The app ends on its first screen.",
        sources: [AppSideSources.navReady])

    /// Decided in ``AppNavigation/route``.
    package static let linksimAppScreenDismiss = Rule(
        id: "linksim.app.screen-dismiss", title: "The app dismisses what is on screen and routes the link",
        versions: both,
        explanation:
            "A modal, a half-filled form or a running process is on screen when the link arrives warm. This app dismisses everything (pops to its root) and then routes the link: reliable, if jarring; an unsaved form is lost.",
        sources: [AppSideSources.modelAppState])

    /// Decided in ``AppNavigation/route``.
    package static let linksimAppScreenQueue = Rule(
        id: "linksim.app.screen-queue", title: "The app keeps the link until the modal, form or process is done",
        versions: both,
        explanation:
            "The app does not interrupt what is on screen: it keeps the link and routes it after the user closes the modal, finishes the form or the process ends (`screen_state.done_after`). Until then the user sees the screen they were on.",
        sources: [AppSideSources.modelAppState])

    /// Decided in ``AppNavigation/route``.
    package static let linksimAppScreenConfirm = Rule(
        id: "linksim.app.screen-confirm", title: "The app asks before leaving what is on screen",
        versions: both,
        explanation:
            "The app shows its own confirmation (\"Leave this form?\") over the current screen and the link waits for the answer: Open routes it, Cancel keeps the screen and drops the link (the scenario's next `answer`).",
        sources: [AppSideSources.modelAppState])

    /// Decided in ``AppNavigation/route``.
    package static let linksimAppScreenGoneCold = Rule(
        id: "linksim.app.screen-gone-cold", title: "A cold start has no modal or form on screen",
        versions: both,
        explanation:
            "The screen state (a modal, a form, a process) belongs to a running process. On a cold start the process was not running, so there is nothing to dismiss, queue or confirm; the link is routed as on any start.",
        sources: [AppSideSources.modelAppState])

    /// Decided in ``AppNavigation/finish``.
    package static let linksimAppBackStackPush = Rule(
        id: "linksim.app.back-stack-push", title: "The link's screen is pushed on the current stack",
        versions: both,
        explanation:
            "The app pushes the destination on whatever stack it had; Back returns to the screen the user was on before the link, which may make no sense in context.",
        sources: [AppSideSources.modelBackStack, AppSideSources.navPrinciples])

    /// Decided in ``AppNavigation/finish``.
    package static let linksimAppBackStackReset = Rule(
        id: "linksim.app.back-stack-reset", title: "The app resets to its root, then shows the link's screen",
        versions: both,
        explanation:
            "The app pops to its root screen (home) and pushes the destination: Back from the link's screen goes home, whatever was on screen before.",
        sources: [AppSideSources.modelAppState, AppSideSources.navPrinciples])

    /// Decided in ``AppNavigation/finish``.
    package static let linksimAppBackStackSynthetic = Rule(
        id: "linksim.app.back-stack-synthetic", title: "A synthetic back stack: home, the destination's parents, the destination",
        versions: both,
        explanation:
            "As Jetpack Navigation builds it for a deep link: the task is cleared, and the destination and all its parents (the start destination of each enclosing graph) are put on the back stack, so Back walks up the app's hierarchy as if the user had navigated there. Route `parents:` names the screens in between.",
        sources: [AppSideSources.navDeepLinkBuilder, AppSideSources.navDeepLink, AppSideSources.navPrinciples])

    /// Decided in ``AppNavigation/route``.
    package static let linksimRouterConstraint = Rule(
        id: "linksim.router.constraint", title: "A route's placeholder constraint rejects the value",
        versions: both,
        explanation:
            "A route placeholder can carry a constraint: `{id:digits}` takes ASCII digits only, `{name:alpha}` letters only, `{slug:word}` letters, digits, `-` and `_`. A value that breaks the constraint makes the route not match, and the router tries the next route.",
        sources: [])

    /// Decided in ``AppNavigation/handToSystem``.
    package static let linksimRouterUnknownBrowser = Rule(
        id: "linksim.router.unknown-browser", title: "No route matches: the app hands the URL back to the system",
        versions: both,
        explanation:
            "An app with `unknown_route: browser` opens a web link it cannot route with open(_:) (iOS) or startActivity (Android). The system then resolves it as any app-to-app link: on iOS an app's own universal link opens in the browser, not in the app; on Android the intent resolves like any other.",
        sources: [Sources.sul, Sources.intentsAndFilters])

    /// Decided in ``AppNavigation/handToSystem``.
    package static let linksimRouterUnknownSelf = Rule(
        id: "linksim.router.unknown-reopens-self", title: "Android: the app's VIEW intent resolves back to the app itself",
        versions: [.android()],
        explanation:
            "On Android an app that verified its own domain is the handler for its own links: a plain ACTION_VIEW startActivity with the URL it could not route comes straight back to it, and the app would loop. To show the page in a browser the app must target a browser (e.g. a browser package or Intent.makeMainSelectorActivity with CATEGORY_APP_BROWSER).",
        sources: [
            Sources.intentsAndFilters,
            "[doc] https://developer.android.com/reference/android/content/Intent#makeMainSelectorActivity(java.lang.String,%20java.lang.String)",
        ])

    /// Decided in ``AppNavigation/crash``.
    package static let linksimRouterForceUnwrapCrash = Rule(
        id: "linksim.router.force-unwrap-crash", title: "A force-unwrapped missing value crashes the app",
        versions: both,
        explanation:
            "The screen's code force-unwraps a link parameter (Swift `!`, Kotlin `!!`). When the link does not carry it, the unwrap traps: Swift stops with \"Unexpectedly found nil while unwrapping an Optional value\", Kotlin throws a NullPointerException; the app crashes and the user is back where they came from.",
        sources: [AppSideSources.swiftUnwrap, AppSideSources.kotlinNotNull])

    /// Decided in ``AppNavigation/frameworkHandOff``.
    package static let linksimFrameworkRNInitialURL = Rule(
        id: "linksim.framework.rn-initial-url", title: "React Native: the link that started the app comes from Linking.getInitialURL()",
        versions: both,
        explanation:
            "On a cold start React Native's native side keeps the launch URL; the JavaScript code reads it with Linking.getInitialURL(), which returns the link (or null when the app was not opened by a link).",
        sources: [AppSideSources.rnLinking])

    /// Decided in ``AppNavigation/frameworkHandOff``.
    package static let linksimFrameworkRNURLEvent = Rule(
        id: "linksim.framework.rn-url-event", title: "React Native: a link to a running app arrives as the `url` event",
        versions: both,
        explanation:
            "When the app is already running, React Native emits the `url` event; code subscribed with Linking.addEventListener('url', …) receives the link. getInitialURL() does not change.",
        sources: [AppSideSources.rnLinking])

    /// Decided in ``AppNavigation/frameworkHandOff``.
    package static let linksimFrameworkRNOneHandler = Rule(
        id: "linksim.framework.rn-one-handler", title: "React Native: handling only one of getInitialURL and the `url` event loses links",
        versions: both,
        explanation:
            "The classic bug: an app that reads only getInitialURL() misses every link that arrives while it runs, and an app that only listens to the `url` event misses the link that started it. The native side got the link; the JavaScript router never sees it.",
        sources: [AppSideSources.rnLinking, "[linksim model] an app that reads only one of getInitialURL and the url event misses the other kind of launch"])

    /// Decided in ``AppNavigation/frameworkHandOff``.
    package static let linksimFrameworkExpoRouter = Rule(
        id: "linksim.framework.expo-router", title: "Expo Router: links are routed to file routes, cold and warm",
        versions: both,
        explanation:
            "Expo Router subscribes to incoming links itself (the initial URL and later ones) and navigates to the route whose file path matches the URL's path; `+native-intent` can rewrite a URL first.",
        sources: [AppSideSources.expoNativeIntent])

    /// Decided in ``AppNavigation/route``.
    package static let linksimFrameworkExpoUnmatched = Rule(
        id: "linksim.framework.expo-unmatched", title: "Expo Router: a URL no file route matches shows the not-found screen",
        versions: both,
        explanation:
            "Expo Router assumes every URL targets a page. A URL with no matching route (a provider's short link, a stale URL) shows the Unmatched Route screen (or the app's `+not-found` route) rather than home, unless `+native-intent` rewrites it.",
        sources: [AppSideSources.expoNativeIntent, AppSideSources.expoNotFound])

    /// Decided in ``AppNavigation/frameworkHandOff``.
    package static let linksimFrameworkFlutterBuiltin = Rule(
        id: "linksim.framework.flutter-builtin", title: "Flutter: built-in deep linking pushes the link's path as a route",
        versions: both,
        explanation:
            "With Flutter's deep linking on (FlutterDeepLinkingEnabled / flutter_deeplinking_enabled, on by default since Flutter 3.27) the engine hands the link's path to the app's Router or named routes (e.g. go_router), cold and warm.",
        sources: [AppSideSources.flutterDeepLinking, AppSideSources.flutterFlagChange])

    /// Decided in ``AppNavigation/frameworkHandOff``.
    package static let linksimFrameworkFlutterPluginConflict = Rule(
        id: "linksim.framework.flutter-plugin-conflict", title: "Flutter: a deep-link plugin with built-in deep linking still on",
        versions: both,
        explanation:
            "Flutter's docs: an app that uses a plugin (app_links, uni_links, a provider SDK) must set Flutter's deep linking flag to false; since 3.27 it is on by default and Flutter's handler breaks these plugins. linksim shows the plugin's code not receiving the link (the exact symptom is not documented).",
        sources: [AppSideSources.flutterFlagChange])

    /// Decided in ``AppNavigation/frameworkHandOff``.
    package static let linksimFrameworkCapacitor = Rule(
        id: "linksim.framework.capacitor", title: "Capacitor: App.getLaunchUrl() on a cold start, the appUrlOpen event warm",
        versions: both,
        explanation:
            "Capacitor's App plugin gives the web code the URL the app was launched with (getLaunchUrl) and fires `appUrlOpen` when the app is opened with a URL.",
        sources: [AppSideSources.capacitorApp])

    /// Decided in ``AppNavigation/frameworkHandOff``.
    package static let linksimFrameworkCapacitorLaunchURLOnly = Rule(
        id: "linksim.framework.capacitor-launch-url-only", title: "Capacitor: reading only getLaunchUrl() loses warm links",
        versions: both,
        explanation:
            "getLaunchUrl() returns the URL the app was launched with; a link to the running app comes only through `appUrlOpen`. An app without that listener never sees it.",
        sources: [AppSideSources.capacitorApp])

    /// Decided in ``AppNavigation/explainMissingHandler``.
    package static let linksimFrameworkSwiftUIContinueOnly = Rule(
        id: "linksim.framework.swiftui-continue-only", title: "SwiftUI: universal links arrive in onOpenURL, not onContinueUserActivity",
        versions: [.ios()],
        explanation:
            "A SwiftUI app that handles links in onContinueUserActivity(NSUserActivityTypeBrowsingWeb) only: Apple delivers universal links (and custom schemes) to onOpenURL; onContinueUserActivity is for other activities such as Handoff.",
        sources: [Sources.onOpenURL, "[A] https://developer.apple.com/documentation/swiftui/view/oncontinueuseractivity(_:perform:)"])
}
