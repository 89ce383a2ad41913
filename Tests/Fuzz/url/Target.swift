// libFuzzer target: a tapped URL, as every platform's parser reads it.
@testable import LinkSimCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = URLParts(text)
    _ = PercentDecoding.decode(text)
    _ = AndroidURI(text)
    _ = AndroidURI.decode(text)
    _ = AASAURL.parse(text)
    _ = IntentURL(text)
    _ = ProviderLinks.recognise(host: text, providers: Providers())
    _ = AppRouter.match(pattern: text, path: text)
    _ = AppRouter.match(pattern: "/p/{id:digits}/*", path: text)
    return 0
}
