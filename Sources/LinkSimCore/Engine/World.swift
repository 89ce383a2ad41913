/// Something on screen that waits for the user: a confirmation prompt or a chooser.
package struct PendingDecision: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// Safari's “Open in “App”?” for a custom scheme.
        case safariSchemePrompt
        /// ““Caller” wants to open “App”” (iOS system prompt for a third-party app).
        case appOpenPrompt(caller: String)
        /// Chrome's “Continue to <app>?” for an external protocol.
        case chromeExternalPrompt
        /// Android's chooser.
        case chooser
        /// iOS 16+ “Allow Paste” alert raised by a deep-link SDK reading the pasteboard on first launch.
        case pastePrompt(firstLaunch: Bool)
        /// The app's own “Leave this screen?” before it routes a link (`screen_state` policy `confirm`).
        case appConfirm
    }
    package var kind: Kind
    package var url: String
    /// The app the prompt would open (prompts), or every app offered (chooser).
    package var candidates: [String]
    /// Where the user stays on cancel (a browser name and page), if anywhere.
    package var stayBrowser: Browser?
    package var stayURL: String?
    package var tap: Tap
    /// The rule to cite when the user cancels.
    package var cancelRule: Rule?
    /// When the link is a provider's URI-scheme fallback: the SDK data to deliver with it.
    var providerLink: ProviderLinkContext? = nil
    /// `appConfirm`: the app's landing while it asks, and the link kind to route on “open”.
    var appLanding: Landing? = nil
    var appLinkKind: AppDelivery.LinkKind? = nil
}

/// The mutable state the actions change, plus the scenario's fixed parts.
struct World {
    var device: Device
    var apps: [App]
    var web: Web
    /// Every version of what the servers served, oldest first (the first is the scenario's `web`).
    var webHistory: [WebVersion]
    let providers: Providers
    /// Android: provider domains whose assetlinks.json the link provider serves (the scenario's `web`
    /// does not list them).
    var providerHosted: Set<String>
    var clock: SimInstant
    /// The scenario's start time (the CDN model measures from it).
    let start: SimInstant
    let assumptions: Assumptions
    var pending: PendingDecision?
    /// Android: choices saved with “Always” in a chooser, by `scheme://host` → app id.
    var preferredActivities: [String: String] = [:]
    var nextInstallOrder: Int
    /// Provider clicks, install history and cached conversion data (deferred deep links).
    var deferred: DeferredState
    /// How much of the trace the current action writes (matchers explain only with `.full`).
    var traceDetail: TraceDetail = .full
    /// False in `.verdicts` mode: code that builds steps outside a `TraceRecorder` skips their text.
    var explains: Bool { traceDetail == .full }
    /// What the engine derives from the scenario's start and providers, kept with the scenario
    /// (Model/ScenarioCache.swift).
    let scenarioCache: ScenarioCache

    /// `URLParts(url)`, split once for every hop of every simulation of the scenario that reads the same URL
    /// (the tap, the handler search, the router, the redirect check; Model/ScenarioCache.swift).
    func parts(of url: String) -> URLParts? { scenarioCache.parts(of: url) }

    /// `ViewIntent(url:)` with its defaults, read once for every simulation of the scenario.
    func linkIntent(_ url: String) -> ViewIntent { scenarioCache.linkIntent(url) }

    // Inlined into the simulator: out of line, the initializer handed back its world by copying it and
    // freeing the copy (a retain and a release of every field).
    @inline(__always) init(_ scenario: borrowing Scenario) {
        // The fields the initializer writes have no default value and are written once (`providerHosted`,
        // `deferred`): a field given its default and then written again made the inlined initializer hand
        // back its world by copying it and freeing the copy, a retain and a release of every field (issue #14).
        //
        // The apps, the web, its history and the install times at the start are made once per scenario and kept
        // with it (Model/ScenarioCache.swift); each world shares them until it changes them.
        let cache = scenario.cache
        let start = cache.start { ScenarioCache.Start(scenario) }
        device = scenario.device
        apps = start.apps
        web = start.web
        webHistory = start.webHistory
        providers = scenario.providers
        clock = scenario.clock
        self.start = scenario.clock
        assumptions = scenario.assumptions
        nextInstallOrder = scenario.apps.count
        providerHosted = start.hosted
        scenarioCache = cache
        var deferred = DeferredState()
        deferred.initialInstalls = start.initialInstalls
        self.deferred = deferred
    }

