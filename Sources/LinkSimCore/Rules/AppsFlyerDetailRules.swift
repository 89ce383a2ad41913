/// AppsFlyer integration details a team gets wrong (issue #18 item 7), from AppsFlyer's developer docs.
enum AppsFlyerDetailSources {
    static let udlNeedsSDK61 = "[AF-UDL-iOS] https://dev.appsflyer.com/hc/docs/dl_ios_unified_deep_linking (\"UDL requires AppsFlyer iOS SDK V6.1+\")"
    static let legacy =
        "[AF-Legacy-iOS] https://dev.appsflyer.com/hc/docs/dl_ios_gcd_legacy: onAppOpenAttributionFailure, \"Conversion data will not return a custom parameter named name\", the sample payload's iscache"
    static let udlTesting =
        "[AF-UDL-iOS] https://dev.appsflyer.com/hc/docs/dl_ios_unified_deep_linking (testing prerequisites: \"Register your testing device. Enable debug mode in the app.\" — \"The following logs are available only when debug mode is enabled.\")"
    static let testDeviceBlog =
        "[C] https://khorbushko.github.io/article/2025/04/28/deep-linking.html (a practitioner: the test device's IDFA has to be registered for deep links to work on debug builds — unverified)"
    static let udlProcessedFlag =
        "[AF-UDL-iOS] https://dev.appsflyer.com/hc/docs/dl_ios_unified_deep_linking (sample: `deferredDeepLinkProcessedFlag = YES` \"marks to GCD that UDL already processed this deep link\")"
}

enum AppsFlyerDetailRules {
    typealias S = AppsFlyerDetailSources
    static let all: [Rule] = [
        .deferredAfUdlNeedsSdk61, .deferredAfSdkNotStarted, .deferredAfLinkNotForwarded, .deferredAfDirectFailure,
        .deferredAfGcdNoName, .deferredAfIscache, .deferredAfDpWebUrl, .deferredAfDoubleRouting, .deferredAfDebugMode,
    ]
}

extension Rule {
    /// Unified Deep Linking exists from AppsFlyer SDK 6.1 on
    /// Decided in ``AppsFlyerOptions/tellUDLMissing``.
    package static let deferredAfUdlNeedsSdk61 = Rule(
        id: "deferred.af.udl-sdk-6-1", title: "Unified Deep Linking needs AppsFlyer SDK 6.1+",
        versions: DeferredRules.both,
        explanation:
            "UDL (didResolveDeepLink / onDeepLinking) requires AppsFlyer SDK 6.1 or later. An app on an older SDK has only the legacy callbacks: onAppOpenAttribution for direct deep links and onConversionDataSuccess (with is_first_launch) for deferred ones, with their privacy limits on iOS 14.5+.",
        sources: [DeferredSources.udlIOS, DeferredSources.udlAndroid, AppsFlyerDetailRules.S.udlNeedsSDK61])

    /// An SDK that is never started sends nothing and calls back nothing
    /// Decided in ``AppsFlyerDirect/check``.
    package static let deferredAfSdkNotStarted = Rule(
        id: "deferred.af.sdk-not-started", title: "An AppsFlyer SDK that is never started calls no callback",
        versions: DeferredRules.both,
        explanation:
            "The SDK sends its launch and runs the UDL lookup only after start() (iOS: typically in applicationDidBecomeActive; the UDL listener must be registered before start). An app that never calls start — a missing call, a consent gate that never opens — gets no didResolveDeepLink / onDeepLinking and no conversion data: no direct or deferred deep link reaches its router.",
        sources: [DeferredSources.udlIOS, DeferredSources.udlAndroid, DeferredSources.integrateIOS])

    /// The app must hand the opened link to the SDK
    /// Decided in ``AppsFlyerDirect/check``.
    package static let deferredAfLinkNotForwarded = Rule(
        id: "deferred.af.link-not-forwarded", title: "The app must hand the opened link to the AppsFlyer SDK",
        versions: DeferredRules.both,
        explanation:
            "On iOS the app receives the universal link or URL itself and must forward it: AppsFlyerLib.shared().continue(userActivity) from continue userActivity, handleOpen(url, options:) from open URL. An app that does not forward it gets no didResolveDeepLink for the link (UDL does not call back on a launch without a link), so its SDK-driven router shows nothing new.",
        sources: [DeferredSources.udlIOS, DeferredSources.issue367])

