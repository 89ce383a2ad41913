import Testing

@testable import LinkSimCore

/// `AndroidURI` reads its decoded parts and their code units straight from the URL's units; this
/// checks it against the plain reading (each accessor from the encoded text, as `android.net.Uri`
/// computes it) over generated URLs: ports, user info, escapes, non-ASCII, opaque and odd forms.
@Suite struct AndroidURIReferenceTests {
    /// The reading without shortcuts: every accessor is computed from the encoded strings.
    struct Reference {
        var host: String?
        var port: Int
        var path: String?
        var ssp: String

        init(_ uri: AndroidURI) {
            ssp = AndroidURI.decode(uri.encodedSchemeSpecificPart)
            path = uri.encodedPath.map(AndroidURI.decode)
            guard let authority = uri.encodedAuthority else {
                host = nil
                port = -1
                return
            }
            let units = Array(authority.utf16)
            var separator: Int?
            var index = units.count - 1
            while index >= 0 {
                if units[index] == UInt16(UInt8(ascii: ":")) {
                    separator = index
                    break
                }
                if units[index] < 0x30 || units[index] > 0x39 { break }
                index -= 1
            }
            let userInfoEnd = units.lastIndex(of: UInt16(UInt8(ascii: "@"))).map { $0 + 1 } ?? 0
            let hostEnd = separator ?? units.count
            host = userInfoEnd <= hostEnd ? AndroidURI.decode(String(decoding: units[userInfoEnd..<hostEnd], as: UTF16.self)) : nil
            port = separator.flatMap { Int32(AndroidURI.decode(String(decoding: units[($0 + 1)...], as: UTF16.self))) }.map(Int.init) ?? -1
        }
    }

    static let pieces = [
        "https://", "http://", "shop:", "shop://", "//", "/", "\\", ":", "::", "@", "user@", "a@b@", "%", "%2", "%20", "%41",
        "%zz", "%C3%A9", "é", "e\u{301}", "😀", "?", "#", "?x=1", "#f", ":8080", ":80a", "example.com", "Shop.EXAMPLE.com",
        "/p/42", "a+b", "", ".", "*",
    ]

    @Test func everyAccessorMatchesThePlainReading() {
        var random = SeededRandom(seed: 0x5EED)
        var checked = 0
        for _ in 0..<20_000 {
            var url = ""
            for _ in 0..<random.below(7) { url += random.pick(Self.pieces) }
            let uri = AndroidURI(url)
            let reference = Reference(uri)
            #expect(uri.host == reference.host, "\(url)")
            #expect(uri.port == reference.port, "\(url)")
            #expect(uri.path == reference.path, "\(url)")
            #expect(uri.schemeSpecificPart == reference.ssp, "\(url)")
            #expect(uri.hostUnits == reference.host.map { Array($0.utf16) }, "\(url)")
            #expect(uri.pathUnits == reference.path.map { Array($0.utf16) }, "\(url)")
            #expect(uri.schemeSpecificPartUnits == Array(reference.ssp.utf16), "\(url)")
            checked += 1
        }
        #expect(checked == 20_000)
    }

    @Test func knownAnswers() {
        let uri = AndroidURI("https://us%40er@Sh%6Fp.example.com:0443/a%2Fb?q#f")
        #expect(uri.host == "Shop.example.com")
        #expect(uri.port == 443)
        #expect(uri.path == "/a/b")
        #expect(uri.hostUnits == Array("Shop.example.com".utf16))
        // User info ends at the last `@`; the port is what follows the last `:` when only digits do.
        #expect(AndroidURI("https://a:1@").host == "")
        #expect(AndroidURI("https://a:1@").port == -1)
        #expect(AndroidURI("https://ex.com:1@2:3").host == "2")
        #expect(AndroidURI("https://ex.com:1@2:3").port == 3)
    }
}
