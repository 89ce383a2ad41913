/// Custom URL schemes, app delivery and the app's own router: the foundation's rule set.
/// Each rule cites Apple's or Android's documentation, AOSP or Chromium code, or public reports (radars, issues).
enum Sources {
    static let scheme = "[A] https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app"
    static let sul = "[A] https://developer.apple.com/documentation/xcode/supporting-universal-links-in-your-app"
    static let openURL = "[A] https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:open:options:)"
    static let didFinish = "[A] https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didfinishlaunchingwithoptions:)"
    static let onOpenURL = "[A] https://developer.apple.com/documentation/swiftui/view/onopenurl(perform:)"
    static let canOpenURL = "[A] https://developer.apple.com/documentation/uikit/uiapplication/canopenurl(_:)"
    static let tn3155 = "[A] https://developer.apple.com/documentation/technotes/tn3155-debugging-universal-links"
    static let allow = "[A] https://developer.apple.com/documentation/xcode/allowing-apps-and-websites-to-link-to-your-content"
    static let associatedDomains = "[A] https://developer.apple.com/documentation/xcode/supporting-associated-domains"
    static let entitlement = "[A] https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.associated-domains"
    static let configuring = "[A] https://developer.apple.com/documentation/xcode/configuring-an-associated-domain"
    static let components = "[A] https://developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary/components-swift.dictionary"
    static let archive = "[A-arch] https://developer.apple.com/library/archive/documentation/General/Conceptual/AppSearch/UniversalLinks.html"
    static let onNewIntent = "[doc] https://developer.android.com/reference/android/app/Activity#onNewIntent(android.content.Intent)"
    static let clearTop = "[doc] https://developer.android.com/reference/android/content/Intent#FLAG_ACTIVITY_CLEAR_TOP"
    static let launchMode = "[doc] https://developer.android.com/guide/topics/manifest/activity-element#lmode"
    static let chromeExternal =
        "[code] chromium components/external_intents/android/java/src/org/chromium/components/external_intents/ExternalNavigationHandler.java"
    static let chromeIntents = "[doc] https://developer.chrome.com/docs/android/intents"
    static let webViewClient =
        "[doc] https://developer.android.com/reference/android/webkit/WebViewClient#shouldOverrideUrlLoading(android.webkit.WebView,%20android.webkit.WebResourceRequest)"
    static let intentsAndFilters = "[doc] https://developer.android.com/guide/components/intents-filters"
    static let activityNotFound = "[doc] https://developer.android.com/reference/android/content/ActivityNotFoundException"
    static let tasks = "[doc] https://developer.android.com/guide/components/activities/tasks-and-back-stack"
    static let amStart =
        "[code] AOSP frameworks/base services/core/java/com/android/server/am/ActivityManagerShellCommand.java runStartActivity (intent.addFlags(FLAG_ACTIVITY_NEW_TASK))"
    static let intentResolver = "[code] AOSP frameworks/base services/core/java/com/android/server/IntentResolver.java"
    static let packageVisibility = "[doc] https://developer.android.com/training/package-visibility/use-cases"
}

enum SchemeRules {
    static let all: [Rule] = [
        // iOS custom schemes
        .iosSchemeSafariPrompt,
        .iosSchemeNoPromptBefore9,
        .iosSchemePromptCancel,
        .iosSchemeNotInstalledSafari,
        .iosSchemeNotInstalledApp,
        .iosSchemeFromApp,
        .iosSchemeAppOpenPrompt,
        .iosSchemeCollision,
        .iosSchemeReserved,
        // iOS delivery
        .iosDeliveryAppDelegate,
        .iosDeliveryScenesCold,
        .iosDeliveryScenesWarm,
        .iosDeliverySwiftui,
        .iosDeliveryMissingHandler,
        .iosDeliveryOpenUrlDeprecated26,
        .iosDeliveryScenesRequired27,
        .iosDeliverySwiftui184Quirk,
        .iosAppInstalledNeverLaunched,
        // Android custom schemes
        .androidSchemeNoHandler,
        .androidSchemeSingleHandler,
        .androidSchemeChooser,
        .androidWebviewNoClient,
        .androidWebviewUnknownScheme,
        .androidChromeExternalProtocolPrompt,
        // Android delivery
        .androidDeliveryColdOncreate,
        .androidDeliveryClearTopRecreate,
        .androidDeliveryStandardNewInstance,
        .androidDeliveryOnNewIntent,
        .androidDeliveryOnNewIntentIgnored,
        // linksim's own behaviour (not a platform rule)
        .linksimRouterRoute,
        .linksimRouterHomeFallback,
        .linksimAppLaunch,
        .linksimAnswerNothingPending,
        .linksimRedirectHop,
        .webRedirectLimit,
        .linksimServerChange,
        .linksimNotModelled,
        .linksimOSPastDescribed,
        .linksimDeviceOffline,
    ]
}