    func index(of appID: String) -> Int? { apps.firstIndex { $0.id == appID } }

    /// When an installed app was installed: its own time, else (an app installed when the simulation starts,
    /// without `installed_at`) the scenario's start. nil for an app that is not installed.
    static func installTime(of app: App, start: SimInstant) -> SimInstant? {
        app.installedAt ?? (app.state.isInstalled ? start : nil)
    }

    /// What the servers served at `time` (the scenario's `web` for any time before the first change).
    func web(at time: SimInstant) -> Web {
        // The current web also carries what a resolver added for one link (a provider's hosted AASA).
        if webHistory.count == 1 || time >= webHistory[webHistory.count - 1].since { return web }
        return webHistory.last { $0.since <= time }?.web ?? webHistory[0].web
    }

    /// The index in `webHistory` of what the servers served at `time`: the last version from `time` or before.
    func webVersion(at time: SimInstant) -> Int {
        webHistory.lastIndex { $0.since <= time } ?? 0
    }

    /// The key a preferred activity is saved under for a URL.
    func preferenceKey(_ url: String) -> String {
        guard let parts = parts(of: url) else { return url }
        return "\(parts.scheme)://\(parts.normalizedHost)"
    }

    /// Brings one app to the foreground; the one that was there goes to the background.
    mutating func bringToForeground(_ index: Int) {
        for i in apps.indices where i != index && apps[i].state == .foreground {
            apps[i].state = .background
        }
        // Written only when it changes: a write copies the list of apps the world still shares with its scenario,
        // and the app's run state (issue #14).
        if apps[index].state != .foreground { apps[index].state = .foreground }
    }
}

/// Collects the trace of one action. With `.verdicts` it keeps each step's actor, rule and
/// assumption but builds no summary or detail text (the autoclosures are not called): what
/// decisions and expectations read, without the cost of writing what only a shown trace needs.
struct TraceRecorder {
    private(set) var steps: [TraceStep] = []
    /// False in `.verdicts` mode: summaries and details are left empty.
    let explains: Bool

    init(_ detail: TraceDetail = .full) {
        explains = detail == .full
        // An action's trace has 6 steps at the median and 18 at the 90th percentile (the library): room for
        // 16 from the start saves the four or five regrowths (each a new buffer and a move) most traces made.
        steps.reserveCapacity(16)
    }

    /// Adds a step made elsewhere; without trace text, its text is dropped (the step keeps the rest).
    mutating func append(_ step: consuming TraceStep) {
        if explains || Self.keepsAsMade(step) {
            steps.append(step)
        } else {
            steps.append(TraceStep(actor: step.actor, summary: "", rule: step.rule, assumption: step.assumption))
        }
    }

    /// A step that goes into a trace without text as it was made: it has none, or it is a `linksim.not-modelled`
    /// step, whose text QA reports show in every mode.
    private static func keepsAsMade(_ step: TraceStep) -> Bool {
        step.hasNoText || step.rule == ResultFacts.notModelledRule
    }

    /// Adds steps made elsewhere, as `append` adds each (one copy of each step, not two).
    mutating func append(contentsOf made: [TraceStep]) {
        // Without trace text, steps made elsewhere are mostly bare already (their makers asked `explains` too).
        if explains || made.allSatisfy({ Self.keepsAsMade($0) }) {
            steps.append(contentsOf: made)
        } else {
            for index in made.indices { append(made[index]) }
        }
    }

    mutating func add(
        _ actor: String, _ summary: @autoclosure () -> String, rule: Rule? = nil, detail: @autoclosure () -> String? = nil,
        assumption: String? = nil
    ) {
        // A `linksim.not-modelled` step keeps its text in every mode: it is the reason QA reports show.
        if explains || rule?.id == ResultFacts.notModelledRule {
            steps.append(TraceStep(actor: actor, summary: summary(), rule: rule, detail: detail(), assumption: assumption))
        } else {
            steps.append(TraceStep(actor: actor, summary: "", rule: rule, detail: nil, assumption: assumption))
        }
    }
}
