import Foundation

extension String {
    /// `range(of: text)` as Foundation answers it, without Foundation when both texts are ASCII: then
    /// every character is one byte and a byte search finds the same first match (Foundation's
    /// canonical-equivalence rules only differ from bytes outside ASCII, where this asks Foundation).
    /// Foundation's search bridged both strings to `NSString` and cost some 10,000 instructions a call on
    /// the tap and first-open paths (issue #14; `TextSearchTests` compares the two).
    func rangeOfText(_ text: String) -> Range<String.Index>? {
        var haystack = self
        var needle = text
        switch haystack.withUTF8({ h in needle.withUTF8 { n in Self.asciiSearch(n, in: h) } }) {
        case .notASCII:
            return range(of: text)
        case .notFound:
            return nil
        case .found(let offset):
            let lower = utf8.index(startIndex, offsetBy: offset)
            return lower..<utf8.index(lower, offsetBy: text.utf8.count)
        }
    }

    /// `contains(text)` as Foundation answers it (see `rangeOfText`).
    func containsText(_ text: String) -> Bool { rangeOfText(text) != nil }

    private enum ASCIISearch {
        case notASCII, notFound
        case found(Int)
    }

    /// The byte offset of the first `needle` in `haystack`, when both are ASCII.
    private static func asciiSearch(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> ASCIISearch {
        for byte in needle where byte >= 0x80 { return .notASCII }
        for byte in haystack where byte >= 0x80 { return .notASCII }
        // Foundation finds an empty text nowhere.
        guard let first = needle.first, needle.count <= haystack.count else { return .notFound }
        var start = 0
        let last = haystack.count - needle.count
        while start <= last {
            if haystack[start] == first {
                var k = 1
                while k < needle.count && haystack[start + k] == needle[k] { k += 1 }
                if k == needle.count { return .found(start) }
            }
            start += 1
        }
        return .notFound
    }
}
