/// Sources for the deferred rules: the vendor's tag, then a URL or a public repository and path.
enum DeferredSources {
    static let udlIOS = "[AF-UDL-iOS] https://dev.appsflyer.com/hc/docs/dl_ios_unified_deep_linking"
    static let udlAndroid = "[AF-UDL-Android] https://dev.appsflyer.com/hc/docs/dl_android_unified_deep_linking"
    static let eddl = "[AF-eDDL] https://dev.appsflyer.com/hc/docs/dl_ios_ocds_ddl"
    static let workflow = "[AF-Workflow] https://dev.appsflyer.com/hc/docs/dl_work_flow"
    static let legacyIOS = "[AF-Legacy-iOS] https://dev.appsflyer.com/hc/docs/dl_ios_gcd_legacy"
    static let privateRelayAF = "[AF-PrivateRelay] https://dev.appsflyer.com/hc/docs/dl_ios_private_relay"
    static let iosInit = "[AF-iOS-init] AppsFlyerKnowledge/devhub docs/guides/deep_linking/dl_ios_overview/dl_ios_init_setup.md"
    static let androidInit = "[AF-Android-init] AppsFlyerKnowledge/devhub docs/guides/deep_linking/dl_android_overview/dl_android_init_setup.md"
    static let convDataIOS = "[AF-ConvData-iOS] https://dev.appsflyer.com/hc/docs/conversion-data-ios"
    static let integrateIOS = "[AF-Integrate-iOS] https://dev.appsflyer.com/hc/docs/integrate-ios-sdk"
    static let libRefIOS = "[AF-LibRef-iOS] AppsFlyerKnowledge/devhub docs/guides/sdks/ios-sdk-reference/ios-sdk-reference-appsflyerlib.md"
    static let dlResultAndroid = "[AF-DLResult-Android] https://dev.appsflyer.com/hc/docs/deeplinkresult"
    static let ddlAPI = "[AF-DDL-API] AppsFlyerKnowledge/devhub docs/apis/OneLink/ddlapi.yaml"
    static let gcdAPI = "[AF-GCD-API] AppsFlyerKnowledge/devhub docs/apis/gcdapi/gcdapi_v5.yaml"
    static let payloads = "[AF-Payloads] AppsFlyerKnowledge/devhub docs/guides/sdks/common-data-structures/ios-sample-payloads.md"
    static let longURL = "[AF-LongURL] https://support.appsflyer.com/hc/en-us/articles/360017132597"
    static let linkParams = "[AF-LinkParams] https://support.appsflyer.com/hc/en-us/articles/207447163"
    static let uriFallback = "[AF-URIFallback] https://support.appsflyer.com/hc/en-us/articles/115002366466"
    static let oneLinkFAQ = "[AF-OneLinkFAQ] https://support.appsflyer.com/hc/en-us/articles/360014821438"
    static let bestPractice = "[AF-BestPractice] https://support.appsflyer.com/hc/en-us/articles/360000724598"
    static let oneLinkAPI = "[AF-OneLinkAPI] https://dev.appsflyer.com/hc/reference/overview-4"
    static let lookback = "[AF-Lookback] https://support.appsflyer.com/hc/en-us/articles/208338403"
    static let attrModel = "[AF-AttrModel] https://support.appsflyer.com/hc/en-us/articles/207447053"
    static let reattr = "[AF-Reattr] https://support.appsflyer.com/hc/en-us/articles/115002587066"
    static let rnUDL = "[AF-RN-UDL] AppsFlyerSDK/appsflyer-react-native-plugin Docs/RN_UnifiedDeepLink.md"
    static let capacitor = "[AF-Capacitor] AppsFlyerSDK/appsflyer-capacitor-plugin docs/BasicIntegration.md"
    static let issue319 = "[AF-Issue-319] https://github.com/AppsFlyerSDK/appsflyer-react-native-plugin/issues/319"
    static let issue223 = "[AF-Issue-223] https://github.com/AppsFlyerSDK/appsflyer-flutter-plugin/issues/223"
    static let issue367 = "[AF-Issue-367] https://github.com/AppsFlyerSDK/appsflyer-react-native-plugin/issues/367"
    static let issue293 = "[AF-Issue-293] https://github.com/AppsFlyerSDK/AppsFlyerFramework/issues/293"
    static let brRouting = "[BR-Routing] Branch docs mirror sabeydeedaya/docs src/pages/deep-linking/routing.md"
    static let brMethod = "[BR-Method] https://help.branch.io/using-branch/docs/branch-methodology-overview"
    static let brNativeLink = "[BR-NativeLink] https://help.branch.io/docs/nativelink-deferred-deep-linking"
    static let brDuration = "[BR-Duration] https://help.branch.io/faq/docs/what-is-the-time-range-for-deep-link-durationmatch-duration"
    static let brExpire = "[BR-Expire] https://support.branch.io/support/solutions/articles/6000039874-do-branch-links-expire-"
    static let brDomains = "[BR-Domains] https://support.branch.io/support/solutions/articles/6000193855"
    static let brLinkRef = "[BR-LinkRef] https://help.branch.io/docs/deep-link-reference"
    static let brPasteboard =
        "[BR-SDK-Pasteboard] BranchMetrics/ios-branch-deep-linking-attribution Sources/BranchSDK/BNCPasteboard.m, Branch.m, BNCRequestFactory.m"
    static let br1394 = "[BR-1.39.4] https://newreleases.io/project/github/BranchMetrics/ios-branch-deep-linking-attribution/release/1.39.4"
    static let adjDDL = "[ADJ-DDL] https://dev.adjust.com/en/sdk/ios/features/deep-links/deferred"
    static let adjLinkMe = "[ADJ-LinkMe] https://dev.adjust.com/en/sdk/ios/v4/features/deep-links/additional"
    static let adjWindows = "[ADJ-Windows] https://help.adjust.com/en/article/attribution-windows"
    static let adjLinks = "[ADJ-Links] https://help.adjust.com/en/article/link-parameters"
    static let fdlFAQ = "[FDL-FAQ] https://firebase.google.com/support/dynamic-links-faq"
    static let fdlIOSSDK = "[FDL-iOS-SDK] firebase/firebase-ios-sdk FirebaseDynamicLinks/README.md"
    static let fdl404 = "[FDL-3P-404] https://elido.app/ru/blog/migrate-from-firebase-dynamic-links (third-party, unverified)"
    static let gpIR = "[GP-IR] https://developer.android.com/google/play/installreferrer"
    static let gaCampaigns = "[GA-Campaigns] https://developers.google.com/analytics/devguides/collection/android/v4/campaigns"
    static let att =
        "[APL-ATT] https://developer.apple.com/news/?id=ecvrtzt2 ; https://developer.apple.com/documentation/adsupport/asidentifiermanager/advertisingidentifier"
    static let pasteControl = "[APL-PasteControl] https://developer.apple.com/documentation/uikit/uipastecontrol"
    static let privateRelay = "[APL-PrivateRelay] https://wwdcnotes.com/documentation/wwdc21-10096-get-ready-for-icloud-private-relay/"
}