extension Rule {
    /// Safari asks before opening an app for a custom scheme
    /// Decided in ``CustomSchemeResolver/resolveIOS``.
    package static let iosSchemeSafariPrompt = Rule(
        id: "ios.scheme.safari-prompt", title: "Safari asks before opening an app for a custom scheme",
        versions: [.ios(9)],
        explanation:
            "Since iOS 9, when a page in Safari navigates to a custom URL scheme that an installed app registered (a tapped link or window.location), Safari shows the confirmation “Open in “<App>”?” with Cancel and Open. Nothing reaches the app until the user taps Open.",
        sources: [
            "[C] https://openradar.appspot.com/22541203",
            "[C] https://github.com/EddyVerbruggen/Custom-URL-scheme/issues/193, https://github.com/EddyVerbruggen/Custom-URL-scheme/issues/228, https://github.com/EddyVerbruggen/Custom-URL-scheme/issues/239",
        ])

    /// Before iOS 9 Safari opened custom schemes without asking
    /// Decided in ``CustomSchemeResolver/browserPrompt``.
    package static let iosSchemeNoPromptBefore9 = Rule(
        id: "ios.scheme.no-prompt-before-9", title: "Before iOS 9 Safari opened custom schemes without asking",
        versions: [.ios(through: 8)],
        explanation: "Before iOS 9, Safari handed a custom-scheme navigation straight to the app that registered the scheme, with no confirmation.",
        sources: [
            "[C] https://openradar.appspot.com/22541203",
            "[C] https://github.com/EddyVerbruggen/Custom-URL-scheme/issues/193, https://github.com/EddyVerbruggen/Custom-URL-scheme/issues/228, https://github.com/EddyVerbruggen/Custom-URL-scheme/issues/239",
        ])

    /// Cancel on Safari's “Open in App?” keeps the user in Safari
    /// Decided in ``CustomSchemeResolver/resolveIOS``.
    package static let iosSchemePromptCancel = Rule(
        id: "ios.scheme.prompt-cancel", title: "Cancel on Safari's “Open in App?” keeps the user in Safari",
        versions: [.ios(9)],
        explanation:
            "If the user taps Cancel on the “Open in “<App>”?” confirmation, the app is not opened and the user stays in Safari. Cancel has been reported to close the tab the navigation came from.",
        sources: ["[C] https://github.com/EddyVerbruggen/Custom-URL-scheme/issues/165"])

    /// Safari cannot open a scheme no app registered
    /// Decided in ``CustomSchemeResolver/resolveIOS``.
    package static let iosSchemeNotInstalledSafari = Rule(
        id: "ios.scheme.not-installed-safari", title: "Safari cannot open a scheme no app registered",
        versions: [.ios()],
        explanation:
            "When no installed app registered the scheme, Safari shows the alert “Cannot Open Page — Safari cannot open the page because the address is invalid.” There is no web fallback for a custom scheme.",
        sources: ["[C] https://openradar.appspot.com/12284894"])

    /// open(_:) fails when no app registered the scheme
    /// Decided in ``CustomSchemeResolver/resolveIOS``.
    package static let iosSchemeNotInstalledApp = Rule(
        id: "ios.scheme.not-installed-app", title: "open(_:) fails when no app registered the scheme",
        versions: [.ios()],
        explanation:
            "When an app (Notes, Messages, Mail, any app) asks iOS to open a custom-scheme URL and no installed app registered the scheme, the open call completes with false and nothing happens; canOpenURL(_:) also returns false.",
        sources: [Sources.canOpenURL, Sources.scheme])

