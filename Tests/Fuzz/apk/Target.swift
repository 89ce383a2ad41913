// libFuzzer target: an APK's compiled AndroidManifest.xml and resources.arsc, as
// `linksim android match --apk` reads them (BinaryXML). The input is split in two at a position
// given by its first two bytes: the manifest, then the resource table.
@testable import LinkSimCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard bytes.count >= 2 else { return 0 }
    let split = min(bytes.count - 2, Int(bytes[0]) | Int(bytes[1]) << 8)
    let manifest = Array(bytes[2..<(2 + split)])
    let table = Array(bytes[(2 + split)...])
    guard
        let parsed = try? ManifestParser.parse(
            binary: manifest, resourceTable: table.isEmpty ? nil : table,
            file: "app.apk!/AndroidManifest.xml", tableFile: "app.apk!/resources.arsc",
            options: ManifestOptions())
    else { return 0 }
    _ = IntentFilterMatcher.evaluateWithUnknowns(
        parsed.manifest, packageName: parsed.manifest.package ?? "com.example",
        url: "https://shop.example.com/p/1", api: 34)
    return 0
}