/// Deferred deep links and link providers: click time, first open, later launches.
enum DeferredRules {
    typealias S = DeferredSources
    static let both: [VersionRange] = [.ios(), .android()]

    static let all: [Rule] = [
        // Click time
        .deferredProviderLink,
        .deferredAfLongLink,
        .deferredAfShortLink,
        .deferredClickOpensApp,
        .deferredClickAddressBar,
        .deferredAfUriFallback,
        .deferredClickStore,
        .deferredClickFallbackUrl,
        .deferredClickPlayReferrer,
        .deferredClickLandingCopiesLink,
        .deferredFirebaseShutdown,
        // AppsFlyer at open
        .deferredAfUdlDirect,
        .deferredAfLegacyDirect,
        .deferredAfUdlDeferred,
        .deferredAfUdlNotFound,
        .deferredAfUdlSrn,
        .deferredAfGcdNonOrganic,
        .deferredAfGcdOrganic,
        .deferredAfEddlRoute,
        .deferredAfLaterLaunch,
        .deferredAfGcdEveryLaunch,
        .deferredAfOffline,
        .deferredAfTimeout,
        .deferredAfAttWait,
        .deferredAfReinstall,
        .deferredAfClipboardRecipe,
        // Matching
        .deferredMatchReferrer,
        .deferredMatchId,
        .deferredMatchIdfaAtt,
        .deferredMatchProbabilistic,
        .deferredMatchPrivateRelay,
        .deferredMatchNetworkChange,
        .deferredMatchNone,
        // Pasteboard
        .deferredIosPasteAlert,
        .deferredIosPasteBanner,
        .deferredIosPasteDenied,
        .deferredPasteboardNoLink,
        // Branch
        .deferredBranchDirect,
        .deferredBranchNativelink,
        .deferredBranchGuaranteed,
        .deferredBranchSnapshot,
        .deferredBranchNoMatch,
        .deferredBranchLaterSession,
        // Adjust
        .deferredAdjustDeferred,
        .deferredAdjustLinkme,
        .deferredAdjustNoMatch,
    ]
}

