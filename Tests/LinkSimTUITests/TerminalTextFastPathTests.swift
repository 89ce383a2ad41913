import Testing

@testable import LinkSimTUI

/// Issue #14: printable ASCII is truncated, measured and sanitized on bytes, and text with nothing to escape
/// in place on its scalars; the result is what the scalar path (kept here as the reference, with the former
/// width table) gives, for ASCII, for text with nothing to escape, and for everything else.
@Suite struct TerminalTextFastPathTests {
    /// The former `width(of:)`: a search of an array of ranges (with the wide emoji added since).
    static func referenceWidth(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        // A combining mark shown (not escaped) is drawn in the cell of the character before it.
        if scalar.properties.generalCategory == .nonspacingMark, TerminalText.isAttachableMark(scalar) { return 0 }
        if v < 0x1100 { return 1 }
        let wideRanges: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
            0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3, 0x25FD...0x25FE,
            0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB,
            0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3,
            0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
            0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0,
            0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
            0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
            0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2,
            0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB,
            0x1F7F0...0x1F7F0, 0x1FA70...0x1FAFF,
        ]
        return wideRanges.contains { $0.contains(v) } ? 2 : 1
    }

    /// Emoji terminals draw two columns wide are measured so (a width of 1 let a row overrun its pane).
    @Test func wideEmojiTakeTwoColumns() {
        for emoji in ["🚀", "🛒", "🫠", "⌚", "☕", "⚡", "✅", "❌", "⭐", "🈁", "😀", "👍", "🤖", "🥇", "日"] {
            #expect(TerminalText.width(emoji) == 2, "\(emoji)")
        }
        for narrow in ["é", "→", "…", "✓", "★", "☺"] { #expect(TerminalText.width(narrow) == 1, "\(narrow)") }
    }

    static func referenceTruncate(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        let scalars = TerminalText.displayScalars(text)
        if scalars.reduce(0, { $0 + Self.referenceWidth(of: $1) }) <= columns { return String(String.UnicodeScalarView(scalars)) }
        var view = String.UnicodeScalarView()
        var used = 0
        for scalar in scalars {
            let w = Self.referenceWidth(of: scalar)
            if used + w > columns - 1 { break }
            view.append(scalar)
            used += w
        }
        view.append("…")
        return String(view)
    }

    static func referenceSanitize(_ text: String) -> String {
        String(String.UnicodeScalarView(TerminalText.displayScalars(text)))
    }

    static func referenceWidth(_ text: String) -> Int {
        TerminalText.displayScalars(text).reduce(0) { $0 + Self.referenceWidth(of: $1) }
    }

    @Test func truncateAndWidthAgreeWithTheScalarPath() {
        // A fixed linear congruential sequence: the same cases on every run.
        var state: UInt64 = 14_011
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = ["a", "Z", " ", "~", "0", "é", "日", "\u{1F600}", "\t", "\n", "\u{1B}", "\u{7F}", "\u{200B}", "e\u{301}"]
        // Non-ASCII with nothing to escape: arrows, dashes, accents, wide letters at and around the table's edges.
        let clean = ["a", " ", "é", "日", "\u{1F600}", "→", "—", "e\u{301}", "한", "\u{10FF}", "\u{1100}", "\u{115F}", "\u{1160}", "\u{3000}"]
        var asciiCases = 0
        var cleanCases = 0
        for _ in 0..<30_000 {
            let kind = next(100)
            let ascii = kind < 40
            let length = next(14)
            let text = (0..<length).map { _ in
                ascii ? ["a", "Z", " ", "~", "0", "/"][next(6)] : kind < 70 ? clean[next(clean.count)] : alphabet[next(alphabet.count)]
            }.joined()
            if ascii { asciiCases += 1 } else if kind < 70 { cleanCases += 1 }
            let columns = next(12)
            #expect(TerminalText.truncate(text, to: columns) == Self.referenceTruncate(text, to: columns), "\(text.debugDescription) to \(columns)")
            #expect(TerminalText.width(text) == Self.referenceWidth(text), "\(text.debugDescription)")
            #expect(TerminalText.sanitize(text) == Self.referenceSanitize(text), "\(text.debugDescription)")
            var shown: [Unicode.Scalar] = []
            TerminalText.forEachDisplayScalar(text) { scalar in
                shown.append(scalar)
                return shown.count < columns + 1
            }
            #expect(shown == Array(TerminalText.displayScalars(text).prefix(columns + 1)), "\(text.debugDescription)")
        }
        #expect(asciiCases > 5_000)
        #expect(cleanCases > 5_000)
        for value: UInt32 in [0x10FF, 0x1100, 0x115F, 0x1160, 0x2E7F, 0x2E80, 0xFFE6, 0xFFE7, 0x1F300, 0x1F64F, 0x1F650, 0x3FFFD, 0x3FFFE] {
            let scalar = Unicode.Scalar(value)!
            #expect(TerminalText.width(of: scalar) == Self.referenceWidth(of: scalar), "U+\(String(value, radix: 16))")
        }
        #expect(TerminalText.truncate("abcdef", to: 4) == "abc…")
        #expect(TerminalText.truncate("abc", to: 1) == "…")
    }
}
