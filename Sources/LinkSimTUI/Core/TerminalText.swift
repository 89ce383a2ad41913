import LinkSimCore

/// Makes text from files safe and measurable for a terminal. A scenario file must never be able to
/// send escape sequences (or bidi overrides that hide what a URL says) to the user's terminal, so
/// everything that is not a visible character is shown escaped, e.g. `\x1B` or `\u{202E}`. A combining
/// mark right after a character (`e` + U+0301, a Thai vowel sign and tone mark) is drawn with it, up to two
/// per character (`isAttachableMark`); a third, or one with no character before it, is shown escaped.
/// Widths are computed here rather than with `wcwidth`, so screens do not depend on the locale.
package enum TerminalText {
    package static func displayScalars(_ text: String) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(text.unicodeScalars.count)
        forEachDisplayScalar(text) { scalar in
            out.append(scalar)
            return true
        }
        return out
    }

    /// Calls `body` with each scalar of `displayScalars(text)` in order, until it returns false, without making
    /// the array (`Grid.put` draws every label of every frame through it).
    @inline(__always)
    package static func forEachDisplayScalar(_ text: String, _ body: (Unicode.Scalar) -> Bool) {
        // How many more marks may join the last character shown (none at the start or after an escape).
        var marksLeft = 0
        for scalar in text.unicodeScalars {
            if (scalar.value >= 0x20 && scalar.value < 0x7F) || !needsEscape(scalar) {
                if !body(scalar) { return }
                marksLeft = 2
            } else if marksLeft > 0, isAttachableMark(scalar) {
                if !body(scalar) { return }
                marksLeft -= 1
            } else {
                for shown in escaped(scalar).unicodeScalars where !body(shown) { return }
                marksLeft = 0
            }
        }
    }

    /// A nonspacing mark that is drawn with the character before it (width 0). Not the invisible ones, which stay
    /// escaped like every invisible code point: variation selectors (they also change an emoji's width in some
    /// terminals), the combining grapheme joiner, Mongolian free variation selectors.
    static func isAttachableMark(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        // Marks past the BMP (musical notation, a few scripts) stay escaped: a cell keeps 16 bits a mark.
        if v < 0x300 || v > 0xFFFF { return false }
        // Punctuation, arrows, symbols, box drawing, dingbats: no marks, and the TUI draws many of them.
        if v >= 0x2000, v < 0x2CEF, !(0x20D0...0x20FF).contains(v) { return false }
        if (0xFE00...0xFE0F).contains(v) || v == 0x34F || (0x180B...0x180D).contains(v) || (0xE0100...0xE01EF).contains(v) {
            return false
        }
        return scalar.properties.generalCategory == .nonspacingMark
    }

    /// The text with every invisible or control code point escaped.
    package static func sanitize(_ text: String) -> String {
        // Printable ASCII is its own display form: `wrap` sanitizes every word of every trace step it lays
        // out, and rebuilding each one scalar by scalar was a ninth of a TUI key press (issue #14).
        if isPrintableASCII(text) || !needsAnyEscape(text) { return text }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: displayScalars(text))
        return String(view)
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool { SafeText.needsEscape(scalar) }

    static func escaped(_ scalar: Unicode.Scalar) -> String { SafeText.escaped(scalar) }

    /// Columns a displayable scalar takes (after `displayScalars`): 2 for East Asian wide and emoji.
    /// A switch over ranges: the array of ranges it used to search was made and freed for every scalar from
    /// U+1100 on (an arrow, a dash: most trace lines have one), a tenth of a TUI key press (issue #14).
    ///
    /// The wide emoji are Unicode's East Asian Width "W" emoji (Emoji_Presentation): in the BMP (⌚ ☕ ⚡ ✅ ❌ ⭐…)
    /// and past U+1F000 (🀄 🈁 🚀 🛒 🫠…), as terminals and glibc's `wcwidth` draw them; a width of 1 for one of
    /// them let a line overrun its pane.
    package static func width(of scalar: Unicode.Scalar) -> Int {
        if scalar.value >= 0x300, isAttachableMark(scalar) { return 0 }
        switch scalar.value {
        case 0..<0x1100: return 1
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        // Emoji with emoji presentation in the BMP.
        case 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3, 0x25FD...0x25FE, 0x2614...0x2615,
            0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4,
            0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E,
            0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55:
            return 2
        // Wide symbols and emoji past U+1F000 outside the ranges above.
        case 0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
            0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F680...0x1F6C5, 0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7,
            0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0, 0x1FA70...0x1FAFF:
            return 2
        default: return 1
        }
    }

    /// Columns the text takes once sanitized.
    package static func width(_ text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        if !needsAnyEscape(text) { return text.unicodeScalars.reduce(0) { $0 + width(of: $1) } }
        return displayScalars(text).reduce(0) { $0 + width(of: $1) }
    }

    /// True when some scalar of the text is shown escaped: otherwise the text is its own display form.
    static func needsAnyEscape(_ text: String) -> Bool {
        var marksLeft = 0
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 { return true }
            if scalar.value < 0x7F || !needsEscape(scalar) {
                marksLeft = 2
            } else if marksLeft > 0, isAttachableMark(scalar) {
                marksLeft -= 1
            } else {
                return true
            }
        }
        return false
    }

    /// True when every byte is printable ASCII: such text is its own display form, a column a byte
    /// (most of what the TUI draws; the scalar path cost a sixth of a frame).
    static func isPrintableASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
            return true
        }
    }

    /// Cuts text to `columns`, ending in `…` when it had to cut.
    package static func truncate(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if isPrintableASCII(text) {
            if text.utf8.count <= columns { return text }
            return String(decoding: text.utf8.prefix(columns - 1), as: UTF8.self) + "…"
        }
        if !needsAnyEscape(text) {
            // Nothing to escape (most non-ASCII text: an arrow, a dash, an accent): measured and cut in place,
            // without a copy of its scalars.
            let view = text.unicodeScalars
            if view.reduce(0, { $0 + width(of: $1) }) <= columns { return text }
            var end = view.startIndex
            var used = 0
            while end < view.endIndex {
                let w = width(of: view[end])
                if used + w > columns - 1 { break }
                used += w
                view.formIndex(after: &end)
            }
            return String(view[..<end]) + "…"
        }
        let scalars = displayScalars(text)
        if scalars.reduce(0, { $0 + width(of: $1) }) <= columns { return String(String.UnicodeScalarView(scalars)) }
        var view = String.UnicodeScalarView()
        var used = 0
        for scalar in scalars {
            let w = width(of: scalar)
            if used + w > columns - 1 { break }
            view.append(scalar)
            used += w
        }
        view.append("…")
        return String(view)
    }

    /// Word-wraps text to lines of at most `columns` (hard-breaking words longer than a line).
    package static func wrap(_ text: String, columns: Int) -> [String] {
        guard columns > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var piece = sanitize(String(word))
                var pieceWidth = width(piece)
                if lineWidth > 0, lineWidth + 1 + pieceWidth <= columns {
                    line += " " + piece
                    lineWidth += 1 + pieceWidth
                    continue
                }
                if lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                while pieceWidth > columns {
                    // Break by columns, not characters: a wide (CJK) character takes two.
                    var headEnd = piece.startIndex
                    var headWidth = 0
                    while headEnd < piece.endIndex {
                        let w = width(String(piece[headEnd]))
                        if headWidth + w > columns { break }
                        headWidth += w
                        headEnd = piece.index(after: headEnd)
                    }
                    if headEnd == piece.startIndex { headEnd = piece.index(after: headEnd) }  // one character wider than the line
                    lines.append(String(piece[..<headEnd]))
                    piece = String(piece[headEnd...])
                    pieceWidth = width(piece)
                }
                line = piece
                lineWidth = pieceWidth
            }
            lines.append(line)
        }
        return lines
    }

    /// Box-drawing characters in ASCII, for terminals that cannot show them (`TERM=dumb`).
    static func asciiBox(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar {
        case "─": return "-"
        case "│": return "|"
        case "┌", "┐", "└", "┘", "├", "┤", "┬", "┴", "┼": return "+"
        case "▸", "►", "→", "›": return ">"
        case "◂", "←": return "<"
        case "↑": return "^"
        case "↓": return "v"
        case "●", "•": return "*"
        case "—": return "-"
        case "⇄": return "="
        case "…": return "~"
        case "·": return "."
        case "×": return "x"
        default: return scalar.value < 0x80 ? scalar : "?"
        }
    }
}