extension Rule {
    /// Provider links are recognised by their domain
    /// Decided in ``ProviderLinks/linkData``.
    package static let deferredProviderLink = Rule(
        id: "deferred.provider.link", title: "Provider links are recognised by their domain",
        versions: DeferredRules.both,
        explanation:
            "Deep-link providers serve links from their own domains: *.onelink.me (AppsFlyer), *.app.link, *.test-app.link and bnc.lt (Branch), app.adjust.com and *.go.link (Adjust), *.page.link (Firebase Dynamic Links), or a branded domain configured for the provider. The provider's server records the click before it redirects.",
        sources: [DeferredRules.S.longURL, DeferredRules.S.brDomains, DeferredRules.S.adjLinks, DeferredRules.S.fdlFAQ])

    /// A long OneLink URL carries its parameters in the query
    /// Decided in ``ProviderLinks/linkData``.
    package static let deferredAfLongLink = Rule(
        id: "deferred.af.long-link", title: "A long OneLink URL carries its parameters in the query",
        versions: DeferredRules.both,
        explanation:
            "A long OneLink URL (https://acme.onelink.me/H5hv?pid=…&deep_link_value=…) carries every parameter in its query string; the SDK parses them from the opened URL. Long URLs never expire.",
        sources: [DeferredRules.S.longURL, DeferredRules.S.linkParams, DeferredRules.S.legacyIOS])

    /// A short OneLink URL is resolved by AppsFlyer's servers
    /// Decided in ``ProviderLinks/linkData``.
    package static let deferredAfShortLink = Rule(
        id: "deferred.af.short-link", title: "A short OneLink URL is resolved by AppsFlyer's servers",
        versions: DeferredRules.both,
        explanation:
            "A short OneLink URL (https://acme.onelink.me/H5hv/apples) keeps its parameters on AppsFlyer's servers; the SDK calls the short-link resolver. Short links created through the OneLink API have a ttl (31 days by default). What an expired or unknown short link resolves to is not documented: linksim gives it no parameters (assumption A1).",
        sources: [DeferredRules.S.longURL, DeferredRules.S.udlIOS, DeferredRules.S.oneLinkAPI])

    /// With the app installed, a provider link opens it through a universal link or App Link
    /// Decided in ``ProviderLinks/tap``.
    package static let deferredClickOpensApp = Rule(
        id: "deferred.click.opens-app", title: "With the app installed, a provider link opens it through a universal link or App Link",
        versions: [.ios(9), .android(api: 23)],
        explanation:
            "When the app is installed and its universal links (iOS; the provider hosts the AASA file) or verified App Links (Android 6+) cover the provider domain, the tap opens the app directly. The SDK receives the link and reports a direct (non-deferred) deep link.",
        sources: [DeferredRules.S.oneLinkFAQ, DeferredRules.S.udlIOS, DeferredRules.S.androidInit])

