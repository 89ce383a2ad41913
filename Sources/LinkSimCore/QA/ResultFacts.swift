/// How sure a simulated landing is: decided by sourced rules, resting on a modelling assumption,
/// or decided by a situation linksim has no sourced rule for. Matrix cells, diffs and searches
/// mark the last two so they are never read as ordinary results.
package enum Certainty: Sendable, Equatable, Hashable {
    case sourced
    /// A documented-as-open behaviour decided a step (the assumption's text).
    case assumption(String)
    /// No sourced rule covers the situation (the reason).
    case unknown(String)

    package var name: String {
        switch self {
        case .sourced: return "sourced"
        case .assumption: return "assumption"
        case .unknown: return "unknown"
        }
    }

    /// The assumption or the reason; nil when sourced.
    package var note: String? {
        switch self {
        case .sourced: return nil
        case .assumption(let text), .unknown(let text): return text
        }
    }
}

/// Facts about one action's result that every QA report needs.
package enum ResultFacts {
    /// The rule ID linksim uses for situations without a sourced rule.
    package static let notModelledRule = Rule.linksimNotModelled.id

    /// The rule that decided the landing: the last platform rule the trace cites (rules about
    /// linksim's own model, such as the app's router, come after the decision), else the last
    /// rule; `linksim.not-modelled` when no sourced rule covered the situation.
    package static func decidingRule(_ result: ActionResult) -> RuleID? {
        if result.trace.contains(where: { $0.rule == notModelledRule }) { return notModelledRule }
        return result.trace.last { $0.rule.map { $0.namespace != "linksim" } ?? false }?.rule
            ?? result.trace.last { $0.rule != nil }?.rule
    }

    package static func certainty(_ result: ActionResult) -> Certainty {
        if let landing = result.landing, landing.kind == .unknown {
            let reason = landing.reason ?? result.trace.last { $0.rule == notModelledRule }?.summary
            return .unknown(reason ?? "no sourced rule covers this situation")
        }
        if let step = result.trace.last(where: { $0.rule == notModelledRule }) {
            return .unknown(step.detail.map { "\(step.summary): \($0)" } ?? step.summary)
        }
        if result.restsOnAssumption, !result.assumptions.isEmpty {
            return .assumption(result.assumptions.joined(separator: "; "))
        }
        return .sourced
    }

    /// A short label for a landing in a table cell: `app(ul)`, `browser`, `store`, `chooser`...
    package static func shortLabel(_ landing: Landing?) -> String {
        guard let landing else { return "-" }
        switch landing.kind {
        case .app:
            var label = "app"
            switch landing.via {
            case .universalLink?: label += "(ul)"
            case .appLink?: label += "(al)"
            case .customScheme?: label += "(scheme)"
            case .intentURL?: label += "(intent)"
            case .deferred?: label += "(deferred)"
            case .web?, nil: break
            }
            if landing.delivered == false { label += "!" }
            return label
        default:
            return landing.kind.rawValue
        }
    }

    /// The fields that say where a link went, for comparing two results (diff, matrix --expect):
    /// kind, app, screen, via, browser and whether the link was delivered.
    package static func landingKey(_ landing: Landing?) -> String {
        guard let landing else { return "none" }
        var parts = [landing.kind.rawValue]
        if let app = landing.app { parts.append("app=\(app)") }
        if let screen = landing.screen { parts.append("screen=\(screen)") }
        if let via = landing.via { parts.append("via=\(via.rawValue)") }
        if let browser = landing.browser { parts.append("browser=\(browser)") }
        if landing.delivered == false { parts.append("not-delivered") }
        if let options = landing.optionNames { parts.append("options=" + options.sorted().joined(separator: ",")) }
        return parts.joined(separator: " ")
    }
}
