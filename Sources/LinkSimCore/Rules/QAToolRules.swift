/// Sources for the rules about the tools and surfaces QA fire links from (issue #18 item 4).
enum QAToolSources {
    static let amDoc = "[A-doc] https://developer.android.com/tools/adb#am (am start [options] INTENT)"
    static let appLinksTest =
        "[A-doc] https://developer.android.com/training/app-links/verify-android-applinks (the test intent adds -c android.intent.category.BROWSABLE and names no package)"
    static let parseCommandArgs =
        "[code] AOSP frameworks/base core/java/android/content/Intent.java parseCommandArgs: a trailing argument without ':' or '/' is a package name (setPackage)"
    static let setPackage = "[A-doc] https://developer.android.com/reference/android/content/Intent#setPackage(java.lang.String)"
    static let simctlBraze =
        "[C] https://www.braze.com/docs/developer_guide/push_notifications/deep_linking_troubleshooting (`xcrun simctl openurl booted <url>` to test a link outside the app)"
    static let simulatorULs =
        "[A-arch] https://developer.apple.com/library/archive/documentation/General/Conceptual/AppSearch/RevisionHistory.html (2016-03-21: universal links can be tested in Simulator)"
    static let simctlPrompt =
        "[OBS] https://github.com/saadibrahim/react-native-deep-links/issues/3 (simctl openurl with a custom scheme asks with a pop-up)"
    static let iosNotification =
        "[A-doc] https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:didreceive:withcompletionhandler:)"
    static let iosRegister = "[A-doc] https://developer.apple.com/documentation/uikit/uiapplication/registerforremotenotifications()"
    static let androidNotificationTap =
        "[A-doc] https://developer.android.com/develop/ui/views/notifications/build-notification#click (a notification's tap action is a PendingIntent the app sets)"
    static let fcmReceive =
        "[A-doc] https://firebase.google.com/docs/cloud-messaging/android/receive (a tap on a notification message opens the app's launcher activity with the data payload in the intent extras)"
    static let smartBanner = "[A-doc] https://developer.apple.com/documentation/webkit/promoting-apps-with-smart-app-banners"
    static let smartBannerURL =
        "[C] https://www.alexcurylo.com/blog/2012/08/19/smart-app-banners/ (app-argument \"is passed as NSURL into the app, similar to launching the app with a custom URL scheme\")"
    static let qrCamera = "[C] https://kurrently.com/how-to-scan-a-qr-code-on-an-iphone/ (the Camera shows a notification; tapping it opens the scanned URL)"
}

/// The tools and surfaces QA fire links from: adb, simctl, a push notification, the Smart App Banner, a QR code.
enum QAToolRules {
    typealias S = QAToolSources
    static let all: [Rule] = [
        .androidAdbImplicit, .androidAdbExplicitPackage, .iosSimctlOpenurl, .iosSimctlSchemePrompt,
        .iosPushTap, .androidPushTap, .iosSmartAppBanner, .iosQrCameraBanner,
    ]
}

extension Rule {
    /// `adb shell am start -a VIEW -d URL` without a package is an implicit intent, resolved like any app's
    /// Decided in ``QATaps/adb``.
    package static let androidAdbImplicit = Rule(
        id: "android.adb.implicit", title: "adb am start without a package resolves like any app's startActivity",
        versions: [.android()],
        explanation:
            "`adb shell am start -W -a android.intent.action.VIEW -d URL` sends an implicit VIEW intent: Android resolves it the way it resolves startActivity from another app (App Links, the chooser, browsers). The shell adds no category at all, unlike a browser (BROWSABLE): an intent's categories must all be in the filter, so a filter that forgot BROWSABLE (with DEFAULT, for MATCH_DEFAULT_ONLY) matches the shell's intent and not a tapped link; on Android 12+ such a filter is never approved for a web domain. When nothing matches, am prints \"Error: Activity not started, unable to resolve Intent\". Android's own App Links test command adds `-c android.intent.category.BROWSABLE` and names no package, so that it tests what a tap would do.",
        sources: [QAToolRules.S.amDoc, QAToolRules.S.appLinksTest])