    /// Links typed or pasted into the address bar do not open the app
    /// Decided in ``ProviderLinks/tap``.
    package static let deferredClickAddressBar = Rule(
        id: "deferred.click.address-bar", title: "Links typed or pasted into the address bar do not open the app",
        versions: [.ios()],
        explanation:
            "iOS prevents deep linking from the address bar of all browsers: a provider link pasted into Safari's address bar loads the provider's page even when the app is installed.",
        sources: [DeferredRules.S.bestPractice])

    /// OneLink falls back to the af_dp URI scheme only in some browsers, or with af_force_deeplink
    /// Decided in ``ProviderLinks/tap``.
    package static let deferredAfUriFallback = Rule(
        id: "deferred.af.uri-fallback", title: "OneLink falls back to the af_dp URI scheme only in some browsers, or with af_force_deeplink",
        versions: DeferredRules.both,
        explanation:
            "When universal links / App Links do not open the app, the OneLink page may open the app through the URI scheme in af_dp. On iOS this happens by default only in Chrome, X/Twitter and a few other apps; in Safari only when the link has af_force_deeplink=true. On Android the URI scheme is the fallback when App Links are not verified. Otherwise the user goes to the store or af_ios_url / af_android_url.",
        sources: [DeferredRules.S.uriFallback, DeferredRules.S.iosInit, DeferredRules.S.oneLinkFAQ])

    /// Without the app, the provider redirects to the App Store or Google Play
    /// Decided in ``ProviderLinks/storeOrFallback``.
    package static let deferredClickStore = Rule(
        id: "deferred.click.store", title: "Without the app, the provider redirects to the App Store or Google Play",
        versions: DeferredRules.both,
        explanation:
            "When the app is not installed (or did not open), the provider records the click and redirects to the app's App Store or Google Play page; after install and first open the SDK asks for the deferred deep link.",
        sources: [DeferredRules.S.legacyIOS, DeferredRules.S.uriFallback, DeferredRules.S.brLinkRef, DeferredRules.S.adjDDL])

    /// af_ios_url / af_android_url replace the store redirect
    /// Decided in ``ProviderLinks/storeOrFallback``.
    package static let deferredClickFallbackUrl = Rule(
        id: "deferred.click.fallback-url", title: "af_ios_url / af_android_url replace the store redirect",
        versions: DeferredRules.both,
        explanation:
            "af_ios_url and af_android_url override where users without the app are sent on iOS and Android: a web page instead of the App Store or Google Play.",
        sources: [DeferredRules.S.uriFallback])

    /// The Google Play redirect carries the click in the referrer
    /// Decided in ``ProviderLinks/storeOrFallback``.
    package static let deferredClickPlayReferrer = Rule(
        id: "deferred.click.play-referrer", title: "The Google Play redirect carries the click in the referrer",
        versions: [.android()],
        explanation:
            "On Android the store redirect puts the click into the Play URL's referrer parameter; Google Play hands it to the installed app through the Install Referrer API, which makes the later match deterministic.",
        sources: [DeferredRules.S.attrModel, DeferredRules.S.gpIR, DeferredRules.S.gaCampaigns])

    /// A landing page can copy the link to the pasteboard before the store
    /// Decided in ``ProviderLinks/storeOrFallback``.
    package static let deferredClickLandingCopiesLink = Rule(
        id: "deferred.click.landing-copies-link", title: "A landing page can copy the link to the pasteboard before the store",
        versions: [.ios()],
        explanation:
            "Pasteboard-based deferred deep linking starts on a web page: AppsFlyer's recipe has an app-owned landing page copy the link with cp_url=true; Branch's NativeLink Deepview copies the link when the user taps its button; Adjust's LinkMe page offers to copy the link. The app reads it back on first open.",
        sources: [DeferredRules.S.privateRelayAF, DeferredRules.S.brNativeLink, DeferredRules.S.adjLinkMe])

