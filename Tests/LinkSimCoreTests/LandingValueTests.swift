import Testing

@testable import LinkSimCore

/// `Landing` keeps its fields in one copy-on-write box: every write is seen, a copy keeps its own
/// fields, equality compares fields, and a mirror shows the fields as a struct's own, in their order.
@Suite struct LandingValueTests {
    @Test func everyWriteIsSeenAndACopyKeepsItsOwn() {
        var landing = Landing(kind: .app, app: "shop", screen: "Home")
        let original = landing
        landing.kind = .chooser
        landing.app = nil
        landing.screen = "Product"
        landing.params = ["id": "42"]
        landing.params?["ref"] = "mail"
        landing.via = .appLink
        landing.callback = "onNewIntent"
        landing.delivered = true
        landing.browser = .chrome
        landing.url = "https://shop.example.com/p/42"
        landing.options = [.open]
        landing.options?.append(.cancel)
        landing.extra[.matchType] = "referrer"
        landing.reason = "why"
        #expect(landing.kind == .chooser && landing.app == nil && landing.screen == "Product")
        #expect(landing.params == ["id": "42", "ref": "mail"] && landing.via == .appLink && landing.callback == "onNewIntent")
        #expect(landing.delivered == true && landing.browser == .chrome && landing.url == "https://shop.example.com/p/42")
        #expect(landing.options == [.open, .cancel] && landing.optionNames == ["open", "cancel"])
        #expect(landing.extra == [.matchType: "referrer"] && landing.reason == "why")
        #expect(original == Landing(kind: .app, app: "shop", screen: "Home"))
        #expect(original.params == nil && original.extra.isEmpty && original.options == nil && original.kind == .app)
        #expect(landing != original)
    }

    @Test func equalityComparesFieldsNotBoxes() {
        var a = Landing(kind: .browser, browser: .safari, url: "https://x.example/")
        var b = Landing(kind: .browser, browser: .safari, url: "https://x.example/")
        #expect(a == b)
        a.extra[.afStatus] = "Organic"
        #expect(a != b)
        b.extra[.afStatus] = "Organic"
        #expect(a == b)
        #expect(Landing.unknown("r") == Landing(kind: .unknown, reason: "r"))
        #expect(Landing.unknown("r") != Landing.unknown("s"))
    }

    @Test func theMirrorShowsTheFieldsInOrder() {
        let labels = Mirror(reflecting: Landing(kind: .nowhere)).children.map(\.label)
        #expect(
            labels == [
                "kind", "app", "screen", "params", "via", "callback", "delivered", "browser", "url", "options", "extra", "reason",
            ])
    }
}
