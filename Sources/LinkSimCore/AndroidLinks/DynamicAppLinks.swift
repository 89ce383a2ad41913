/// Android 15+ dynamic App Links: server-side `dynamic_app_link_components` in assetlinks.json that
/// narrow which URIs of a verified host open the app.
struct DynamicComponent: Equatable, Sendable {
    var path: String?
    var query: [(key: String, value: String)]
    var fragment: String?
    var exclude: Bool

    static func == (a: DynamicComponent, b: DynamicComponent) -> Bool {
        a.path == b.path && a.fragment == b.fragment && a.exclude == b.exclude
            && a.query.map(\.key) == b.query.map(\.key) && a.query.map(\.value) == b.query.map(\.value)
    }

    /// DalComponentParser: `*` → `.*`, `?` → `.`, `?*` → `.+` (advanced glob); no wildcard → literal;
    /// a single trailing `*` → prefix.
    static func matcher(_ expression: String) -> PatternMatcher {
        let wildcards = expression.filter { $0 == "*" || $0 == "?" }.count
        if wildcards == 0 { return PatternMatcher(expression, kind: .literal) }
        if wildcards == 1, expression.hasSuffix("*") { return PatternMatcher(String(expression.dropLast()), kind: .prefix) }
        let advanced = expression.contains("?*")
        var out = ""
        var chars = Array(expression)
        var i = 0
        while i < chars.count {
            let ch = chars[i]
            if ch == "?", i + 1 < chars.count, chars[i + 1] == "*" {
                out += ".+"
                i += 2
                continue
            }
            switch ch {
            case "*": out += ".*"
            case "?": out += "."
            case ".": out += "\\."
            case "[", "]", "{",
                "}" where advanced:
                out += "\\" + String(ch)
            default: out.append(ch)
            }
            i += 1
        }
        chars = []
        return PatternMatcher(out, kind: advanced ? .advancedGlob : .simpleGlob)
    }

    func matches(_ uri: AndroidURI) -> Bool {
        if let path, !Self.matcher(path).matches(uri.path ?? "") { return false }
        if let fragment, !Self.matcher(fragment).matches(uri.fragment ?? "") { return false }
        if !query.isEmpty {
            let pairs = (uri.query ?? "").split(separator: "&").map { item -> (String, String) in
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }
            for (key, value) in query {
                let matcher = Self.matcher(value)
                guard pairs.contains(where: { $0.0 == key && matcher.matches($0.1) }) else { return false }
            }
        }
        return true
    }

    var summary: String {
        var parts: [String] = []
        if let path { parts.append("\"/\": \"\(path)\"") }
        if !query.isEmpty { parts.append("\"?\": {" + query.map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ") + "}") }
        if let fragment { parts.append("\"#\": \"\(fragment)\"") }
        if exclude { parts.append("\"exclude\": true") }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}

enum DynamicAppLinks {
    /// Dynamic App Link rules are read from Android 15 (API 35); before, the manifest alone decides.
    static func readsRules(api: Int) -> Bool { Rule.androidApplinksDynamicRules.applies(to: OSVersion(androidAPI: api)) }

    static func ignoredStep(api: Int) -> TraceStep {
        TraceStep(
            actor: "Android", summary: "The file has dynamic App Link rules, but Android \(api) (before 15) ignores them",
            rule: Rule.androidApplinksDynamicRules)
    }

    /// Malformed `dynamic_app_link_components` are ignored: the manifest alone decides.
    static let malformedIgnored = (
        summary: "Its dynamic_app_link_components are malformed, so the device ignores them and uses the manifest only", rule: Rule.androidApplinksDynamicRules
    )

    /// Evaluates the rules for a URL: first matching component decides; none matching excludes.
    static func allows(_ components: [DynamicComponent], url: String) -> (allowed: Bool, step: TraceStep) {
        let uri = AndroidURI(url)
        for (index, component) in components.enumerated() where component.matches(uri) {
            return (
                !component.exclude,
                TraceStep(
                    actor: "Android",
                    summary:
                        "Dynamic App Link rule #\(index) \(component.summary) matches first: \(component.exclude ? "excluded, so the app is not approved for this URL" : "the app may open it")",
                    rule: Rule.androidApplinksDynamicRules,
                    assumption: component.query.isEmpty
                        ? nil
                        : "assumption: each \"?\" entry matches a query pair with the same key and a value matching the expression (the exact conversion is not in the indexed source)"
                )
            )
        }
        return (
            false,
            TraceStep(
                actor: "Android", summary: "No dynamic App Link rule matches \(url): the URL is excluded, so the app is not approved for it",
                rule: Rule.androidApplinksDynamicRules)
        )
    }
}