    /// A custom-scheme link opened by an app launches the registered app
    /// Decided in ``CustomSchemeResolver/resolveIOS``.
    package static let iosSchemeFromApp = Rule(
        id: "ios.scheme.from-app", title: "A custom-scheme link opened by an app launches the registered app",
        versions: [.ios()],
        explanation:
            "When another app — Notes, Messages, Mail, or any app calling UIApplication.open — opens a custom-scheme URL, iOS launches (or brings forward) the app that registered the scheme. No Safari confirmation is involved.",
        sources: [Sources.scheme])

    /// A third-party app opening another app's scheme can trigger a system prompt
    /// Decided in ``CustomSchemeResolver/resolveIOS``.
    package static let iosSchemeAppOpenPrompt = Rule(
        id: "ios.scheme.app-open-prompt", title: "A third-party app opening another app's scheme can trigger a system prompt",
        versions: [.ios()],
        explanation:
            "When a third-party app (for example a third-party browser or an in-app browser) calls open for a foreign app's scheme, iOS can show ““<Caller>” wants to open “<App>””. Firefox and Focus developers report it is shown once per pair of apps.",
        sources: ["[C] https://github.com/mozilla-mobile/firefox-ios/pull/1576", "[C] https://github.com/mozilla-mobile/focus-ios/pull/423"])

    /// Two apps claiming one scheme: which one opens is undefined
    /// Decided in ``CustomSchemeResolver/pickIOSClaimant``.
    package static let iosSchemeCollision = Rule(
        id: "ios.scheme.collision", title: "Two apps claiming one scheme: which one opens is undefined",
        versions: [.ios()],
        explanation:
            "Several apps may register the same custom scheme; the CFBundleURLName identifier does not reserve it. Apple documents that which app the system then targets is undefined and cannot be changed. linksim resolves it deterministically (device.scheme_collision: first_installed by default, or last_installed) and says so, because a real device may pick either.",
        sources: [Sources.scheme])

    /// Reserved schemes open system apps
    /// Decided in ``CustomSchemeResolver/resolveIOS``.
    package static let iosSchemeReserved = Rule(
        id: "ios.scheme.reserved", title: "Reserved schemes open system apps",
        versions: [.ios()],
        explanation:
            "Some schemes belong to system apps — mailto (Mail), tel (Phone), sms (Messages), facetime (FaceTime) — and always open them; a third-party app cannot take them over.",
        sources: [Sources.scheme])

    /// App-delegate apps receive URLs in the application delegate
    /// Decided in ``AppDelivery/iosEntryPoint``.
    package static let iosDeliveryAppDelegate = Rule(
        id: "ios.delivery.app-delegate", title: "App-delegate apps receive URLs in the application delegate",
        versions: [.ios()],
        explanation:
            "An app without a scene manifest gets a custom-scheme URL in application(_:open:options:). On a cold start, application(_:willFinishLaunchingWithOptions:) and application(_:didFinishLaunchingWithOptions:) run first with launchOptions[.url], then application(_:open:options:) (unless a launch method returns false). Warm, the app is brought to the foreground and then application(_:open:options:) is called. A universal link arrives in application(_:continue:restorationHandler:) in both cases.",
        sources: [Sources.openURL, Sources.scheme, Sources.sul])

    /// Scene-based apps get a cold-start link in scene(_:willConnectTo:options:)
    /// Decided in ``AppDelivery/iosEntryPoint``.
    package static let iosDeliveryScenesCold = Rule(
        id: "ios.delivery.scenes-cold", title: "Scene-based apps get a cold-start link in scene(_:willConnectTo:options:)",
        versions: [.ios(13)],
        explanation:
            "With a scene manifest (iOS 13+), a link that launches the app arrives in scene(_:willConnectTo:options:) — custom schemes in connectionOptions.urlContexts, universal links in connectionOptions.userActivities. scene(_:openURLContexts:) and scene(_:continue:) are NOT called on a cold start, and launchOptions in didFinishLaunching is nil.",
        sources: [Sources.scheme, Sources.sul, Sources.didFinish])

