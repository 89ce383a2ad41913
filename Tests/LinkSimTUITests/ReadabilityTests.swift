import Foundation
import LinkSimCore
import Testing

@testable import LinkSimTUI

/// Issue #16, point 1: over the whole scenario library, every trace step's full summary is on
/// screen when that step is selected, at the documented minimum (80×24) and at 120×40.
@Suite struct ReadabilityTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func libraryScenarios() -> [(String, Scenario)] {
        let directory = repository.appendingPathComponent("scenarios").path
        return EffectRunner.scenarioFiles(under: directory).compactMap { path in
            (try? ScenarioLoader.load(path: path)).map { (path, $0) }
        }
    }

    static func squeezed(_ text: String) -> String {
        String(String.UnicodeScalarView(TerminalText.displayScalars(text).filter { $0 != " " && $0 != "\n" }))
    }

    /// The text inside a rectangle of the grid, rows joined.
    static func text(in rect: Rect, of grid: Grid) -> String {
        let lines = grid.textLines()
        return (rect.y..<rect.maxY).map { y in
            let characters = Array(lines[y])
            let end = min(characters.count, rect.maxX)
            return rect.x < end ? String(characters[rect.x..<end]) : ""
        }.joined()
    }

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 120, height: 40)])
    func everySelectedSummaryIsVisible(size: Size) {
        let library = Self.libraryScenarios()
        #expect(library.count > 50, "the scenario library was not found")
        var steps = 0
        var hidden: [String] = []
        for (path, scenario) in library {
            var model = TUIModel.opening(scenario, path: path, size: size, colorEnabled: false)
            model.focus = .trace
            for result in model.results {
                model.selectedAction = result.index
                model.result = result
                for (index, step) in result.trace.enumerated() {
                    model.traceCursor = index
                    steps += 1
                    let grid = render(model, size: size)
                    let shown = Self.squeezed(Self.text(in: model.layout.trace.inner, of: grid))
                    if !shown.contains(Self.squeezed("\(step.actor): \(step.summary)")) {
                        hidden.append("\(path) action \(result.index + 1) step \(index + 1)")
                    }
                }
            }
        }
        #expect(steps > 1000)
        #expect(hidden.isEmpty, "\(hidden.count) of \(steps) summaries cut at \(size): \(hidden.prefix(5))")
    }
}
