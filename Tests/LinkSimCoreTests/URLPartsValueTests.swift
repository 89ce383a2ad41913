import Testing

@testable import LinkSimCore

/// `URLParts` keeps its parts in one shared immutable box with the lowercased host: every write is
/// seen (the lowercased host follows the host), a copy keeps its own parts, equality compares parts.
@Suite struct URLPartsValueTests {
    @Test func everyWriteIsSeenAndACopyKeepsItsOwn() throws {
        var parts = try #require(URLParts("HTTPS://Shop.Example.COM:8443/p/42?ref=mail#top"))
        let original = parts
        #expect(parts.scheme == "HTTPS" && parts.host == "Shop.Example.COM" && parts.port == 8443 && parts.path == "/p/42")
        #expect(parts.query == "ref=mail" && parts.fragment == "top" && parts.normalizedHost == "shop.example.com")
        parts.host = "Other.Example"
        #expect(parts.normalizedHost == "other.example" && parts.scheme == "HTTPS" && parts.path == "/p/42")
        parts.scheme = "http"
        parts.port = nil
        parts.path = "/q"
        parts.query = nil
        parts.fragment = "f"
        #expect(parts.scheme == "http" && parts.port == nil && parts.path == "/q" && parts.query == nil && parts.fragment == "f")
        #expect(parts.host == "Other.Example" && parts.normalizedHost == "other.example")
        parts.host = nil
        #expect(parts.normalizedHost.isEmpty)
        #expect(original.host == "Shop.Example.COM" && original.normalizedHost == "shop.example.com" && original.port == 8443)
        #expect(original.query == "ref=mail" && original.fragment == "top" && original.scheme == "HTTPS")
        #expect(parts != original)
    }

    @Test func equalityComparesParts() throws {
        let a = try #require(URLParts("https://x.example/a?b#c"))
        let b = try #require(URLParts("https://x.example/a?b#c"))
        #expect(a == b)
        #expect(a != (try #require(URLParts("https://x.example/a?b"))))
        #expect(a != (try #require(URLParts("https://X.example/a?b#c"))))
        var c = b
        c.path = "/a"
        #expect(c == a)
        c.port = 443
        #expect(c != a)
    }
}
