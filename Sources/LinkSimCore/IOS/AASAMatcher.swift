import Foundation

/// The verdict for one app and one URL.
package enum AASAMatchResult: String, Sendable, Equatable {
    /// The URL opens the app as a universal link.
    case match
    /// An exclude rule hit first: the URL does not open the app.
    case exclude
    /// No rule for this app hit.
    case noMatch = "no_match"
}

/// Which rule set decided.
package enum AASAFormat: String, Sendable, Equatable {
    case components
    case paths
}

/// One step of the explanation, for a trainee reading why the URL matched or not.
///
/// A step is data: what it says (a fact, with indices into the file) and the match it belongs to. Its text is
/// written when `summary` or `detail` is read, so a match whose trace is not shown costs no text. With
/// `explain: false` the steps keep their rules and assumptions; their summary is "" and they have no detail.
package struct AASAMatchStep: Sendable, Equatable {
    let fact: AASAStepFact
    /// Shared by all the steps of one match.
    let context: AASAExplanationContext

    package var summary: String { context.explains ? context.summary(of: fact) : "" }
    package var detail: String? { context.explains ? context.detail(of: fact) : nil }
    /// The `ios.aasa.*` rule (see `IOSAASARules`) this step applied.
    package var rule: RuleID? { MatchRun.rule(of: fact).id }
    /// Where linksim follows an undocumented or disputed reading, it says so here.
    package var assumption: String? { context.assumption(of: fact) }

    /// Steps are equal when a reader sees the same: the same rule, assumption and texts.
    package static func == (lhs: AASAMatchStep, rhs: AASAMatchStep) -> Bool {
        lhs.rule == rhs.rule && lhs.assumption == rhs.assumption && lhs.summary == rhs.summary && lhs.detail == rhs.detail
    }
}

package struct AASAMatch: Sendable, Equatable {
    package var result: AASAMatchResult
    /// 0-based index of the deciding `details` entry (nil for no_match).
    package var detail: Int?
    /// 0-based index of the deciding component or `paths` entry (nil for no_match).
    package var component: Int?
    package var format: AASAFormat?
    package var steps: [AASAMatchStep]

    package init(
        result: AASAMatchResult, detail: Int? = nil, component: Int? = nil, format: AASAFormat? = nil,
        steps: [AASAMatchStep] = []
    ) {
        self.result = result
        self.detail = detail
        self.component = component
        self.format = format
        self.steps = steps
    }
}

/// One app's verdict, as returned by `AASAMatcher.firstMatch`.
package struct AASAAppMatch: Sendable, Equatable {
    package var appID: String
    package var match: AASAMatch
}

package enum AASAMatcher {
    /// Classifies `url` for the app `appID` against `document`, as iOS `ios` would. With `explain: false`
    /// the steps keep their rules and assumptions but no text (the same verdict and rule IDs).
    ///
    /// - Parameter domain: the host the file was served for. When given, a URL on another host never
    ///   matches (compared case-insensitively). The CLI passes nil: it assumes the file belongs to the
    ///   URL's host (contract §1.1).
    package static func match(
        url: String, appID: String, document: AASADocument, ios: OSVersion,
        domain: String? = nil, explain: Bool = true
    ) -> AASAMatch {
        Prepared(document: document, appID: appID, ios: ios).match(url: url, domain: domain, explain: explain)
    }

    /// The verdict alone, as `match` would give it, with no step: the fast path
    /// for callers that show no trace (matrices, benchmarks). A property test keeps the two equal.
    package static func verdict(
        url: String, appID: String, document: AASADocument, ios: OSVersion,
        domain: String? = nil
    ) -> AASAVerdict {
        Prepared(document: document, appID: appID, ios: ios).verdict(url: url, domain: domain)
    }

    /// Picks the app that opens `url` when several apps may claim it (linksim's reading; Apple does not document it).
    ///
    /// Every app in `appIDs` (typically the installed apps whose entitlement is verified for the host)
    /// is classified on its own. Among those whose verdict is `match`, the winner is the one whose
    /// deciding `details` entry comes first in the file; within one entry, the app listed first in that
    /// entry wins, then the order of `appIDs`. Returns nil when no app gets `match` (an exclude for one
    /// app does not stop another app's entry from matching).
    package static func firstMatch(
        url: String, appIDs: [String], document: AASADocument, ios: OSVersion,
        domain: String? = nil
    ) -> AASAAppMatch? {
        let verdicts = matchAll(url: url, appIDs: appIDs, document: document, ios: ios, domain: domain)
        var best: (rank: (Int, Int, Int), verdict: AASAAppMatch)?
        for (order, verdict) in verdicts.enumerated() where verdict.match.result == .match {
            let detailIndex = verdict.match.detail ?? Int.max
            let positionInEntry =
                document.details.indices.contains(detailIndex)
                ? (document.details[detailIndex].appIDs(on: ios).firstIndex(of: verdict.appID) ?? Int.max) : Int.max
            let rank = (detailIndex, positionInEntry, order)
            if best == nil || rank < (best?.rank ?? rank) { best = (rank, verdict) }
        }
        return best?.verdict
    }

    /// The verdict for every app in `appIDs`, in the same order.
    package static func matchAll(
        url: String, appIDs: [String], document: AASADocument, ios: OSVersion,
        domain: String? = nil
    ) -> [AASAAppMatch] {
        appIDs.map { AASAAppMatch(appID: $0, match: match(url: url, appID: $0, document: document, ios: ios, domain: domain)) }
    }
}

/// The parts of an AASA file an iOS version reads, each asked of the catalog once per prepared file by the `MatchRun`
/// function that decides it (`MatchRun.readsComponents(on:)` …): universal links (9+), `appIDs` and `components`
/// (13+), `defaults` (14+), `caseSensitive` and substitution variables (13.5+), `"NOT "` in legacy paths (9.2+).
struct AASAVersionGates: Sendable {
    let universalLinks: Bool
    let appIDsKey: Bool
    let components: Bool
    let defaults: Bool
    let caseSensitiveKey: Bool
    let variables: Bool
    let notPrefix: Bool

    init(_ ios: OSVersion) {
        universalLinks = MatchRun.hasUniversalLinks(on: ios)
        appIDsKey = MatchRun.readsAppIDsKey(on: ios)
        components = MatchRun.readsComponents(on: ios)
        defaults = MatchRun.readsDefaults(on: ios)
        caseSensitiveKey = MatchRun.readsCaseSensitiveKey(on: ios)
        variables = MatchRun.readsSubstitutionVariables(on: ios)
        notPrefix = MatchRun.readsNotPrefix(on: ios)
    }
}
