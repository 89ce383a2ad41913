/// linksim's own behaviour (router, launch, redirects, server changes), continued from SchemeRules.swift
/// (the catalog list is SchemeRules.all).
extension Rule {
    /// The app's router maps the link to a screen
    /// Decided in ``AppRouter/rule``.
    package static let linksimRouterRoute = Rule(
        id: "linksim.router.route", title: "The app's router maps the link to a screen",
        versions: [.ios(), .android()],
        explanation:
            "After the platform delivers the link, the app's own code decides the screen. linksim models it with the scenario's `routes`: the first route whose pattern matches the link wins; `{name}` placeholders become params, and query items are passed too.",
        sources: [])

    /// No route matches: the app shows its home screen
    /// Decided in ``AppRouter/rule``.
    package static let linksimRouterHomeFallback = Rule(
        id: "linksim.router.home-fallback", title: "No route matches: the app shows its home screen",
        versions: [.ios(), .android()],
        explanation:
            "When none of the app's `routes` matches the link the app received, linksim shows the app's `home_screen` (what a router without a matching route usually does).",
        sources: [])

    /// Launching an app from the home screen
    /// Decided in ``AppDelivery/tellLaunch``.
    package static let linksimAppLaunch = Rule(
        id: "linksim.app.launch", title: "Launching an app from the home screen",
        versions: [.ios(), .android()],
        explanation:
            "Tapping the app icon starts the app cold (home screen) or brings the running process forward (the screen it was on). No link is involved.",
        sources: [])

    /// An answer with no prompt or chooser on screen
    /// Decided in ``Simulator/perform``.
    package static let linksimAnswerNothingPending = Rule(
        id: "linksim.answer.nothing-pending", title: "An answer with no prompt or chooser on screen",
        versions: [.ios(), .android()],
        explanation: "The scenario answers a prompt or chooser, but the previous action left none on screen, so the answer does nothing.",
        sources: [])

    /// A server answers with a redirect
    /// Decided in ``WebNavigation/narrate``.
    package static let linksimRedirectHop = Rule(
        id: "linksim.redirect-hop", title: "A server answers with a redirect",
        versions: [.ios(), .android()],
        explanation:
            "The browser loads a URL whose server answers 3xx with a Location (a click tracker, a URL shortener, a provider's own redirect). Each hop is shown; the platform rules then decide the next URL in the context of a redirect (iOS: redirects into universal links; Chrome: redirect chains, 15-second limit). A provider link (OneLink, Branch, Adjust) is recognised at whichever hop it appears, and records its click there.",
        sources: [])

    /// Browsers follow at most 20 redirects
    /// Decided in ``WebNavigation/show``.
    package static let webRedirectLimit = Rule(
        id: "web.redirect-limit", title: "Browsers follow at most 20 redirects",
        versions: [.ios(), .android()],
        explanation:
            "A browser follows HTTP redirects up to a limit: the Fetch standard returns a network error when a request's redirect count reaches twenty, and Chromium's network stack and WebKit follow it. A redirect loop therefore ends on the browser's too-many-redirects error page (Chrome: ERR_TOO_MANY_REDIRECTS), not on a page.",
        sources: ["[spec] https://fetch.spec.whatwg.org/#http-redirect-fetch", "[code] Chromium net/url_request/url_request.cc (kMaxRedirects = 20)"])

    /// A server starts serving other files
    /// Decided in ``Simulator/perform``.
    package static let linksimServerChange = Rule(
        id: "linksim.server-change", title: "A server starts serving other files",
        versions: [.ios(), .android()],
        explanation:
            "A `serve:` action changes what a host answers from that moment on (a fixed assetlinks.json, a new AASA path, an outage). Devices do not notice by themselves: each platform sees the new answer only when it next fetches — iOS at install, update or its weekly re-check (through Apple's CDN, which picks a change up within 24 hours), Android when its verification agent runs (install, update, `pm verify-app-links`, or its periodic retry of unanswered domains).",
        sources: [])

    /// A version newer than the releases the rules describe
    /// Decided in ``Simulator/run``.
    package static let linksimOSPastDescribed = Rule(
        id: "linksim.os-past-described", title: "A version newer than the releases the rules describe",
        versions: [.ios(), .android()],
        explanation:
            "The rules describe releases up to iOS 27 and Android 16 (API 36). A device on a later version (up to ten majors or API levels past them; further is refused as a typo) is simulated with the newest rules as they stand: nothing a later release changed is known to linksim. The trace says so at the first action on such a version, as an assumption, so a verdict for an unreleased version is never read as a confident one.",
        sources: [])

    /// No sourced rule covers this situation
    /// An offline device reaches no server
    /// Decided in ``Offline/landing``.
    package static let linksimDeviceOffline = Rule(
        id: "linksim.device-offline", title: "An offline device reaches no server",
        versions: [.ios(), .android()],
        explanation:
            "With `device.online: false` the device reaches no server: a page the browser (or an in-app browser or web view) must load, a server's redirect, a link provider's page, a JavaScript landing page or an App Clip card cannot load, so the browser shows its offline error page (`lands: error`, with the URL it could not load); and the store cannot download an app, so `install` and `update` from a store change nothing. What needs no network still works: an app opened by its custom scheme, or by a universal link or App Link whose association the device already holds. How iOS and Android retry association files they could not fetch while offline is not modelled.",
        sources: [])

    package static let linksimNotModelled = Rule(
        id: "linksim.not-modelled", title: "No sourced rule covers this situation",
        versions: [.ios(), .android()],
        explanation:
            "The research behind linksim has no sourced rule for this situation (for example a custom-scheme link inside another app's WKWebView, which that app's own navigation code decides). Instead of guessing, linksim says so in the trace, and where the situation decides the landing, the landing is `unknown` (with the reason), never a confident `nowhere`.",
        sources: [])
}
