/// Android App Links: verification, resolution of web intents, and what Chrome, Custom Tabs,
/// WebViews and intent: URLs do.
enum AppLinkRules {
    static let collector = "[code] AOSP frameworks/base services/core/java/com/android/server/pm/verify/domain/DomainVerificationCollector.java"
    static let verifyDoc = "[doc] https://developer.android.com/training/app-links/verify-applinks"
    static let deepLinkingDoc = "[doc] https://developer.android.com/training/app-links/deep-linking"
    static let computerEngine =
        "[code] AOSP frameworks/base services/core/java/com/android/server/pm/ComputerEngine.java (filterCandidatesWithDomainPreferredActivitiesLPrBody)"
    static let domainVerificationService =
        "[code] AOSP frameworks/base services/core/java/com/android/server/pm/verify/domain/DomainVerificationService.java (approvalLevelForDomain, filterToApprovedApp)"
    static let statementService = "[code] AOSP packages/StatementService (DomainVerifier.kt, UrlFetcher.kt, StatementRetriever.kt, VerifyStatus.kt)"
    static let statementsDoc = "[doc] https://developers.google.com/digital-asset-links/v1/statements"
    static let shell = "[code] AOSP frameworks/base DomainVerificationShell.java, DomainVerificationDebug.java"
    static let cts = "[test] CTS DomainVerificationIntentStandaloneTests.kt (github.com/TeamWin/android_cts)"
    static let chromeHandler =
        "[code] Chromium components/external_intents/android/java/src/org/chromium/components/external_intents/ExternalNavigationHandler.java"
    static let chromeRedirect = "[code] Chromium components/external_intents/android/java/src/org/chromium/components/external_intents/RedirectHandler.java"
    static let chromeIntentsDoc = "[doc] https://developer.chrome.com/docs/android/intents"
    static let webViewClient =
        "[doc] https://developer.android.com/reference/android/webkit/WebViewClient#shouldOverrideUrlLoading(android.webkit.WebView,%20android.webkit.WebResourceRequest)"
    static let intentJava = "[code] AOSP frameworks/base core/java/android/content/Intent.java (parseUri, URI_INTENT_SCHEME)"

    static let all: [Rule] = [
        .androidApplinksCollectedHosts,
        .androidApplinksPerFilter,
        .androidApplinksWildcard,
        .androidApplinksAssetlinksHttp,
        .androidApplinksAssetlinksJson,
        .androidApplinksAssetlinksInclude,
        .androidApplinksAssetlinksMatch,
        .androidApplinksFingerprint,
        .androidApplinksState,
        .androidApplinksDynamicRules,
        .androidApplinksLinkHandlingOff,
        .androidApplinksUserSelection,
        .androidApplinksSelectionVsVerified,
        .androidApplinksPackageLifecycle,
        .androidApplinksShell,
        .androidApplinksResolution12,
        .androidApplinksTwoApproved,
        .androidApplinksLegacyAllOrNothing,
        .androidApplinksLegacyChooser,
        .androidChromeTypedUrl,
        .androidChromeUserGesture,
        .androidChromeChainTimeout,
        .androidChromeSameHost,
        .androidChromeNoHandler,
        .androidChromeFiresIntent,
        .androidChromeIncomingIntent,
        .androidCustomtabFirstUrl,
        .androidWebviewNoIntents,
        .androidIntentUrlParse,
        .androidIntentUrlFallback,
        .androidIntentUrlPlayStore,
    ]
}

extension Rule {
    /// Which hosts Android verifies
    /// Decided in ``AppLinkDomains/verifiesDomains``.
    package static let androidApplinksCollectedHosts = Rule(
        id: "android.applinks.collected-hosts", title: "Which hosts Android verifies",
        versions: [.android(api: 23)],
        explanation:
            "For apps targeting API 31+ on Android 12+, only hosts of a filter with autoVerify=\"true\", VIEW, BROWSABLE, DEFAULT and only http/https schemes are verified, each on its own. With target SDK 30 or lower (or on Android 6–11), if any filter needs verification, the hosts of every web filter are verified. A host outside that list is never verified.",
        sources: [AppLinkRules.collector, AppLinkRules.verifyDoc])

