import Foundation
import Testing

@testable import LinkSimCore

/// Decoding a scenario must not change when it gets faster (issue #14): every diagnostic (file, line,
/// column, message, "did you mean"), every warning and every decoded field. Over the library, the fuzz
/// corpus, the CLI's broken inputs and seeded mutations of library files (YAML-level ones, and key and
/// value mutations that reach the decoder's checks), the outcome of each input is written as text and
/// a 128-bit digest of it (two FNV-1a hashes) is pinned, one line per input, in
/// `Tests/LinkSimCLITests/Golden/decoding-outcomes.digest`. Re-record (for an intended change of
/// messages or model, or to pin new library files) with
/// `LINKSIM_RECORD_GOLDEN=1 swift test --filter DecodingGoldenTests` (with `LINKSIM_DECODING_DUMP=path`
/// the outcomes are also written out, to diff against a dump from the previous code).
@Suite struct DecodingGoldenTests {
    static let root = YAMLFrontEndTests.root
    static let goldenFile = root.appendingPathComponent("Tests/LinkSimCLITests/Golden/decoding-outcomes.digest")

    /// Reads paths relative to the package root, so messages name the same paths in every checkout.
    struct RootedReader: FileReader {
        let root: String
        func full(_ path: String) -> String { path.hasPrefix("/") ? path : root + "/" + path }
        func read(_ path: String) throws -> [UInt8] { try LocalFiles().read(full(path)) }
        func exists(_ path: String) -> Bool { LocalFiles().exists(full(path)) }
        func list(_ directory: String) -> [String]? { LocalFiles().list(full(directory)) }
    }

    static func relative(_ path: String) -> String {
        let prefix = root.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// One file's outcome: its diagnostics, or its warnings and the decoded scenario, canonically.
    static func outcome(_ text: String, file: String, reader: RootedReader) -> String {
        let base = ScenarioLoader.folder(of: file)
        do {
            let scenario = try ScenarioLoader.parse(text, file: file, baseDirectory: base.isEmpty ? "." : base, reader: reader)
            var out = "ok\n"
            for warning in scenario.warnings { out += warning.description + "\n" }
            Canonical.write(scenario, into: &out)
            return out
        } catch {
            return "error\n" + error.description
        }
    }

    /// Mutations that reach the decoder: a key misspelt, a value of the wrong kind or out of range.
    static let values = [
        "[1, 2]", "{a: b}", "yes", "42", "~", "\"\"", "nope", "-5", "99999999999", "3d", "\"17.4\"", "ios", "android",
        "https://x.example/p", "com.example.other", "2026-01-15T09:00:00Z", "[]", "{}", "true", "safarі",
    ]

    static func mutateKeyOrValue(_ text: String, _ random: inout SeededRandom) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let candidates = lines.indices.filter { lines[$0].contains(": ") || lines[$0].hasSuffix(":") }
        guard !candidates.isEmpty else { return text }
        for _ in 0...random.below(2) {
            let at = candidates[random.below(candidates.count)]
            let line = lines[at]
            guard let colon = line.firstIndex(of: ":") else { continue }
            let keyStart = line.firstIndex { $0 != " " && $0 != "-" } ?? line.startIndex
            guard keyStart < colon else { continue }
            var key = Array(line[keyStart..<colon])
            let rest = String(line[line.index(after: colon)...])
            switch random.below(5) {
            case 0 where key.count > 1:
                key.remove(at: random.below(key.count))
            case 1 where key.count > 2:
                let i = random.below(key.count - 1)
                key.swapAt(i, i + 1)
            case 2:
                key.insert(Character(UnicodeScalar(UInt8(97 + random.below(26)))), at: random.below(key.count + 1))
            default:
                lines[at] = String(line[..<colon]) + ": " + values[random.below(values.count)]
                continue
            }
            lines[at] = String(line[..<keyStart]) + String(key) + ":" + rest
        }
        return lines.joined(separator: "\n")
    }

    static let reader = RootedReader(root: root.path)

    /// One mutation, made again from its round number and source file alone (so adding or removing
    /// library files changes no other entry): YAML-level every third round, key or value otherwise.
    static func mutation(_ round: Int, of file: String) -> String? {
        let path = root.appendingPathComponent(file).path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        var random = SeededRandom(seed: 1414 &+ UInt64(round) &* 0x9E37_79B9)
        let text = YAMLFrontEndTests.text(path)
        return round % 3 == 0 ? YAMLFrontEndTests.mutate(text, &random) : mutateKeyOrValue(text, &random)
    }

    /// Every input's outcome, by name: `file <path>` for the library, the fuzz corpus and the broken
    /// inputs, `mutation <round> of <path>` for the mutations (sources chosen over today's library).
    static func allOutcomes() -> [(name: String, text: String)] {
        var out: [(String, String)] = []
        let inputs = YAMLFrontEndTests.library + YAMLFrontEndTests.corpus + YAMLFrontEndTests.brokenInputs
        for path in inputs where !path.hasSuffix(".lesson") {
            let file = relative(path)
            out.append(("file \(file)", outcome(YAMLFrontEndTests.text(path), file: file, reader: reader)))
        }
        let library = YAMLFrontEndTests.library.map(relative)
        for round in 0..<1500 {
            let file = library[(round &* 7919) % library.count]
            if let mutated = mutation(round, of: file) {
                out.append(("mutation \(round) of \(file)", outcome(mutated, file: file, reader: reader)))
            }
        }
        return out
    }

