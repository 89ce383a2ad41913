import Foundation

extension ScenarioWriter {
    // MARK: Scalars

    /// A YAML double-quoted string. Escapes `"` and `\`, every control character, and the code
    /// points YAML treats as line breaks, so the value always stays on its line.
    package static func quote(_ text: String) -> String {
        // ASCII (nearly every value): escaped on bytes. Appending scalar by scalar cost ~370 instructions a
        // character, most of writing a scenario, which the TUI does to check every platform switch (issue #14).
        var bytes = text
        if let quoted = bytes.withUTF8({ quoteASCII($0) }) { return quoted }
        return quoteScalars(text)
    }

    /// `quote` decided scalar by scalar: any text (`YAMLQuoteFastPathTests` holds `quoteASCII` to it).
    static func quoteScalars(_ text: String) -> String {
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

    /// `quote` of ASCII text, written byte by byte; nil when the text has a byte outside ASCII.
    static func quoteASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var length = bytes.count + 2
        for byte in bytes {
            if byte >= 0x80 { return nil }
            switch byte {
            case 0x22, 0x5C, 0x0A, 0x09, 0x0D: length += 1  // \" \\ \n \t \r
            case 0..<0x20, 0x7F: length += 3  // \xHH
            default: break
            }
        }
        func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x41 + nibble - 10 }
        return String(unsafeUninitializedCapacity: length) { out in
            var i = 0
            func put(_ byte: UInt8) {
                out[i] = byte
                i += 1
            }
            put(0x22)
            for byte in bytes {
                switch byte {
                case 0x22, 0x5C:
                    put(0x5C)
                    put(byte)
                case 0x0A:
                    put(0x5C)
                    put(UInt8(ascii: "n"))
                case 0x09:
                    put(0x5C)
                    put(UInt8(ascii: "t"))
                case 0x0D:
                    put(0x5C)
                    put(UInt8(ascii: "r"))
                case 0..<0x20, 0x7F:
                    put(0x5C)
                    put(UInt8(ascii: "x"))
                    put(hex(byte >> 4))
                    put(hex(byte & 0xF))
                default:
                    put(byte)
                }
            }
            put(0x22)
            return i
        }
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
