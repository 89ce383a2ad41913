/// iOS universal links: hosting and caching of the association file, the entitlement, and the
/// situations of a tap. The matcher's own rules are in IOSAASARules.
enum UniversalLinkRules {
    static let all: [Rule] = tap + hosting + entitlement
    static let impactHelp =
        "https://impact-helpdesk.freshdesk.com/en/support/solutions/articles/155000002596-troubleshooting-universal-links-in-app-to-app-tracking"

    static let tap: [Rule] = [
        .iosUlUserPreference,
        .iosUlRequiresIos9,
        .iosUlNotAssociated,
        .iosUlNotInstalled,
        .iosUlAssociationMissing,
        .iosUlNoRuleMatches,
        .iosUlSeveralApps,
        .iosUlSafariTap,
        .iosUlSystemApps,
        .iosUlAddressBar,
        .iosUlSameDomain,
        .iosUlOwnApp,
        .iosUlOtherAppOpen,
        .iosUlProgrammaticLoad,
        .iosUlEmbeddedTap,
        .iosUlThirdPartyBrowser,
        .iosUlInAppBrowser,
        .iosUlRedirectChain,
        .iosUlRedirectChainRadars,
        .iosUlScriptNavigation,
    ]

    static let hosting: [Rule] = [
        .iosAasaHostLocation,
        .iosAasaHostNoRedirects,
        .iosAasaHostStatus,
        .iosAasaHostContentType,
        .iosAasaHostInvalidJson,
        .iosAasaHostCdn,
        .iosAasaHostDirectFetch,
        .iosAasaHostFetchTiming,
    ]

    static let entitlement: [Rule] = [
        .iosEntitlementApplinks,
        .iosEntitlementWildcard,
        .iosEntitlementNoPort,
        .iosEntitlementModeDeveloper,
        .iosEntitlementModeManaged,
        .iosEntitlementAppId,
    ]
}

extension Rule {
    /// iOS remembers the user's browser-or-app choice per domain
    /// Decided in ``UniversalLinkResolver/rememberBrowserPreference``.
    package static let iosUlUserPreference = Rule(
        id: "ios.ul.user-preference", title: "iOS remembers the user's browser-or-app choice per domain",
        versions: [.ios(9)],
        explanation:
            "iOS remembers the last choice a user made for a domain's universal links. Choosing the browser — through the breadcrumb or “example.com ›” button, or by long-pressing a link and picking “Open in Safari” — sends later taps on that domain to Safari. Long-press › “Open in <App>” (or OPEN in the Smart App Banner) undoes it. TN3155: the long-press choice in Notes “will set the default behavior”.",
        sources: [Sources.archive, Sources.tn3155])

    /// Universal links need iOS 9
    /// Decided in ``UniversalLinkResolver/tap``.
    package static let iosUlRequiresIos9 = Rule(
        id: "ios.ul.requires-ios9", title: "Universal links need iOS 9",
        versions: [.ios(through: 8)],
        explanation: "Universal links were introduced in iOS 9. On older versions an https link always opens as a web page.",
        sources: [Sources.archive])

    /// No app claims the domain: the link is a web page
    /// Decided in ``UniversalLinkResolver/findApp``.
    package static let iosUlNotAssociated = Rule(
        id: "ios.ul.not-associated", title: "No app claims the domain: the link is a web page",
        versions: [.ios(9)],
        explanation:
            "A link is a universal link only for an installed app whose associated-domains entitlement lists applinks:<host>. When no app on the device claims the host, iOS opens it in the default browser.",
        sources: [Sources.tn3155, Sources.allow])

    /// The app is not installed: the web page opens
    /// Decided in ``UniversalLinkResolver/findApp``.
    package static let iosUlNotInstalled = Rule(
        id: "ios.ul.not-installed", title: "The app is not installed: the web page opens",
        versions: [.ios(9)],
        explanation:
            "When the app that claims the domain is not installed, the link opens in the default browser (the site may show a Smart App Banner). The URL does not survive an App Store install: iOS has no built-in deferred deep link.",
        sources: [Sources.allow])

    /// Association not downloaded or denied: the browser opens
    /// Decided in ``UniversalLinkResolver/verdict``.
    package static let iosUlAssociationMissing = Rule(
        id: "ios.ul.association-missing", title: "Association not downloaded or denied: the browser opens",
        versions: [.ios(9)],
        explanation:
            "The app is installed, but the device holds no valid association for the domain — the file was not fetched yet, the CDN had none, the server redirected or denied the request, or the JSON was bad. Universal links then open in the browser, and Notes' long-press menu shows no “Open in <App>”.",
        sources: [Sources.tn3155])

