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

    /// No summary and no detail (an assumption may be there): read in place, without copying the texts out
    /// (a trace without text asks it of every step put into it; issue #14).
    var hasNoText: Bool {
        guard let words else { return true }
        return words.summary.isEmpty && words.detail == nil
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
///
/// Its fields live in one shared box copied only when a copy is changed (copy on write, as `App`'s): a
/// landing is handed from resolver to resolver, into the pending prompt and into the action's result,
/// and copying a dozen strings and dictionaries field by field cost a retain and a release for each
/// (issue #14). Reads and writes look as they did.
package struct Landing: Sendable, Equatable, CustomReflectable {
    struct Fields: Sendable, Equatable {
        var kind: LandingKind
        var app: String? = nil
        var screen: String? = nil
        var params: [String: String]? = nil
        var via: Via? = nil
        var callback: String? = nil
        var delivered: Bool? = nil
        var browser: Browser? = nil
        var url: String? = nil
        /// What a chooser offers (app ids and browsers) or what a prompt offers: the answers it accepts.
        var options: [Answer]? = nil
        /// Extra facts later rule sets report (e.g. `match_type` for deferred links).
        var extra: [LandingFact: String] = [:]
        /// For an `unknown` landing: why linksim cannot say where the link lands.
        var reason: String? = nil
    }

    /// The fields, in a box shared until a copy writes (Model/CopyOnWriteBox.swift).
    private var storage: CopyOnWriteBox<Fields>

    package static func == (lhs: Landing, rhs: Landing) -> Bool {
        CopyOnWriteBox.same(lhs.storage, rhs.storage)
    }

    /// The fields, as a struct's own (what test digests and debuggers read).
    package var customMirror: Mirror {
        Mirror(self, children: Mirror(reflecting: storage.fields).children, displayStyle: .struct)
    }

    private mutating func makeUnique() { CopyOnWriteBox.makeUnique(&storage) }

    package var kind: LandingKind {
        get { storage.fields.kind }
        _modify {
            makeUnique()
            yield &storage.fields.kind
        }
    }
    package var app: String? {
        get { storage.fields.app }
        _modify {
            makeUnique()
            yield &storage.fields.app
        }
    }
    package var screen: String? {
        get { storage.fields.screen }
        _modify {
            makeUnique()
            yield &storage.fields.screen
        }
    }
    package var params: [String: String]? {
        get { storage.fields.params }
        _modify {
            makeUnique()
            yield &storage.fields.params
        }
    }
    package var via: Via? {
        get { storage.fields.via }
        _modify {
            makeUnique()
            yield &storage.fields.via
        }
    }
    package var callback: String? {
        get { storage.fields.callback }
        _modify {
            makeUnique()
            yield &storage.fields.callback
        }
    }
    package var delivered: Bool? {
        get { storage.fields.delivered }
        _modify {
            makeUnique()
            yield &storage.fields.delivered
        }
    }
    package var browser: Browser? {
        get { storage.fields.browser }
        _modify {
            makeUnique()
            yield &storage.fields.browser
        }
    }
    package var url: String? {
        get { storage.fields.url }
        _modify {
            makeUnique()
            yield &storage.fields.url
        }
    }
    /// What a chooser offers (app ids and browsers) or what a prompt offers: the answers it accepts.
    package var options: [Answer]? {
        get { storage.fields.options }
        _modify {
            makeUnique()
            yield &storage.fields.options
        }
    }
    /// Extra facts later rule sets report (e.g. `match_type` for deferred links).
    package var extra: [LandingFact: String] {
        get { storage.fields.extra }
        _modify {
            makeUnique()
            yield &storage.fields.extra
        }
    }
    /// For an `unknown` landing: why linksim cannot say where the link lands.
    package var reason: String? {
        get { storage.fields.reason }
        _modify {
            makeUnique()
            yield &storage.fields.reason
        }
    }
    /// The options as the contract writes them (`open`, `cancel`, an app id, a browser).
    package var optionNames: [String]? { options?.map(\.description) }

    package init(
        kind: LandingKind, app: String? = nil, screen: String? = nil, params: [String: String]? = nil,
        via: Via? = nil, callback: String? = nil, delivered: Bool? = nil, browser: Browser? = nil,
        url: String? = nil, options: [Answer]? = nil, reason: String? = nil
    ) {
        storage = CopyOnWriteBox(
            Fields(
                kind: kind, app: app, screen: screen, params: params, via: via, callback: callback, delivered: delivered, browser: browser, url: url,
                options: options, reason: reason))
    }

    /// A situation without a sourced rule: the landing is unknown, with the reason.
    package static func unknown(_ reason: String) -> Landing { Landing(kind: .unknown, reason: reason) }
}
