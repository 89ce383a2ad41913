import Foundation

extension String {
    /// `trimmingCharacters(in: .whitespaces)`, without Foundation when there is nothing to trim: when the
    /// first and the last byte are ASCII and neither a space nor a tab (the only ASCII members of
    /// `.whitespaces`), no scalar at either end can be trimmed, and the text is returned as it is. Anything
    /// else goes to Foundation. Durations, instants and numbers in scenarios are read this way; Foundation's
    /// trim cost ~11,000 instructions a value (issue #14). `SpeedFourthPassTests.trimmedIfNeededAgreesWithFoundation`
    /// compares the two.
    var trimmedWhitespace: String {
        TrimEnds.kept(utf8.first, utf8.last, newlines: false) ? self : trimmingCharacters(in: .whitespaces)
    }

    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, the same way (its ASCII members are tab, the line
    /// breaks U+000A–U+000D and space).
    var trimmedWhitespaceAndNewlines: String {
        TrimEnds.kept(utf8.first, utf8.last, newlines: true) ? self : trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension Substring {
    /// `String.trimmedWhitespace` of a part of a text.
    var trimmedWhitespace: String { String(self).trimmedWhitespace }

    /// `String.trimmedWhitespaceAndNewlines` of a part of a text.
    var trimmedWhitespaceAndNewlines: String { String(self).trimmedWhitespaceAndNewlines }
}

private enum TrimEnds {
    /// Whether a text with these end bytes has nothing to trim (an empty text has nothing).
    static func kept(_ first: UInt8?, _ last: UInt8?, newlines: Bool) -> Bool {
        guard let first, let last else { return true }
        return kept(first, newlines: newlines) && kept(last, newlines: newlines)
    }

    static func kept(_ byte: UInt8, newlines: Bool) -> Bool {
        guard byte < 0x80, byte != 0x20, byte != 0x09 else { return false }
        return !newlines || !(0x0A...0x0D).contains(byte)
    }
}