    /// Android 12+, target API 31+: each autoVerify filter is verified on its own
    /// Decided in ``AppLinkDomains/perFilter``.
    package static let androidApplinksPerFilter = Rule(
        id: "android.applinks.per-filter", title: "Android 12+, target API 31+: each autoVerify filter is verified on its own",
        versions: [.android(api: 31)], sdk: [.android(api: 31)],
        explanation:
            "An app targeting API 31 or higher on Android 12+ has only the hosts of its autoVerify filters verified (each filter on its own; its schemes must all be http/https). A host declared only in a filter without autoVerify is never verified. An app targeting API 30 or lower keeps the old collection: if any filter asks for verification, the hosts of every web filter are verified.",
        sources: [AppLinkRules.collector, AppLinkRules.verifyDoc])

    /// Wildcard hosts are verified at the apex
    /// Decided in ``AssetLinksVerifier/verify``.
    package static let androidApplinksWildcard = Rule(
        id: "android.applinks.wildcard", title: "Wildcard hosts are verified at the apex",
        versions: [.android(api: 23)],
        explanation:
            "A filter host *.example.com is verified against https://example.com/.well-known/assetlinks.json. The filter itself never matches the apex example.com, so the apex needs its own <data android:host>.",
        sources: [
            "[code] AOSP packages/StatementService src/com/android/statementservice/utils/StatementUtils.kt (createWebAssetString)",
            AppLinkRules.domainVerificationService,
        ])

    /// assetlinks.json must be a direct 200 over HTTPS
    /// Decided in ``AssetLinksVerifier/fetch``.
    package static let androidApplinksAssetlinksHttp = Rule(
        id: "android.applinks.assetlinks-http", title: "assetlinks.json must be a direct 200 over HTTPS",
        versions: [.android(api: 23)],
        explanation:
            "The verifier fetches https://<host>/.well-known/assetlinks.json over HTTPS whatever the filter's schemes. Only status 200 counts; redirects are not followed (301/302 → 1029, FAILURE_REDIRECT); any other status → 1026 (FAILURE_REJECTED_BY_SERVER). Files over 1 MiB are rejected. The AOSP verifier does not check Content-Type.",
        sources: [AppLinkRules.statementService, "[doc] https://developer.android.com/training/app-links/configure-assetlinks"])

    /// A JSON syntax error fails the whole file
    /// Decided in ``AssetLinksVerifier/fetch``.
    package static let androidApplinksAssetlinksJson = Rule(
        id: "android.applinks.assetlinks-json", title: "A JSON syntax error fails the whole file",
        versions: [.android(api: 23)],
        explanation: "assetlinks.json is a JSON array of statements. Malformed individual statements are skipped, but a syntax error fails the whole file.",
        sources: [AppLinkRules.statementService, AppLinkRules.statementsDoc])

    /// One level of include
    /// Decided in ``AssetLinksVerifier/verify``.
    package static let androidApplinksAssetlinksInclude = Rule(
        id: "android.applinks.assetlinks-include", title: "One level of include",
        versions: [.android(api: 31)],
        explanation: "A statement {\"include\": \"https://…\"} pulls in another statement list. The AOSP Android 12+ verifier follows one level of include.",
        sources: ["[code] AOSP StatementService network/retriever/StatementRetriever.kt (MAX_INCLUDE_LEVEL = 1)", AppLinkRules.statementsDoc])

    /// A statement must grant handle_all_urls to the package
    /// Decided in ``AssetLinksVerifier/verify``.
    package static let androidApplinksAssetlinksMatch = Rule(
        id: "android.applinks.assetlinks-match", title: "A statement must grant handle_all_urls to the package",
        versions: [.android(api: 23)],
        explanation:
            "Verification succeeds when some statement has relation delegate_permission/common.handle_all_urls and an android_app target whose package_name equals the app's package (case-sensitive) and lists one of the app's certificate fingerprints.",
        sources: [AppLinkRules.statementService, AppLinkRules.statementsDoc])

