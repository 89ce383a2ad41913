/// Text from files (URLs, names) made safe to show on a terminal. A scenario file must never be
/// able to send escape sequences — or bidi overrides that hide what a URL says — to the user's
/// terminal, so every control or invisible code point is shown escaped (`\x1B`, `\u{202E}`).
/// The CLI reporters and the TUI use this one policy.
package enum SafeText {
    package static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) { out += escaped(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v >= 0x20, v < 0x7F { return false }
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return true }  // C0, DEL, C1 (incl. CSI 0x9B)
        if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F {
            return true  // bidi controls
        }
        if v == 0xFEFF || (0x200B...0x200D).contains(v) || (0xFFF0...0xFFFF).contains(v) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark, .format, .control, .surrogate, .privateUse,
            .unassigned, .lineSeparator, .paragraphSeparator:
            return true
        default:
            return false
        }
    }

    package static func escaped(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        if scalar.value < 0x100 { return "\\x" + (hex.count < 2 ? "0" + hex : hex) }
        return "\\u{\(hex)}"
    }
}
