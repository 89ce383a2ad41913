import Testing

@testable import LinkSimTUI

/// Issue #14: printable ASCII is truncated, measured and sanitized on bytes; the result is what the
/// scalar path (kept here as the reference) gives, for ASCII and for everything else.
@Suite struct TerminalTextFastPathTests {
    static func referenceTruncate(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        let scalars = TerminalText.displayScalars(text)
        if scalars.reduce(0, { $0 + TerminalText.width(of: $1) }) <= columns { return String(String.UnicodeScalarView(scalars)) }
        var view = String.UnicodeScalarView()
        var used = 0
        for scalar in scalars {
            let w = TerminalText.width(of: scalar)
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
        TerminalText.displayScalars(text).reduce(0) { $0 + TerminalText.width(of: $1) }
    }

    @Test func truncateAndWidthAgreeWithTheScalarPath() {
        // A fixed linear congruential sequence: the same cases on every run.
        var state: UInt64 = 14_011
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = ["a", "Z", " ", "~", "0", "é", "日", "\u{1F600}", "\t", "\n", "\u{1B}", "\u{7F}", "\u{200B}", "e\u{301}"]
        var asciiCases = 0
        for _ in 0..<20_000 {
            let ascii = next(100) < 60
            let length = next(14)
            let text = (0..<length).map { _ in ascii ? ["a", "Z", " ", "~", "0", "/"][next(6)] : alphabet[next(alphabet.count)] }.joined()
            if ascii { asciiCases += 1 }
            let columns = next(12)
            #expect(TerminalText.truncate(text, to: columns) == Self.referenceTruncate(text, to: columns), "\(text.debugDescription) to \(columns)")
            #expect(TerminalText.width(text) == Self.referenceWidth(text), "\(text.debugDescription)")
            #expect(TerminalText.sanitize(text) == Self.referenceSanitize(text), "\(text.debugDescription)")
        }
        #expect(asciiCases > 5_000)
        #expect(TerminalText.truncate("abcdef", to: 4) == "abc…")
        #expect(TerminalText.truncate("abc", to: 1) == "…")
    }
}
