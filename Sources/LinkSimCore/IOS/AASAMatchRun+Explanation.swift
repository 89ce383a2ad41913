import Foundation

extension AASAExplanationContext {
    /// How component rule `index` compares with the URL, key by key, written when a step's detail is read: the
    /// comparisons are made again (the walk kept only their outcome), so the text says exactly what decided.
    func explanation(rule index: Int) -> String {
        let rule = prepared.rules[index]
        let origins = rule.origins
        let caseSensitive = rule.options.caseSensitive
        let percentEncoded = rule.percentEncoded
        let options = rule.options
        var lines = ExplanationLines()
        // Written piece by piece into the explanation (one string per component, not one per part).
        lines.start("Comparing with caseSensitive ")
        lines.add(caseSensitive ? "true" : "false")
        lines.add(from(origins.caseSensitive, rule.detail))
        lines.add(", percentEncoded ")
        lines.add(percentEncoded ? "true" : "false")
        lines.add(from(origins.percentEncoded, rule.detail))
        lines.add(".")

        // Path.
        let pathText = percentEncoded ? path : PercentDecoding.decode(path)
        let matched = PathCheck.outcome(pattern: rule.path, urlPath: pathText, options: options).matched
        lines.start("Path \"")
        lines.add(pathText.isEmpty ? "/" : pathText)
        lines.add(matched ? "\" matches " : "\" does not match ")
        if origins.path == .builtIn {
            lines.add("\"*\" (no \"/\" key)")
        } else {
            lines.add("\"")
            lines.add(rule.path)
            lines.add("\"")
            lines.add(from(origins.path, rule.detail))
        }
        lines.add(".")
        guard matched else { return lines.text }

        // Query.
        let query = url?.query
        let queryOrigin = from(origins.query, rule.detail)
        switch rule.query {
        case nil:
            lines.append("No \"?\" key: any query matches.")
        case .ignored?:
            lines.append("\"?\" ignored: any query matches.")
        case .whole(let pattern)?:
            let raw = query ?? ""
            let text = percentEncoded ? raw : PercentDecoding.decode(raw)
            let described = query == nil ? "The missing query (read as \"\")" : "The whole query \"\(text)\""
            guard globMatches(pattern, text, options) else {
                lines.append("\(described) does not match \"\(pattern)\"\(queryOrigin).")
                return lines.text
            }
            lines.append("\(described) matches \"\(pattern)\"\(queryOrigin).")
        case .items(let predicates)?:
            let items = queryItems(query ?? "", percentEncoded: percentEncoded)
            for predicate in predicates {
                let name = caseSensitive ? predicate.name : predicate.name.lowercased()
                let values = items.filter { (caseSensitive ? $0.name : $0.name.lowercased()) == name }.map(\.value)
                let checked = values.isEmpty ? [""] : values
                let shown = values.isEmpty ? "absent (read as \"\")" : values.map { "\"\($0)\"" }.joined(separator: ", ")
                if let failing = checked.first(where: { !globMatches(predicate.pattern, $0, options) }) {
                    lines.append(
                        "Query item \"\(predicate.name)\" = \(shown): \"\(failing)\" does not match \"\(predicate.pattern)\"\(queryOrigin).")
                    return lines.text
                }
                lines.append("Query item \"\(predicate.name)\" = \(shown) matches \"\(predicate.pattern)\"\(queryOrigin).")
            }
        }

        // Fragment.
        guard let fragmentPattern = rule.fragment else {
            lines.append("No \"#\" key: any fragment matches.")
            return lines.text
        }
        let fragment = url?.fragment
        let fragmentText = percentEncoded ? fragment ?? "" : PercentDecoding.decode(fragment ?? "")
        let described = fragment == nil ? "missing fragment (read as \"\")" : "fragment \"\(fragmentText)\""
        let fragmentOrigin = from(origins.fragment, rule.detail)
        if globMatches(fragmentPattern, fragmentText, options) {
            lines.append("The \(described) matches \"\(fragmentPattern)\"\(fragmentOrigin).")
        } else {
            lines.append("The \(described) does not match \"\(fragmentPattern)\"\(fragmentOrigin).")
        }
        return lines.text
    }
}

/// Text written as UTF-8 bytes and made a `String` once: appending to an array of bytes costs a
/// tenth of `String.append`, and an explanation is written in a dozen pieces per component.
struct TextBuilder {
    private var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func add(_ text: String) { bytes.append(contentsOf: text.utf8) }

    var isEmpty: Bool { bytes.isEmpty }
    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// The sentences of one component's explanation, written straight into one text separated by
/// spaces (what `[String].joined(separator: " ")` gave, without the array): `append` adds a whole
/// sentence, `start` begins one that `add` continues.
/// With `on: false` nothing is written and the pieces are not even built.
struct ExplanationLines {
    private var builder: TextBuilder
    private var started = false
    private let on: Bool

    init(on: Bool = true) {
        self.on = on
        builder = TextBuilder(capacity: on ? 192 : 0)
    }

    var text: String { builder.text }

    mutating func append(_ line: @autoclosure () -> String) {
        guard on else { return }
        start(line())
    }

    mutating func start(_ part: @autoclosure () -> String) {
        guard on else { return }
        if started { builder.add(" ") }
        started = true
        builder.add(part())
    }

    mutating func add(_ part: @autoclosure () -> String) {
        guard on else { return }
        builder.add(part())
    }
}
