// libFuzzer target: scenario YAML, as `linksim validate`/`run` read it. Every file the scenario
// names (manifest, plist, AASA, assetlinks) is served the same bytes, so references are fuzzed too.
// It also compares the subset reader with libyaml on every input.
import Foundation

@testable import LinkSimCore

private struct SameBytes: FileReader {
    let bytes: [UInt8]
    func read(_ path: String) throws -> [UInt8] { bytes }
    func exists(_ path: String) -> Bool { true }
    // Spelled out: the protocol extension's default is package-level, which this module (built outside the package) cannot use.
    func list(_ directory: String) -> [String]? { nil }
}

private let simulate = ProcessInfo.processInfo.environment["LINKSIM_FUZZ_RUN"] != nil

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The subset reader answers only with libyaml's own tree (issue #14): when it answers, libyaml's
    // events must build exactly that tree.
    let text = String(decoding: bytes, as: UTF8.self)
    if let subset = YAMLSubsetReader.parse(text, file: "fuzz.yaml") {
        guard case .tree(let libyaml) = YAMLEvents.parse(text, file: "fuzz.yaml"), libyaml == subset else {
            fatalError("YAMLSubsetReader and libyaml differ on \(text.debugDescription)")
        }
    }
    if let scenario = try? ScenarioLoader.load(path: "fuzz/scenario.yaml", reader: SameBytes(bytes: bytes)), simulate {
        _ = Simulator.run(scenario)
    }
    return 0
}