    /// The URL is excluded or matches no rule: the browser opens
    /// Decided in ``UniversalLinkResolver/verdict``.
    package static let iosUlNoRuleMatches = Rule(
        id: "ios.ul.no-matching-rule", title: "The URL is excluded or matches no rule: the browser opens",
        versions: [.ios(9)],
        explanation:
            "iOS opens the app only when the app's entry in the association file has a rule that matches the URL and is not an exclude. An exclude hit, or no matching rule at all, sends the link to the browser.",
        sources: [Sources.components])

    /// Several apps match: the first details entry wins
    /// Decided in ``UniversalLinkResolver/findApp``.
    package static let iosUlSeveralApps = Rule(
        id: "ios.ul.several-apps", title: "Several apps match: the first details entry wins",
        versions: [.ios(9)],
        explanation:
            "The order of the details array is the order iOS searches, so a site can give parts of itself to different apps; a later entry is only consulted if the first did not match. When several installed apps match, the app whose entry comes first wins (inferred).",
        sources: [Sources.archive, "[A-staff] https://developer.apple.com/forums/thread/649423"])

    /// A tapped universal link in Safari opens the app
    /// Decided in ``UniversalLinkResolver/situationKeepsLinkInBrowser``.
    package static let iosUlSafariTap = Rule(
        id: "ios.ul.safari-tap", title: "A tapped universal link in Safari opens the app",
        versions: [.ios(9)],
        explanation: "If the app is installed and associated and the URL matches its rules, a link the user taps on a page of another domain opens the app.",
        sources: [Sources.tn3155, Sources.allow])

    /// Links in Messages, Notes and Mail open the app
    /// Decided in ``UniversalLinkResolver/situationKeepsLinkInBrowser``.
    package static let iosUlSystemApps = Rule(
        id: "ios.ul.system-apps", title: "Links in Messages, Notes and Mail open the app",
        versions: [.ios(9)],
        explanation:
            "System apps hand tapped links to iOS with openURL, so a universal link in Messages, Notes or Mail opens the app. Notes is Apple's recommended place to test.",
        sources: [Sources.archive, Sources.tn3155])

    /// Typed or pasted URLs never open the app
    /// Decided in ``UniversalLinkResolver/situationKeepsLinkInBrowser``.
    package static let iosUlAddressBar = Rule(
        id: "ios.ul.address-bar", title: "Typed or pasted URLs never open the app",
        versions: [.ios()],
        explanation:
            "A URL typed or pasted into the address bar is direct navigation: Safari loads the page and never opens an app. The site can show an “open in app” banner while the user stays on the domain.",
        sources: [Sources.tn3155])

    /// A link to the same domain stays in the browser
    /// Decided in ``UniversalLinkResolver/situationKeepsLinkInBrowser``.
    package static let iosUlSameDomain = Rule(
        id: "ios.ul.same-domain", title: "A link to the same domain stays in the browser",
        versions: [.ios(9)],
        explanation:
            "When the user taps a universal link to the same domain as the page already open, iOS keeps them in the browser (their most likely intent). A link to a different domain — including a different subdomain — opens the app, which is why Apple advises a separate subdomain for “open in app” buttons.",
        sources: [Sources.allow, Sources.tn3155, Sources.archive])

    /// An app opening its own universal link gets the browser
    /// Decided in ``UniversalLinkResolver/situationKeepsLinkInBrowser``.
    package static let iosUlOwnApp = Rule(
        id: "ios.ul.own-app", title: "An app opening its own universal link gets the browser",
        versions: [.ios(9)],
        explanation:
            "If an app calls UIApplication.open (or SwiftUI openURL) with one of its own universal links, iOS opens it in the browser, not back in the app.",
        sources: [Sources.allow, Sources.archive])

    /// Another app calling open(_:) opens the target app
    /// Decided in ``UniversalLinkResolver/situationKeepsLinkInBrowser``.
    package static let iosUlOtherAppOpen = Rule(
        id: "ios.ul.other-app-open", title: "Another app calling open(_:) opens the target app",
        versions: [.ios(10)],
        explanation:
            "When another app calls open(_:options:) with a universal link, iOS opens the app that claims it. With the option universalLinksOnly the call fails (completion false) if the URL is not a universal link for an installed app.",
        sources: [Sources.allow])

