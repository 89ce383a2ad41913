// libFuzzer target: an assetlinks.json a server answers, as App Link verification reads it.
@testable import LinkSimCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var host = WebHost(host: "example.com")
    host.assetlinks = WebResource(body: bytes, origin: "fuzz")
    let verifier = AssetLinksVerifier(web: Web(hosts: ["example.com": host]))
    let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    _ = verifier.verify(host: "example.com", package: "com.example.app", fingerprints: [fingerprint])
    _ = verifier.verify(host: "*.example.com", package: "com.example.app", fingerprints: [])
    // `linksim assetlinks validate` reads the same bytes.
    _ = AssetLinksValidator.validate(bytes, package: "com.example.app", fingerprint: fingerprint)
    return 0
}
