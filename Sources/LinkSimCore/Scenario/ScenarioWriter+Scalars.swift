import Foundation

extension ScenarioWriter {
    // MARK: Scalars

    /// A YAML double-quoted string. Escapes `"` and `\`, every control character, and the code
    /// points YAML treats as line breaks, so the value always stays on its line.
    package static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{85}": out += "\\N"
            case "\u{2028}": out += "\\L"
            case "\u{2029}": out += "\\P"
            default:
                let v = scalar.value
                if v < 0x20 || (v >= 0x7F && v < 0xA0) {
                    let hex = String(v, radix: 16, uppercase: true)
                    out += "\\x" + (hex.count < 2 ? "0" + hex : hex)
                } else if v == 0xFEFF || (0xD800...0xDFFF).contains(v) || v == 0xFFFE || v == 0xFFFF {
                    let hex = String(v, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func list(_ items: [String]) -> String { "[\(items.map(quote).joined(separator: ", "))]" }

    static func stringMap(_ map: [String: String]) -> String {
        "{\(map.keys.sorted().map { "\(quote($0)): \(quote(map[$0] ?? ""))" }.joined(separator: ", "))}"
    }

    static func flowMap(_ fields: [(String, String?)]) -> String {
        "{\(fields.compactMap { key, value in value.map { "\(key): \(quote($0))" } }.joined(separator: ", "))}"
    }

    static func scalar(_ value: ScalarValue) -> String {
        switch value {
        case .string(let s): return quote(s)
        case .int(let i): return String(i)
        case .bool(let b): return b ? "true" : "false"
        case .duration(let d): return d.description
        case .null: return "null"
        }
    }

}

/// Indented YAML lines, two spaces per level.
struct YAMLLines {
    private var lines: [String] = []
    mutating func line(_ level: Int, _ text: String) {
        lines.append(String(repeating: "  ", count: level) + text)
    }
    var text: String { lines.joined(separator: "\n") + "\n" }
}
