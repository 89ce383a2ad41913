import Foundation
import Yams

/// A YAML document as a plain tree that remembers where every node stood in the file.
/// Yams' own nodes carry marks but also reference types; this is a value type the decoder walks.
enum YAMLNode: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var key: String
        var keyLocation: SourceLocation
        var value: YAMLNode
    }

    /// `plain` is false for quoted or block scalars: `"null"` is the text null, `null` is nothing.
    case scalar(String, plain: Bool, SourceLocation)
    case mapping([Entry], SourceLocation)
    case sequence([YAMLNode], SourceLocation)

    var location: SourceLocation {
        switch self {
        case .scalar(_, _, let l), .mapping(_, let l), .sequence(_, let l): return l
        }
    }

    /// What kind of value this is, for "expected X, got Y" messages.
    var kindName: String {
        switch self {
        case .scalar(let text, let plain, _):
            if plain, YAMLNode.isNull(text) { return "null" }
            if plain, YAMLNode.bool(text) != nil { return "a boolean" }
            if plain, Int(text) != nil { return "a number" }
            return "a string"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }

    var isNull: Bool {
        if case .scalar(let text, true, _) = self { return YAMLNode.isNull(text) }
        return false
    }

    static func isNull(_ text: String) -> Bool { text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL" }

    static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE", "yes", "Yes", "on": return true
        case "false", "False", "FALSE", "no", "No", "off": return false
        default: return nil
        }
    }

    /// How many nodes a document may expand to once its aliases are followed. A scenario is a few
    /// hundred nodes; the budget only stops alias bombs ("billion laughs": a few hundred bytes that
    /// expand to billions of nodes) in bounded time and memory.
    static let nodeBudget = 100_000

    /// Parses YAML text into a tree, or a diagnostic pointing at the syntax error.
    ///
    /// Yams composes with the `basic` resolver: linksim reads every scalar as text, so resolving tags
    /// with regular expressions (which Yams' duplicate-key check does for every key) is wasted work;
    /// the encoding is given so Yams does not read the process environment for every file.
    ///
    /// libyaml's events are read straight into the tree (`YAMLEvents`); a document that front end does
    /// not vouch for (a syntax error, aliases, duplicate keys, ...) goes through Yams as before, so
    /// trees and diagnostics are the same whichever front end answers. Before libyaml, `YAMLSubsetReader` reads
    /// the subset of YAML most scenarios are written in, without libyaml, and leaves the rest to it.
    /// `frontEnd: .events` starts at libyaml and `.yams` forces the Yams path (tests compare all three).
    static func parse(_ text: String, file: String, frontEnd: YAMLFrontEnd = .subset) throws(InputError) -> YAMLNode? {
        if let refused = AliasKeyScan.firstAliasKey(in: text) {
            throw InputError(
                file: file, location: SourceLocation(file: file, line: refused.line, column: refused.column),
                "a mapping key here is an alias or a list/mapping; scenario keys are plain text, and aliases may only stand for values")
        }
        if frontEnd == .subset, let tree = YAMLSubsetReader.parse(text, file: file) { return tree }
        if frontEnd != .yams {
            switch YAMLEvents.parse(text, file: file) {
            case .empty: return nil
            case .tree(let tree): return tree
            case .fallBack: break
            }
        }
        return try parseWithYams(text, file: file)
    }

    /// The Yams path: `compose`, then the conversion of Yams' node tree.
    private static func parseWithYams(_ text: String, file: String) throws(InputError) -> YAMLNode? {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, .basic, .default, .utf8)
        } catch let error as YamlError {
            throw InputError([diagnostic(for: error, file: file, text: text)])
        } catch {
            throw InputError(file: file, "not valid YAML: \(error)")
        }
        guard let root else { return nil }
        var budget = nodeBudget
        guard let tree = try convert(root, file: file, budget: &budget) else {
            let mark = root.mark
            throw InputError(
                file: file, location: SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1),
                text.contains("&") && text.contains("*")
                    ? "the document expands to more than \(nodeBudget) nodes once its aliases (*name) are followed; refusing it (an alias bomb?)"
                    : "the document has more than \(nodeBudget) nodes (values and list items); a scenario is a few hundred: split it into several files")
        }
        return tree
    }

    /// nil when the tree would exceed the node budget (aliases make a small text a huge tree).
    private static func convert(_ node: Node, file: String, budget: inout Int) throws(InputError) -> YAMLNode? {
        budget -= 1
        if budget < 0 { return nil }
        func location(_ mark: Mark?) -> SourceLocation {
            SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
        }
        switch node {
        case .scalar(let scalar):
            return .scalar(scalar.string, plain: scalar.style == .plain || scalar.style == .any, location(scalar.mark))
        case .mapping(let mapping):
            var entries: [Entry] = []
            entries.reserveCapacity(mapping.count)
            for pair in mapping {
                // A list or mapping as a key: refused, as the alias-key scan refuses it in a document with anchors (its
                // description, once used as the key's text, held a runtime address and changed from run to run).
                guard let keyText = pair.key.scalar?.string else {
                    throw InputError(
                        file: file, location: location(pair.key.mark),
                        "a mapping key here is a list or mapping; scenario keys are plain text")
                }
                guard let value = try convert(pair.value, file: file, budget: &budget) else { return nil }
                entries.append(Entry(key: keyText, keyLocation: location(pair.key.mark), value: value))
            }
            return .mapping(entries, location(mapping.mark))
        case .sequence(let sequence):
            var items: [YAMLNode] = []
            items.reserveCapacity(sequence.count)
            for item in sequence {
                guard let converted = try convert(item, file: file, budget: &budget) else { return nil }
                items.append(converted)
            }
            return .sequence(items, location(sequence.mark))
        case .alias(let alias):
            return .scalar("*\(alias.anchor)", plain: false, location(alias.mark))
        }
    }

    /// The lines of the first and second `key:` at `column` in the block mapping that starts at `mappingLine`
    /// (1-based), or nil when the key is not found twice so (a flow mapping, a quoted key).
    static func secondKey(_ key: String, in text: String, mappingLine: Int, column: Int) -> (Int, Int)? {
        var found: [Int] = []
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            guard number >= mappingLine else { continue }
            let indent = line.prefix { $0 == " " }.count
            let body = line.dropFirst(indent)
            // The mapping ends at a line less indented than its keys (blank lines and comments aside).
            if number > mappingLine, !body.isEmpty, !body.hasPrefix("#"), indent < column - 1 { break }
            guard indent == column - 1, body.hasPrefix(key) else { continue }
            let rest = body.dropFirst(key.count).drop { $0 == " " }
            if rest.hasPrefix(":") { found.append(number) }
            if found.count == 2 { return (found[0], found[1]) }
        }
        return nil
    }

    /// The places (1-based line and column) of the first and second plain `key:` at the top level of the flow
    /// mapping `{…}` that starts at `line`/`column` (or whose first `key` is there), or nil when the key is not
    /// found twice so.
    static func secondFlowKey(_ key: String, in text: String, line: Int, column: Int) -> ((line: Int, column: Int), (line: Int, column: Int))? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return nil }
        var found: [(line: Int, column: Int)] = []
        var depth = 0
        var quote: Character? = nil
        var expectingKey = false
        var number = line
        var lineChars = Array(lines[line - 1])
        var index = column - 1
        guard index >= 0, index < lineChars.count else { return nil }
        let keyChars = Array(key)
        /// The end of `key` written at `start` (plain, or in quotes without escapes), followed by `:`; else nil.
        func keyEnd(_ chars: [Character], _ start: Int) -> Int? {
            var end = start + keyChars.count
            if chars[start] == "\"" || chars[start] == "'" {
                end += 2
                guard end <= chars.count, chars[end - 1] == chars[start], Array(chars[(start + 1)..<(end - 1)]) == keyChars else { return nil }
            } else {
                guard end <= chars.count, Array(chars[start..<end]) == keyChars else { return nil }
            }
            var after = end
            while after < chars.count, chars[after] == " " { after += 1 }
            return after < chars.count && chars[after] == ":" ? end : nil
        }
        if lineChars[index] != "{" {
            // Yams may mark the first writing of the key itself: scan on from there, inside its mapping.
            guard let end = keyEnd(lineChars, index) else { return nil }
            found.append((number, index + 1))
            depth = 1
            index = end
        }
        while true {
            if index >= lineChars.count {
                number += 1
                guard number <= lines.count, number - line < 10_000 else { return nil }
                lineChars = Array(lines[number - 1])
                index = 0
                continue
            }
            let c = lineChars[index]
            if let q = quote {
                if c == q { quote = nil }
                index += 1
                continue
            }
            if depth == 1, expectingKey, c != " ", c != "\t" {
                expectingKey = false
                if let end = keyEnd(lineChars, index) {
                    found.append((number, index + 1))
                    if found.count == 2 { return (found[0], found[1]) }
                    index = end
                    continue
                }
            }
            switch c {
            case "\"", "'": quote = c
            case "{", "[":
                depth += 1
                if depth == 1 { expectingKey = true }
            case "}", "]":
                depth -= 1
                if depth == 0 { return nil }
            case ",": if depth == 1 { expectingKey = true }
            default: break
            }
            index += 1
        }
    }

    private static func diagnostic(for error: YamlError, file: String, text: String) -> Diagnostic {
        func located(_ mark: Mark, _ problem: String, _ context: YamlError.Context?) -> Diagnostic {
            var message = "not valid YAML: \(problem)"
            if let context { message += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))" }
            return Diagnostic(
                file: file, location: SourceLocation(file: file, line: mark.line, column: mark.column),
                message: message)
        }
        switch error {
        case .scanner(let context, let problem, let mark, _): return located(mark, problem, context)
        case .parser(let context, let problem, let mark, _): return located(mark, problem, context)
        case .composer(let context, let problem, let mark, _): return located(mark, problem, context)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "`\($0)`" }.joined(separator: ", ")
            // Yams names the mapping; the second writing of the key is where the mistake is (found in block style).
            if duplicates.count == 1, let key = duplicates.first,
                let (first, second) = secondKey(key, in: text, mappingLine: context.mark.line, column: context.mark.column)
            {
                return Diagnostic(
                    file: file, location: SourceLocation(file: file, line: second, column: context.mark.column),
                    message: "key \(keys) appears more than once in the same mapping (first at line \(first))")
            }
            if duplicates.count == 1, let key = duplicates.first,
                let (first, second) = secondFlowKey(key, in: text, line: context.mark.line, column: context.mark.column)
            {
                return Diagnostic(
                    file: file, location: SourceLocation(file: file, line: second.line, column: second.column),
                    message: "key \(keys) appears more than once in the same mapping (first at line \(first.line), column \(first.column))")
            }
            return Diagnostic(
                file: file,
                location: SourceLocation(file: file, line: context.mark.line, column: context.mark.column),
                message: "key \(keys) appears more than once in the same mapping")
        case .reader(let problem, _, _, _):
            return Diagnostic(file: file, location: nil, message: "cannot read the file as text: \(problem)")
        default:
            return Diagnostic(file: file, location: nil, message: "not valid YAML: \(error)")
        }
    }
}

