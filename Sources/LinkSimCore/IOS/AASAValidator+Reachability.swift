/// Which rules an earlier rule makes unreachable, and "did you mean" for keys.
extension ValidationWalk {
    /// True when a component matches every URL, taking keys it leaves out from defaults (latest iOS).
    func matchesEverything(_ node: JSONNode, defaults: [JSONNode?]) -> Bool {
        guard node.members != nil else { return false }
        func effective(_ key: String) -> JSONNode? {
            if let own = node.member(key) { return own }
            for layer in defaults.reversed() { if let value = layer?.member(key) { return value } }
            return nil
        }
        let pathOK = effective("/").map { $0.string.map(isCatchAllPath) ?? true } ?? true
        let fragmentOK = effective("#").map { $0.string.map { $0 == "*" } ?? true } ?? true
        let queryOK: Bool
        if let query = effective("?") {
            if let text = query.string {
                queryOK = text == "*"
            } else if let items = query.members {
                queryOK = items.contains { $0.value.string == nil } || items.allSatisfy { $0.value.string == "*" }
            } else {
                queryOK = true
            }
        } else {
            queryOK = true
        }
        return pathOK && fragmentOK && queryOK
    }

    /// True when `earlier` decides every URL `later` matches: same options and query/fragment
    /// conditions (or none on `earlier`), and a path pattern whose literal head followed by a final
    /// `*` covers `later`'s literal head (`/wiki/*` before `/wiki/Special:*`).
    func shadows(_ earlier: JSONNode, _ later: JSONNode, defaults: [JSONNode?]) -> Bool {
        func value(_ node: JSONNode, _ key: String) -> JSONNode? {
            node.member(key) ?? defaults.compactMap { $0?.member(key) }.last
        }
        for key in ["caseSensitive", "percentEncoded"] where value(earlier, key)?.bool != value(later, key)?.bool { return false }
        for key in ["?", "#"] {
            guard let condition = value(earlier, key) else { continue }
            // Only a condition repeated exactly (a string, or the same query items) is compared.
            guard let other = value(later, key) else { return false }
            if let text = condition.string {
                guard other.string == text else { return false }
            } else {
                func items(_ node: JSONNode) -> [String]? {
                    node.members.map { $0.map { "\($0.key)=\($0.value.string ?? "\u{0}")" } }
                }
                guard let mine = items(condition), mine == items(other) else { return false }
            }
        }
        guard let earlierPath = value(earlier, "/")?.string ?? Optional("*"), let laterPath = value(later, "/")?.string else { return false }
        if earlierPath == laterPath { return true }
        guard earlierPath.hasSuffix("*") else { return false }
        let head = earlierPath.dropLast()
        guard !head.contains(where: { $0 == "*" || $0 == "?" || $0 == "$" }) else { return false }
        let laterHead = laterPath.prefix { $0 != "*" && $0 != "?" && $0 != "$" }
        return laterHead.hasPrefix(head)
    }

    func isCatchAllPath(_ pattern: String) -> Bool {
        pattern.drop { $0 == "/" }.allSatisfy { $0 == "*" } && pattern.contains("*")
    }

    /// The known key closest to a misspelled one, if it is close enough to be a typo.
    func nearest(_ key: String, in known: [String]) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in known {
            // Damerau distance (Suggestion's): a swap of two letters ("pahts") is one edit, as in scenario keys.
            let distance = Suggestion.distance(key.lowercased(), candidate.lowercased())
            if distance <= max(1, candidate.count / 3), distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }
}
