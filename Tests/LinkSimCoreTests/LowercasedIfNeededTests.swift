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
}
