/// What Safari (WebKit's URL parser, following the WHATWG URL Standard) does to a URL before iOS
/// matches it against an AASA file: characters outside ASCII, and the few ASCII ones the standard's
/// percent-encode sets name, become `%XX` of their UTF-8 bytes (upper-case hex). A link written
/// with Korean or accented letters therefore reaches the matcher encoded, and a `percentEncoded`
/// pattern (the default) must be written encoded to match it. Rule `ios.aasa.safari-percent-encodes`.
extension AASAURL {
    /// The URL as Safari sends it, or nil when it is already so (the common, ASCII case).
    package static func safariEncoded(_ text: String) -> String? {
        // The common case (plain ASCII) is decided by one pass without copying the text.
        // (A loop over the contiguous bytes: `utf8.contains(where:)` cost a tenth of a verdict.)
        var scanned = text
        // The ASCII bytes that may need encoding are bits of two masks (0x00–0x3F, 0x40–0x7F), so each byte costs
        // one test, not seven comparisons.
        let low: UInt64 = 1 << 0x22 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E  // " ' < >
        let high: UInt64 = 1 << (0x60 - 0x40) | 1 << (0x7B - 0x40) | 1 << (0x7D - 0x40)  // ` { }
        let mayNeedEncoding = scanned.withUTF8 { buffer -> Bool in
            for byte in buffer {
                if byte >= 0x80 { return true }
                if ((byte < 0x40 ? low : high) >> UInt64(byte & 0x3F)) & 1 != 0 { return true }
            }
            return false
        }
        guard mayNeedEncoding else { return nil }
        let bytes = Array(text.utf8)
        // Only path, query and fragment are encoded; scheme and authority are left alone (a
        // non-ASCII host would become punycode, which linksim does not model).
        guard let schemeEnd = bytes.firstIndex(of: UInt8(ascii: ":")),
            bytes.count > schemeEnd + 2, bytes[schemeEnd + 1] == UInt8(ascii: "/"), bytes[schemeEnd + 2] == UInt8(ascii: "/")
        else { return nil }
        let authorityStart = schemeEnd + 3
        let authorityEnd =
            bytes[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? bytes.count
        var output = Array(bytes[..<authorityEnd])
        var part = Part.path
        for byte in bytes[authorityEnd...] {
            if part == .path, byte == UInt8(ascii: "?") {
                part = .query
                output.append(byte)
                continue
            }
            if part != .fragment, byte == UInt8(ascii: "#") {
                part = .fragment
                output.append(byte)
                continue
            }
            if byte >= 0x80 || needsEncoding(byte, in: part) {
                output += [UInt8(ascii: "%"), hexDigit(byte >> 4), hexDigit(byte & 0xF)]
            } else {
                output.append(byte)
            }
        }
        guard output != bytes else { return nil }
        return String(decoding: output, as: UTF8.self)
    }

    enum Part { case path, query, fragment }

    /// The ASCII members of the WHATWG path, (special-)query and fragment percent-encode sets
    /// (controls and space never reach here: `parse` refuses them).
    static func needsEncoding(_ byte: UInt8, in part: Part) -> Bool {
        switch part {
        case .path:
            return [
                UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "`"),
                UInt8(ascii: "{"), UInt8(ascii: "}"),
            ].contains(byte)
        case .query: return [UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "'")].contains(byte)
        case .fragment: return [UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "`")].contains(byte)
        }
    }

    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
