/// Every rule the engine can cite.
public enum RuleCatalog {
    public static let all: [Rule] = SchemeRules.all + UniversalLinkRules.all + IOSAASARules.all
        + AndroidFilterRules.all + AppLinkRules.all + DeferredRules.all
        + RealFileRules.all

    private static let byID: [String: Rule] = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    public static func rule(_ id: String) -> Rule? { byID[id] }
}
