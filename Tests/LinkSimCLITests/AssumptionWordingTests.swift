import Foundation
import Testing

/// An assumption is labelled once: the notes say "assumption: …" themselves, and every output that shows one
/// (diff, Markdown, Mermaid, the text trace) adds no second label.
@Suite struct AssumptionWordingTests {
    @Test(arguments: [
        ["diff", "scenarios/ios/scheme-not-installed-safari.yaml", "scenarios/android/filter-port.yaml"],
        ["run", "--format", "markdown", "scenarios/android/applink-assetlinks-self-signed.yaml"],
        ["run", "--format", "mermaid", "scenarios/android/applink-assetlinks-self-signed.yaml"],
        ["run", "scenarios/android/applink-assetlinks-self-signed.yaml"],
    ])
    func anAssumptionIsLabelledOnce(arguments: [String]) throws {
        let output = try BinaryRunner.run(arguments)
        #expect(output.stdout.lowercased().contains("assumption"), "no assumption shown: \(arguments)")
        #expect(!output.stdout.lowercased().contains("assumption: assumption"), "\(output.stdout)")
    }
}

/// Messages that say what is wrong in the user's terms (found by a QA pass with broken input).
@Suite struct MessageWordingTests {
    @Test func aFileOfUnknownSizeIsOverTheLimitNotAtIt() throws {
        let output = try BinaryRunner.run(["run", "/dev/zero"])
        #expect(output.status == 65)
        #expect(output.stderr.contains("the file is over 16 MiB"), "\(output.stderr)")
    }

    @Test func aFolderNamedAsAFileIsCalledAFolder() throws {
        let dir = try LearnCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("aasa"), withIntermediateDirectories: true)
        try """
        linksim: 1
        name: x
        device: {platform: ios, os: "17.4"}
        web:
          shop.example.com:
            aasa: {file: aasa}
        actions:
          - set: {device: {os: "18.0"}}
        """.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let output = try BinaryRunner.run(["validate", "s.yaml"], in: dir)
        #expect(output.status == 65)
        #expect(output.stderr.contains("which is a folder, not a file"), "\(output.stderr)")
        #expect(output.stderr.contains("`set` takes dotted paths"), "\(output.stderr)")
    }

    @Test func anAppListOfTheWrongTypeIsNamedAsSuch() throws {
        let dir = try LearnCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try #"{"applinks":{"details":[{"appIDs":"ABCDE12345.com.x","components":[{"/":"/*"}]}]}}"#
            .write(to: dir.appendingPathComponent("aasa.json"), atomically: true, encoding: .utf8)
        let output = try BinaryRunner.run(
            ["aasa", "match", "--file", "aasa.json", "--app-id", "ABCDE12345.com.x", "--url", "https://a.example.com/p"], in: dir)
        #expect(output.stdout.hasPrefix("no_match"), "\(output.stdout)")
        #expect(output.stdout.contains("it has appIDs, but not as a list of strings"), "\(output.stdout)")
    }
}
