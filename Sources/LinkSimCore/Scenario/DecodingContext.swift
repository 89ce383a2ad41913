import Foundation

/// Walks a `YAMLNode` tree, collecting every problem with its location instead of stopping at the
/// first. Each accessor returns nil after recording a diagnostic, so callers fall back to defaults
/// and keep going: one run reports all the mistakes in a file.
final class DecodingContext {
    let file: String
    let baseDirectory: String?
    let reader: any FileReader
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var warnings: [Diagnostic] = []

    init(file: String, baseDirectory: String?, reader: any FileReader) {
        self.file = file
        self.baseDirectory = baseDirectory
        self.reader = reader
    }

    /// A diagnostic about another file (a manifest or plist the scenario refers to).
    /// Warnings (an unresolved manifest value off the matching path, a misplaced plist key) stay warnings.
    func report(_ diagnostic: Diagnostic) {
        if diagnostic.isWarning { warnings.append(diagnostic) } else { diagnostics.append(diagnostic) }
    }

    func error(_ location: SourceLocation?, _ message: String) {
        diagnostics.append(Diagnostic(file: file, location: location, message: message))
    }

    /// Something that is valid but has no effect on the simulated platform: said, never ignored silently.
    func warn(_ location: SourceLocation?, _ message: String) {
        warnings.append(Diagnostic(file: file, location: location, message: message, isWarning: true))
    }

    // MARK: Mappings

    /// A mapping's entries by key, after checking every key is one of `allowed`.
    /// `what` names the mapping in messages (`device`, `apps[0]`).
    func mapping(_ node: YAMLNode, what: @autoclosure () -> String, allowed: [String]) -> KeyedEntries? {
        guard case .mapping(let entries, _) = node else {
            let name = what()
            // The whole file is named in words, not as a key.
            let subject = name == "the scenario" ? "a scenario file (linksim: 1, name, device, …)" : "`\(name)`"
            error(node.location, "\(subject) must be a mapping of keys to values, got \(node.kindName)")
            return nil
        }
        assert(allowed.allSatisfy(KeyedEntries.isASCII), "key names are ASCII: KeyedEntries compares them by their bytes")
        var result = KeyedEntries()
        result.names.reserveCapacity(entries.count)
        result.lengths.reserveCapacity(entries.count)
        var unknown: [Int] = []
        for index in entries.indices {
            // By index: the entry (its key, location and value) is not copied to read its key.
            if let name = KeyedEntries.name(of: entries[index].key, among: allowed) {
                result.names.append(name)
                result.lengths.append(name.utf8.count)
            } else {
                unknown.append(index)
                let key = entries[index].key
                error(entries[index].keyLocation, "unknown key `\(key)` in \(what())\(Suggestion.didYouMean(key, among: allowed))")
            }
        }
        // Usually every key is known: the mapping's own list of entries is shared, not copied entry by entry.
        result.entries = unknown.isEmpty ? entries : entries.indices.filter { !unknown.contains($0) }.map { entries[$0] }
        return result
    }

    /// The entries of a mapping whose keys are free (hosts, paths...).
    func freeMapping(_ node: YAMLNode, what: @autoclosure () -> String) -> [YAMLNode.Entry]? {
        guard case .mapping(let entries, _) = node else {
            error(node.location, "`\(what())` must be a mapping, got \(node.kindName)")
            return nil
        }
        return entries
    }

    func require(_ map: KeyedEntries, _ key: String, in what: @autoclosure () -> String, at location: SourceLocation) -> YAMLNode? {
        if let value = map.value(key) { return value }
        error(location, "missing required key `\(key)` in \(what())")
        return nil
    }

    func sequence(_ node: YAMLNode, what: @autoclosure () -> String) -> [YAMLNode]? {
        guard case .sequence(let items, _) = node else {
            error(node.location, "`\(what())` must be a list, got \(node.kindName)")
            return nil
        }
        return items
    }

    // MARK: Scalars

    func string(_ node: YAMLNode, what: @autoclosure () -> String) -> String? {
        guard case .scalar(let text, let plain, _) = node, !(plain && YAMLNode.isNull(text)) else {
            error(node.location, "`\(what())` must be text, got \(node.kindName)")
            return nil
        }
        return text
    }

    /// Text or null.
    func optionalString(_ node: YAMLNode, what: @autoclosure () -> String) -> String? {
        node.isNull ? nil : string(node, what: what())
    }

    func bool(_ node: YAMLNode, what: @autoclosure () -> String) -> Bool? {
        if case .scalar(let text, true, _) = node, let value = YAMLNode.bool(text) { return value }
        error(node.location, "`\(what())` must be true or false, got \(describe(node))")
        return nil
    }

