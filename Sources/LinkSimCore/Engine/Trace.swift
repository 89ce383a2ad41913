/// One step of a simulation: who did what, and the rule that decided it.
public struct TraceStep: Sendable, Equatable {
    /// Who acts: `Notes`, `Safari`, `iOS`, `Chrome`, `Android`, the app's name, `server shop.example.com`...
    public var actor: String
    public var summary: String
    /// The rule that decided this step (nil for plain narration).
    public var rule: RuleID?
    public var detail: String?
    /// A modelling assumption the step relies on ("assumption: ..."), when one decided it.
    public var assumption: String?

    public init(actor: String, summary: String, rule: Rule? = nil, detail: String? = nil, assumption: String? = nil) {
        self.actor = actor
        self.summary = summary
        self.rule = rule?.id
        self.detail = detail
        self.assumption = assumption
    }

    /// A step that carries over a rule another step already cited (e.g. a matcher's step put into the trace).
    public init(actor: String, summary: String, rule: RuleID?, detail: String? = nil, assumption: String? = nil) {
        self.actor = actor
        self.summary = summary
        self.rule = rule
        self.detail = detail
        self.assumption = assumption
    }
}

/// Where an action ends up (contract §2.4 / §3 vocabulary).
public struct Landing: Sendable, Equatable {
    public var kind: LandingKind
    public var app: String?
    public var screen: String?
    public var params: [String: String]?
    public var via: Via?
    public var callback: String?
    public var delivered: Bool?
    public var browser: String?
    public var url: String?
    /// What a chooser offers (app ids and browsers), or what a prompt offers.
    public var options: [String]?
    /// Extra facts later rule sets report (e.g. `match_type` for deferred links).
    public var extra: [String: String] = [:]
    /// For an `unknown` landing: why linksim cannot say where the link lands.
    public var reason: String?

    public init(kind: LandingKind, app: String? = nil, screen: String? = nil, params: [String: String]? = nil,
                via: Via? = nil, callback: String? = nil, delivered: Bool? = nil, browser: String? = nil,
                url: String? = nil, options: [String]? = nil, reason: String? = nil) {
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
    public static func unknown(_ reason: String) -> Landing { Landing(kind: .unknown, reason: reason) }
}
