import Synchronization

/// What the engine derives from a scenario's start and from what a link provider serves, made the first
/// time a simulation asks and kept with the `Scenario` value it was derived from (as `ManifestCache`
/// keeps an app's readings).
///
/// Both readings are pure functions of values the scenario holds, so when they are made changes nothing a
/// simulation shows. `Scenario` replaces its box with an empty one whenever its clock, device, apps, web or
/// providers change, so a box never outlives the values it describes; copies of a scenario (each result's,
/// the TUI's per key) share it, behind a lock. Issue #14: every simulation built its start (the web's
/// history, the installs at the start), every Android simulation wrote the assetlinks.json of the provider
/// domains its apps verify and ran the verification agent's first answers, and every iOS tap
/// on a provider link wrote the provider's AASA file (the JSON text, the reading, the prepared file), for
/// every simulation of the same scenario again.
package final class ScenarioCache: Sendable, Equatable {
    /// What every simulation of the scenario starts from: its web and apps (on Android with the provider-hosted
    /// assetlinks.json files, and those hosts), the web's history so far, and the apps installed at the start.
    struct Start: Sendable {
        var web: Web
        var apps: [App]
        var hosted: Set<String>
        var webHistory: [WebVersion]
        var initialInstalls: [DeferredState.InitialInstall]

        init(_ scenario: borrowing Scenario) {
            var web = scenario.web
            var apps = scenario.apps
            hosted = []
            if scenario.device.platform == .android {
                hosted = ProviderHosting.hostAssetLinks(
                    web: &web, apps: &apps, providers: scenario.providers, clock: scenario.clock, api: scenario.device.os.apiLevel)
            }
            // An app installed at the start without an `installed_at` keeps a nil install time: it reads as the
            // scenario's start (`World.installTime(of:start:)`). Writing the start into it made every such
            // simulation copy the scenario's list of apps and each app's run state (issue #14).
            initialInstalls = apps.indices.filter { apps[$0].state.isInstalled }.map {
                DeferredState.InitialInstall(appID: apps[$0].id, at: apps[$0].installedAt ?? scenario.clock)
            }
            webHistory = [WebVersion(since: scenario.clock, web: web, changedHosts: [])]
            self.web = web
            self.apps = apps
        }
    }

    /// iOS: a provider's AASA host, and the claims of the apps it was made from (the fields
    /// `ProviderHosting.aasaHost` reads): it answers a later tap only for apps with the same claims.
    private struct ProviderAASA: Sendable {
        var claims: [Claim]
        var host: WebHost
    }

    private struct Claim: Sendable, Equatable {
        var id: String
        var teamID: String?
        var associatedDomains: [String]

        init(_ app: App) {
            id = app.id
            teamID = app.teamID
            associatedDomains = app.associatedDomains
        }

        /// Whether `app` claims the same: equal fields (the same storage decides at once).
        func same(as app: App) -> Bool { id == app.id && teamID == app.teamID && associatedDomains == app.associatedDomains }
    }

    private struct Readings: Sendable {
        var start: Start?
        /// Android: the start's apps with the verification agent's first answers, without and with trace text.
        /// Two slots, not a dictionary keyed by the mode: the first `[Bool: [App]]` a process makes costs
        /// ~400,000 instructions of the runtime's conformance lookups, a twentieth of `linksim run` (issue #14).
        var initialAnswersQuiet: [App]?
        var initialAnswersExplained: [App]?
        var providerAASA: [String: ProviderAASA] = [:]
        /// URLs the scenario's simulations split, and the VIEW intents they made of them (`URLParts(url)` and
        /// `ViewIntent(url:)` are pure functions of the text), up to `urlLimit` of each.
        var urlParts = KeptAnswers<LinkAlone, URLParts?>()
        var intents = KeptAnswers<LinkAlone, ViewIntent>()
    }
    /// How many URLs a box keeps the readings of: a scenario's taps, redirects and fallbacks are a handful;
    /// a TUI session that edits the URL key by key makes a new one each time, and past the limit those are
    /// read again by each simulation instead of kept.
    static let urlLimit = 64
    private let readings = Mutex(Readings())

    package init() {}

    /// Derived data is not part of a scenario's value: two scenarios with equal fields are equal.
    package static func == (lhs: ScenarioCache, rhs: ScenarioCache) -> Bool { true }

    /// Makes `cache` an empty box that no other scenario shares, for a scenario whose clock, device, apps, web
    /// or providers are about to change: a box of its own that holds nothing yet is kept (a decoder writing
    /// the fields of a new scenario one by one makes no boxes).
    static func renew(_ cache: inout ScenarioCache) {
        if isKnownUniquelyReferenced(&cache), cache.isEmpty { return }
        cache = ScenarioCache()
    }

    private var isEmpty: Bool {
        readings.withLock {
            $0.start == nil && $0.initialAnswersQuiet == nil && $0.initialAnswersExplained == nil && $0.providerAASA.isEmpty
                && $0.urlParts.isEmpty && $0.intents.isEmpty
        }
    }

    /// Android: the start's apps after the verification agent's first answers (records with trace text when
    /// `explains`), made once per mode by `make`.
    func initialAnswers(explains: Bool, make: () -> [App]) -> [App] {
        if let known = readings.withLock({ explains ? $0.initialAnswersExplained : $0.initialAnswersQuiet }) { return known }
        let made = make()
        readings.withLock { readings in
            if explains { readings.initialAnswersExplained = made } else { readings.initialAnswersQuiet = made }
        }
        return made
    }

    /// The start of this box's scenario, made once by `make`.
    func start(make: () -> Start) -> Start {
        if let known = readings.withLock({ $0.start }) { return known }
        let made = make()
        readings.withLock { $0.start = made }
        return made
    }

    /// `ProviderHosting.aasaHost(host, apps: apps)`, made once for apps with the same claims.
    func providerAASAHost(_ host: String, apps: [App]) -> WebHost {
        func matches(_ known: ProviderAASA) -> Bool {
            known.claims.count == apps.count && zip(known.claims, apps).allSatisfy { $0.same(as: $1) }
        }
        if let known = readings.withLock({ $0.providerAASA[host] }), matches(known) { return known.host }
        let made = ProviderHosting.aasaHost(host, apps: apps)
        readings.withLock { $0.providerAASA[host] = ProviderAASA(claims: apps.map(Claim.init), host: made) }
        return made
    }

    /// `URLParts(url)`, made once for every simulation of the scenario (issue #14: each simulation split
    /// each URL it met again, ~2,700 instructions a URL).
    func parts(of url: String) -> URLParts? {
        if let known = readings.withLock({ $0.urlParts.value(for: url, LinkAlone()) }) { return known }
        let made = URLParts(url)
        readings.withLock { $0.urlParts.keep(made, for: url, LinkAlone()) }
        return made
    }

    /// `ViewIntent(url:)`, made once for every simulation of the scenario.
    func linkIntent(_ url: String) -> ViewIntent {
        if let known = readings.withLock({ $0.intents.value(for: url, LinkAlone()) }) { return known }
        let made = ViewIntent(url: url)
        readings.withLock { $0.intents.keep(made, for: url, LinkAlone()) }
        return made
    }

    /// The URLs the box keeps the parts and the intents of, in the order kept (tests).
    var keptURLTexts: (parts: [String], intents: [String]) {
        readings.withLock { ($0.urlParts.urls, $0.intents.urls) }
    }
}
