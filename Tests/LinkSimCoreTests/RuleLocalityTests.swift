import Foundation
import Testing

@testable import LinkSimCore

/// A rule is one place in the code: its catalog entry, and the one file whose function makes the decision and cites
/// it (issue #17). These tests read `Sources/` and fail when a rule is cited from a second file, when a catalog rule
/// is cited nowhere, or when a catalog entry's doc comment does not name the function that decides it.
@Suite struct RuleLocalityTests {
    /// Rules that are markers, not decisions: many unrelated situations cite them, each for its own reason.
    static let markers: [String: String] = [
        "linksimNotModelled": "the generic “linksim does not model this” marker: every unmodelled situation cites it",
        "linksimManifestUnresolvedValue":
            "the generic “a manifest value could not be resolved” marker: every reader of an unresolved filter cites it",
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct CatalogEntry {
        var member: String
        var doc: String
    }

    /// `(relative path, text)` of every Swift file under `folder`.
    static func swiftFiles(under folder: String) -> [(String, String)] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            files.append((String(url.path.dropFirst(root.path.count + 1)), text))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// Every `static let name = Rule(` in the catalog, with the `///` lines above it.
    static let catalog: [CatalogEntry] = {
        var entries: [CatalogEntry] = []
        for (_, text) in swiftFiles(under: "Sources/LinkSimCore/Rules") {
            var doc: [Substring] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.drop { $0 == " " }
                if trimmed.hasPrefix("///") {
                    doc.append(trimmed.dropFirst(3))
                    continue
                }
                if let range = trimmed.range(of: "static let "), trimmed[range.upperBound...].contains("= Rule(") {
                    let name = trimmed[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    entries.append(CatalogEntry(member: String(name), doc: doc.joined(separator: "\n")))
                }
                doc = []
            }
        }
        return entries
    }()

    /// For every catalog member, the non-catalog source files that cite it (`Rule.name` or `.name`).
    static let citations: [String: Set<String>] = {
        let members = Set(catalog.map(\.member))
        var cited: [String: Set<String>] = [:]
        for (path, text) in swiftFiles(under: "Sources") where !path.hasPrefix("Sources/LinkSimCore/Rules/") {
            let chars = Array(text.utf8)
            var i = 0
            while i < chars.count {
                guard chars[i] == UInt8(ascii: "."), i + 1 < chars.count, (97...122).contains(chars[i + 1]) else {
                    i += 1
                    continue
                }
                var j = i + 1
                while j < chars.count, isWordByte(chars[j]) { j += 1 }
                let name = String(decoding: chars[(i + 1)..<j], as: UTF8.self)
                if members.contains(name) { cited[name, default: []].insert(path) }
                i = j
            }
        }
        return cited
    }()

    static func isWordByte(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// The ``Type/member`` a catalog entry's doc comment names as its deciding function.
    static func decider(_ doc: String) -> (type: String, member: String)? {
        guard let start = doc.range(of: "Decided in ``") else { return nil }
        let rest = doc[start.upperBound...]
        guard let end = rest.range(of: "``") else { return nil }
        let symbol = rest[..<end.lowerBound]
        guard let slash = symbol.lastIndex(of: "/") else { return nil }
        let member = symbol[symbol.index(after: slash)...].prefix { $0 != "(" }
        return (String(symbol[..<slash]), String(member))
    }

    @Test func everyCatalogRuleIsCitedSomewhere() {
        #expect(Self.catalog.count == RuleCatalog.all.count, "the catalog reader missed entries")
        let uncited = Self.catalog.map(\.member).filter { Self.citations[$0] == nil }
        #expect(uncited.isEmpty, "catalog rules no code cites: \(uncited)")
    }

    @Test func aRuleIsCitedFromOneFile() {
        for (member, files) in Self.citations.sorted(by: { $0.key < $1.key }) where files.count > 1 {
            #expect(
                Self.markers[member] != nil,
                "Rule.\(member) is cited from \(files.count) files (\(files.sorted().joined(separator: ", "))): make its decision one function that every path calls, cited from the file that decides"
            )
        }
        for member in Self.markers.keys.sorted() {
            #expect((Self.citations[member]?.count ?? 0) > 1, "Rule.\(member) is in the marker list but cited from one file: drop it from the list")
        }
    }

    @Test func aCatalogEntryNamesTheFunctionThatDecides() throws {
        let sources = Dictionary(uniqueKeysWithValues: Self.swiftFiles(under: "Sources"))
        for entry in Self.catalog where Self.markers[entry.member] == nil {
            guard let files = Self.citations[entry.member], files.count == 1, let path = files.first else { continue }
            guard let (type, member) = Self.decider(entry.doc) else {
                Issue.record("Rule.\(entry.member): its doc comment needs “Decided in ``Type/function``” (cited in \(path))")
                continue
            }
            let text = try #require(sources[path])
            let declaresType = ["struct", "enum", "class", "extension", "actor"].contains { text.contains("\($0) \(type) ") || text.contains("\($0) \(type):") }
            let declaresMember =
                ["func \(member)(", "func \(member)<", "var \(member):", "var \(member) ", "let \(member):", "let \(member) ", "case \(member)"]
                .contains { text.contains($0) } || (member == "init" && text.contains("init("))
            #expect(declaresType && declaresMember, "Rule.\(entry.member) names ``\(type)/\(member)`` but \(path), the file that cites it, does not declare it")
        }
    }
}
