import Foundation
import Testing

@testable import LinkSimCore

/// Every scenario in the library, written back as YAML and read again, simulates the same way.
/// (This is what the TUI's save does, so a saved test case means what the user saw.)
@Suite struct ScenarioWriterRoundTripTests {
    @Test func everyLibraryScenarioSurvivesARoundTrip() throws {
        var problems: [String] = []
        for file in ScenarioLibraryTests.scenarioFiles() {
            let original = try ScenarioLoader.load(path: file)
            let text = ScenarioWriter.yaml(original, expecting: nil)
            let base = (file as NSString).deletingLastPathComponent
            do {
                let reread = try ScenarioLoader.parse(text, file: file + " (rewritten)", baseDirectory: base)
                let before = Simulator.run(original).results.map(\.landing)
                let after = Simulator.run(reread).results.map(\.landing)
                if before != after { problems.append("\(file): landings differ after a round trip") }
            } catch {
                problems.append("\(file): the rewritten file does not load: \(error)")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
