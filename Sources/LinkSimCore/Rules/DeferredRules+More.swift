/// Deferred deep-link rules, continued (the catalog list is DeferredRules.all).
extension Rule {
    /// A slow answer beyond deepLinkTimeout fails UDL
    /// Decided in ``AppsFlyerFirstOpen/resolve``.
    package static let deferredAfTimeout = Rule(
        id: "deferred.af.timeout", title: "A slow answer beyond deepLinkTimeout fails UDL",
        versions: DeferredRules.both,
        explanation:
            "deepLinkTimeout is the request timeout for deferred deep linking (3000 ms by default per AppsFlyer's plugin docs). When the server answers later, UDL reports FAILURE (iOS) / ERROR TIMEOUT (Android); conversion data may still arrive later.",
        sources: [DeferredRules.S.libRefIOS, DeferredRules.S.dlResultAndroid, DeferredRules.S.capacitor])

    /// waitForATTUserAuthorization delays the first-launch callbacks
    /// Decided in ``AppsFlyerFirstOpen/resolve``.
    package static let deferredAfAttWait = Rule(
        id: "deferred.af.att-wait", title: "waitForATTUserAuthorization delays the first-launch callbacks",
        versions: [.ios(14)],
        explanation:
            "With waitForATTUserAuthorization the SDK waits before sending its launch until the user answers the ATT prompt or the timeout expires, so UDL and conversion data arrive only after that (plus the server round trip).",
        sources: [DeferredRules.S.integrateIOS, DeferredRules.S.capacitor])

    /// A reinstall inside the re-attribution window is not attributed
    /// Decided in ``AppsFlyerFirstOpen/resolve``.
    package static let deferredAfReinstall = Rule(
        id: "deferred.af.reinstall", title: "A reinstall inside the re-attribution window is not attributed",
        versions: DeferredRules.both,
        explanation:
            "AppsFlyer's re-attribution window is 90 days by default: a reinstall inside it is not attributed and conversion data is Organic. Whether UDL still returns a deferred deep link on a reinstall is undocumented; linksim evaluates it like a first launch (assumption A4).",
        sources: [DeferredRules.S.reattr])

    /// The clipboard recipe rescues the deep link past Private Relay
    /// Decided in ``AppsFlyerFirstOpen/tellRecipeFinds``.
    package static let deferredAfClipboardRecipe = Rule(
        id: "deferred.af.clipboard-recipe", title: "The clipboard recipe rescues the deep link past Private Relay",
        versions: [.ios()],
        explanation:
            "AppsFlyer's Private Relay guide: a landing page copies the link with cp_url=true; on first launch the app reads UIPasteboard.general.string and, if it contains cp_url=true, calls performOnAppAttribution(with:), which is processed like a direct deep-link open. It does not help attribution. Under UDL linksim reports it as FOUND with isDeferred false (assumption A2) and routes the first result only (A3).",
        sources: [DeferredRules.S.privateRelayAF, DeferredRules.S.libRefIOS])

    /// Google Play Install Referrer: a deterministic match
    /// Decided in ``ClickMatching/init``.
    package static let deferredMatchReferrer = Rule(
        id: "deferred.match.referrer", title: "Google Play Install Referrer: a deterministic match",
        versions: [.android()],
        explanation:
            "The Play Install Referrer returns the referrer of the Play URL that led to the install, for 90 days; the string travels through Google Play, so the match is deterministic. Sideloads and other stores have no Play referrer.",
        sources: [DeferredRules.S.gpIR, DeferredRules.S.ddlAPI, DeferredRules.S.brMethod])

    /// Advertising-ID matching needs an ad click and a readable ID
    /// Decided in ``ClickMatching/init``.
    package static let deferredMatchId = Rule(
        id: "deferred.match.id", title: "Advertising-ID matching needs an ad click and a readable ID",
        versions: [.ios(), .android()],
        explanation:
            "An ad-network click can carry the device's advertising ID. From iOS 14.5 the IDFA is all zeros unless the user authorized App Tracking Transparency, so ID matching works on iOS only with ATT authorized. Owned-media clicks (email, SMS, web) carry no device ID.",
        sources: [DeferredRules.S.att, DeferredRules.S.ddlAPI, DeferredRules.S.udlIOS])

    /// From iOS 14.5 the IDFA is all zeros unless the user authorized App Tracking Transparency
    /// Decided in ``ClickMatching/init``.
    package static let deferredMatchIdfaAtt = Rule(
        id: "deferred.match.idfa-att", title: "From iOS 14.5 the IDFA needs App Tracking Transparency",
        versions: [.ios(from: OSVersion(ios: 14, 5))],
        explanation:
            "From iOS 14.5 an app reads the advertising identifier (IDFA) only after the user authorized App Tracking Transparency; otherwise advertisingIdentifier returns all zeros, so an ad click cannot be matched by device ID. Before iOS 14.5 the IDFA was readable without the prompt.",
        sources: [DeferredRules.S.att])

