// libFuzzer target: Info.plist and .entitlements, as a scenario's `info_plist`/`entitlements` read them.
@testable import LinkSimCore

private struct NoFiles: FileReader {
    func read(_ path: String) throws -> [UInt8] { [] }
    func exists(_ path: String) -> Bool { false }
    // Spelled out: the protocol extension's default is package-level, which this module (built outside the package) cannot use.
    func list(_ directory: String) -> [String]? { nil }
}

private let location = SourceLocation(file: "fuzz.yaml", line: 1, column: 1)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let context = DecodingContext(file: "fuzz.yaml", baseDirectory: nil, reader: NoFiles())
    _ = PropertyListReader.urlSchemes(bytes, file: "Info.plist", at: location, context: context)
    _ = PropertyListReader.associatedDomains(bytes, file: "a.entitlements", at: location, context: context)
    return 0
}
