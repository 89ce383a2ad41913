import Foundation

/// The parts of a URL the AASA matcher looks at, kept exactly as written (still percent-encoded).
package struct AASAURL: Sendable, Equatable {
    package var scheme: String
    package var host: String
    package var path: String
    /// nil when the URL has no `?`.
    package var query: String?
    /// nil when the URL has no `#`.
    package var fragment: String?

    /// Parses an absolute URL such as `https://example.com/buy/42?x=1#top`. Returns nil for text that
    /// is not an absolute URL with a host, or that contains spaces or control characters.
    package static func parse(_ text: String) -> AASAURL? {
        var text = text
        return text.withUTF8 { bytes in ranges(bytes).map { make(bytes, $0) } }
    }

    /// Where the parts are, as offsets into the URL's UTF-8 bytes.
    struct Ranges {
        var scheme: Range<Int>
        var host: Range<Int>
        var path: Range<Int>
        var query: Range<Int>?
        var fragment: Range<Int>?
    }

    /// `parse` without building any string. One pass over the UTF-8 bytes: every delimiter is ASCII,
    /// so every cut is at a character boundary (walking `Character`s, then `String` indices, was most
    /// of the cost of a verdict).
    static func ranges(_ b: UnsafeBufferPointer<UInt8>) -> Ranges? {
        let n = b.count
        var colon = -1
        for i in 0..<n {
            let byte = b[i]
            if byte <= 0x20 || byte == 0x7F { return nil }
            if colon < 0, byte == UInt8(ascii: ":") { colon = i }
        }
        guard colon > 0, URLParts.isASCIILetter(b[0]) else { return nil }
        for i in 1..<colon {
            let c = b[i]
            guard
                URLParts.isASCIILetter(c) || URLParts.isASCIIDigit(c) || c == UInt8(ascii: "+")
                    || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
            else { return nil }
        }
        guard n >= colon + 3, b[colon + 1] == UInt8(ascii: "/"), b[colon + 2] == UInt8(ascii: "/") else { return nil }
        // Plain loops: the closures of `first(where:)` on ranges cost more than the scan itself.
        func first(_ byte: UInt8, _ from: Int, _ to: Int) -> Int? {
            var i = from
            while i < to {
                if b[i] == byte { return i }
                i += 1
            }
            return nil
        }
        func last(_ byte: UInt8, _ from: Int, _ to: Int) -> Int? {
            var i = to
            while i > from {
                i -= 1
                if b[i] == byte { return i }
            }
            return nil
        }
        let start = colon + 3
        var end = n
        var fragment: Range<Int>?
        if let hash = first(UInt8(ascii: "#"), start, end) {
            fragment = (hash + 1)..<end
            end = hash
        }
        var query: Range<Int>?
        if let mark = first(UInt8(ascii: "?"), start, end) {
            query = (mark + 1)..<end
            end = mark
        }
        let authorityEnd = first(UInt8(ascii: "/"), start, end) ?? end
        var authorityStart = start
        if let at = last(UInt8(ascii: "@"), start, authorityEnd) { authorityStart = at + 1 }
        // Drop a port; IPv6 literals keep their brackets.
        var hostEnd = authorityEnd
        if let portColon = last(UInt8(ascii: ":"), authorityStart, authorityEnd),
            first(UInt8(ascii: "]"), portColon, authorityEnd) == nil
        {
            hostEnd = portColon
        }
        guard hostEnd > authorityStart else { return nil }
        return Ranges(
            scheme: 0..<colon, host: authorityStart..<hostEnd, path: authorityEnd..<end, query: query,
            fragment: fragment)
    }

    /// Whether the (ASCII) scheme is https or http, without regard to case.
    static func isWebScheme(_ b: UnsafeBufferPointer<UInt8>, _ scheme: Range<Int>) -> Bool {
        guard scheme.count == 4 || scheme.count == 5 else { return false }
        let expected: [UInt8] = Array("https".utf8)
        for (k, i) in scheme.enumerated() where (b[i] >= 0x41 && b[i] <= 0x5A ? b[i] | 0x20 : b[i]) != expected[k] {
            return false
        }
        return true
    }

    static func make(_ b: UnsafeBufferPointer<UInt8>, _ r: Ranges) -> AASAURL {
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: b[range]), as: UTF8.self)
        }
        let scheme = String(unsafeUninitializedCapacity: r.scheme.count) { out in
            for i in r.scheme { out[i] = b[i] >= 0x41 && b[i] <= 0x5A ? b[i] | 0x20 : b[i] }
            return r.scheme.count
        }
        return AASAURL(
            scheme: scheme, host: string(r.host), path: string(r.path), query: r.query.map(string),
            fragment: r.fragment.map(string))
    }
}

/// Apple's apple-app-site-association matching (ios.md §2, reference algorithm §2.11).
///
/// Pure and deterministic: the same inputs give the same verdict and the same steps. Patterns are
/// matched by a small hand-written glob matcher (no regular expressions), so one match costs
/// microseconds.
