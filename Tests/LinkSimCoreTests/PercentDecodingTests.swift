import Testing

@testable import LinkSimCore

/// One percent-decoder (issue #17 item 5): `PercentDecoding.decode` keeps a malformed escape as written, and
/// with `malformed: .replaced` it is `android.net.Uri.decode` (`AndroidURI.decode`). Both modes are compared with
/// the two decoders they replaced.
@Suite struct PercentDecodingTests {
    static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 48...57: return b - 48
        case 65...70: return b - 55
        case 97...102: return b - 87
        default: return nil
        }
    }

    /// The decoders as they were: `PercentDecoding.decode` (kept) and `AndroidURI.decode` (U+FFFD).
    static func reference(_ s: String, replacing: Bool) -> String {
        guard s.utf8.contains(UInt8(ascii: "%")) else { return s }
        let utf8 = Array(s.utf8)
        var bytes: [UInt8] = []
        var i = 0
        while i < utf8.count {
            if utf8[i] == 37, i + 2 < utf8.count, let h = hex(utf8[i + 1]), let l = hex(utf8[i + 2]) {
                bytes.append(h << 4 | l)
                i += 3
            } else if utf8[i] == 37, replacing {
                bytes += [0xEF, 0xBF, 0xBD]
                i += 1
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func bothModesDecodeAsTheDecodersTheyReplaced() {
        var random = SeededRandom(seed: 17_005)
        let alphabet = ["%", "%", "4", "1", "f", "F", "g", "%C3", "%A9", "%e9", "+", "a", "é", "%%", "%2", "%20", "日"]
        for _ in 0..<20_000 {
            let text = random.text(alphabet, maxLength: 8)
            #expect(PercentDecoding.decode(text) == Self.reference(text, replacing: false), "\(text.debugDescription)")
            #expect(PercentDecoding.decode(text, malformed: .replaced) == Self.reference(text, replacing: true), "\(text.debugDescription)")
            #expect(AndroidURI.decode(text) == PercentDecoding.decode(text, malformed: .replaced))
        }
    }

    @Test func malformedEscapesAreKeptOrReplaced() {
        #expect(PercentDecoding.decode("a%2Fb%zz%4") == "a/b%zz%4")
        #expect(PercentDecoding.decode("a%2Fb%zz%4", malformed: .replaced) == "a/b\u{FFFD}zz\u{FFFD}4")
        #expect(PercentDecoding.decode("caf%C3%A9+x") == "café+x")
        // A lone byte that is not UTF-8 becomes U+FFFD in both modes.
        #expect(PercentDecoding.decode("%E9") == "\u{FFFD}")
    }
}