    /// Scene-based apps get a warm link in scene(_:openURLContexts:) or scene(_:continue:)
    /// Decided in ``AppDelivery/iosEntryPoint``.
    package static let iosDeliveryScenesWarm = Rule(
        id: "ios.delivery.scenes-warm", title: "Scene-based apps get a warm link in scene(_:openURLContexts:) or scene(_:continue:)",
        versions: [.ios(13)],
        explanation:
            "When the app is running or suspended, a custom-scheme URL arrives in scene(_:openURLContexts:) and a universal link in scene(_:continue:). The app-delegate methods are not called for scene-based apps.",
        sources: [Sources.scheme, Sources.sul])

    /// SwiftUI apps receive links in onOpenURL
    /// Decided in ``AppDelivery/open``.
    package static let iosDeliverySwiftui = Rule(
        id: "ios.delivery.swiftui", title: "SwiftUI apps receive links in onOpenURL",
        versions: [.ios(14)],
        explanation:
            "With the SwiftUI App life cycle, both custom-scheme URLs and universal links arrive in .onOpenURL on a view of the scene, cold or warm. An adaptor app delegate's application(_:open:options:) is not called.",
        sources: [Sources.onOpenURL])

    /// The app opens but its code never sees the link
    /// Decided in ``AppDelivery/open``.
    package static let iosDeliveryMissingHandler = Rule(
        id: "ios.delivery.missing-handler", title: "The app opens but its code never sees the link",
        versions: [.ios()],
        explanation:
            "iOS delivers the link to exactly one entry point, chosen by the app's life cycle and whether it was running. If the app does not implement that method — the classic bug is handling links only in scene(_:openURLContexts:) or scene(_:continue:), which are never called on a cold start — the app comes to the front but nothing routes the link, so the user sees the home or previous screen.",
        sources: [Sources.scheme, Sources.sul])

    /// application(_:open:options:) is deprecated in iOS 26
    /// Decided in ``AppDelivery/open``.
    package static let iosDeliveryOpenUrlDeprecated26 = Rule(
        id: "ios.delivery.open-url-deprecated-26", title: "application(_:open:options:) is deprecated in iOS 26",
        versions: [.ios(26)],
        explanation:
            "iOS 26 deprecates application(_:open:options:) and the UIApplication URL launch-option APIs, pointing to the scene life cycle and scene(_:openURLContexts:). Deprecated methods are still called for apps that use them.",
        sources: [Sources.openURL])

    /// Apps built with the iOS 27 SDK must adopt scenes
    /// Decided in ``AppDelivery/open``.
    package static let iosDeliveryScenesRequired27 = Rule(
        id: "ios.delivery.scenes-required-27", title: "Apps built with the iOS 27 SDK must adopt scenes",
        versions: [.ios(27)], sdk: [.ios(27)],
        explanation:
            "Apps built with the iOS 27 SDK must adopt the UIKit scene life cycle, or they fail to launch. Binaries built with older SDKs keep launching. Scenarios say which SDK an app was built with in `ios_sdk`.",
        sources: ["[A] TN3187 https://developer.apple.com/documentation/uikit/transitioning-to-the-uikit-scene-based-life-cycle"])

    /// iOS 18.4: SwiftUI apps reported to drop cold-start universal links
    /// Decided in ``AppDelivery/open``.
    package static let iosDeliverySwiftui184Quirk = Rule(
        id: "ios.delivery.swiftui-18-4-quirk", title: "iOS 18.4: SwiftUI apps reported to drop cold-start universal links",
        versions: [VersionRange(.ios, from: OSVersion(ios: 18, 4), through: OSVersion(ios: 18, 4, 99))],
        explanation:
            "On iOS 18.4 the SwiftUI App life cycle was reported to drop universal links that launch the app cold: neither onOpenURL nor onContinueUserActivity fired. It is a reported bug, not documented behaviour, so linksim models it only when a scenario switches it on (assumptions.quirk_swiftui_cold_start_drop_18_4).",
        sources: ["[C] FB17446617, public copy: https://github.com/feedback-assistant/reports/issues/650"])

