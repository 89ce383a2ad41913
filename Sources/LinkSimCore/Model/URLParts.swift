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
        // One pass over the UTF-8 bytes finds every delimiter (all are ASCII, so every slice is valid
        // UTF-8 and the parts are the text as written); walking grapheme clusters (`Character`) cost a
        // third of a simulation, and the generic `firstIndex(of:)` on UTF8View most of the rest.
        var text = text
        guard let parts = text.withUTF8({ URLParts.split($0) }) else { return nil }
        self = parts
    }

    private static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> URLParts? {
        func first(_ byte: UInt8, _ from: Int, _ to: Int) -> Int? {
            var i = from
            while i < to {
                if bytes[i] == byte { return i }
                i += 1
            }
            return nil
        }
        func last(_ byte: UInt8, _ from: Int, _ to: Int) -> Int? {
            var i = to
            while i > from {
                i -= 1
                if bytes[i] == byte { return i }
            }
            return nil
        }
        func string(_ from: Int, _ to: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
        }
        let count = bytes.count
        guard let colon = first(UInt8(ascii: ":"), 0, count), colon > 0, isASCIILetter(bytes[0]) else { return nil }
        for i in 1..<colon {
            let b = bytes[i]
            guard isASCIILetter(b) || isASCIIDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
            else { return nil }
        }
        var restEnd = count
        var fragment: String?
        var query: String?
        if let hash = first(UInt8(ascii: "#"), colon + 1, restEnd) {
            fragment = string(hash + 1, restEnd)
            restEnd = hash
        }
        if let q = first(UInt8(ascii: "?"), colon + 1, restEnd) {
            query = string(q + 1, restEnd)
            restEnd = q
        }
        let restStart = colon + 1
        var host: String?
        var port: Int?
        let path: String
        if restEnd - restStart >= 2, bytes[restStart] == UInt8(ascii: "/"), bytes[restStart + 1] == UInt8(ascii: "/") {
            let authorityStart = restStart + 2
            let end = first(UInt8(ascii: "/"), authorityStart, restEnd) ?? restEnd
            var from = authorityStart
            var to = end
            if let at = last(UInt8(ascii: "@"), from, to) { from = at + 1 }
            if let portColon = last(UInt8(ascii: ":"), from, to), bytes[to - 1] != UInt8(ascii: "]") {
                if portColon + 1 < to {
                    guard let p = Int(string(portColon + 1, to)), (0...65535).contains(p) else { return nil }
                    port = p
                }
                to = portColon
            }
            host = string(from, to)
            path = string(end, restEnd)
        } else {
            path = string(restStart, restEnd)
        }
        return URLParts(scheme: string(0, colon), host: host, port: port, path: path, query: query, fragment: fragment)
    }

    private init(scheme: String, host: String?, port: Int?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = path
        self.query = query
        self.fragment = fragment
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
        // ASCII (nearly every query): split on bytes, where it is the same as splitting `Character`s.
        var bytes = query
        if let items = bytes.withUTF8({ Self.asciiQueryItems($0) }) { return items }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            if let eq = item.firstIndex(of: "=") {
                return (PercentDecoding.decode(String(item[..<eq])), PercentDecoding.decode(String(item[item.index(after: eq)...])))
            }
            return (PercentDecoding.decode(String(item)), "")
        }
    }
}

extension URLParts {
    /// `queryItems` for an ASCII query; nil when the query has a non-ASCII byte.
    fileprivate static func asciiQueryItems(_ bytes: UnsafeBufferPointer<UInt8>) -> [(name: String, value: String)]? {
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        func text(_ from: Int, _ to: Int) -> String {
            PercentDecoding.decode(String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self))
        }
        var items: [(name: String, value: String)] = []
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                if let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) {
                    items.append((text(start, equals), text(equals + 1, end)))
                } else {
                    items.append((text(start, end), ""))
                }
            }
            start = end + 1
        }
        return items
    }
}

package enum PercentDecoding {
    /// Decodes `%XX` escapes; malformed escapes are kept as written.
    package static func decode(_ s: String) -> String {
        // A byte scan (Foundation's `contains` cost more than the decoding); text without a valid
        // escape comes out unchanged either way.
        guard s.utf8.contains(UInt8(ascii: "%")) else { return s }
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