/// Yams checks every mapping for duplicate keys by hashing the keys, and an alias used as a key is
/// hashed in full: an alias bomb in key position would hang the parser before linksim sees the tree.
/// Scenario keys are plain text, so a document that defines anchors must not use an alias or a
/// collection as a key. This scan finds such keys in the text itself, in one pass, before Yams runs.
/// It only looks when the document defines an anchor (`&name`); without one no alias can resolve.
enum AliasKeyScan {
    static func firstAliasKey(in text: String) -> (line: Int, column: Int)? {
        var text = text
        guard text.withUTF8(definesAnchor) else { return nil }
        let bytes = Array(text.utf8)
        var line = 1
        var lineStart = 0
        var i = 0
        let n = bytes.count
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        func isBreak(_ b: UInt8) -> Bool { b == 0x0A || b == 0x0D }
        // Anywhere: `? ` (an explicit key) and `*alias :` (an alias as an implicit key), where they start a token.
        var previous: UInt8 = 0x0A
        var column = 0
        for k in 0..<n {
            let b = bytes[k]
            column += 1
            if startsToken(after: previous) {
                if b == UInt8(ascii: "?"), k + 1 == n || isSpace(bytes[k + 1]) || isBreak(bytes[k + 1]) { return (line, column) }
                if b == UInt8(ascii: "*"), keyColonFollows(bytes, from: k, flow: false) { return (line, column) }
            }
            if b == 0x0A {
                line += 1
                column = 0
            }
            previous = b
        }
        // At the start of a line (after indentation and `- `): `[...]:` or `{...}:`, a collection as a key.
        line = 1
        while i < n {
            var j = i
            while true {
                while j < n, isSpace(bytes[j]) { j += 1 }
                if j + 1 < n, bytes[j] == UInt8(ascii: "-"), isSpace(bytes[j + 1]) {
                    j += 2
                    continue
                }
                break
            }
            if j < n, bytes[j] == UInt8(ascii: "[") || bytes[j] == UInt8(ascii: "{"), keyColonFollows(bytes, from: j, flow: true) {
                return (line, j - lineStart + 1)
            }
            while i < n, bytes[i] != 0x0A { i += 1 }
            i += 1
            line += 1
            lineStart = i
        }
        return nil
    }

