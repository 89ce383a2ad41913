import Foundation
import Testing

@testable import LinkSimCore

/// `AssetLinksVerifier.statements` reads assetlinks.json with one strict parse (issue #14). Before, the
/// file was parsed a second time with Foundation's `JSONSerialization` and read from `[String: Any]`;
/// that reading is kept here as the reference, and both must give the same statements for every file.
@Suite struct AssetLinksReadingTests {
    @Test func generatedFilesReadAsFoundationReadThem() {
        var random = SeededRandom(seed: 0x11_4A55)
        var differences: [String] = []
        var valid = 0
        for _ in 0..<4000 {
            let text = Self.document(&random)
            let bytes = Array(text.utf8)
            let now = AssetLinksVerifier.statements(bytes)
            let reference = FoundationReading.statements(bytes)
            if now != nil { valid += 1 }
            if now != reference { differences.append(text) }
        }
        #expect(differences.isEmpty, "\(differences.count) files read differently, first: \(differences.first ?? "")")
        // The generator makes both readable and unreadable files.
        #expect(valid > 1000 && valid < 3990)
    }

    @Test func numbersAsFoundationReadsThem() {
        let cases: [(exclude: String, reads: Bool?)] = [
            ("true", true), ("false", false), ("1", true), ("0", false), ("1.0", true), ("1e0", true), ("-0", false),
            ("0.0", false), ("1e-400", false), ("2", nil), ("1.5", nil), ("\"true\"", nil), ("null", nil),
        ]
        for (exclude, reads) in cases {
            let text = Self.statement(components: #"[{"/": "/a", "exclude": \#(exclude)}]"#)
            let statements = AssetLinksVerifier.statements(Array(text.utf8))
            let reference = FoundationReading.statements(Array(text.utf8))
            #expect(statements == reference, "exclude: \(exclude)")
            if let reads {
                #expect(statements?.first?.dynamicComponents?.first?.exclude == reads, "exclude: \(exclude)")
            } else {
                #expect(statements?.first?.dynamicMalformed == true, "exclude: \(exclude)")
            }
        }
        // A number beyond a Double's range makes the whole file unreadable, anywhere in it.
        for number in ["1e400", "-1e400", "1" + String(repeating: "0", count: 400)] {
            let text = #"[{"relation": [], "comment": \#(number)}]"#
            #expect(AssetLinksVerifier.statements(Array(text.utf8)) == nil, "\(number)")
            #expect(FoundationReading.statements(Array(text.utf8)) == nil, "\(number)")
        }
        // ... unless a later equal key replaced it: Foundation makes its numbers from the keys that are left.
        let replaced = #"[{"relation": [], "comment": 1e400, "comment": "x"}]"#
        #expect(AssetLinksVerifier.statements(Array(replaced.utf8))?.count == 1)
        #expect(FoundationReading.statements(Array(replaced.utf8))?.count == 1)
        let big = #"[{"relation": [], "n": 123456789012345678901234567890}]"#
        #expect(AssetLinksVerifier.statements(Array(big.utf8))?.count == 1)
        #expect(FoundationReading.statements(Array(big.utf8))?.count == 1)
    }

    @Test func theLastOfEqualKeysWins() {
        let text = #"""
            [{"relation": ["x"], "relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "a", "package_name": "b",
                         "sha256_cert_fingerprints": ["AA"]}}]
            """#
        let statements = AssetLinksVerifier.statements(Array(text.utf8))
        #expect(statements?.first?.packageName == "b")
        #expect(statements?.first?.relations == ["delegate_permission/common.handle_all_urls"])
        #expect(statements == FoundationReading.statements(Array(text.utf8)))
    }

    // MARK: Generated files

    static func statement(components: String) -> String {
        #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.shop", "sha256_cert_fingerprints": ["AA:BB"]}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": \#(components)}}}]"#
    }

    static func pick<T>(_ items: [T], _ random: inout SeededRandom) -> T { items[Int(random.next() % UInt64(items.count))] }

    /// A value of any JSON type, mostly small.
    static func anyValue(_ random: inout SeededRandom, depth: Int = 0) -> String {
        let scalars = [
            "\"x\"", "\"\"", "\"/a/*\"", "1", "0", "2", "1.0", "-0", "1e400", "0.5", "true", "false", "null",
            "\"delegate_permission/common.handle_all_urls\"", "\"android_app\"", "\"com.example.shop\"",
        ]
        guard depth < 2, random.next() % 4 == 0 else { return pick(scalars, &random) }
        if random.next() % 2 == 0 {
            return "[" + (0..<Int(random.next() % 3)).map { _ in anyValue(&random, depth: depth + 1) }.joined(separator: ", ") + "]"
        }
        return object(keys: ["a", "/", "?", "#", "exclude"], &random, depth: depth + 1)
    }

    static func object(
        keys: [String], _ random: inout SeededRandom, depth: Int, values: ((inout SeededRandom) -> String)? = nil
    )
        -> String
    {
        let count = Int(random.next() % 4)
        let members = (0..<count).map { _ -> String in
            let key = pick(keys, &random)
            let value = values?(&random) ?? anyValue(&random, depth: depth)
            return "\"\(key)\": \(value)"
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    static func component(_ random: inout SeededRandom) -> String {
        object(keys: ["/", "#", "?", "exclude", "comments", "comment", "other"], &random, depth: 1) { random in
            switch random.next() % 6 {
            case 0: return pick(["\"/p/*\"", "\"\"", "\"/\""], &random)
            case 1: return pick(["true", "false", "1", "0", "2", "1.0", "\"true\""], &random)
            case 2: return object(keys: ["q", "r", "q"], &random, depth: 2) { random in pick(["\"v\"", "\"\"", "1", "\"w*\""], &random) }
            default: return anyValue(&random, depth: 2)
            }
        }
    }

    static func document(_ random: inout SeededRandom) -> String {
        switch random.next() % 10 {
        case 0: return anyValue(&random)
        case 1: return "[" + anyValue(&random) + "]"
        default: break
        }
        let statements = (0..<Int(1 + random.next() % 3)).map { _ -> String in
            var members: [String] = []
            if random.next() % 6 == 0 { members.append("\"include\": " + pick(["\"https://b.example/x.json\"", "1", "null"], &random)) }
            if random.next() % 5 != 0 {
                members.append(
                    "\"relation\": "
                        + pick(
                            [
                                "[\"delegate_permission/common.handle_all_urls\"]", "[\"x\", 1]", "[]", "\"x\"",
                                "[\"delegate_permission/common.handle_all_urls\", \"y\"]",
                            ], &random))
            }
            if random.next() % 5 != 0 {
                let target =
                    random.next() % 8 == 0
                    ? anyValue(&random)
                    : object(keys: ["namespace", "package_name", "sha256_cert_fingerprints", "package_name"], &random, depth: 1) {
                        random in
                        pick(["\"android_app\"", "\"com.example.shop\"", "[\"AA:BB\"]", "[\"AA\", 2]", "3", "null"], &random)
                    }
                members.append("\"target\": " + target)
            }
            if random.next() % 2 == 0 {
                let components: String
                switch random.next() % 5 {
                case 0: components = anyValue(&random)
                case 1: components = "[]"
                default: components = "[" + (0..<Int(1 + random.next() % 3)).map { _ in component(&random) }.joined(separator: ", ") + "]"
                }
                let handle = random.next() % 6 == 0 ? anyValue(&random) : "{\"dynamic_app_link_components\": \(components)}"
                members.append("\"relation_extensions\": {\"delegate_permission/common.handle_all_urls\": \(handle)}")
            }
            if random.next() % 4 == 0 { members.append("\"comment\": " + anyValue(&random)) }
            return "{" + members.shuffled(using: &random).joined(separator: ", ") + "}"
        }
        return "[" + statements.joined(separator: ", ") + "]"
    }
}

/// How linksim read assetlinks.json before issue #14: a strict syntax check, then Foundation's
/// `JSONSerialization` read through `[String: Any]` casts. The reference the one-parse reading must match.
enum FoundationReading {
    static func statements(_ body: [UInt8]) -> [AssetStatement]? {
        guard (try? JSONNode.parse(body)) != nil,
            let json = try? JSONSerialization.jsonObject(with: Data(body)), let array = json as? [Any]
        else {
            return nil
        }
        var statements: [AssetStatement] = []
        for item in array {
            guard let object = item as? [String: Any] else { continue }
            if let include = object["include"] as? String {
                statements.append(AssetStatement(relations: [], namespace: nil, packageName: nil, fingerprints: [], include: include))
                continue
            }
            let target = object["target"] as? [String: Any]
            var statement = AssetStatement(
                relations: object["relation"] as? [String] ?? [],
                namespace: target?["namespace"] as? String,
                packageName: target?["package_name"] as? String,
                fingerprints: target?["sha256_cert_fingerprints"] as? [String] ?? [],
                include: nil)
            if let extensions = object["relation_extensions"] as? [String: Any],
                let handle = extensions[AssetLinksVerifier.handleAllURLs] as? [String: Any],
                let raw = handle["dynamic_app_link_components"]
            {
                let parsed = (raw as? [[String: Any]])?.map(component)
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

    static func component(_ object: [String: Any]) -> DynamicComponent? {
        var c = DynamicComponent(path: nil, query: [], fragment: nil, exclude: false)
        for (key, value) in object {
            switch key {
            case "/":
                guard let s = value as? String, !s.isEmpty else { return nil }
                c.path = s
            case "#":
                guard let s = value as? String, !s.isEmpty else { return nil }
                c.fragment = s
            case "?":
                guard let dict = value as? [String: Any] else { return nil }
                for (k, v) in dict.sorted(by: { $0.key < $1.key }) {
                    guard let s = v as? String, !s.isEmpty else { return nil }
                    c.query.append((k, s))
                }
            case "exclude":
                guard let b = value as? Bool else { return nil }
                c.exclude = b
            default:
                continue
            }
        }
        return c
    }
}