    /// The outcome of a named input, made again; nil when its file is gone.
    static func outcome(named name: String) -> String? {
        if name.hasPrefix("file ") {
            let file = String(name.dropFirst(5))
            let path = root.appendingPathComponent(file).path
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            return outcome(YAMLFrontEndTests.text(path), file: file, reader: reader)
        }
        let parts = name.split(separator: " ", maxSplits: 3)
        guard parts.count == 4, parts[0] == "mutation", let round = Int(parts[1]) else { return nil }
        let file = String(parts[3])
        return mutation(round, of: file).map { outcome($0, file: file, reader: reader) }
    }

    /// Each pinned input's outcome is unchanged. Inputs added since the recording are not pinned
    /// (re-record to pin them); inputs whose file is gone are skipped.
    @Test func decodingOutcomesAreUnchanged() throws {
        try #require(YAMLFrontEndTests.library.count > 200)
        let env = ProcessInfo.processInfo.environment
        if env["LINKSIM_RECORD_GOLDEN"] == "1" {
            let outcomes = Self.allOutcomes()
            let all = outcomes.map(\.text).joined(separator: "\n")
            // The mutations reach the decoder's checks, not only YAML syntax errors.
            #expect(all.components(separatedBy: "did you mean").count > 100)
            #expect(all.components(separatedBy: "must be").count > 250)
            if let dump = env["LINKSIM_DECODING_DUMP"] {
                try outcomes.map { "== \($0.name)\n\($0.text)" }.joined(separator: "\n").write(toFile: dump, atomically: true, encoding: .utf8)
            }
            let lines = outcomes.map { Canonical.digest(Array($0.text.utf8)) + "  " + $0.name }
            try (lines.joined(separator: "\n") + "\n").write(to: Self.goldenFile, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: Self.goldenFile, encoding: .utf8)
        var checked = 0
        var changed: [String] = []
        for line in golden.split(separator: "\n") where line.count > 34 {
            let digest = String(line.prefix(32))
            let name = String(line.dropFirst(34))
            guard let text = Self.outcome(named: name) else { continue }
            checked += 1
            if Canonical.digest(Array(text.utf8)) != digest { changed.append(name + ":\n" + text) }
        }
        #expect(checked > 1500, "most pinned inputs are still there")
        #expect(changed.isEmpty, "\(changed.count) decoding outcomes changed; the first: \(changed.first ?? "")")
    }

    @Test func canonicalTextSortsDictionariesAndSkipsDerivedValues() {
        var a = ""
        Canonical.write(["b": 1, "a": 2, "c": 3], into: &a)
        var b = ""
        Canonical.write(["c": 3, "a": 2, "b": 1], into: &b)
        #expect(a == b)
        #expect(a.contains("\"a\"") && a.contains("2"))
        var r = ""
        Canonical.write(WebResource(body: Array("{}".utf8), origin: "x"), into: &r)
        #expect(!r.contains("ServedBody") && r.contains("origin"))
    }
}

/// A value written as text through reflection, with dictionary and set entries sorted, so the text
/// does not depend on the process's hash seed. Values derived from others (`ServedBody`, `ManifestCache`) are skipped.
enum Canonical {
    /// Two 64-bit FNV-1a hashes (different offsets) as 32 hex digits: enough to notice any change.
    static func digest(_ bytes: [UInt8]) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        var b: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b ^ UInt64(byte ^ 0x5A)) &* 0x0000_0100_0000_01B3
        }
        func hex(_ v: UInt64) -> String {
            let digits = String(v, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(a) + hex(b)
    }

    static func write(_ value: Any, into out: inout String) {
        if value is ServedBody { return }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .dictionary, .set:
            let parts = mirror.children.map { child -> String in
                var text = ""
                write(child.value, into: &text)
                return text
            }
            out += "{" + parts.sorted().joined(separator: ",") + "}"
        case .optional:
            if let child = mirror.children.first { write(child.value, into: &out) } else { out += "nil" }
        case .collection, .tuple:
            out += "["
            for child in mirror.children {
                if let label = child.label, !label.hasPrefix(".") { out += label + ":" }
                write(child.value, into: &out)
                out += ","
            }
            out += "]"
        case .struct, .class, .enum:
            if mirror.children.isEmpty {
                out += String(reflecting: value)
                return
            }
            out += "\(mirror.subjectType)("
            // An app's `ManifestCache` holds readings made from its other fields, when first asked: not decoded.
            for child in mirror.children where !(child.value is ManifestCache) {
                out += (child.label ?? "_") + "="
                write(child.value, into: &out)
                out += ","
            }
            out += ")"
        default:
            out += String(reflecting: value)
        }
    }
}
