import Testing

@testable import LinkSimCore

/// `aasa validate` (and `validate`'s check of served files) finds components an earlier one makes unreachable with
/// an index (`ValidationWalk.ShadowIndex`), not by comparing every pair: a 1000-component file took 6 s. The index
/// must name the same earlier component as the pairwise rule it replaced, kept here as the reference.
@Suite struct AASAShadowIndexTests {
    /// The pairwise rule, as the validator had it: `earlier` decides every URL `later` matches.
    static func shadows(_ earlier: JSONNode, _ later: JSONNode, defaults: [JSONNode?]) -> Bool {
        func value(_ node: JSONNode, _ key: String) -> JSONNode? { node.member(key) ?? defaults.compactMap { $0?.member(key) }.last }
        for key in ["caseSensitive", "percentEncoded"] where value(earlier, key)?.bool != value(later, key)?.bool { return false }
        for key in ["?", "#"] {
            guard let condition = value(earlier, key) else { continue }
            guard let other = value(later, key) else { return false }
            if let text = condition.string {
                guard other.string == text else { return false }
            } else {
                func items(_ node: JSONNode) -> [String]? { node.members.map { $0.map { "\($0.key)=\($0.value.string ?? "\u{0}")" } } }
                guard let mine = items(condition), mine == items(other) else { return false }
            }
        }
        guard let earlierPath = value(earlier, "/")?.string ?? Optional("*"), let laterPath = value(later, "/")?.string else { return false }
        if earlierPath == laterPath { return true }
        guard earlierPath.hasSuffix("*") else { return false }
        let head = earlierPath.dropLast()
        guard !head.contains(where: { $0 == "*" || $0 == "?" || $0 == "$" }) else { return false }
        return laterPath.prefix { $0 != "*" && $0 != "?" && $0 != "$" }.hasPrefix(head)
    }

    static let paths = [nil, "\"*\"", "\"/a/*\"", "\"/a/b\"", "\"/a/b/*\"", "\"/a*b\"", "\"/a/?\"", "\"/a/$x\"", "\"/\"", "\"/b/*\"", "5"]
    static let queries = [nil, "\"x=1\"", "{\"x\": \"1\"}", "{\"x\": \"*\"}", "{\"x\": 2}", "5"]
    static let fragments = [nil, "\"f\"", "\"*\""]
    static let flags = [nil, "true", "false"]

    static func component(_ random: inout SeededRandom) -> String {
        var members: [String] = []
        if let path = random.pick(paths) { members.append("\"/\": \(path)") }
        if let query = random.pick(queries) { members.append("\"?\": \(query)") }
        if let fragment = random.pick(fragments) { members.append("\"#\": \(fragment)") }
        if let flag = random.pick(flags) { members.append("\"caseSensitive\": \(flag)") }
        if let flag = random.pick(flags) { members.append("\"percentEncoded\": \(flag)") }
        return random.chance(5) ? "7" : "{" + members.joined(separator: ", ") + "}"
    }

    @Test func theIndexNamesTheComponentThePairwiseRuleNames() throws {
        var random = SeededRandom(seed: 0x5AAD_0123)
        for _ in 0..<400 {
            let list = (0..<(1 + random.below(12))).map { _ in Self.component(&random) }
            let defaults = random.chance(40) ? Self.component(&random) : nil
            let node = try JSONNode.parse(Array("[\(list.joined(separator: ", "))]".utf8))
            let defaultsNode = try defaults.map { try JSONNode.parse(Array($0.utf8)) }
            let components = try #require(node.elements)
            var index = ValidationWalk.ShadowIndex(defaults: [defaultsNode, nil])
            for (position, component) in components.enumerated() {
                let expected = components[..<position].firstIndex { Self.shadows($0, component, defaults: [defaultsNode, nil]) }
                #expect(index.firstShadowing(component) == expected, "\(list) defaults \(defaults ?? "none") at \(position)")
                index.add(component, index: position)
            }
        }
    }
}