    /// An installed app that was never launched can receive a link
    /// Decided in ``AppDelivery/open``.
    package static let iosAppInstalledNeverLaunched = Rule(
        id: "ios.app.installed-never-launched", title: "An installed app that was never launched can receive a link",
        versions: [.ios()],
        explanation:
            "A custom scheme is registered when the app is installed, and the association file is downloaded at install, so an app that was installed but never opened is launched cold by a link. Apple does not state this for schemes; it is an inference from how registration and the install-time download are documented.",
        sources: [Sources.scheme, Sources.associatedDomains])

    /// No app handles the scheme: nothing happens
    /// Decided in ``CustomSchemeResolver/resolveAndroid``.
    package static let androidSchemeNoHandler = Rule(
        id: "android.scheme.no-handler", title: "No app handles the scheme: nothing happens",
        versions: [.android()],
        explanation:
            "Custom schemes have no owner and no browser fallback. When no activity matches the VIEW intent, an app calling startActivity gets ActivityNotFoundException (it crashes unless it catches it), and Chrome simply ignores the navigation.",
        sources: [Sources.activityNotFound, Sources.intentsAndFilters, Sources.chromeIntents])

    /// One app handles the scheme: it opens
    /// Decided in ``CustomSchemeResolver/resolveAndroid``.
    package static let androidSchemeSingleHandler = Rule(
        id: "android.scheme.single-handler", title: "One app handles the scheme: it opens",
        versions: [.android()],
        explanation:
            "When exactly one activity's intent filter matches the VIEW intent for the custom scheme (action VIEW, categories BROWSABLE and DEFAULT, the scheme in its data), Android starts it directly. Any app may declare any scheme: there is no verification for custom schemes.",
        sources: [Sources.intentResolver, Sources.intentsAndFilters])

    /// Several apps handle the scheme: Android shows a chooser
    /// Decided in ``CustomSchemeResolver/resolveAndroid``.
    package static let androidSchemeChooser = Rule(
        id: "android.scheme.chooser", title: "Several apps handle the scheme: Android shows a chooser",
        versions: [.android()],
        explanation:
            "When two or more activities match, Android shows the system chooser (“Just once” / “Always”); “Always” saves a preferred activity for later taps.",
        sources: [Sources.intentsAndFilters, Sources.intentResolver])

    /// A WebView without a WebViewClient hands links to the system
    /// Decided in ``AndroidWebResolver/tellDefaultWebViewClient``.
    package static let androidWebviewNoClient = Rule(
        id: "android.webview.no-client", title: "A WebView without a WebViewClient hands links to the system",
        versions: [.android()],
        explanation:
            "When the host app sets no WebViewClient, WebView's built-in client parses every navigation with Intent.parseUri(url, URI_INTENT_SCHEME) — so intent: URLs work — adds CATEGORY_BROWSABLE and starts the activity: the system resolves it as for any other app (App Links, choosers, custom schemes). If nothing handles it, WebView loads the URL itself; an intent: or custom-scheme URL then fails with net::ERR_UNKNOWN_URL_SCHEME (Chrome's S.browser_fallback_url is a Chrome feature).",
        sources: ["[code] AOSP frameworks/webview WebViewContentsClientAdapter.java (NullWebViewClient.shouldOverrideUrlLoading)", Sources.webViewClient])

    /// A WebView cannot open a custom scheme
    /// Decided in ``AndroidWebResolver/tellWebViewUnknownScheme``.
    package static let androidWebviewUnknownScheme = Rule(
        id: "android.webview.unknown-scheme", title: "A WebView cannot open a custom scheme",
        versions: [.android()],
        explanation:
            "A WebView does not resolve intents. With a WebViewClient (the norm), a custom-scheme navigation fails with the error page net::ERR_UNKNOWN_URL_SCHEME unless the app's own code starts an intent.",
        sources: [Sources.webViewClient, "[C] github.com/EddyVerbruggen/Custom-URL-scheme/issues/270"])

