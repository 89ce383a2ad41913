import Foundation
import Yams

/// A YAML document as a plain tree that remembers where every node stood in the file.
/// Yams' own nodes carry marks but also reference types; this is a value type the decoder walks.
indirect enum YAMLNode: Sendable {
    struct Entry: Sendable {
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

    /// Parses YAML text into a tree, or a diagnostic pointing at the syntax error.
    static func parse(_ text: String, file: String) throws(InputError) -> YAMLNode? {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw InputError([diagnostic(for: error, file: file)])
        } catch {
            throw InputError(file: file, "not valid YAML: \(error)")
        }
        guard let root else { return nil }
        return convert(root, file: file)
    }

    private static func convert(_ node: Node, file: String) -> YAMLNode {
        func location(_ mark: Mark?) -> SourceLocation {
            SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
        }
        switch node {
        case .scalar(let scalar):
            return .scalar(scalar.string, plain: scalar.style == .plain || scalar.style == .any, location(scalar.mark))
        case .mapping(let mapping):
            let entries = mapping.map { pair in
                let keyText = pair.key.scalar?.string ?? "\(pair.key)"
                return Entry(key: keyText, keyLocation: location(pair.key.mark), value: convert(pair.value, file: file))
            }
            return .mapping(entries, location(mapping.mark))
        case .sequence(let sequence):
            return .sequence(sequence.map { convert($0, file: file) }, location(sequence.mark))
        case .alias(let alias):
            return .scalar("*\(alias.anchor)", plain: false, location(alias.mark))
        }
    }

    private static func diagnostic(for error: YamlError, file: String) -> Diagnostic {
        func located(_ mark: Mark, _ problem: String, _ context: YamlError.Context?) -> Diagnostic {
            var message = "not valid YAML: \(problem)"
            if let context { message += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))" }
            return Diagnostic(file: file, location: SourceLocation(file: file, line: mark.line, column: mark.column),
                              message: message)
        }
        switch error {
        case .scanner(let context, let problem, let mark, _): return located(mark, problem, context)
        case .parser(let context, let problem, let mark, _): return located(mark, problem, context)
        case .composer(let context, let problem, let mark, _): return located(mark, problem, context)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "`\($0)`" }.joined(separator: ", ")
            return Diagnostic(file: file,
                              location: SourceLocation(file: file, line: context.mark.line, column: context.mark.column),
                              message: "key \(keys) appears more than once in the same mapping")
        case .reader(let problem, _, _, _):
            return Diagnostic(file: file, location: nil, message: "cannot read the file as text: \(problem)")
        default:
            return Diagnostic(file: file, location: nil, message: "not valid YAML: \(error)")
        }
    }
}