    func int(_ node: YAMLNode, what: @autoclosure () -> String, range: ClosedRange<Int>? = nil) -> Int? {
        if case .scalar(let text, _, _) = node, let value = Int(text) {
            // Every number a scenario gives is bounded, so nothing that validates can overflow.
            let range = range ?? -1_000_000_000...1_000_000_000
            if !range.contains(value) {
                error(node.location, "`\(what())` must be between \(range.lowerBound) and \(range.upperBound), got \(value)")
                return nil
            }
            return value
        }
        error(node.location, "`\(what())` must be a whole number, got \(describe(node))")
        return nil
    }

    func stringList(_ node: YAMLNode, what: @autoclosure () -> String) -> [String]? {
        if node.isNull { return [] }
        guard let items = sequence(node, what: what()) else { return nil }
        var out: [String] = []
        for (i, item) in items.enumerated() {
            if let s = string(item, what: "\(what())[\(i)]") { out.append(s) }
        }
        return out
    }

    func stringMap(_ node: YAMLNode, what: @autoclosure () -> String) -> [String: String]? {
        if node.isNull { return [:] }
        guard let entries = freeMapping(node, what: what()) else { return nil }
        var out: [String: String] = [:]
        for entry in entries {
            if case .scalar(let text, _, _) = entry.value {
                out[entry.key] = text
            } else {
                error(entry.value.location, "`\(what()).\(entry.key)` must be a single value, got \(entry.value.kindName)")
            }
        }
        return out
    }

    /// One of an enum's raw values; a wrong value lists the choices and the nearest one.
    func choice<E: RawRepresentable & CaseIterable>(
        _ node: YAMLNode, what: @autoclosure () -> String, as _: E.Type,
        among choices: [E]? = nil
    ) -> E? where E.RawValue == String {
        // The list of choices is built only for a message. `E(rawValue:)` gives the case whose raw
        // value equals the text (the same `==` as `contains` on the raw values).
        guard case .scalar(let text, _, _) = node, !node.isNull else {
            let valid = (choices ?? Array(E.allCases)).map(\.rawValue)
            error(node.location, "`\(what())` must be one of: \(valid.joined(separator: ", ")); got \(node.kindName)")
            return nil
        }
        if let value = E(rawValue: text), choices.map({ $0.contains { $0.rawValue == text } }) ?? true { return value }
        let valid = (choices ?? Array(E.allCases)).map(\.rawValue)
        error(
            node.location,
            "`\(what())` must be one of: \(valid.joined(separator: ", ")); got `\(text)`\(Suggestion.didYouMean(text, among: valid))")
        return nil
    }

    func duration(_ node: YAMLNode, what: @autoclosure () -> String) -> SimDuration? {
        if case .scalar(let text, _, _) = node, let d = SimDuration.parse(text) {
            guard d <= SimDuration.maximum else {
                error(node.location, "`\(what())` must be at most 36525d (100 years), got `\(text)`")
                return nil
            }
            return d
        }
        error(node.location, "`\(what())` must be a duration such as 30s, 20m, 36h or 8d, got \(describe(node))")
        return nil
    }

    func instant(_ node: YAMLNode, what: @autoclosure () -> String) -> SimInstant? {
        if case .scalar(let text, _, _) = node, let t = SimInstant.parse(text) { return t }
        var why = ""
        if case .scalar(let text, _, _) = node, let day = SimInstant.impossibleDay(text) { why = " (\(day))" }
        error(node.location, "`\(what())` must be a date and time such as 2026-01-15T09:00:00Z, got \(describe(node))\(why)")
        return nil
    }

    /// A scalar kept as typed as YAML wrote it (for `set:` and provider options).
    func scalar(_ node: YAMLNode, what: @autoclosure () -> String) -> ScalarValue? {
        guard case .scalar(let text, let plain, _) = node else {
            error(node.location, "`\(what())` must be a single value, got \(node.kindName)")
            return nil
        }
        if plain {
            if YAMLNode.isNull(text) { return .null }
            if let b = YAMLNode.bool(text) { return .bool(b) }
            if let i = Int(text) { return .int(i) }
        }
        return .string(text)
    }

    func describe(_ node: YAMLNode) -> String {
        if case .scalar(let text, _, _) = node, !node.isNull { return "`\(text)`" }
        return node.kindName
    }

    // MARK: Files

