/// A URL split into its RFC 3986 parts, as written (no decoding, no normalisation), so each
/// platform rule can apply its own decoding and case rules.
///
/// The parts live in one shared box copied only when a copy is changed (copy on write, as `App`'s): a URL
/// is split once per scenario (`ScenarioCache.parts(of:)`) and its parts are then handed to every hop of the tap, and
/// copying six strings field by field cost a retain and a release for each (issue #14).
package struct URLParts: Sendable, Equatable {
    struct Fields: Sendable, Equatable {
        var scheme: String
        var host: String?
        var port: Int?
        var path: String
        var query: String?
        var fragment: String?
        /// `host` lowercased (or ""), asked by several hops of every tap; the host's setter keeps it in step.
        var normalizedHost: String
    }

    /// The parts, in a box shared until a copy writes (Model/CopyOnWriteBox.swift).
    private var storage: CopyOnWriteBox<Fields>

    package static func == (lhs: URLParts, rhs: URLParts) -> Bool {
        CopyOnWriteBox.same(lhs.storage, rhs.storage)
    }

    private mutating func makeUnique() { CopyOnWriteBox.makeUnique(&storage) }

    package var scheme: String {
        get { storage.fields.scheme }
        _modify {
            makeUnique()
            yield &storage.fields.scheme
        }
    }
    /// nil for URLs without an authority (`mailto:x@y`).
    package var host: String? {
        get { storage.fields.host }
        _modify {
            makeUnique()
            defer { storage.fields.normalizedHost = storage.fields.host?.lowercasedIfNeeded ?? "" }
            yield &storage.fields.host
        }
    }
    package var port: Int? {
        get { storage.fields.port }
        _modify {
            makeUnique()
            yield &storage.fields.port
        }
    }
    package var path: String {
        get { storage.fields.path }
        _modify {
            makeUnique()
            yield &storage.fields.path
        }
    }
    package var query: String? {
        get { storage.fields.query }
        _modify {
            makeUnique()
            yield &storage.fields.query
        }
    }
    package var fragment: String? {
        get { storage.fields.fragment }
        _modify {
            makeUnique()
            yield &storage.fields.fragment
        }
    }

    package init?(_ text: String) {
        // One pass over the UTF-8 bytes finds every delimiter (all are ASCII, so every slice is valid
        // UTF-8 and the parts are the text as written); walking grapheme clusters (`Character`) cost a
        // third of a simulation, and the generic `firstIndex(of:)` on UTF8View most of the rest.
        var text = text
        guard let parts = text.withUTF8({ URLParts.split($0) }) else { return nil }
        self = parts
    }

    private static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> URLParts? {
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        guard let split = URLSplit(bytes) else { return nil }
        var host: String?
        var port: Int?
        if let authority = split.authority {
            var to = authority.upperBound
            // A port unless the authority ends an IPv6 literal (`[::1]`); a port that is not a number in
            // 0...65535 makes the text no URL.
            if let portColon = split.lastColon, bytes[to - 1] != UInt8(ascii: "]") {
                if portColon + 1 < to {
                    guard let p = Int(string((portColon + 1)..<to)), (0...65535).contains(p) else { return nil }
                    port = p
                }
                to = portColon
            }
            host = string(split.hostStart..<to)
        }
        return URLParts(
            scheme: string(split.scheme), host: host, port: port, path: string(split.path), query: split.query.map(string),
            fragment: split.fragment.map(string))
    }

    private init(scheme: String, host: String?, port: Int?, path: String, query: String?, fragment: String?) {
        storage = CopyOnWriteBox(
            Fields(
                scheme: scheme, host: host, port: port, path: path, query: query, fragment: fragment,
                normalizedHost: host?.lowercasedIfNeeded ?? ""))
    }

    static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
    static func isASCIIDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// True for http and https, the links the association rules care about.
    package var isWeb: Bool {
        let s = scheme.lowercasedIfNeeded
        return s == "http" || s == "https"
    }

    /// The path's non-empty `/`-separated segments (as `path.split(separator: "/")` gives them).
    package var pathSegments: [String] {
        var path = path
        // ASCII (nearly every path): bytes split where characters would; otherwise split on characters.
        if let segments = path.withUTF8({ bytes -> [String]? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var segments: [String] = []
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                if index > start { segments.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
                start = index + 1
            }
            return segments
        }) {
            return segments
        }
        return path.split(separator: "/").map(String.init)
    }

    /// The lowercased host, or an empty string.
    package var normalizedHost: String { storage.fields.normalizedHost }

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

/// Where a URL's parts are, as offsets into its UTF-8 bytes: the one URL splitter `URLParts` and `AASAURL` both
/// use, each adding its own checks (AASAURL rejects spaces and control bytes and needs a host; URLParts reads the
/// port as a number). One pass over the bytes after the scheme: every delimiter is ASCII, so every cut is at a
/// character boundary (walking `Character`s, then `String` indices, cost a third of a simulation). Plain loops:
/// the closures of `first(where:)` cost more than the scan itself.
struct URLSplit {
    /// Before the first `:`; a letter, then letters, digits, `+`, `-` or `.`.
    var scheme: Range<Int>
    /// After `//`, up to the first `/` (or `?`, `#`, the end); nil when the URL has no `//`.
    var authority: Range<Int>?
    /// Where the host starts: after the authority's last `@` (user info), else the authority's start.
    var hostStart: Int
    /// The last `:` of the host part of the authority: where a port may start (each caller decides).
    var lastColon: Int?
    var path: Range<Int>
    /// After the first `?` (before the fragment); nil without a `?`.
    var query: Range<Int>?
    /// After the first `#`; nil without a `#`.
    var fragment: Range<Int>?

    /// nil when the text has no valid scheme, or (`rejectingSpaces`) has a space, a control byte or DEL anywhere.
    @inline(__always)
    init?(_ b: UnsafeBufferPointer<UInt8>, rejectingSpaces: Bool = false) {
        func first(_ byte: UInt8, _ from: Int, _ to: Int) -> Int? {
            var i = from
            while i < to {
                if b[i] == byte { return i }
                i += 1
            }
            return nil
        }
        let count = b.count
        if rejectingSpaces {
            // Every byte is checked with no branch: a loop that could leave at each byte (and look for the colon
            // too) cost about 27 instructions a byte, this one under 10 (issue #14).
            var refused: UInt8 = 0
            for byte in b { refused |= (byte <= 0x20 ? 1 : 0) | (byte == 0x7F ? 1 : 0) }
            guard refused == 0 else { return nil }
        }
        guard let colon = first(UInt8(ascii: ":"), 0, count), colon > 0, URLParts.isASCIILetter(b[0]) else { return nil }
        for i in 1..<colon {
            let c = b[i]
            guard
                URLParts.isASCIILetter(c) || URLParts.isASCIIDigit(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
                    || c == UInt8(ascii: ".")
            else { return nil }
        }
        scheme = 0..<colon
        // One pass after the colon, in three stretches, each looking only for the bytes that can end it: with
        // `//`, the authority runs to the first `/`, `?` or `#` (its host starts after its last `@`, and a port
        // may start at the host's last `:`); the path runs to the first `?` or `#`; the query to the first `#`.
        // (One loop asking every question of every byte cost twice as much on long queries, issue #14.)
        let rest = colon + 1
        let hasAuthority = count - rest >= 2 && b[rest] == UInt8(ascii: "/") && b[rest + 1] == UInt8(ascii: "/")
        let start = rest + 2
        var hash: Int?
        var mark: Int?
        var authorityEnd: Int?
        var lastAt: Int?
        var colonInHost: Int?
        var i = hasAuthority ? start : rest
        if hasAuthority {
            while i < count {
                let byte = b[i]
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                    authorityEnd = i
                    break
                }
                if byte == UInt8(ascii: "@") {
                    lastAt = i
                    colonInHost = nil
                } else if byte == UInt8(ascii: ":") {
                    colonInHost = i
                }
                i += 1
            }
        }
        while i < count {
            let byte = b[i]
            if byte == UInt8(ascii: "#") {
                hash = i
                break
            }
            if byte == UInt8(ascii: "?") {
                mark = i
                hash = first(UInt8(ascii: "#"), i + 1, count)
                break
            }
            i += 1
        }
        fragment = hash.map { ($0 + 1)..<count }
        let end = mark ?? hash ?? count
        query = mark.map { ($0 + 1)..<(hash ?? count) }
        if hasAuthority {
            let authorityStop = authorityEnd ?? end
            authority = start..<authorityStop
            hostStart = lastAt.map { $0 + 1 } ?? start
            lastColon = colonInHost
            path = authorityStop..<end
        } else {
            authority = nil
            hostStart = rest
            lastColon = nil
            path = rest..<end
        }
    }
}

extension URLParts {
    /// `queryItems` for an ASCII query; nil when the query has a non-ASCII byte.
    fileprivate static func asciiQueryItems(_ bytes: UnsafeBufferPointer<UInt8>) -> [(name: String, value: String)]? {
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        func text(_ from: Int, _ to: Int) -> String {
            let piece = UnsafeBufferPointer(rebasing: bytes[from..<to])
            let text = String(decoding: piece, as: UTF8.self)
            // Most names and values have no escape: no need to look at the new string again.
            return piece.contains(UInt8(ascii: "%")) ? PercentDecoding.decode(text) : text
        }
        var items: [(name: String, value: String)] = []
        var pieces = 1
        for byte in bytes where byte == UInt8(ascii: "&") { pieces += 1 }
        items.reserveCapacity(pieces)
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

/// The one percent-decoder: AASA matching, query items and Android's `Uri.decode` (`AndroidURI.decode`) all use it.
package enum PercentDecoding {
    /// What a `%` not followed by two hex digits becomes.
    package enum Malformed: Sendable {
        /// Kept as written (Apple's matching as linksim models it, query items).
        case kept
        /// U+FFFD, as `android.net.Uri.decode` does.
        case replaced
    }

    /// Decodes `%XX` escapes as UTF-8 (`+` is kept as is; bytes that are not UTF-8 become U+FFFD).
    package static func decode(_ s: String, malformed: Malformed = .kept) -> String {
        // A byte scan (Foundation's `contains` cost more than the decoding); text without a `%` comes out unchanged.
        guard s.utf8.contains(UInt8(ascii: "%")) else { return s }
        var text = s
        return text.withUTF8 { utf8 in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count)
            var i = 0
            while i < utf8.count {
                let byte = utf8[i]
                if byte == UInt8(ascii: "%") {
                    if i + 2 < utf8.count, let h = hex(utf8[i + 1]), let l = hex(utf8[i + 2]) {
                        bytes.append(h << 4 | l)
                        i += 3
                        continue
                    }
                    switch malformed {
                    case .kept: bytes.append(byte)
                    case .replaced: bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    }
                } else {
                    bytes.append(byte)
                }
                i += 1
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 48...57: return b - 48
        case 65...70: return b - 55
        case 97...102: return b - 87
        default: return nil
        }
    }
}
