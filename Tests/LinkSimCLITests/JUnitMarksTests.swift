import Foundation
import Testing

/// JUnit reports mark landings linksim cannot vouch for: `unknown` and assumption-based ones.
@Suite struct JUnitMarksTests {
    @Test func unknownAndAssumptionLandingsAreProperties() throws {
        let folder = Scratch.folder("marks")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let report = folder.appendingPathComponent("report.xml").path
        let out = try BinaryRunner.run([
            "replay", "scenarios/ios/scheme-webview-not-modelled.yaml",
            "scenarios/flows/ios-email-tracker-onelink-installed.yaml", "--junit", report,
        ])
        #expect(out.status == 0)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains("<property name=\"unknown\" value=\"action #1: a custom-scheme link inside WebView"))
        #expect(xml.contains("<property name=\"assumption\" value=\"action #1: assumption: TN3155"))
        // The text report says the same under the landing line.
        let text = try BinaryRunner.run(["run", "scenarios/ios/scheme-webview-not-modelled.yaml"])
        #expect(text.stdout.contains("→ UNKNOWN  unknown: a custom-scheme link inside WebView"))
    }
}