    /// Resolves a path written in the scenario relative to the scenario's folder.
    func resolve(_ path: String) -> String {
        if path.hasPrefix("/") || baseDirectory == nil { return path }
        let base = baseDirectory ?? "."
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    /// Reads a referenced file, reporting a missing one at the key that named it.
    func readFile(_ path: String, what: String, at location: SourceLocation) -> [UInt8]? {
        let resolved = resolve(path)
        guard reader.exists(resolved) else {
            // `exists` is false for a folder too: say which.
            if reader.list(resolved) != nil {
                error(location, "`\(what)` names `\(path)`, which is a folder, not a file (looked at \(resolved))")
            } else {
                error(location, "file `\(path)` named by `\(what)` does not exist (looked for \(resolved))")
            }
            return nil
        }
        do {
            return try reader.read(resolved)
        } catch let tooLarge as FileTooLarge {
            self.error(location, "file `\(path)` named by `\(what)`: \(tooLarge.description)")
            return nil
        } catch {
            self.error(location, "file `\(path)` named by `\(what)` cannot be read")
            return nil
        }
    }
}

/// The entries of a mapping whose keys were checked, in file order, found by key.
///
/// A scenario mapping has a handful of keys, each written once (the YAML front end refuses keys with
/// equal text), so comparing keys finds an entry for a fraction of what hashing them into a
/// dictionary cost (issue #14: building and probing those dictionaries was a twentieth of replay).
///
/// Keys are compared by their UTF-8 length first: the decoder's key names are ASCII, and an ASCII
/// string is equal to an ASCII string only when their bytes are. A key written with other characters
/// (which Swift may still find canonically equal to a name, such as U+212A KELVIN SIGN for `K`) is
/// compared in full, once, when the mapping is checked; the entry is then found by the name it matched.
/// (String comparison was a fifth of decoding a scenario.)
struct KeyedEntries {
    fileprivate(set) var entries: [YAMLNode.Entry] = []
    /// For each entry, the allowed name its key matched (ASCII), and that name's UTF-8 length.
    fileprivate(set) var names: [String] = []
    fileprivate(set) var lengths: [Int] = []

    subscript(key: String) -> YAMLNode.Entry? { index(of: key).map { entries[$0] } }

    /// The value of `key`, without copying its entry (its key and location): what most lookups want.
    func value(_ key: String) -> YAMLNode? { index(of: key).map { entries[$0].value } }

    private func index(of key: String) -> Int? {
        assert(Self.isASCII(key), "key names are ASCII")
        let length = key.utf8.count
        // By index: comparing keys in place copies no entry.
        for i in lengths.indices where lengths[i] == length && names[i] == key { return i }
        return nil
    }

    /// The name among `allowed` (all ASCII) that `key` is, if any.
    static func name(of key: String, among allowed: [String]) -> String? {
        let length = key.utf8.count
        if let name = allowed.first(where: { $0.utf8.count == length && $0 == key }) { return name }
        // Not a name of its length: only a key with other characters can still be one (canonically equal).
        return isASCII(key) ? nil : allowed.first { $0 == key }
    }

    static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
    }

    var count: Int { entries.count }

    /// The entries whose keys `isIncluded` accepts, in file order.
    func filter(_ isIncluded: (YAMLNode.Entry) -> Bool) -> [YAMLNode.Entry] { entries.filter(isIncluded) }
}

/// "did you mean" for misspelt keys and values.
package enum Suggestion {
    /// `; did you mean `x`?` when a candidate is close enough, else an empty string.
    package static func didYouMean(_ word: String, among candidates: [String]) -> String {
        guard let best = nearest(word, among: candidates) else { return "" }
        return "; did you mean `\(best)`?"
    }

    package static func nearest(_ word: String, among candidates: [String]) -> String? {
        let lower = word.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(lower, candidate.lowercased())
            if let current = best, current.1 <= d { continue }
            best = (candidate, d)
        }
        guard let (candidate, d) = best else { return nil }
        let limit = max(2, min(word.count, candidate.count) / 3)
        if d <= limit { return candidate }
        // A word that is a clear prefix/suffix of a key ("domains" for "associated_domains").
        if word.count >= 4, candidate.lowercased().contains(lower) { return candidate }
        return nil
    }

    /// Levenshtein distance (with adjacent transpositions counted as one edit).
    static func distance(_ a: String, _ b: String) -> Int {
        let s = Array(a.unicodeScalars)
        let t = Array(b.unicodeScalars)
        if s.isEmpty { return t.count }
        if t.isEmpty { return s.count }
        var prev2 = [Int](repeating: 0, count: t.count + 1)
        var prev = Array(0...t.count)
        var cur = [Int](repeating: 0, count: t.count + 1)
        for i in 1...s.count {
            cur[0] = i
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                    cur[j] = min(cur[j], prev2[j - 2] + 1)
                }
            }
            prev2 = prev
            prev = cur
        }
        return prev[t.count]
    }
}