    /// The fingerprint must be the key that signs users' copies
    /// Decided in ``AssetLinksVerifier/verify``.
    package static let androidApplinksFingerprint = Rule(
        id: "android.applinks.fingerprint", title: "The fingerprint must be the key that signs users' copies",
        versions: [.android(api: 23)],
        explanation:
            "The device compares SHA-256 certificate fingerprints exactly, as upper-case hex pairs separated by colons. With Play App Signing the upload key's fingerprint is not the one on users' devices — use the app-signing key from Play Console; debug builds are signed with the debug key. List several fingerprints to cover them all.",
        sources: ["[doc] https://developer.android.com/training/app-links/configure-assetlinks", AppLinkRules.statementService])

    /// Per-domain verification state (Android 12+)
    /// Decided in ``AppLinkDomains/verifications``.
    package static let androidApplinksState = Rule(
        id: "android.applinks.state", title: "Per-domain verification state (Android 12+)",
        versions: [.android(api: 31)],
        explanation:
            "Android 12+ keeps a state per package and domain: none, verified, approved, denied, migrated, restored, legacy_failure, system_configured, or a verifier error code (1024+, e.g. 1026 rejected by server, 1029 redirect). verified, approved, migrated, restored and system_configured count as verified. `pm set-app-links` (and a scenario's domain_verification) can force a state.",
        sources: ["[code] AOSP frameworks/base core/java/android/content/pm/verify/domain/DomainVerificationState.java", AppLinkRules.shell])

    /// Android 15+: dynamic App Link rules in assetlinks.json
    /// Decided in ``DynamicAppLinks/readsRules``.
    package static let androidApplinksDynamicRules = Rule(
        id: "android.applinks.dynamic-rules", title: "Android 15+: dynamic App Link rules in assetlinks.json",
        versions: [.android(api: 35)],
        explanation:
            "assetlinks.json can narrow which URLs of a verified host open the app with relation_extensions › dynamic_app_link_components: components with \"/\" (path), \"?\" (query items), \"#\" (fragment) and \"exclude\". They are tried in order and the first match wins; if none matches, the URL is excluded and the link goes to the browser. Malformed rules are discarded (the manifest alone decides). Android 14 and earlier ignore them.",
        sources: [
            "[doc] https://developer.android.com/training/app-links/configure-assetlinks",
            "[code] AOSP frameworks/base services/core/java/com/android/server/pm/verify/domain/DomainVerificationService.java (matchUriRelativeFilterGroups)",
            "[code] AOSP packages/StatementService Parser/src/com/android/statementservice/parser/DalComponentParser.kt",
        ])

    /// “Open supported links” off: no domain is approved
    /// Decided in ``AppLinkDomains/approval``.
    package static let androidApplinksLinkHandlingOff = Rule(
        id: "android.applinks.link-handling-off", title: "“Open supported links” off: no domain is approved",
        versions: [.android(api: 23)],
        explanation:
            "When the user switches off “Open supported links” for the app (Android 12+: linkHandlingAllowed false; Android 6–11: “Don't open in this app”), the app gets approval NONE for all its domains, verified or not, and links go to the browser. The choice survives app updates.",
        sources: [AppLinkRules.domainVerificationService, AppLinkRules.cts])

    /// The user can enable an unverified domain by hand
    /// Decided in ``AppLinkDomains/approval``.
    package static let androidApplinksUserSelection = Rule(
        id: "android.applinks.user-selection", title: "The user can enable an unverified domain by hand",
        versions: [.android(api: 31)],
        explanation:
            "Under “Open by default › Links to open in this app” the user can enable a declared domain that is not verified: the app then gets approval SELECTION for it. A verified app beats a selected one, and a newer selection of another app replaces an older one.",
        sources: [AppLinkRules.domainVerificationService, AppLinkRules.cts])