    /// Firebase Dynamic Links stopped working on 2025-08-25
    /// Decided in ``ProviderLinks/tap``.
    package static let deferredFirebaseShutdown = Rule(
        id: "deferred.firebase.shutdown", title: "Firebase Dynamic Links stopped working on 2025-08-25",
        versions: DeferredRules.both,
        explanation:
            "On August 25th, 2025 Firebase Dynamic Links shut down: all page.link and custom-domain links stopped working — no store redirect, no app, no deferred data. Google does not state the HTTP status or time zone; linksim shows an error page (HTTP 404, as a third party reports) from 2025-08-25T00:00Z (assumption A6).",
        sources: [DeferredRules.S.fdlFAQ, DeferredRules.S.fdl404])

    /// UDL reports a direct deep link with the full link data
    /// Decided in ``DirectOpen/routing``.
    package static let deferredAfUdlDirect = Rule(
        id: "deferred.af.udl-direct", title: "UDL reports a direct deep link with the full link data",
        versions: DeferredRules.both,
        explanation:
            "When a OneLink opens an installed app, UDL calls didResolveDeepLink (iOS) / onDeepLinking (Android) with status FOUND, isDeferred false, and the full data: deep_link_value, deep_link_sub1-10, af_dp, path, host, scheme, link and the ad fields.",
        sources: [DeferredRules.S.udlIOS, DeferredRules.S.udlAndroid])

    /// Without UDL, onAppOpenAttribution receives a direct deep link
    /// Decided in ``DirectOpen/routing``.
    package static let deferredAfLegacyDirect = Rule(
        id: "deferred.af.legacy-direct", title: "Without UDL, onAppOpenAttribution receives a direct deep link",
        versions: DeferredRules.both,
        explanation:
            "Apps on the legacy API receive direct deep links in onAppOpenAttribution with all link parameters. It is mutually exclusive with UDL: apps that implement UDL never get it.",
        sources: [DeferredRules.S.legacyIOS, DeferredRules.S.eddl, DeferredRules.S.rnUDL])

    /// UDL's deferred result holds only deep_link_value and deep_link_sub1-10
    /// Decided in ``AppsFlyerFirstOpen/resolve``.
    package static let deferredAfUdlDeferred = Rule(
        id: "deferred.af.udl-deferred", title: "UDL's deferred result holds only deep_link_value and deep_link_sub1-10",
        versions: DeferredRules.both,
        explanation:
            "On a first launch within 15 minutes of a matched click, UDL returns FOUND with isDeferred true. For privacy only deep_link_value and deep_link_sub1–deep_link_sub10 are returned to new users; media_source, campaign, af_sub1-5, custom keys and af_dp are null. Route on deep_link_value, not on custom parameters.",
        sources: [DeferredRules.S.udlIOS, DeferredRules.S.eddl, DeferredRules.S.rnUDL])

    /// UDL returns NOT_FOUND after 15 minutes or without a match
    /// Decided in ``AppsFlyerFirstOpen/resolve``.
    package static let deferredAfUdlNotFound = Rule(
        id: "deferred.af.udl-not-found", title: "UDL returns NOT_FOUND after 15 minutes or without a match",
        versions: DeferredRules.both,
        explanation:
            "UDL's deferred lookback is 15 minutes from click to install (the first open). Later, or when no click matches, UDL returns NOT_FOUND even when the install is attributed; apps that need longer route from conversion data (extended deferred deep linking).",
        sources: [DeferredRules.S.eddl, DeferredRules.S.workflow, DeferredRules.S.attrModel])

    /// Self-reporting network clicks give UDL no routing data
    /// Decided in ``AppsFlyerFirstOpen/resolve``.
    package static let deferredAfUdlSrn = Rule(
        id: "deferred.af.udl-srn", title: "Self-reporting network clicks give UDL no routing data",
        versions: DeferredRules.both,
        explanation:
            "UDL does not support self-reporting networks (e.g. Meta ads): for SRN clicks UDL may return FOUND without deep_link_value. The data arrives in conversion data (match_type srn), where an eDDL app routes from it.",
        sources: [DeferredRules.S.rnUDL, DeferredRules.S.eddl, DeferredRules.S.ddlAPI])

