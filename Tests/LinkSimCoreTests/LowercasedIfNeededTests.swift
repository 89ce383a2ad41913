import Testing

@testable import LinkSimCore

/// `String.lowercasedIfNeeded` (issue #14: hosts and schemes lowercased on every tap) is `lowercased()`.
@Suite struct LowercasedIfNeededTests {
    @Test func isLowercasedOverCornersAndGeneratedText() {
        let corners = [
            "", "a", "A", "shop.example.com", "Shop.Example.COM", "HTTPS", "https", "@[`{", "xn--bcher-kva.example",
            "BÜCHER.example", "bücher", "İstanbul", "ΣΑΣ", "ǅ", "e\u{301}", "日本.example", "Z", "z0-9._~",
        ]
        for text in corners { #expect(text.lowercasedIfNeeded == text.lowercased(), "\(text)") }
        let alphabet: [Character] = ["a", "Z", "q", "M", ".", "-", "0", "@", "[", "`", "{", "é", "É", "İ", "ß", "Σ", "\u{7F}", "~"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<5000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var text = ""
            var bits = state
            for _ in 0..<Int(bits % 12) {
                bits = bits / 7 &+ 0x5851_F42D
                text.append(alphabet[Int(bits % UInt64(alphabet.count))])
            }
            #expect(text.lowercasedIfNeeded == text.lowercased(), "\(text)")
        }
    }

    @Test func keepsTextThatHasNoUppercaseAndLowersTheRest() {
        let host = String(repeating: "shop.example.com/", count: 4)
        #expect(host.lowercasedIfNeeded == host)
        #expect("Shop".lowercasedIfNeeded == "shop")
    }

    /// The eight-bytes-at-a-time test against a byte-at-a-time reference: every byte value at every
    /// position of texts 0–40 bytes long (words and tails), alone and after another byte.
    @Test func theWordTestAgreesWithTheByteTest() {
        func reference(_ bytes: [UInt8]) -> Bool { bytes.contains { $0 >= 0x41 && ($0 <= 0x5A || $0 >= 0x80) } }
        var checked = 0
        for length in 0...40 {
            let base = Array(repeating: UInt8(ascii: "e"), count: length)
            #expect(base.withUnsafeBufferPointer(String.needsLowercasing) == false)
            for position in 0..<length {
                for value in UInt8(0)...UInt8(255) {
                    var bytes = base
                    bytes[position] = value
                    #expect(bytes.withUnsafeBufferPointer(String.needsLowercasing) == reference(bytes), "\(bytes)")
                    // A second byte just before (a word's neighbour): 0x40 and 0x5B border the letters.
                    if position > 0 {
                        bytes[position - 1] = [0x40, 0x5B, 0x7F, 0x00][Int(value) % 4]
                        #expect(bytes.withUnsafeBufferPointer(String.needsLowercasing) == reference(bytes), "\(bytes)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == 256 * (40 * 41 / 2))
    }
}
