import Testing

@testable import LinkSimCore

/// `ViewIntent` keeps its fields in one shared immutable box: every write is seen, a copy keeps its
/// own fields, equality compares fields, and setting the URL does not read the URI again (as a stored
/// field's write did not).
@Suite struct ViewIntentValueTests {
    @Test func everyWriteIsSeenAndACopyKeepsItsOwn() {
        var intent = ViewIntent(url: "https://shop.example.com/p/1")
        let original = intent
        #expect(intent.action == IntentFilter.actionView && intent.categories == [IntentFilter.categoryBrowsable])
        #expect(intent.mimeType == nil && intent.matchDefaultOnly && intent.uri.host == "shop.example.com")
        intent.url = "https://other.example/"
        #expect(intent.url == "https://other.example/" && intent.uri.host == "shop.example.com")
        intent.uri = AndroidURI("https://other.example/")
        intent.action = nil
        intent.categories.append("android.intent.category.DEFAULT")
        intent.mimeType = "text/plain"
        intent.matchDefaultOnly = false
        #expect(intent.uri.host == "other.example" && intent.action == nil && intent.mimeType == "text/plain" && !intent.matchDefaultOnly)
        #expect(intent.categories == [IntentFilter.categoryBrowsable, "android.intent.category.DEFAULT"])
        intent.mimeType = nil
        #expect(intent.mimeType == nil)
        #expect(original == ViewIntent(url: "https://shop.example.com/p/1"))
        #expect(original.url == "https://shop.example.com/p/1" && original.action == IntentFilter.actionView && original.matchDefaultOnly)
        #expect(intent != original)
    }

    @Test func equalityComparesFields() {
        #expect(ViewIntent(url: "a:b") == ViewIntent(url: "a:b"))
        #expect(ViewIntent(url: "a:b") != ViewIntent(url: "a:c"))
        #expect(ViewIntent(url: "a:b") != ViewIntent(url: "a:b", categories: []))
        #expect(ViewIntent(url: "a:b") != ViewIntent(url: "a:b", matchDefaultOnly: false))
        #expect(ViewIntent(url: "a:b") != ViewIntent(url: "a:b", mimeType: "x/y"))
        #expect(ViewIntent(url: "a:b") != ViewIntent(url: "a:b", action: nil))
    }
}
