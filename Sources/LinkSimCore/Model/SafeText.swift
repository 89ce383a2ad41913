/// Text from files (URLs, names) made safe to show on a terminal: control characters, including
/// ESC, are shown escaped so a scenario can never send escape sequences to the user's terminal.
public enum SafeText {
    public static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                switch scalar {
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "\r": out += "\\r"
                default: out += "\\u{" + String(scalar.value, radix: 16) + "}"
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || s.value == 0x7F || (0x80...0x9F).contains(s.value)
    }
}