    /// Probabilistic matching needs the same network at click and first open
    /// Decided in ``ClickMatching/init``.
    package static let deferredMatchProbabilistic = Rule(
        id: "deferred.match.probabilistic", title: "Probabilistic matching needs the same network at click and first open",
        versions: DeferredRules.both,
        explanation:
            "Without a deterministic signal, providers compare IP address, OS, device model and locale of the click with the first open within a short window (AppsFlyer at most 24 h, Branch 2 h, Adjust 6 h by default). linksim treats it as binary: a match iff the same network (assumption A7). Apple considers fingerprinting a policy violation.",
        sources: [DeferredRules.S.ddlAPI, DeferredRules.S.lookback, DeferredRules.S.brExpire, DeferredRules.S.att])

    /// iCloud Private Relay hides the click's IP
    /// Decided in ``ClickMatching/relayed``.
    package static let deferredMatchPrivateRelay = Rule(
        id: "deferred.match.private-relay", title: "iCloud Private Relay hides the click's IP",
        versions: [.ios(15)],
        explanation:
            "Private Relay proxies all Safari browsing but not ordinary HTTPS app traffic: a Safari click reaches the provider from a relay IP while the first open comes from the device's own IP, so probabilistic matching fails. linksim assumes in-app browsers are not relayed (assumption A5).",
        sources: [DeferredRules.S.privateRelay, DeferredRules.S.privateRelayAF])

    /// A network change between click and first open breaks probabilistic matching
    /// Decided in ``ClickMatching/init``.
    package static let deferredMatchNetworkChange = Rule(
        id: "deferred.match.network-change", title: "A network change between click and first open breaks probabilistic matching",
        versions: DeferredRules.both,
        explanation:
            "The snapshot compares the click's IP with the first open's IP: switching from Wi-Fi to cellular (or a VPN) between them makes them differ, and no probabilistic match is possible.",
        sources: [DeferredRules.S.brExpire, DeferredRules.S.ddlAPI])

    /// No recorded click: nothing to match
    /// Decided in ``ClickMatching/init``.
    package static let deferredMatchNone = Rule(
        id: "deferred.match.none", title: "No recorded click: nothing to match",
        versions: DeferredRules.both,
        explanation:
            "When no provider click was recorded for the app (the user installed it from the store directly), the first open is organic: there is no deferred deep link.",
        sources: [DeferredRules.S.ddlAPI, DeferredRules.S.attrModel])

    /// iOS 16+ asks before an app reads the pasteboard
    /// Decided in ``FirstOpen/pasteUI``.
    package static let deferredIosPasteAlert = Rule(
        id: "deferred.ios.paste-alert", title: "iOS 16+ asks before an app reads the pasteboard",
        versions: [.ios(16)],
        explanation:
            "From iOS 16 a programmatic pasteboard read (UIPasteboard.general.string or .URL) shows a blocking “Allow Paste / Don't Allow Paste” alert; a UIPasteControl button the user taps avoids it. Branch's NativeLink read triggers it automatically.",
        sources: [DeferredRules.S.pasteControl, DeferredRules.S.brNativeLink])

    /// iOS 14–15 shows a “pasted from” banner
    /// Decided in ``FirstOpen/pasteUI``.
    package static let deferredIosPasteBanner = Rule(
        id: "deferred.ios.paste-banner", title: "iOS 14–15 shows a “pasted from” banner",
        versions: [.ios(14, through: 15)],
        explanation:
            "On iOS 14 and 15 an app reading the pasteboard gets the data at once and iOS shows a non-blocking “<App> pasted from <App>” notification.",
        sources: [DeferredRules.S.fdlIOSSDK, DeferredRules.S.privateRelayAF])

    /// “Don't Allow Paste” leaves the app without the link
    /// Decided in ``FirstOpen/launch``.
    package static let deferredIosPasteDenied = Rule(
        id: "deferred.ios.paste-denied", title: "“Don't Allow Paste” leaves the app without the link",
        versions: [.ios(16)],
        explanation: "If the user taps “Don't Allow Paste”, the read returns nothing: pasteboard-based deferred deep linking finds no link.",
        sources: [DeferredRules.S.pasteControl])

    /// The pasteboard must still hold the copied link
    /// Decided in ``FirstOpen/tellNoPastedLink``.
    package static let deferredPasteboardNoLink = Rule(
        id: "deferred.pasteboard.no-link", title: "The pasteboard must still hold the copied link",
        versions: [.ios()],
        explanation:
            "There is one general pasteboard: anything the user copied after the click replaces the link, and an empty pasteboard gives nothing. The recipe then finds no link (linksim's assumption, following from the single pasteboard).",
        sources: [DeferredRules.S.privateRelayAF, DeferredRules.S.brPasteboard])

    /// Branch: a link that opens the app is a guaranteed match
    /// Decided in ``DirectOpen/routing``.
    package static let deferredBranchDirect = Rule(
        id: "deferred.branch.direct", title: "Branch: a link that opens the app is a guaranteed match",
        versions: DeferredRules.both,
        explanation:
            "When a Branch link opens the app (universal link, App Link or URI scheme) the SDK resolves its link_click_id: initSession gets the link data with +clicked_branch_link true and +match_guaranteed true; +is_first_session is true only for the first session of a fresh install.",
        sources: [DeferredRules.S.brRouting, DeferredRules.S.brMethod])