    /// A domain another app has verified cannot be selected
    /// Decided in ``DomainVerificationTransitions/select``.
    package static let androidApplinksSelectionVsVerified = Rule(
        id: "android.applinks.selection-vs-verified", title: "A domain another app has verified cannot be selected",
        versions: [.android(api: 31)],
        explanation:
            "Only one app at a time is associated with a domain. While another app (with link handling allowed) is verified for it, the user cannot enable the domain for a second app: the selection is refused and the verified app keeps opening the links. The user must first disassociate the verified app.",
        sources: [AppLinkRules.verifyDoc, AppLinkRules.cts, AppLinkRules.domainVerificationService])

    /// Install, update and uninstall change App Link state
    /// Decided in ``DomainVerificationTransitions/settle``.
    package static let androidApplinksPackageLifecycle = Rule(
        id: "android.applinks.package-lifecycle", title: "Install, update and uninstall change App Link state",
        versions: [.android(api: 23)],
        explanation:
            "An install asks the verification agent to check every autoVerify domain, and a newly verified domain clears other apps' user selections of it (when the new app's link handling is allowed). An update with the same signer keeps verified, approved, denied, migrated and restored states for still-declared domains and the user's selections and “Open supported links” switch; every other state starts over and is verified again. Uninstalling deletes the package's states and user state, so a reinstall starts fresh.",
        sources: [
            AppLinkRules.domainVerificationService,
            "[code] AOSP frameworks/base services/core/java/com/android/server/pm/verify/domain/DomainVerificationService.java (migrateState, shouldMigrate)",
            AppLinkRules.cts,
        ])

    /// pm commands for App Links (Android 12+)
    /// Decided in ``DomainVerificationTransitions/run``.
    package static let androidApplinksShell = Rule(
        id: "android.applinks.shell", title: "pm commands for App Links (Android 12+)",
        versions: [.android(api: 31)],
        explanation:
            "QA change App Link state with adb: `pm set-app-links --package P 0|1|2|3|STATE domains|all` records a state for autoVerify domains (0 resets to none, 2 approves, 3 denies); `pm verify-app-links [--re-verify] [P]` asks the agent again (without --re-verify only for domains with no answer yet; with it for every state the agent may change — not approved, denied or system_configured); `pm set-app-links-user-selection --user U --package P true|false domains|all` and `pm set-app-links-allowed --user U --package P true|false` change the user's state; `pm reset-app-links P` returns states to none and the user state to its defaults. The commands exist from Android 12.",
        sources: [AppLinkRules.shell, AppLinkRules.verifyDoc])

    /// Android 12+: an approved app opens directly, otherwise the browser
    /// Decided in ``AndroidWebResolver/resolutionRule``.
    package static let androidApplinksResolution12 = Rule(
        id: "android.applinks.resolution-12", title: "Android 12+: an approved app opens directly, otherwise the browser",
        versions: [.android(api: 31)],
        explanation:
            "On Android 12+ a tapped web link goes straight to the app approved for the domain (VERIFIED beats SELECTION), with no chooser. If no app is approved, it resolves to the default browser — never to a chooser of apps. With no default browser and several browsers, the chooser lists only browsers. A link with a single candidate (no browser at all) is delivered to it unfiltered.",
        sources: [AppLinkRules.computerEngine, AppLinkRules.domainVerificationService, AppLinkRules.deepLinkingDoc])

    /// Two approved apps: the most recently installed wins
    /// Decided in ``AndroidWebResolver/resolve``.
    package static let androidApplinksTwoApproved = Rule(
        id: "android.applinks.two-approved", title: "Two approved apps: the most recently installed wins",
        versions: [.android(api: 31)],
        explanation:
            "When several apps have the same top approval for a domain, Android keeps the package with the latest first-install time (and within it the matching activity declared last); there is no chooser. linksim takes install order from the order of `apps` and from install actions.",
        sources: [AppLinkRules.domainVerificationService])

    /// Android 6–11: verification is all or nothing
    /// Decided in ``AppLinkDomains/legacyStatus``.
    package static let androidApplinksLegacyAllOrNothing = Rule(
        id: "android.applinks.legacy-all-or-nothing", title: "Android 6–11: verification is all or nothing",
        versions: [.android(api: 23, through: 30)],
        explanation:
            "On Android 6–11 the system verifies all collected hosts of the package in one request. Only if every host passes does the app become the default handler (ALWAYS) and open links directly; one failing host leaves the app unverified for all of them. Before Android 6 there are no App Links at all.",
        sources: [
            AppLinkRules.verifyDoc,
            "[code] AOSP frameworks/base services/core/java/com/android/server/pm/PackageManagerService.java, Android 11 (IntentFilterVerifier)",
        ])

