/// JSON string literals, written one way for every JSON linksim prints or builds.
package enum JSONText {
    /// `"text"` with quotes, backslashes and control characters (C0, DEL and C1) escaped, and every
    /// code point `SafeText` would escape on a terminal (bidi controls, invisible and format
    /// characters) written as a `\u` escape: the JSON means the same text, and printing it on a
    /// terminal cannot reorder or hide what it says.
    package static func quote(_ text: String) -> String {
        // Printable ASCII without a quote or a backslash (ids, hosts, most text) needs no escape: nothing
        // to decide per scalar, and appending scalars one by one cost most of a provider-hosted file.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || SafeText.needsEscape(scalar) {
                    out += escaped(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `\uXXXX`, as a UTF-16 surrogate pair above the Basic Multilingual Plane.
    static func escaped(_ scalar: Unicode.Scalar) -> String {
        func unit(_ value: UInt32) -> String {
            let hex = String(value, radix: 16)
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        guard scalar.value > 0xFFFF else { return unit(scalar.value) }
        let v = scalar.value - 0x10000
        return unit(0xD800 + (v >> 10)) + unit(0xDC00 + (v & 0x3FF))
    }
}
