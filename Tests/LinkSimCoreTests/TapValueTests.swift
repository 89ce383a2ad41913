import Testing

@testable import LinkSimCore

/// `Tap` keeps its fields in one copy-on-write box: every write is seen, a copy keeps its own fields,
/// equality compares fields, and a mirror (what decoding digests read) shows the fields as a struct's
/// own, in their order.
@Suite struct TapValueTests {
    @Test func everyWriteIsSeenAndACopyKeepsItsOwn() {
        var tap = Tap(url: "https://shop.example.com/p/1", from: .notes)
        let original = tap
        #expect(tap.page == nil && tap.gesture == .user && !tap.adClick && !tap.srn && tap.webViewClient && tap.redirectedFrom.isEmpty)
        tap.url = "https://shop.example.com/p/2"
        tap.from = .inAppBrowser
        tap.page = "https://news.example/"
        tap.browserApp = .instagram
        tap.gesture = .script
        tap.caller = "com.example.other"
        tap.adClick = true
        tap.srn = true
        tap.webViewClient = false
        tap.targetApp = "com.example.shop"
        tap.redirectedFrom.append("https://l.example/x")
        #expect(tap.url == "https://shop.example.com/p/2" && tap.from == .inAppBrowser && tap.page == "https://news.example/")
        #expect(tap.browserApp == .instagram && tap.gesture == .script && tap.caller == "com.example.other")
        #expect(tap.adClick && tap.srn && !tap.webViewClient && tap.targetApp == "com.example.shop")
        #expect(tap.redirectedFrom == ["https://l.example/x"])
        // The copy taken before the writes kept every field.
        #expect(original == Tap(url: "https://shop.example.com/p/1", from: .notes))
        #expect(original.url == "https://shop.example.com/p/1" && original.from == .notes && original.browserApp == nil)
        #expect(original.redirectedFrom.isEmpty && original.webViewClient && original.caller == nil)
        #expect(tap != original)
    }

    @Test func equalityComparesFieldsNotBoxes() {
        var a = Tap(url: "https://x.example/", from: .safari)
        let b = Tap(url: "https://x.example/", from: .safari, gesture: .user)
        #expect(a == b)
        a.srn = true
        #expect(a != b)
        a.srn = false
        #expect(a == b)
    }

    @Test func theMirrorShowsTheFields() {
        let tap = Tap(url: "https://x.example/", from: .chrome, page: "p", caller: "c")
        let labels = Mirror(reflecting: tap).children.compactMap(\.label)
        #expect(
            labels == [
                "url", "from", "page", "browserApp", "gesture", "caller", "adClick", "srn", "webViewClient", "targetApp", "redirectedFrom",
            ])
        #expect(Mirror(reflecting: tap).displayStyle == .struct)
        #expect(String(describing: tap).contains("url: \"https://x.example/\""))
    }
}
