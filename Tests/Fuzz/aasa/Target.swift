// libFuzzer target: an apple-app-site-association file, as `linksim aasa validate`/`match` read it.
@testable import LinkSimCore

private let urls = ["https://example.com/", "https://example.com/a/b?c=d#e", "https://EXAMPLE.com/%E2%9C%93/x.html?q=1&r"]
private let versions = [OSVersion(ios: 12), OSVersion(ios: 17, 4), OSVersion(ios: 26)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = AASAValidator.validate(bytes)
    guard let document = try? AASADocument(bytes: bytes) else { return 0 }
    for url in urls {
        for ios in versions {
            _ = AASAMatcher.match(url: url, appID: "ABCDE12345.com.example.app", document: document, ios: ios)
        }
    }
    return 0
}
