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
                let before = Simulator.run(original).results
                let after = Simulator.run(reread).results
                if before.map(\.landing) != after.map(\.landing) { problems.append("\(file): landings differ after a round trip") }
                // Each action's own `expect` is written back: the same checks, with the same outcome.
                func written(_ scenario: Scenario) -> [String?] { scenario.actions.map { $0.expect.map { ScenarioWriter.expectation($0) } } }
                let counts = (original.actions.filter { $0.expect != nil }.count, reread.actions.filter { $0.expect != nil }.count)
                if written(original) != written(reread) || counts.0 != counts.1 {
                    problems.append("\(file): expectations differ after a round trip")
                }
                if before.map({ $0.check?.passed }) != after.map({ $0.check?.passed }) {
                    problems.append("\(file): expectation outcomes differ after a round trip")
                }
            } catch {
                problems.append("\(file): the rewritten file does not load: \(error)")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