    /// Branch NativeLink reads the link from the pasteboard
    /// Decided in ``BranchFirstOpen/nativeLinkReads``.
    package static let deferredBranchNativelink = Rule(
        id: "deferred.branch.nativelink", title: "Branch NativeLink reads the link from the pasteboard",
        versions: [.ios(15)],
        explanation:
            "NativeLink (iOS 15+): the Deepview page copies the link, the SDK reads the pasteboard on install when checkPasteboardOnInstall() is enabled (off by default), keeps it only if it is a Branch link, and sends it as local_url: +match_guaranteed true.",
        sources: [DeferredRules.S.brNativeLink, DeferredRules.S.brPasteboard, DeferredRules.S.br1394, DeferredRules.S.brMethod])

    /// Branch: Install Referrer and device IDs are guaranteed matches
    /// Decided in ``BranchFirstOpen/resolve``.
    package static let deferredBranchGuaranteed = Rule(
        id: "deferred.branch.guaranteed", title: "Branch: Install Referrer and device IDs are guaranteed matches",
        versions: DeferredRules.both,
        explanation:
            "Branch lists the Google Play Install Referrer and device-ID matches among its 100% methods: +match_guaranteed true. Post-iOS 14 installs are usually not guaranteed unless the user opts in to IDFA collection.",
        sources: [DeferredRules.S.brMethod, DeferredRules.S.gpIR])

    /// Branch snapshot matching within the match duration
    /// Decided in ``BranchFirstOpen/resolve``.
    package static let deferredBranchSnapshot = Rule(
        id: "deferred.branch.snapshot", title: "Branch snapshot matching within the match duration",
        versions: DeferredRules.both,
        explanation:
            "Branch stores a browser snapshot (IP, OS, OS version…) at click and compares it at first open. A click stays eligible for the match duration: 2 hours (7200 s) by default, 1–10,080 minutes in settings, or $match_duration on the link. Such matches have +match_guaranteed false; Branch advises sensitive flows to act only on guaranteed matches.",
        sources: [DeferredRules.S.brExpire, DeferredRules.S.brDuration, DeferredRules.S.brMethod])

    /// Branch: no match means +clicked_branch_link false
    /// Decided in ``BranchFirstOpen/resolve``.
    package static let deferredBranchNoMatch = Rule(
        id: "deferred.branch.no-match", title: "Branch: no match means +clicked_branch_link false",
        versions: DeferredRules.both,
        explanation:
            "initSession is called on every open, with parameters even without a link. When no click matches the install, +clicked_branch_link is false and the app shows its default screen.",
        sources: [DeferredRules.S.brRouting, DeferredRules.S.brDuration])

    /// Branch: later sessions are not first sessions
    /// Decided in ``BranchFirstOpen/resolve``.
    package static let deferredBranchLaterSession = Rule(
        id: "deferred.branch.later-session", title: "Branch: later sessions are not first sessions",
        versions: DeferredRules.both,
        explanation:
            "+is_first_session is true only for the install's first session (not for reinstalls or later opens); a later open without a link reports +clicked_branch_link false.",
        sources: [DeferredRules.S.brRouting])

    /// Adjust hands the deferred deep link to the app and opens it
    /// Decided in ``AdjustFirstOpen/resolve``.
    package static let deferredAdjustDeferred = Rule(
        id: "deferred.adjust.deferred", title: "Adjust hands the deferred deep link to the app and opens it",
        versions: DeferredRules.both,
        explanation:
            "After the first session Adjust matches the install to a click (device matching, 7 days by default; probabilistic modelling, 6 hours by default) and sends the deferred deep link to the SDK, which calls the deferred-deep-link callback and opens the link unless the callback returns false. Branded go.link URLs are converted to the app-scheme form first.",
        sources: [DeferredRules.S.adjDDL, DeferredRules.S.adjWindows])

    /// Adjust LinkMe reads the link from the pasteboard
    /// Decided in ``AdjustFirstOpen/linkMeReads``.
    package static let deferredAdjustLinkme = Rule(
        id: "deferred.adjust.linkme", title: "Adjust LinkMe reads the link from the pasteboard",
        versions: [.ios(15)],
        explanation:
            "LinkMe (iOS 15+): the click page offers to copy the link information; with linkMeEnabled the SDK reads the pasteboard on first open and uses it as a deterministic match.",
        sources: [DeferredRules.S.adjLinkMe])

    /// Adjust: outside its windows there is no deferred deep link
    /// Decided in ``AdjustFirstOpen/resolve``.
    package static let deferredAdjustNoMatch = Rule(
        id: "deferred.adjust.no-match", title: "Adjust: outside its windows there is no deferred deep link",
        versions: DeferredRules.both,
        explanation:
            "When no click is matched within the device-matching or probabilistic window (6 hours by default), or on a later session, Adjust delivers no deferred deep link.",
        sources: [DeferredRules.S.adjWindows, DeferredRules.S.adjDDL])
}
