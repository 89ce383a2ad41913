/// A URL string taken apart the way `android.net.Uri.parse(...)` (`StringUri`) does it.
///
/// Android does not validate or canonicalise: the scheme keeps its case, `https://example.com` has
/// the path `""` (not `/`), and `getPath()`/`getQuery()`/`getFragment()` return *decoded* text.
/// Intent-filter matching uses exactly these accessors, so linksim must reproduce them, quirks
/// included. Indexes are UTF-16 code units, as in Java.
package struct AndroidURI: Sendable, Equatable, Hashable {
    /// The parts, made once and shared: the URI is immutable, and copying it (into an intent, into each
    /// filter's match) copied a dozen strings and arrays, a retain and a release each (issue #14).
    private final class Parts: Sendable {
        /// The string as given.
        let string: String
        /// Everything before the first `:` (case preserved); nil without a `:`.
        let scheme: String?
        /// The string's UTF-16 code units, which the encoded parts are read from when asked: only
        /// explanations ask, so a match does not pay for their strings.
        let units: [UInt16]
        /// Where `getEncodedSchemeSpecificPart()` is: between the `:` and the `#`.
        let sspRange: Range<Int>
        /// Where `getEncodedAuthority()` is: after `//`, up to `/`, `\`, `?` or `#`; nil when there is no `//`.
        let authorityRange: Range<Int>?
        /// Where `getEncodedPath()` is: nil for an opaque URI such as `mailto:x` or `scheme1:foo`.
        let pathRange: Range<Int>?
        let queryRange: Range<Int>?
        let fragmentRange: Range<Int>?

        // The decoded accessors IntentFilter uses, computed once here: a filter match reads them for
        // every filter of every app, and decoding them again each time cost more than the match.
        /// `getHost()`: the authority minus user info and port, decoded; nil without an authority.
        let host: String?
        /// `getPort()`: -1 when there is no explicit, numeric port.
        let port: Int
        /// `getPath()`: decoded (`%20` becomes a space).
        let path: String?
        /// The same as UTF-16 code units, which is how AOSP compares them.
        let hostUnits: [UInt16]?
        let pathUnits: [UInt16]?
        let schemeSpecificPartUnits: [UInt16]

        init(_ string: String) {
            self.string = string
            let units = AndroidURI.units(string)
            self.units = units
            let length = units.count
            let schemeSeparator = units.firstIndex(of: UTF16Unit.colon)
            scheme = schemeSeparator.map { AndroidURI.text(units[0..<$0]) }

            let fragmentSeparator = AndroidURI.index(of: UTF16Unit.hash, in: units, from: schemeSeparator ?? 0)
            fragmentRange = fragmentSeparator.map { ($0 + 1)..<length }

            let sspStart = (schemeSeparator ?? -1) + 1
            sspRange = sspStart..<(fragmentSeparator ?? length)

            // Query: the first `?` after the scheme, unless the fragment starts before it.
            if let questionMark = AndroidURI.index(of: UTF16Unit.questionMark, in: units, from: schemeSeparator ?? 0) {
                if let fragmentSeparator {
                    queryRange = fragmentSeparator < questionMark ? nil : (questionMark + 1)..<fragmentSeparator
                } else {
                    queryRange = (questionMark + 1)..<length
                }
            } else {
                queryRange = nil
            }

            let afterScheme = (schemeSeparator ?? -1)
            let hasDoubleSlash =
                length > afterScheme + 2
                && units[afterScheme + 1] == UTF16Unit.slash && units[afterScheme + 2] == UTF16Unit.slash
            var authority: Range<Int>?
            if hasDoubleSlash {
                var end = afterScheme + 3
                scan: while end < length {
                    switch units[end] {
                    case UTF16Unit.slash, UTF16Unit.backslash, UTF16Unit.questionMark, UTF16Unit.hash: break scan
                    default: end += 1
                    }
                }
                authority = (afterScheme + 3)..<end
            }
            authorityRange = authority
            pathRange = AndroidURI.pathRange(units, schemeSeparator: schemeSeparator)

            // The decoded parts and their code units. A part without a `%` decodes to itself, so its units
            // are the URL's own (slices at ASCII delimiters never split a surrogate pair).
            schemeSpecificPartUnits = AndroidURI.decodedUnits(units, sspRange)
            let decodedPath = pathRange.map { AndroidURI.decoded(units, $0) }
            path = decodedPath?.text
            pathUnits = decodedPath?.units
            // `getHost()` / `getPort()` read the authority: user info ends at the last `@`, the port starts at
            // the `:` that `findPortSeparator` finds scanning back over digits.
            if let authorityRange = authority {
                let portSeparator = AndroidURI.portSeparator(units, authorityRange)
                let userInfoEnd = units[authorityRange].lastIndex(of: UTF16Unit.at).map { $0 + 1 } ?? authorityRange.lowerBound
                let hostEnd = portSeparator ?? authorityRange.upperBound
                // `lastIndexOf('@')` may lie after the port colon in odd inputs; Java's substring would throw
                // there, and Uri returns null in that case.
                let decodedHost = userInfoEnd <= hostEnd ? AndroidURI.decoded(units, userInfoEnd..<hostEnd) : nil
                host = decodedHost?.text
                hostUnits = decodedHost?.units
                port =
                    portSeparator.flatMap { Int32(AndroidURI.decode(AndroidURI.text(units[($0 + 1)..<authorityRange.upperBound]))) }
                    .map(Int.init) ?? -1
            } else {
                host = nil
                hostUnits = nil
                port = -1
            }
        }
    }

    private let parts: Parts

    package init(_ string: String) { parts = Parts(string) }

    package var string: String { parts.string }
    package var scheme: String? { parts.scheme }
    /// `getEncodedSchemeSpecificPart()`: between the `:` and the `#`.
    package var encodedSchemeSpecificPart: String { Self.text(parts.units[parts.sspRange]) }
    /// `getEncodedAuthority()`: after `//`, up to `/`, `\`, `?` or `#`; nil when there is no `//`.
    package var encodedAuthority: String? { parts.authorityRange.map { Self.text(parts.units[$0]) } }
    /// `getEncodedPath()`: nil for an opaque URI such as `mailto:x` or `scheme1:foo`.
    package var encodedPath: String? { parts.pathRange.map { Self.text(parts.units[$0]) } }
    package var encodedQuery: String? { parts.queryRange.map { Self.text(parts.units[$0]) } }
    package var encodedFragment: String? { parts.fragmentRange.map { Self.text(parts.units[$0]) } }
    /// `getSchemeSpecificPart()` (decoded): includes the query, not the fragment.
    package var schemeSpecificPart: String { Self.decode(encodedSchemeSpecificPart) }
    package var host: String? { parts.host }
    package var port: Int { parts.port }
    package var path: String? { parts.path }
    var hostUnits: [UInt16]? { parts.hostUnits }
    var pathUnits: [UInt16]? { parts.pathUnits }
    var schemeSpecificPartUnits: [UInt16] { parts.schemeSpecificPartUnits }

    /// Every part follows from the string's code units, so URIs are equal when those are (not merely
    /// canonically equivalent: a decomposed "é" parses to other units than a composed one).
    package static func == (lhs: AndroidURI, rhs: AndroidURI) -> Bool {
        lhs.parts === rhs.parts || lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }
    package func hash(into hasher: inout Hasher) { hasher.combine(string) }

    /// `Uri.parsePath`: the range of the encoded path; nil for an opaque URI (`x:` or `x:y` without a `/`
    /// after the colon).
    private static func pathRange(_ units: [UInt16], schemeSeparator: Int?) -> Range<Int>? {
        let length = units.count
        let ssi = schemeSeparator ?? -1
        if schemeSeparator != nil {
            if ssi + 1 == length { return nil }
            if units[ssi + 1] != UTF16Unit.slash { return nil }
        }
        var pathStart: Int
        if length > ssi + 2 && units[ssi + 1] == UTF16Unit.slash && units[ssi + 2] == UTF16Unit.slash {
            pathStart = ssi + 3
            scan: while pathStart < length {
                switch units[pathStart] {
                case UTF16Unit.questionMark, UTF16Unit.hash: return pathStart..<pathStart
                case UTF16Unit.slash, UTF16Unit.backslash: break scan
                default: pathStart += 1
                }
            }
        } else {
            pathStart = ssi + 1
        }
        var pathEnd = pathStart
        while pathEnd < length, units[pathEnd] != UTF16Unit.questionMark, units[pathEnd] != UTF16Unit.hash {
            pathEnd += 1
        }
        return pathStart..<pathEnd
    }

    /// The code units of `Uri.decode` of `units[range]`.
    private static func decodedUnits(_ units: [UInt16], _ range: Range<Int>) -> [UInt16] {
        if !units[range].contains(UTF16Unit.percent) { return Array(units[range]) }
        return Self.units(decode(text(units[range])))
    }

    /// `Uri.decode` of `units[range]`, with the decoded text's code units.
    private static func decoded(_ units: [UInt16], _ range: Range<Int>) -> (text: String, units: [UInt16]) {
        let encoded = text(units[range])
        if !units[range].contains(UTF16Unit.percent) { return (encoded, Array(units[range])) }
        let decodedText = decode(encoded)
        return (decodedText, Self.units(decodedText))
    }

    // MARK: - The accessors IntentFilter uses

    /// `getQuery()`: decoded.
    package var query: String? { encodedQuery.map(Self.decode) }
    /// `getFragment()`: decoded.
    package var fragment: String? { encodedFragment.map(Self.decode) }

    /// `findPortSeparator` over `units[range]`: scanning back, the `:` reached before any non-digit.
    private static func portSeparator(_ units: [UInt16], _ range: Range<Int>) -> Int? {
        var index = range.upperBound - 1
        while index >= range.lowerBound {
            let unit = units[index]
            if unit == UTF16Unit.colon { return index }
            if unit < 0x30 || unit > 0x39 { return nil }
            index -= 1
        }
        return nil
    }

    /// `Uri.decode`: percent-decoding as UTF-8, `+` kept as is, bad escapes and bad UTF-8 become U+FFFD.
    package static func decode(_ text: String) -> String { PercentDecoding.decode(text, malformed: .replaced) }

    /// The text as UTF-16 code units. ASCII text (nearly every URL) widens its UTF-8 bytes one for one:
    /// `Array(text.utf16)` transcodes a native string unit by unit and cost most of a parse.
    static func units(_ text: String) -> [UInt16] {
        let utf8 = text.utf8
        let widened: [UInt16]? =
            utf8.withContiguousStorageIfAvailable { bytes in
                for byte in bytes where byte >= 0x80 { return nil }
                return [UInt16](unsafeUninitializedCapacity: bytes.count) { out, count in
                    for i in 0..<bytes.count { out[i] = UInt16(bytes[i]) }
                    count = bytes.count
                }
            } ?? nil
        return widened ?? Array(text.utf16)
    }

    private static func index(of unit: UInt16, in units: [UInt16], from start: Int) -> Int? {
        var index = max(start, 0)
        while index < units.count {
            if units[index] == unit { return index }
            index += 1
        }
        return nil
    }

    private static func text(_ units: ArraySlice<UInt16>) -> String {
        units.withUnsafeBufferPointer { buffer in
            // ASCII (nearly every URL): one byte per unit, no transcoding.
            for unit in buffer where unit >= 0x80 { return String(decoding: buffer, as: UTF16.self) }
            return String(unsafeUninitializedCapacity: buffer.count) { out in
                for i in 0..<buffer.count { out[i] = UInt8(truncatingIfNeeded: buffer[i]) }
                return buffer.count
            }
        }
    }
}

/// UTF-16 code units of the ASCII characters the Android parsers look at.
enum UTF16Unit {
    static let colon = UInt16(UInt8(ascii: ":"))
    static let slash = UInt16(UInt8(ascii: "/"))
    static let backslash = UInt16(UInt8(ascii: "\\"))
    static let questionMark = UInt16(UInt8(ascii: "?"))
    static let hash = UInt16(UInt8(ascii: "#"))
    static let at = UInt16(UInt8(ascii: "@"))
    static let dot = UInt16(UInt8(ascii: "."))
    static let star = UInt16(UInt8(ascii: "*"))
    static let percent = UInt16(UInt8(ascii: "%"))
}
