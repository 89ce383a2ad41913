import Foundation
import Testing

@testable import LinkSimCore

/// Replays every input a fuzz target once crashed on (Tests/Fuzz/TARGET/regressions/) through the
/// same entry point, in-process: each must now end normally (a value or a located InputError).
@Suite struct FuzzRegressionTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    struct Input: Sendable, CustomTestStringConvertible {
        var target: String
        var path: String
        var testDescription: String { "\(target)/\(URL(fileURLWithPath: path).lastPathComponent)" }
    }

    static let inputs: [Input] = {
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: fuzzFolder.path)) ?? []
        return targets.sorted().flatMap { target -> [Input] in
            let folder = fuzzFolder.appendingPathComponent(target).appendingPathComponent("regressions")
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return files.sorted().map { Input(target: target, path: folder.appendingPathComponent($0).path) }
        }
    }()

    @Test func thereAreRegressionInputs() {
        // The two inputs from issue #15 that crashed Foundation's XMLParser, at least.
        #expect(Self.inputs.filter { $0.target == "manifest" }.count >= 2)
    }

    @Test(arguments: inputs)
    func replays(_ input: Input) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: input.path)))
        switch input.target {
        case "manifest":
            do {
                _ = try ManifestParser.parse(bytes, file: "AndroidManifest.xml")
            } catch {
                #expect(error.diagnostics.allSatisfy { $0.location != nil }, "\(error)")
            }
        case "plist":
            do {
                _ = try PropertyListReader.parse(bytes, file: "Info.plist")
            } catch {
                #expect(error.diagnostics.allSatisfy { $0.location != nil }, "\(error)")
            }
        case "aasa":
            _ = AASAValidator.validate(bytes)
            if let document = try? AASADocument(bytes: bytes) {
                _ = AASAMatcher.match(url: "https://example.com/a", appID: "ABCDE12345.a.b", document: document, ios: OSVersion(ios: 17))
            }
        case "url":
            let text = String(decoding: bytes, as: UTF8.self)
            _ = (URLParts(text), AndroidURI(text), AASAURL.parse(text))
        case "assetlinks":
            var host = WebHost(host: "example.com")
            host.assetlinks = WebResource(body: bytes, origin: "fuzz")
            _ = AssetLinksVerifier(web: Web(hosts: ["example.com": host])).verify(host: "example.com", package: "a.b", fingerprints: [])
        case "scenario":
            _ = try? ScenarioLoader.parse(
                String(decoding: bytes, as: UTF8.self), file: "fuzz.yaml", baseDirectory: nil,
                reader: MemoryFiles())
        default:
            Issue.record("no replay for fuzz target \(input.target)")
        }
    }
}
