// MARK: - Reading assetlinks.json

extension AssetLinksVerifier {
    /// The statements of an assetlinks.json body; nil when it is not a JSON array.
    ///
    /// One strict parse (`JSONNode`), read with the same answers Foundation's `JSONSerialization` gave
    /// when the file was parsed a second time with it (issue #14: the second parse was a third of
    /// verifying a host): the last of two equal keys wins; a field of the wrong type is absent; a
    /// number is a boolean only when it is exactly 0 or 1 (`1`, `1.0`, `1e0`); and a number beyond the
    /// range of a Double makes the whole file unreadable, as Foundation refuses it (unless a later equal key replaced it).
    /// `AssetLinksReadingTests` compares both readings over generated files.
    static func statements(_ body: [UInt8]) -> [AssetStatement]? {
        guard let root = try? JSONNode.parse(body), root.numbersAreDoubles, let array = root.elements else { return nil }
        var statements: [AssetStatement] = []
        for item in array {
            guard item.members != nil else { continue }  // malformed statements are skipped
            if let include = item.member("include")?.string {
                statements.append(AssetStatement(relations: [], namespace: nil, packageName: nil, fingerprints: [], include: include))
                continue
            }
            let target = item.member("target").flatMap { $0.members == nil ? nil : $0 }
            var statement = AssetStatement(
                relations: item.member("relation")?.strings ?? [],
                namespace: target?.member("namespace")?.string,
                packageName: target?.member("package_name")?.string,
                fingerprints: target?.member("sha256_cert_fingerprints")?.strings ?? [],
                include: nil)
            if let extensions = item.member("relation_extensions"), extensions.members != nil,
                let handle = extensions.member(Self.handleAllURLs), handle.members != nil,
                let raw = handle.member("dynamic_app_link_components")
            {
                let parsed = raw.elements.flatMap { items in
                    items.allSatisfy { $0.members != nil } ? items.map(DynamicComponent.parse) : nil
                }
                if let parsed, !parsed.isEmpty, parsed.allSatisfy({ $0 != nil }) {
                    statement.dynamicComponents = parsed.compactMap { $0 }
                } else {
                    statement.dynamicMalformed = true
                }
            }
            statements.append(statement)
        }
        return statements
    }
}

extension DynamicComponent {
    /// Parses one component (a JSON object); nil when a field is malformed (the device then drops all
    /// dynamic rules).
    static func parse(_ object: JSONNode) -> DynamicComponent? {
        var c = DynamicComponent(path: nil, query: [], fragment: nil, exclude: false)
        for (key, value) in object.lastMembers {
            switch key {
            case "/":
                guard let s = value.string, !s.isEmpty else { return nil }
                c.path = s
            case "#":
                guard let s = value.string, !s.isEmpty else { return nil }
                c.fragment = s
            case "?":
                guard value.members != nil else { return nil }
                for (k, v) in value.lastMembers.sorted(by: { $0.key < $1.key }) {
                    guard let s = v.string, !s.isEmpty else { return nil }
                    c.query.append((k, s))
                }
            case "exclude":
                guard let b = value.foundationBool else { return nil }
                c.exclude = b
            default:
                continue  // "comments", "comment" and keys the device does not know
            }
        }
        return c
    }
}

extension JSONNode {
    /// An object's members with one per key, the last of equal keys (as a dictionary built in order).
    var lastMembers: [(key: String, value: JSONNode)] {
        guard let members else { return [] }
        var result: [(key: String, value: JSONNode)] = []
        for member in members {
            if let earlier = result.firstIndex(where: { $0.key == member.key }) {
                result[earlier].value = member.value
            } else {
                result.append((member.key, member.value))
            }
        }
        return result
    }

    /// An array of strings; nil when it is not an array or holds anything else.
    var strings: [String]? {
        guard let elements else { return nil }
        var result: [String] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard let text = element.string else { return nil }
            result.append(text)
        }
        return result
    }

    /// A boolean as Foundation reads it: `true`/`false`, or a number that is exactly 0 or 1.
    var foundationBool: Bool? {
        switch value {
        case .bool(let b): return b
        case .number(let text):
            guard let number = Double(text) else { return nil }
            return number == 0 ? false : number == 1 ? true : nil
        default: return nil
        }
    }

    /// Whether every number in the value is within a Double's range: Foundation refuses a file with one
    /// that is not, unless a later equal key replaced it (Foundation makes its numbers from what is left).
    var numbersAreDoubles: Bool {
        switch value {
        case .number(let text): return Double(text)?.isFinite ?? false
        case .array(let elements): return elements.allSatisfy(\.numbersAreDoubles)
        case .object: return lastMembers.allSatisfy(\.value.numbersAreDoubles)
        case .string, .bool, .null: return true
        }
    }
}
