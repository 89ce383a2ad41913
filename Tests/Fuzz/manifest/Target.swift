// libFuzzer target: AndroidManifest.xml, as `linksim android match --manifest` and scenarios read it.
@testable import LinkSimCore

private let urls = ["https://shop.example.com/product/42?ref=mail#top", "shopapp://cart", "http://x/a.pdf"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let manifest = try? ManifestParser.parse(bytes, file: "AndroidManifest.xml") else { return 0 }
    for url in urls {
        for api in [23, 30, 35] {
            _ = IntentFilterMatcher.evaluate(manifest, packageName: manifest.package ?? "com.example", url: url, api: api)
        }
    }
    return 0
}