    /// Android 6–11: unverified apps get the disambiguation dialog
    /// Decided in ``AndroidWebResolver/resolutionRule``.
    package static let androidApplinksLegacyChooser = Rule(
        id: "android.applinks.legacy-chooser", title: "Android 6–11: unverified apps get the disambiguation dialog",
        versions: [.android(through: 30)],
        explanation:
            "When no app is ALWAYS for the domain, Android 6–11 shows the disambiguation dialog with the matching apps and the browser (“Just once” / “Always”).",
        sources: [AppLinkRules.computerEngine, "[code] AOSP frameworks/base core/java/com/android/internal/app/ResolverActivity.java"])

    /// Chrome keeps URLs typed into the address bar
    /// Decided in ``AndroidWebResolver/surfaceRoute``.
    package static let androidChromeTypedUrl = Rule(
        id: "android.chrome.typed-url", title: "Chrome keeps URLs typed into the address bar",
        versions: [.android()],
        explanation:
            "A navigation chain that starts from a URL typed into Chrome's address bar never leaves Chrome on its own: Chrome doesn't launch an app when the URL was typed in.",
        sources: [AppLinkRules.chromeHandler, AppLinkRules.chromeIntentsDoc])

    /// Chrome needs a user gesture to leave for an app
    /// Decided in ``AndroidWebResolver/tellNoUserGesture``.
    package static let androidChromeUserGesture = Rule(
        id: "android.chrome.user-gesture", title: "Chrome needs a user gesture to leave for an app",
        versions: [.android()],
        explanation:
            "A chain started by script without a user gesture (a JavaScript timer, an onload redirect) does not leave Chrome for an http(s) link; for external protocols Chrome may ask instead.",
        sources: [AppLinkRules.chromeHandler, AppLinkRules.chromeIntentsDoc])

    /// Redirect chains older than 15 seconds stay in Chrome
    /// Decided in ``AndroidWebResolver/chainTimedOut``.
    package static let androidChromeChainTimeout = Rule(
        id: "android.chrome.chain-timeout", title: "Redirect chains older than 15 seconds stay in Chrome",
        versions: [.android()],
        explanation:
            "The navigation chain is the tap plus its server and script redirects without a new gesture. If more than 15 seconds passed since it started (NAVIGATION_CHAIN_TIMEOUT_MILLIS = 15000), Chrome keeps the navigation.",
        sources: [AppLinkRules.chromeRedirect])

    /// Same-host navigation stays in Chrome
    /// Decided in ``AndroidWebResolver/chromeDecision``.
    package static let androidChromeSameHost = Rule(
        id: "android.chrome.same-host", title: "Same-host navigation stays in Chrome",
        versions: [.android()],
        explanation:
            "A link to the same host as the page the user is on stays in Chrome when it has no new handlers: every app that handles the link also handles the page (ExternalNavigationHandler.shouldStayWithinHost, resolversSubsetOf). A link on a web-only page of the site to a path the app handles does open the app. The page is the last one Chrome committed: a server redirect commits nothing, so its host does not count.",
        sources: [AppLinkRules.chromeHandler])

    /// No specialised handler: Chrome keeps the link
    /// Decided in ``AndroidWebResolver/chromeDecision``.
    package static let androidChromeNoHandler = Rule(
        id: "android.chrome.no-handler", title: "No specialised handler: Chrome keeps the link",
        versions: [.android()],
        explanation:
            "Chrome asks Android which activities handle the URL (with the same domain filtering as the system). If only browsers handle it — on Android 12+ an unverified app is not even a candidate — Chrome keeps the navigation.",
        sources: [AppLinkRules.chromeHandler])

