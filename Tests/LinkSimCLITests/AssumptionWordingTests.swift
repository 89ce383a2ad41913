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