    private static func startsToken(after previous: UInt8) -> Bool {
        previous == 0x20 || previous == 0x09 || previous == 0x0A || previous == 0x0D
            || previous == UInt8(ascii: "[") || previous == UInt8(ascii: "{") || previous == UInt8(ascii: ",")
    }

    /// Whether the node starting at `start` is followed by `:` and a space (or the line end) on its line.
    private static func keyColonFollows(_ bytes: [UInt8], from start: Int, flow: Bool) -> Bool {
        var i = start
        let n = bytes.count
        if flow {
            // Skip to the matching bracket on this line (quotes are skipped whole).
            var depth = 0
            while i < n, bytes[i] != 0x0A, bytes[i] != 0x0D {
                let b = bytes[i]
                if b == UInt8(ascii: "\""), let close = bytes[(i + 1)...].firstIndex(of: UInt8(ascii: "\"")) {
                    i = close
                } else if b == UInt8(ascii: "'"), let close = bytes[(i + 1)...].firstIndex(of: UInt8(ascii: "'")) {
                    i = close
                } else if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") {
                    depth += 1
                } else if b == UInt8(ascii: "]") || b == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 {
                        i += 1
                        break
                    }
                }
                i += 1
            }
        } else {
            i += 1
            // libyaml's anchor names: letters, digits, `-` and `_`.
            while i < n,
                bytes[i] >= 0x80 || bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "_")
                    || URLParts.isASCIILetter(bytes[i]) || URLParts.isASCIIDigit(bytes[i])
            { i += 1 }
            if i == start + 1 { return false }
        }
        while i < n, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        guard i < n, bytes[i] == UInt8(ascii: ":") else { return false }
        return i + 1 == n || bytes[i + 1] == 0x20 || bytes[i + 1] == 0x09 || bytes[i + 1] == 0x0A || bytes[i + 1] == 0x0D
    }

    /// An `&` that starts a token (after a space, a line start, `[`, `{`, `,` or `-`) and names an anchor.
    /// Whether an `&` starts a token and is followed by a name. Only the `&`s are looked at (memchr finds
    /// them): a scenario has few or none, and this runs on every file.
    private static func definesAnchor(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var i = 0
        while i < bytes.count, let found = memchr(base + i, Int32(UInt8(ascii: "&")), bytes.count - i) {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let previous = at == 0 ? 0x0A : bytes[at - 1]
            if at + 1 < bytes.count, bytes[at + 1] > 0x20, startsToken(after: previous) { return true }
            i = at + 1
        }
        return false
    }
}
