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

    /// `parse` without building any string: the shared `URLSplit`, plus what AASA matching requires — no space or
    /// control byte anywhere, a `//` authority with a non-empty host; a port is dropped (IPv6 literals keep their
    /// brackets).
    static func ranges(_ b: UnsafeBufferPointer<UInt8>) -> Ranges? {
        guard let split = URLSplit(b, rejectingSpaces: true), let authority = split.authority else { return nil }
        var hostEnd = authority.upperBound
        if let portColon = split.lastColon {
            var bracket = false
            var i = portColon
            while i < authority.upperBound {
                if b[i] == UInt8(ascii: "]") {
                    bracket = true
                    break
                }
                i += 1
            }
            if !bracket { hostEnd = portColon }
        }
        guard hostEnd > split.hostStart else { return nil }
        return Ranges(scheme: split.scheme, host: split.hostStart..<hostEnd, path: split.path, query: split.query, fragment: split.fragment)
    }

    /// Whether the (ASCII) scheme is https or http, without regard to case.
    static func isWebScheme(_ b: UnsafeBufferPointer<UInt8>, _ scheme: Range<Int>) -> Bool {
        guard scheme.count == 4 || scheme.count == 5 else { return false }
        // Compared byte by byte with "https" (an array literal here was made and freed on every verdict).
        @inline(__always) func lower(_ i: Int) -> UInt8 { b[i] >= 0x41 && b[i] <= 0x5A ? b[i] | 0x20 : b[i] }
        let s = scheme.lowerBound
        return lower(s) == UInt8(ascii: "h") && lower(s + 1) == UInt8(ascii: "t") && lower(s + 2) == UInt8(ascii: "t")
            && lower(s + 3) == UInt8(ascii: "p") && (scheme.count == 4 || lower(s + 4) == UInt8(ascii: "s"))
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

/// Apple's apple-app-site-association matching (the documented keys, plus swcutil behaviour recorded in public test suites).
///
/// Pure and deterministic: the same inputs give the same verdict and the same steps. Patterns are
/// matched by a small hand-written glob matcher (no regular expressions), so one match costs
/// microseconds.