    /// A trailing package name makes the adb intent explicit: no chooser, no browser, no verification
    /// Decided in ``QATaps/adb``.
    package static let androidAdbExplicitPackage = Rule(
        id: "android.adb.explicit-package", title: "adb am start with a package skips the chooser and App Link verification",
        versions: [.android()],
        explanation:
            "A package name after the URL (`adb shell am start -W -a android.intent.action.VIEW -d URL com.example.shop`) makes the intent explicit to that package (Intent.setPackage): only that app's activities are candidates. No browser competes, no chooser appears and App Link verification is never consulted, so the command opens the app even when a real tap on the same link would open the browser. It proves the intent filter matches, not that the link is verified. When no activity of the package matches, am prints \"Error: Activity not started, unable to resolve Intent\".",
        sources: [QAToolRules.S.parseCommandArgs, QAToolRules.S.setPackage, QAToolRules.S.amDoc])

    /// `xcrun simctl openurl booted URL` opens the URL in the Simulator as a system open
    /// Decided in ``QATaps/simctl``.
    package static let iosSimctlOpenurl = Rule(
        id: "ios.simctl.openurl", title: "simctl openurl opens a URL in the Simulator as the system would",
        versions: [.ios()],
        explanation:
            "`xcrun simctl openurl booted URL` hands the URL to the booted Simulator's system: a universal link opens the associated app (universal links can be tested in the Simulator), an unclaimed web link opens Safari, a custom scheme opens the app that registered it. No Safari page, long-press or user preference is involved. Where the Simulator may differ from a device (Apple's CDN, developer-mode fetches, the absence of the App Store app) is not documented; linksim treats it like a device and says so.",
        sources: [QAToolRules.S.simctlBraze, QAToolRules.S.simulatorULs])

    /// simctl openurl with a custom scheme asks before it opens the app
    /// Decided in ``QATaps/simctl``.
    package static let iosSimctlSchemePrompt = Rule(
        id: "ios.simctl.scheme-prompt", title: "simctl openurl with a custom scheme asks “Open in “App”?”",
        versions: [.ios()],
        explanation:
            "A custom-scheme URL opened with simctl makes the Simulator ask “Open in “App”?” before the app opens (a developer's report; the exact Xcode versions are not documented). Scripts that open scheme links must answer the alert.",
        sources: [QAToolRules.S.simctlPrompt])

    /// iOS: tapping a push notification opens its app and hands the payload to the app's delegate
    /// Decided in ``QATaps/push``.
    package static let iosPushTap = Rule(
        id: "ios.push.tap", title: "A tapped notification opens its app, which routes the payload itself",
        versions: [.ios()],
        explanation:
            "Tapping a notification launches or foregrounds the app that posted it and calls its UNUserNotificationCenter delegate's userNotificationCenter(_:didReceive:withCompletionHandler:) with the payload. No link resolution happens: iOS does not look at the URL in the payload, so universal-link association and custom-scheme registration do not matter; the app's own code passes the URL to its router. An app that never ran cannot have registered for remote notifications, so it has none to tap.",
        sources: [QAToolRules.S.iosNotification, QAToolRules.S.iosRegister])

    /// Android: tapping a push notification fires the app's PendingIntent; the payload rides in the extras
    /// Decided in ``QATaps/push``.
    package static let androidPushTap = Rule(
        id: "android.push.tap", title: "A tapped notification starts the app's own activity with the payload",
        versions: [.android()],
        explanation:
            "A notification's tap action is a PendingIntent the app itself created: tapping it starts the app's activity (for an FCM notification message, the launcher activity) with the payload in the intent extras — onCreate on a cold start, onNewIntent when the activity is reused. No intent filter, App Link verification or chooser is involved; the app reads the URL from the extras and routes it.",
        sources: [QAToolRules.S.androidNotificationTap, QAToolRules.S.fcmReceive])

