/// Every rule the engine can cite.
package enum RuleCatalog {
    package static let all: [Rule] =
        SchemeRules.all + UniversalLinkRules.all + IOSAASARules.all
        + AndroidFilterRules.all + AppLinkRules.all + DeferredRules.all
        + RealFileRules.all + AppSideRules.all

    private static let byID: [String: Rule] = Dictionary(all.map { ($0.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })

    /// The rule a user or a scenario names by its dotted ID; nil when the catalog has none.
    package static func rule(_ id: String) -> Rule? { byID[id] }

    /// The catalog entry of a cited rule.
    package static func rule(_ id: RuleID) -> Rule? { byID[id.rawValue] }
}
