/// A URL split into its RFC 3986 parts, as written (no decoding, no normalisation), so each
/// platform rule can apply its own decoding and case rules.
package struct URLParts: Sendable, Equatable {
    package var scheme: String
    /// nil for URLs without an authority (`mailto:x@y`).
    package var host: String?
    package var port: Int?
    package var path: String
    package var query: String?
    package var fragment: String?

    package init?(_ text: String) {
        // Works on UTF-8 code units: every delimiter is ASCII, and walking grapheme clusters
        // (`Character`) cost a third of a simulation. Indices are shared with the String, so the
        // parts are sliced from the text as written.
        let utf8 = text.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let schemeBytes = utf8[..<colon]
        guard let first = schemeBytes.first, URLParts.isASCIILetter(first),
            schemeBytes.allSatisfy({
                URLParts.isASCIILetter($0) || URLParts.isASCIIDigit($0) || $0 == UInt8(ascii: "+")
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            })
        else { return nil }
        self.scheme = String(text[..<colon])
        var rest = text[utf8.index(after: colon)...]
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(rest[rest.utf8.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let q = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = String(rest[rest.utf8.index(after: q)...])
            rest = rest[..<q]
        }
        if rest.utf8.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            rest = rest[rest.utf8.index(rest.startIndex, offsetBy: 2)...]
            let end = rest.utf8.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            var authority = rest[..<end]
            if let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")) { authority = authority[authority.utf8.index(after: at)...] }
            if let portColon = authority.utf8.lastIndex(of: UInt8(ascii: ":")), authority.utf8.last != UInt8(ascii: "]") {
                let portText = authority[authority.utf8.index(after: portColon)...]
                if !portText.isEmpty {
                    guard let p = Int(portText), (0...65535).contains(p) else { return nil }
                    port = p
                }
                authority = authority[..<portColon]
            }
            host = String(authority)
            path = String(rest[end...])
        } else {
            path = String(rest)
        }
    }

    static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
    static func isASCIIDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// True for http and https, the links the association rules care about.
    package var isWeb: Bool {
        let s = scheme.lowercased()
        return s == "http" || s == "https"
    }

    /// The lowercased host, or an empty string.
    package var normalizedHost: String { host?.lowercased() ?? "" }

    /// Query items as name/value pairs, percent-decoded (`+` is kept as is).
    package var queryItems: [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            if let eq = item.firstIndex(of: "=") {
                return (PercentDecoding.decode(String(item[..<eq])), PercentDecoding.decode(String(item[item.index(after: eq)...])))
            }
            return (PercentDecoding.decode(String(item)), "")
        }
    }
}

package enum PercentDecoding {
    /// Decodes `%XX` escapes; malformed escapes are kept as written.
    package static func decode(_ s: String) -> String {
        guard s.contains("%") else { return s }
        var bytes: [UInt8] = []
        let utf8 = Array(s.utf8)
        var i = 0
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case 48...57: return b - 48
            case 65...70: return b - 55
            case 97...102: return b - 87
            default: return nil
            }
        }
        while i < utf8.count {
            if utf8[i] == 37, i + 2 < utf8.count, let h = hex(utf8[i + 1]), let l = hex(utf8[i + 2]) {
                bytes.append(h << 4 | l)
                i += 3
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