    /// Chrome hands the link to Android
    /// Decided in ``AndroidWebResolver/chromeDecision``.
    package static let androidChromeFiresIntent = Rule(
        id: "android.chrome.fires-intent", title: "Chrome hands the link to Android",
        versions: [.android()],
        explanation:
            "Otherwise Chrome fires the intent with FLAG_ACTIVITY_NEW_TASK | FLAG_ACTIVITY_CLEAR_TOP. Android resolves it: on 12+ the approved app opens directly; on 6–11 the chooser appears unless an app is ALWAYS. A 302 tracking redirect within 15 seconds of the tap keeps the gesture.",
        sources: [AppLinkRules.chromeHandler, AppLinkRules.chromeIntentsDoc])

    /// The first page of an incoming intent stays in the browser
    /// Decided in ``AndroidWebResolver/tellIncomingIntentStays``.
    package static let androidChromeIncomingIntent = Rule(
        id: "android.chrome.incoming-intent", title: "The first page of an incoming intent stays in the browser",
        versions: [.android()],
        explanation:
            "When another app's link was resolved to the browser (Chrome was chosen to open the URL), that first navigation stays in Chrome. Redirects after it may leave for an app, but only if the set of handlers changed.",
        sources: [AppLinkRules.chromeHandler, AppLinkRules.chromeRedirect])

    /// A Custom Tab keeps the URL it was opened with
    /// Decided in ``AndroidWebResolver/surfaceRoute``.
    package static let androidCustomtabFirstUrl = Rule(
        id: "android.customtab.first-url", title: "A Custom Tab keeps the URL it was opened with",
        versions: [.android()],
        explanation:
            "A Custom Tab is opened by an intent that explicitly targets the browser, so its initial URL stays in the tab even if a verified app handles it (unless the app opted in to sending it to external handlers). Later taps inside the tab behave like Chrome navigations.",
        sources: [AppLinkRules.chromeRedirect])

    /// WebViews never open apps for http(s) links
    /// Decided in ``AndroidWebResolver/surfaceRoute``.
    package static let androidWebviewNoIntents = Rule(
        id: "android.webview.no-intents", title: "WebViews never open apps for http(s) links",
        versions: [.android()],
        explanation:
            "A WebView does not resolve intents: with a WebViewClient (the norm) an http(s) App Link simply loads as a web page inside the WebView, unless the app's own code starts an intent.",
        sources: [AppLinkRules.webViewClient])

    /// Chrome's intent: URLs
    /// Decided in ``AndroidWebResolver/intentURL``.
    package static let androidIntentUrlParse = Rule(
        id: "android.intent-url.parse", title: "Chrome's intent: URLs",
        versions: [.android()],
        explanation:
            "intent://HOST/PATH#Intent;scheme=S;package=P;…;end becomes a VIEW intent for S://HOST/PATH. Chrome adds BROWSABLE, clears any component and, with package=, only that package may handle it.",
        sources: [AppLinkRules.chromeIntentsDoc, AppLinkRules.intentJava, AppLinkRules.chromeHandler])

    /// S.browser_fallback_url when nothing resolves
    /// Decided in ``AndroidWebResolver/intentURL``.
    package static let androidIntentUrlFallback = Rule(
        id: "android.intent-url.fallback", title: "S.browser_fallback_url when nothing resolves",
        versions: [.android()],
        explanation:
            "If the intent can't be resolved, Chrome navigates to S.browser_fallback_url (http/https only). A fallback that is a play.google.com details page opens the Play Store app directly.",
        sources: [AppLinkRules.chromeIntentsDoc, AppLinkRules.chromeHandler])

    /// App missing, no fallback: the Play Store page
    /// Decided in ``AndroidWebResolver/intentURL``.
    package static let androidIntentUrlPlayStore = Rule(
        id: "android.intent-url.play-store", title: "App missing, no fallback: the Play Store page",
        versions: [.android()],
        explanation:
            "With no resolver and no fallback URL, if package= is set (and the navigation had a user gesture), Chrome opens the Play Store at market://details?id=<package>. Without package= nothing happens.",
        sources: [AppLinkRules.chromeHandler, AppLinkRules.chromeIntentsDoc])
}