    /// Chrome asks before leaving for an app from a typed URL or script
    /// Decided in ``CustomSchemeResolver/resolveAndroid``.
    package static let androidChromeExternalProtocolPrompt = Rule(
        id: "android.chrome.external-protocol-prompt", title: "Chrome asks before leaving for an app from a typed URL or script",
        versions: [.android()],
        explanation:
            "If the navigation chain started from a typed URL in the address bar or from script without a user gesture, Chrome does not fire the intent directly. For an external protocol it shows “Continue to <app>?” only when exactly one app resolves and there is no fallback URL; otherwise nothing happens.",
        sources: [Sources.chromeExternal, Sources.chromeIntents])

    /// Cold start: the link arrives in onCreate
    /// Decided in ``AppDelivery/androidEntryPoint``.
    package static let androidDeliveryColdOncreate = Rule(
        id: "android.delivery.cold-oncreate", title: "Cold start: the link arrives in onCreate",
        versions: [.android()],
        explanation:
            "When no instance of the activity exists (the app is not running), Android creates it and the link is the activity's launching intent: onCreate reads it with getIntent().",
        sources: [Sources.onNewIntent, Sources.launchMode])

    /// Standard activity launched by Chrome is re-created (onCreate)
    /// Decided in ``AppDelivery/androidEntryPoint``.
    package static let androidDeliveryClearTopRecreate = Rule(
        id: "android.delivery.clear-top-recreate", title: "Standard activity launched by Chrome is re-created (onCreate)",
        versions: [.android()],
        explanation:
            "Chrome launches external intents with FLAG_ACTIVITY_NEW_TASK | FLAG_ACTIVITY_CLEAR_TOP. For a launchMode=standard activity that already exists, CLEAR_TOP finishes it (and everything above it) and creates it again, so the link arrives in onCreate, not onNewIntent.",
        sources: [Sources.clearTop, Sources.chromeExternal])

    /// Standard (or singleTop) activity started by another app: a new instance
    /// Decided in ``AppDelivery/androidEntryPoint``.
    package static let androidDeliveryStandardNewInstance = Rule(
        id: "android.delivery.standard-new-instance", title: "Standard or singleTop activity started by another app: a new instance",
        versions: [.android()],
        explanation:
            "An app that calls startActivity(ACTION_VIEW) without FLAG_ACTIVITY_NEW_TASK puts a launchMode=standard activity into the caller's own task as a new instance, which reads the link in onCreate. A singleTop activity is reused only when it is on top of the target task; started into another app's task it is not, so it too is a new instance. `adb shell am start` adds FLAG_ACTIVITY_NEW_TASK (and no CLEAR_TOP): a standard activity gets a new instance on top of the app's own task; a singleTop one on top of that task is reused (onNewIntent).",
        sources: [Sources.launchMode, Sources.tasks, Sources.amStart])

    /// singleTop / singleTask / singleInstance: the link arrives in onNewIntent
    /// Decided in ``AppDelivery/androidEntryPoint``.
    package static let androidDeliveryOnNewIntent = Rule(
        id: "android.delivery.on-new-intent", title: "singleTop / singleTask / singleInstance: the link arrives in onNewIntent",
        versions: [.android()],
        explanation:
            "For singleTop (when the instance is on top), singleTask and singleInstance, an existing instance is reused: activities above it are cleared, the task comes forward and the link arrives in onNewIntent, followed by onResume. getIntent() keeps returning the OLD intent unless the app calls setIntent. A singleTop instance is on top of the target task when Chrome starts it (NEW_TASK | CLEAR_TOP) or `adb shell am start` does (the shell adds NEW_TASK), not when another app starts it into its own task.",
        sources: [Sources.onNewIntent, Sources.launchMode, Sources.amStart])

    /// Link read only in onCreate: a warm link is ignored
    /// Decided in ``AppDelivery/open``.
    package static let androidDeliveryOnNewIntentIgnored = Rule(
        id: "android.delivery.on-new-intent-ignored", title: "Link read only in onCreate: a warm link is ignored",
        versions: [.android()],
        explanation:
            "An app that reads the link only in onCreate (via getIntent()) never sees a link that arrives warm through onNewIntent: the activity comes to the front showing stale content.",
        sources: [Sources.onNewIntent])
}