    /// Safari's Smart App Banner: Open when installed (with app-argument), View/App Store otherwise
    /// Decided in ``QATaps/smartAppBanner``.
    package static let iosSmartAppBanner = Rule(
        id: "ios.smart-app-banner", title: "Safari's Smart App Banner opens the app, or its App Store page",
        versions: [.ios()],
        explanation:
            "A page with `<meta name=\"apple-itunes-app\" content=\"app-id=…, app-argument=URL\">` shows a banner in Safari. When the app is installed, tapping the banner opens it and hands it the app-argument URL (delivered like a URL the app is asked to open); when it is not, the banner takes the user to the app's App Store page, and the app-argument is not kept through the install. No association file is consulted: the banner works without universal links.",
        sources: [QAToolRules.S.smartBanner, QAToolRules.S.smartBannerURL])

    /// The Camera app shows a scanned QR code's URL as a banner; tapping it opens the URL
    /// Decided in ``LinkTap/perform``.
    package static let iosQrCameraBanner = Rule(
        id: "ios.qr.camera-banner", title: "The Camera shows a scanned QR code as a banner the user taps",
        versions: [.ios()],
        explanation:
            "Pointing the Camera at a QR code shows a notification banner with its URL; tapping the banner opens the URL. linksim then treats the Camera like Notes: a universal link opens its app, a custom scheme its registered app, anything else the default browser (an assumption: the Camera's exact calls are not documented).",
        sources: [QAToolRules.S.qrCamera])
}

/// Landing pages (issue #18 item 6).
enum LandingPageRules {
    static let all: [Rule] = [.webJsFallbackRace, .iosAppClipCard]
}

extension Rule {
    /// The “try the scheme, then the store after a timer” landing page is a race
    /// Decided in ``LandingPages/tap``.
    package static let webJsFallbackRace = Rule(
        id: "web.js-fallback.race", title: "The JavaScript scheme-then-store fallback is a race against a timer",
        versions: [.ios(), .android()],
        explanation:
            "A common landing page sets location to the app's custom scheme and starts a timer (often 500 ms) that sends the page to the App Store, Google Play or the web if it is still showing. The script's navigation has no user gesture, so the browser asks first (Safari's “Open in …?”, Chrome's “Continue to …?”) and the timer keeps running behind the prompt: a user slower than the timer, or a slow device that takes longer to bring the app up, ends in the store although the app is installed. Without the app, Safari shows “Cannot Open Page” before the timer moves on. Practitioners call the approach fragile; how each browser treats the prompt when the page navigates away is not documented, so linksim decides the race from the scenario's timings and says so.",
        sources: [
            "[linksim model] how each browser treats the prompt when the page navigates away is not documented; linksim decides the race from the scenario's timings",
            "[C] " + UniversalLinkRules.impactHelp + " (a JavaScript navigation is not user-initiated)",
            "[A] https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app",
        ])
}

extension Rule {
    /// A link of an App Clip experience shows the App Clip card when the full app is not installed
    /// Decided in ``AppClips/tap``.
    package static let iosAppClipCard = Rule(
        id: "ios.app-clip.card", title: "An App Clip link shows the App Clip card unless the full app is installed",
        versions: [.ios(14)],
        explanation:
            "A link registered as an App Clip experience invokes the App Clip: iOS shows the App Clip card and the clip launches with the invocation URL (an NSUserActivity of type NSUserActivityTypeBrowsingWeb). The host's apple-app-site-association must list the clip (TEAMID.bundle.Clip) in its `appclips` section's `apps` (no `*.` wildcard domains for appclips). When the full app is installed it replaces the clip: the link goes to the full app. App Clips exist from iOS 14.",
        sources: [
            DeferredSources.privateRelayAF,
            "[APL-AppClip] https://developer.apple.com/documentation/appclip/responding-to-invocations",
            "[A] https://developer.apple.com/documentation/xcode/supporting-associated-domains (the appclips service)",
        ])
}