    /// Loading a universal link into a web view never opens the app
    /// Decided in ``UniversalLinkResolver/situationKeepsLinkInBrowser``.
    package static let iosUlProgrammaticLoad = Rule(
        id: "ios.ul.programmatic-load", title: "Loading a universal link into a web view never opens the app",
        versions: [.ios(9)],
        explanation:
            "When an app itself loads a universal link into SFSafariViewController, WKWebView or UIWebView, the page loads in that view and the app that claims the link does not open.",
        sources: [Sources.archive, "[C] https://openradar.appspot.com/24857069, https://openradar.appspot.com/32840565"])

    /// A tap inside an embedded browser can open the app
    /// Decided in ``UniversalLinkResolver/situationKeepsLinkInBrowser``.
    package static let iosUlEmbeddedTap = Rule(
        id: "ios.ul.embedded-tap", title: "A tap inside an embedded browser can open the app",
        versions: [.ios(9)],
        explanation:
            "When the user taps a universal link to another domain inside SFSafariViewController or a WKWebView, iOS opens the app (archived guide; WKWebView is also named in the current docs). The host app can suppress it with a private navigation policy. Radars report SFSafariViewController taps not opening apps; scenarios can switch that with assumptions.sfsafariviewcontroller_taps_open_app.",
        sources: [Sources.archive, Sources.allow, "[C] Chromium ios/web/navigation/wk_navigation_action_policy_util.mm"])

    /// Third-party browsers decide for themselves
    /// Decided in ``UniversalLinkResolver/situationKeepsLinkInBrowser``.
    package static let iosUlThirdPartyBrowser = Rule(
        id: "ios.ul.third-party-browser", title: "Third-party browsers decide for themselves",
        versions: [.ios(9)],
        explanation:
            "Whether a third-party browser hands universal links to iOS is up to its vendor; Apple says they “may not be enabled in every web browser”. Chrome for iOS allows them in normal tabs and can block them in Incognito; Brave blocks them under its own rules.",
        sources: [
            Sources.tn3155,
            "[C] Chromium ios/web/common/features.mm (kBlockUniversalLinksInOffTheRecordMode), ios/web/navigation/wk_navigation_action_policy_util.mm",
        ])

    /// In-app browsers usually keep universal links
    /// Decided in ``UniversalLinkResolver/situationKeepsLinkInBrowser``.
    package static let iosUlInAppBrowser = Rule(
        id: "ios.ul.in-app-browser", title: "In-app browsers usually keep universal links",
        versions: [.ios(9)],
        explanation:
            "The web views inside Facebook, Instagram, X, LinkedIn, Gmail and similar apps usually load universal links themselves instead of opening the app; the user has to choose “Open in browser”. Gmail depends on its link-opening setting. Scenarios can switch this with assumptions.in_app_browsers_open_app.",
        sources: [
            "[C] https://openradar.appspot.com/23317127", "[C] https://github.com/avioli/uni_links/issues/139",
            "[C] https://github.com/BranchMetrics/ios-branch-deep-linking-attribution/issues/300, https://github.com/BranchMetrics/ios-branch-deep-linking-attribution/issues/778",
        ])

    /// A redirect into a universal link
    /// Decided in ``UniversalLinkResolver/redirectOpensApp``.
    package static let iosUlRedirectChain = Rule(
        id: "ios.ul.redirect-chain", title: "A redirect into a universal link",
        versions: [.ios(9)],
        explanation:
            "When a tapped non-universal link (a click tracker) redirects with 3xx to a universal link: TN3155 says that from another app this is “allowed, although not preferred” — the user is routed through the browser to the app. Radars from iOS 9–11 report it staying in Safari. A JavaScript redirect loses the user gesture, and WKWebView does not launch a universal link reached through an HTTP redirect. linksim gates it by version; assumptions.redirects_open_app switches it.",
        sources: [
            Sources.tn3155, "[C] https://openradar.appspot.com/34038424, https://openradar.appspot.com/25238920", "[C] " + UniversalLinkRules.impactHelp,
            "[C] https://github.com/armstrongnate/DemoUniversalLinks README.md",
        ])

