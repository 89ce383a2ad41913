import Testing

@testable import LinkSimCore

/// `android.net.Uri` accessors the matcher relies on.
@Suite struct AndroidURITests {
    @Test func webURL() {
        let uri = AndroidURI("HTTPS://user@Shop.Example.com:8443/a%20b/c?x=1%262#frag%21")
        #expect(uri.scheme == "HTTPS")
        #expect(uri.host == "Shop.Example.com")
        #expect(uri.port == 8443)
        #expect(uri.path == "/a b/c")
        #expect(uri.encodedPath == "/a%20b/c")
        #expect(uri.query == "x=1&2")
        #expect(uri.fragment == "frag!")
        #expect(uri.schemeSpecificPart == "//user@Shop.Example.com:8443/a b/c?x=1&2")
    }

    @Test func emptyPathWithoutSlash() {
        #expect(AndroidURI("https://example.com").path == "")
        #expect(AndroidURI("https://example.com?q=1").path == "")
        #expect(AndroidURI("https://example.com#f").path == "")
        #expect(AndroidURI("https://example.com/").path == "/")
    }

    @Test func opaqueAndOddURIs() {
        let opaque = AndroidURI("scheme1:foo")
        #expect(opaque.scheme == "scheme1")
        #expect(opaque.host == nil)
        #expect(opaque.path == nil)
        #expect(opaque.schemeSpecificPart == "foo")
        #expect(AndroidURI("no-scheme").scheme == nil)
        #expect(AndroidURI("https://example.com:/x").port == -1)
        #expect(AndroidURI("https://example.com:abc/x").host == "example.com:abc")
        #expect(AndroidURI("https://a.com\\@b.com/").host == "a.com")  // `\` ends the authority
        // A malformed escape becomes U+FFFD (AOSP UriCodec; the exact bytes after it are not modelled).
        #expect(AndroidURI("https://x/%zz").path?.contains("\u{FFFD}") == true)
        #expect(AndroidURI("https://x/a+b").path == "/a+b")
    }

    /// A URI is equal to another when its text has the same code units: every part follows from them.
    @Test func equalityFollowsTheCodeUnits() {
        let composed = AndroidURI("https://caf\u{E9}.example/a")
        let decomposed = AndroidURI("https://cafe\u{301}.example/a")
        #expect(composed.hostUnits != decomposed.hostUnits)
        #expect(composed != decomposed)
        let again = AndroidURI("https://caf\u{E9}.example/a")
        #expect(composed == again)
        #expect(Set([composed, again, decomposed]).count == 2)
        var copy = composed
        copy = AndroidURI(copy.string)
        #expect(copy == composed && copy.path == "/a")
    }
}
