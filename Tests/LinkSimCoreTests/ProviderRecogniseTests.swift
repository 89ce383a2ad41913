import Testing

@testable import LinkSimCore

/// `ProviderLinks.recognise` compares ASCII hosts on bytes; it must name the provider the reading
/// on characters names.
@Suite struct ProviderRecogniseTests {
    static func reference(_ host: String) -> LinkProvider? {
        ProviderLinks.wellKnownDomains.first { entry in
            let suffix = entry.suffix.description
            return host == suffix || (suffix.hasPrefix(".") && host.hasSuffix(suffix))
        }?.provider
    }

    @Test func knownHosts() {
        let none = Providers()
        #expect(ProviderLinks.recognise(host: "shop.onelink.me", providers: none)?.provider == .appsflyer)
        #expect(ProviderLinks.recognise(host: "shop.app.link", providers: none)?.provider == .branch)
        #expect(ProviderLinks.recognise(host: "shop.test-app.link", providers: none)?.provider == .branch)
        #expect(ProviderLinks.recognise(host: "bnc.lt", providers: none)?.provider == .branch)
        #expect(ProviderLinks.recognise(host: "x.bnc.lt", providers: none) == nil)
        #expect(ProviderLinks.recognise(host: "onelink.me", providers: none) == nil)
        #expect(ProviderLinks.recognise(host: ".onelink.me", providers: none)?.provider == .appsflyer)
        #expect(ProviderLinks.recognise(host: "shop.page.link", providers: none)?.provider == .firebase)
        #expect(ProviderLinks.recognise(host: "shopapp.link", providers: none) == nil)
    }

    @Test func generatedHostsAgreeWithTheCharacterReading() {
        let pieces = ["shop", ".", "onelink", ".me", ".app", ".link", "test-app", "bnc.lt", "app.adjust.com", ".go", "page", "é", "\u{600}", "e\u{301}", "x"]
        var random = SeededRandom(seed: 0xD0_3A1)
        for _ in 0..<20_000 {
            let host = random.text(pieces, maxLength: 5)
            #expect(ProviderLinks.recognise(host: host, providers: Providers())?.provider == Self.reference(host), "\(host.debugDescription)")
        }
    }
}
