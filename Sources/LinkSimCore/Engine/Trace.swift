/// How much of a trace a simulation writes. `.full` (the default) explains every step; `.verdicts`
/// keeps what decisions and expectations read (actors, rule IDs, assumptions, landings) and builds
/// no summary or detail text, for callers that show no trace (replay of passing files, matrix cells).
/// Two things keep their text in both modes: assumptions, and `linksim.not-modelled` steps (the reason
/// an unknown landing gives in QA reports).
package enum TraceDetail: Sendable, Hashable {
    case full
    case verdicts
}

/// One step of a simulation: who did what, and the rule that decided it.
///
/// The words (summary, detail, assumption) live in one shared, immutable box, absent when a step has
/// none (a step without trace text): a step is copied into a trace, a search's results, an action's
/// result, and each copy now counts three references instead of five, at half the size (issue #14).
package struct TraceStep: Sendable, Equatable {
    /// Who acts: `Notes`, `Safari`, `iOS`, `Chrome`, `Android`, the app's name, `server shop.example.com`...
    package var actor: String
    /// The rule that decided this step (nil for plain narration).
    package var rule: RuleID?
    private var words: Words?

    private final class Words: Sendable {
        let summary: String
        let detail: String?
        let assumption: String?
        init(summary: String, detail: String?, assumption: String?) {
            self.summary = summary
            self.detail = detail
            self.assumption = assumption
        }
    }

    package var summary: String {
        get { words?.summary ?? "" }
        set { setWords(summary: newValue, detail: detail, assumption: assumption) }
    }
    package var detail: String? {
        get { words?.detail }
        set { setWords(summary: summary, detail: newValue, assumption: assumption) }
    }
    /// A modelling assumption the step relies on ("assumption: ..."), when one decided it.
    package var assumption: String? {
        get { words?.assumption }
        set { setWords(summary: summary, detail: detail, assumption: newValue) }
    }

    private mutating func setWords(summary: String, detail: String?, assumption: String?) {
        words = summary.isEmpty && detail == nil && assumption == nil ? nil : Words(summary: summary, detail: detail, assumption: assumption)
    }

    package init(actor: String, summary: String, rule: Rule? = nil, detail: String? = nil, assumption: String? = nil) {
        self.init(actor: actor, summary: summary, rule: rule?.id, detail: detail, assumption: assumption)
    }

    /// A step that carries over a rule another step already cited (e.g. a matcher's step put into the trace).
    package init(actor: String, summary: String, rule: RuleID?, detail: String? = nil, assumption: String? = nil) {
        self.actor = actor
        self.rule = rule
        setWords(summary: summary, detail: detail, assumption: assumption)
    }

    package static func == (lhs: TraceStep, rhs: TraceStep) -> Bool {
        guard lhs.actor == rhs.actor, lhs.rule == rhs.rule else { return false }
        if lhs.words === rhs.words { return true }
        return lhs.summary == rhs.summary && lhs.detail == rhs.detail && lhs.assumption == rhs.assumption
    }
}

/// Where an action ends up (contract §2.4 / §3 vocabulary).
package struct Landing: Sendable, Equatable {
    package var kind: LandingKind
    package var app: String?
    package var screen: String?
    package var params: [String: String]?
    package var via: Via?
    package var callback: String?
    package var delivered: Bool?
    package var browser: Browser?
    package var url: String?
    /// What a chooser offers (app ids and browsers) or what a prompt offers: the answers it accepts.
    package var options: [Answer]?
    /// The options as the contract writes them (`open`, `cancel`, an app id, a browser).
    package var optionNames: [String]? { options?.map(\.description) }
    /// Extra facts later rule sets report (e.g. `match_type` for deferred links).
    package var extra: [LandingFact: String] = [:]
    /// For an `unknown` landing: why linksim cannot say where the link lands.
    package var reason: String?

    package init(
        kind: LandingKind, app: String? = nil, screen: String? = nil, params: [String: String]? = nil,
        via: Via? = nil, callback: String? = nil, delivered: Bool? = nil, browser: Browser? = nil,
        url: String? = nil, options: [Answer]? = nil, reason: String? = nil
    ) {
        self.kind = kind
        self.app = app
        self.screen = screen
        self.params = params
        self.via = via
        self.callback = callback
        self.delivered = delivered
        self.browser = browser
        self.url = url
        self.options = options
        self.reason = reason
    }

    /// A situation without a sourced rule: the landing is unknown, with the reason.
    package static func unknown(_ reason: String) -> Landing { Landing(kind: .unknown, reason: reason) }
}