    /// Conversion data says Non-organic within the click lookback
    /// Decided in ``AppsFlyerFirstOpen/tellNonOrganic``.
    package static let deferredAfGcdNonOrganic = Rule(
        id: "deferred.af.gcd-non-organic", title: "Conversion data says Non-organic within the click lookback",
        versions: DeferredRules.both,
        explanation:
            "onConversionDataSuccess reports af_status Non-organic with the full click data (media_source, campaign, deep_link_value, custom parameters, match_type, is_first_launch) when a click matches within the lookback: 7 days by default for referrer and ID matching (af_click_lookback on the link or the app's setting changes it), at most 24 hours for probabilistic modelling.",
        sources: [DeferredRules.S.convDataIOS, DeferredRules.S.lookback, DeferredRules.S.payloads, DeferredRules.S.gcdAPI])

    /// Conversion data says Organic when no click is within the lookback
    /// Decided in ``AppsFlyerFirstOpen/resolve``.
    package static let deferredAfGcdOrganic = Rule(
        id: "deferred.af.gcd-organic", title: "Conversion data says Organic when no click is within the lookback",
        versions: DeferredRules.both,
        explanation:
            "Outside the lookback window, without a matching click, or for a reinstall inside the re-attribution window, onConversionDataSuccess reports af_status Organic with no link data.",
        sources: [DeferredRules.S.lookback, DeferredRules.S.gcdAPI, DeferredRules.S.reattr])

    /// Extended deferred deep linking routes from conversion data
    /// Decided in ``AppsFlyerFirstOpen/resolve``.
    package static let deferredAfEddlRoute = Rule(
        id: "deferred.af.eddl-route", title: "Extended deferred deep linking routes from conversion data",
        versions: DeferredRules.both,
        explanation:
            "Apps that implement UDL and onConversionDataSuccess can route from conversion data when UDL returns NOT_FOUND (more than 15 minutes) or FOUND without routing data (SRN): if af_status is Non-organic and is_first_launch is true, use deep_link_value or a custom key. Only one of the two may route the user. A failed UDL (FAILURE on iOS, ERROR such as a timeout on Android) is neither case: linksim does not route from conversion data then, and says so as an assumption.",
        sources: [DeferredRules.S.eddl, DeferredRules.S.workflow, DeferredRules.S.legacyIOS])

    /// Later launches: no UDL callback, cached conversion data with is_first_launch false
    /// Decided in ``AppsFlyerFirstOpen/tellLaterLaunch``.
    package static let deferredAfLaterLaunch = Rule(
        id: "deferred.af.later-launch", title: "Later launches: no UDL callback, cached conversion data with is_first_launch false",
        versions: DeferredRules.both,
        explanation:
            "The deferred lookup runs only on the first launch of an install. A later launch without a link produces no UDL callback; onConversionDataSuccess fires again with the cached payload and is_first_launch false.",
        sources: [DeferredRules.S.issue223, DeferredRules.S.issue367, DeferredRules.S.convDataIOS])

    /// onConversionDataSuccess fires on every launch — check is_first_launch
    /// Decided in ``AppsFlyerFirstOpen/resolve``.
    package static let deferredAfGcdEveryLaunch = Rule(
        id: "deferred.af.gcd-every-launch", title: "onConversionDataSuccess fires on every launch — check is_first_launch",
        versions: DeferredRules.both,
        explanation:
            "onConversionDataSuccess is invoked whenever the app opens or returns to the foreground, each time with the same cached payload. An app that routes from it without checking is_first_launch sends the user to the deferred screen again on every launch.",
        sources: [DeferredRules.S.issue319, DeferredRules.S.issue223, DeferredRules.S.convDataIOS])

    /// Offline at first open: the deferred lookup fails and is not retried
    /// Decided in ``AppsFlyerFirstOpen/resolve``.
    package static let deferredAfOffline = Rule(
        id: "deferred.af.offline", title: "Offline at first open: the deferred lookup fails and is not retried",
        versions: DeferredRules.both,
        explanation:
            "The deferred lookup happens at launch. Without a network UDL reports FAILURE (iOS) / ERROR NETWORK (Android) and conversion data fails; the SDK does not retry the deferred lookup later.",
        sources: [DeferredRules.S.dlResultAndroid, DeferredRules.S.issue293])
}