    /// iOS 9–11: redirects into universal links were reported to stay in Safari
    /// Decided in ``UniversalLinkResolver/redirectOpensApp``.
    package static let iosUlRedirectChainRadars = Rule(
        id: "ios.ul.redirect-chain-radars", title: "iOS 9–11: redirects into universal links were reported to stay in Safari",
        versions: [.ios(9, through: 11)],
        explanation:
            "Radars filed against iOS 9–11 report that a tapped link whose server redirects (3xx) to a universal link leaves the user in Safari instead of opening the app. Apple's TN3155 (2025) describes today's behaviour (the user is routed to the app). linksim uses the radars up to iOS 11; this is an assumption, and assumptions.redirects_open_app switches it.",
        sources: ["[C] https://openradar.appspot.com/34038424, https://openradar.appspot.com/25238920", Sources.tn3155])

    /// JavaScript navigations do not open apps
    /// Decided in ``UniversalLinkResolver/situationKeepsLinkInBrowser``.
    package static let iosUlScriptNavigation = Rule(
        id: "ios.ul.script-navigation", title: "JavaScript navigations do not open apps",
        versions: [.ios()],
        explanation:
            "A navigation started by script (window.location, onload, timers) is not user-initiated, so iOS does not open the app for it (a vendor's report; Apple documents only that universal links open from user taps).",
        sources: ["[C] " + UniversalLinkRules.impactHelp + " (JavaScript redirects lose the user gesture)", Sources.tn3155])

    /// Where iOS looks for the association file
    /// Decided in ``AASAFetcher/fromServer``.
    package static let iosAasaHostLocation = Rule(
        id: "ios.aasa-host.location", title: "Where iOS looks for the association file",
        versions: [.ios(9)],
        explanation:
            "The file is https://<host>/.well-known/apple-app-site-association (no .json extension). The archived guide also allowed the root, https://<host>/apple-app-site-association, and it still works in practice: linksim checks .well-known first, then the root.",
        sources: [
            Sources.associatedDomains, Sources.archive, "[C] https://github.com/sergii-ziborov/blazingly-aasa docs/findings.md",
            "[C] https://blog.ostebaronen.dk/2021/04/ios-applinks.html (.well-known first, then the root)",
        ])

    /// The association file must not redirect
    /// Decided in ``AASAFetcher/evaluate``.
    package static let iosAasaHostNoRedirects = Rule(
        id: "ios.aasa-host.no-redirects", title: "The association file must not redirect",
        versions: [.ios(9)],
        explanation:
            "The file must be served over HTTPS with a valid certificate and no redirects: a 301 or 302 on the file's URL means the association is not established, and links open in the browser. A common cause is an apex that redirects to www (or back).",
        sources: [Sources.associatedDomains, Sources.tn3155])

    /// Only a 200 answer counts
    /// Decided in ``AASAFetcher/evaluate``.
    package static let iosAasaHostStatus = Rule(
        id: "ios.aasa-host.status", title: "Only a 200 answer counts",
        versions: [.ios(9)],
        explanation:
            "The file must be answered with status 200. 403 and 404 mean the site denied access (IP or geo blocking, a WAF). 5xx means temporarily unavailable: no association until a later check succeeds.",
        sources: [Sources.tn3155, "[A-old] https://developer.apple.com/forums/thread/24391"])

    /// Content-Type is not enforced
    /// Decided in ``AASAFetcher/evaluate``.
    package static let iosAasaHostContentType = Rule(
        id: "ios.aasa-host.content-type", title: "Content-Type is not enforced",
        versions: [.ios(9)],
        explanation:
            "Apple documents application/json, but in practice the header is not enforced (github.com and apple.com serve the file as application/octet-stream). linksim notes a different type as a warning, not a failure.",
        sources: [Sources.archive, "[C] sergii-ziborov/blazingly-aasa docs/findings.md"])

    /// Invalid JSON denies the association
    /// Decided in ``AASAFetcher/evaluate``.
    package static let iosAasaHostInvalidJson = Rule(
        id: "ios.aasa-host.invalid-json", title: "Invalid JSON denies the association",
        versions: [.ios(9)],
        explanation: "A file that is not valid JSON (or does not list the app) means the association is denied.",
        sources: ["[A-old] https://developer.apple.com/forums/thread/24391"])

    /// From iOS 14 the device reads Apple's CDN, not your server
    /// Decided in ``AASAFetcher/cdnServes``.
    package static let iosAasaHostCdn = Rule(
        id: "ios.aasa-host.cdn", title: "From iOS 14 the device reads Apple's CDN, not your server",
        versions: [.ios(14)],
        explanation:
            "Since iOS 14, devices request the association file from an Apple-managed CDN. The CDN fetches your file within 24 hours; until then (or while it holds an old copy) the device gets the CDN's copy. Apple offers no way to invalidate the CDN cache.",
        sources: [Sources.associatedDomains, Sources.tn3155])