    /// A short link the SDK cannot resolve fails: UDL FAILURE/ERROR, legacy onAppOpenAttributionFailure
    /// Decided in ``AppsFlyerDirect/check``.
    package static let deferredAfDirectFailure = Rule(
        id: "deferred.af.direct-failure", title: "A short link the SDK cannot resolve reports a failure",
        versions: DeferredRules.both,
        explanation:
            "A short OneLink URL needs AppsFlyer's resolver. When the request fails (no network), UDL calls back with status FAILURE on iOS (ERROR with NETWORK on Android) and no deep link data; the legacy API calls onAppOpenAttributionFailure instead of onAppOpenAttribution, where the app must create \"an expected experience for the user\". A long URL needs no resolver: its parameters are parsed from the URL.",
        sources: [DeferredSources.dlResultAndroid, DeferredSources.udlIOS, AppsFlyerDetailRules.S.legacy])

    /// Conversion data never returns a custom parameter named `name`
    /// Decided in ``AppsFlyerLaunchDetails/fresh``.
    package static let deferredAfGcdNoName = Rule(
        id: "deferred.af.gcd-no-name", title: "Conversion data never returns a custom parameter named `name`",
        versions: DeferredRules.both,
        explanation:
            "AppsFlyer's legacy deep-linking guide notes that conversion data will not return a custom parameter named \"name\" (lowercase n). A router that routes on `name` from onConversionDataSuccess never sees it; rename the parameter.",
        sources: [AppsFlyerDetailRules.S.legacy])

    /// `iscache` tells a cached conversion payload from a fresh one
    /// Decided in ``AppsFlyerLaunchDetails/cached``.
    package static let deferredAfIscache = Rule(
        id: "deferred.af.iscache", title: "Conversion data carries iscache",
        versions: DeferredRules.both,
        explanation:
            "Conversion-data payloads carry `iscache`. The payload is cached on the first call and returned again on every later launch (with is_first_launch false); linksim reports iscache=false for the first, server-fresh payload and iscache=true for the cached ones (an assumption: AppsFlyer's documentation shows the field but does not define it).",
        sources: [DeferredSources.convDataIOS, DeferredSources.payloads, AppsFlyerDetailRules.S.legacy])

    /// `af_dp` must be a URI scheme: an http(s) value opens no app
    /// Decided in ``AppsFlyerNotes/webAfDp``.
    package static let deferredAfDpWebUrl = Rule(
        id: "deferred.af.af-dp-web-url", title: "af_dp should be a URI scheme, not an http(s) URL",
        versions: DeferredRules.both,
        explanation:
            "af_dp is the URI-scheme deep link (e.g. acme://apples) OneLink falls back to when universal links or App Links do not open the app. An http(s) value cannot play that role: the fallback just loads a web page (or loops back through the link), and the app's router receives a web URL where it expects its scheme. linksim warns when it sees one.",
        sources: [DeferredSources.linkParams, DeferredSources.uriFallback])

    /// eDDL: UDL and conversion data both route unless the app marks the link processed
    /// Decided in ``AppsFlyerLaunchDetails/secondRoute``.
    package static let deferredAfDoubleRouting = Rule(
        id: "deferred.af.double-routing", title: "UDL and conversion data both route unless the app guards it",
        versions: DeferredRules.both,
        explanation:
            "With extended deferred deep linking the app implements both didResolveDeepLink/onDeepLinking and onConversionDataSuccess. When UDL finds the deferred link and conversion data is Non-organic with is_first_launch true, both handlers can route. AppsFlyer's sample sets a \"processed\" flag in UDL so conversion data does not route again; without it the user is routed twice (linksim shows the second navigation on top of the first — an assumption about the order of the callbacks).",
        sources: [DeferredSources.eddl, DeferredSources.workflow, AppsFlyerDetailRules.S.udlProcessedFlag])

    /// Debug mode logs; test devices are registered in the dashboard
    /// Decided in ``AppsFlyerNotes/debugLine``.
    package static let deferredAfDebugMode = Rule(
        id: "deferred.af.debug-mode", title: "AppsFlyer debug logs and registered test devices",
        versions: DeferredRules.both,
        explanation:
            "AppsFlyer's test procedure asks to register the testing device and enable debug mode: the SDK's [DDL] log lines (\"Calling didResolveDeepLink with: …\") are written only in debug mode. A practitioner reports that deep links did not work on debug builds until the device's IDFA was registered as a test device; that effect is not documented, so linksim only notes it.",
        sources: [AppsFlyerDetailRules.S.udlTesting, AppsFlyerDetailRules.S.testDeviceBlog])
}
