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

    /// Which earlier component decides every URL a later one matches (`/wiki/*` before `/wiki/Special:*`): the
    /// components seen so far, indexed so that each new one is checked in time proportional to its path's length
    /// (a pairwise check made `validate` quadratic: 6 s for a 1000-component file). An earlier component shadows
    /// a later one when their options are the same, each query or fragment condition of the earlier one is
    /// repeated exactly by the later one (a string, or the same query items), and the earlier path is the later
    /// one, or a literal head and a final `*` that the later path's literal head starts with.
    struct ShadowIndex {
        let defaults: [JSONNode?]
        /// Per options and conditions ("-" for none): the first index of each exact path, and of each literal head.
        private var exact: [String: [String: Int]] = [:]
        private var heads: [String: [String: Int]] = [:]

        init(defaults: [JSONNode?]) { self.defaults = defaults }

        private func value(_ node: JSONNode, _ key: String) -> JSONNode? {
            node.member(key) ?? defaults.compactMap { $0?.member(key) }.last
        }

        /// Written plainly: a `map` over the keys with an optional chain inside crashed the release build's
        /// optimizer (Swift 6.3.1, "Found ownership error" in CopyPropagation).
        private func options(_ node: JSONNode) -> String {
            var out = ""
            for key in ["caseSensitive", "percentEncoded"] {
                switch value(node, key)?.bool {
                case true?: out += "t"
                case false?: out += "f"
                case nil: out += "-"
                }
            }
            return out
        }

        /// A condition as a key: nil when there is none; "x" when it is neither a string nor query items.
        private func condition(_ node: JSONNode, _ key: String) -> String? {
            guard let condition = value(node, key) else { return nil }
            if let text = condition.string { return "s:" + text }
            if let members = condition.members {
                return "i:" + members.map { "\($0.key)=\($0.value.string ?? "\u{0}")" }.joined(separator: "\u{1}")
            }
            return "x"
        }

        private static func literalHead(_ path: String) -> Substring { path.prefix { $0 != "*" && $0 != "?" && $0 != "$" } }

        /// The first component already added that shadows `later`.
        func firstShadowing(_ later: JSONNode) -> Int? {
            guard let laterPath = value(later, "/")?.string else { return nil }
            let opts = options(later)
            let queries = ["-"] + (condition(later, "?").map { [$0] } ?? [])
            let fragments = ["-"] + (condition(later, "#").map { [$0] } ?? [])
            let laterHead = Self.literalHead(laterPath)
            var best: Int?
            for query in queries {
                for fragment in fragments {
                    let group = opts + "\u{1}" + query + "\u{1}" + fragment
                    if let index = exact[group]?[laterPath] { best = min(best ?? index, index) }
                    guard let byHead = heads[group] else { continue }
                    var prefix = laterHead.startIndex
                    while true {
                        if let index = byHead[String(laterHead[..<prefix])] { best = min(best ?? index, index) }
                        guard prefix < laterHead.endIndex else { break }
                        prefix = laterHead.index(after: prefix)
                    }
                }
            }
            return best
        }

        /// Adds component `index` as a possible shadow of the ones after it.
        mutating func add(_ earlier: JSONNode, index: Int) {
            let query = condition(earlier, "?")
            let fragment = condition(earlier, "#")
            // A condition that is neither a string nor query items never decides for another component.
            if query == "x" || fragment == "x" { return }
            let group = options(earlier) + "\u{1}" + (query ?? "-") + "\u{1}" + (fragment ?? "-")
            let path = value(earlier, "/")?.string ?? "*"
            if exact[group]?[path] == nil { exact[group, default: [:]][path] = index }
            guard path.hasSuffix("*") else { return }
            let head = String(path.dropLast())
            guard !head.contains(where: { $0 == "*" || $0 == "?" || $0 == "$" }) else { return }
            if heads[group]?[head] == nil { heads[group, default: [:]][head] = index }
        }
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