    /// Up to iOS 13 the device fetches from your server
    /// Decided in ``UniversalLinkResolver/verdict``.
    package static let iosAasaHostDirectFetch = Rule(
        id: "ios.aasa-host.direct-fetch", title: "Up to iOS 13 the device fetches from your server",
        versions: [.ios(9, through: 13)],
        explanation: "Before iOS 14 the device's swcd daemon fetches the file straight from the web server, at install or update.",
        sources: [Sources.associatedDomains, "[C] https://developer.apple.com/forums/thread/24391"])

    /// When the device fetches the file
    /// Decided in ``UniversalLinkResolver/tellAssociationDownload``.
    package static let iosAasaHostFetchTiming = Rule(
        id: "ios.aasa-host.fetch-timing", title: "When the device fetches the file",
        versions: [.ios(9)],
        explanation:
            "The device downloads the association when the app is installed (and when it is updated), then checks for updates about once a week. To get a newer file onto a device, reinstall the app.",
        sources: [Sources.associatedDomains, Sources.tn3155, "[C] https://github.com/NikKovIos/AASA-Universal-Links-Information README.md"])

    /// applinks: entries name hosts only
    /// Decided in ``UniversalLinkResolver/verdict``.
    package static let iosEntitlementApplinks = Rule(
        id: "ios.entitlement.applinks", title: "applinks: entries name hosts only",
        versions: [.ios(9)],
        explanation:
            "The associated-domains entitlement lists applinks:<fully qualified host> entries, one per host (example.com, www.example.com and support.example.com are separate). No path, query or trailing slash.",
        sources: [Sources.entitlement, Sources.associatedDomains])

    /// Wildcard entries cover subdomains, not the apex
    /// Decided in ``UniversalLinkResolver/verdict``.
    package static let iosEntitlementWildcard = Rule(
        id: "ios.entitlement.wildcard", title: "Wildcard entries cover subdomains, not the apex",
        versions: [.ios(9)],
        explanation:
            "applinks:*.example.com covers every subdomain of example.com but not example.com itself (add a separate entry). The longest matching entry wins. The file for a wildcard entry is read from the apex, https://example.com/.well-known/apple-app-site-association.",
        sources: [Sources.associatedDomains, Sources.archive, Sources.tn3155])

    /// applinks domains cannot carry a port
    /// Decided in ``UniversalLinkResolver/verdict``.
    package static let iosEntitlementNoPort = Rule(
        id: "ios.entitlement.no-port", title: "applinks domains cannot carry a port",
        versions: [.ios(9)],
        explanation: "Domains in applinks entries can't contain a port number: applinks:example.com:8080 will not open the app.",
        sources: [Sources.tn3155])

    /// ?mode=developer works only on development builds with Developer Mode
    /// Decided in ``UniversalLinkResolver/verdict``.
    package static let iosEntitlementModeDeveloper = Rule(
        id: "ios.entitlement.mode-developer", title: "?mode=developer works only on development builds with Developer Mode",
        versions: [.ios(14)],
        explanation:
            "An entry applinks:<host>?mode=developer is used only on devices with Developer Mode and Associated Domains Development turned on, by apps signed with a development profile; the file is then fetched directly from the server, bypassing the CDN. TestFlight and App Store builds never use it, so the domain is not associated there.",
        sources: [Sources.entitlement, Sources.configuring, Sources.tn3155])

    /// ?mode=managed works only on managed devices
    /// Decided in ``UniversalLinkResolver/verdict``.
    package static let iosEntitlementModeManaged = Rule(
        id: "ios.entitlement.mode-managed", title: "?mode=managed works only on managed devices",
        versions: [.ios(14)],
        explanation: "applinks:<host>?mode=managed is used only on devices under MDM, with the administrator's consent; developer+managed needs both at once.",
        sources: [Sources.entitlement, Sources.configuring])

    /// The file must name the app as TEAMID.bundle-id
    /// Decided in ``UniversalLinkResolver/verdict``.
    package static let iosEntitlementAppId = Rule(
        id: "ios.entitlement.app-id", title: "The file must name the app as TEAMID.bundle-id",
        versions: [.ios(9)],
        explanation: "The app ID in the association file must equal the signed app's application identifier: the team ID (prefix), a dot, and the bundle ID.",
        sources: [Sources.archive])
}
