import Foundation
import Testing

@testable import LinkSimCore

/// `Simulator.run(_:detail: .verdicts)` (issue #14 item 3: trace text built only when a trace is shown)
/// against `.full`, over every library scenario: the same landings, expectation results, pass/fail,
/// world states, assumptions, QA facts (deciding rule, certainty) and rule IDs, in order.
@Suite struct TraceDetailEquivalenceTests {
    static let library = YAMLFrontEndTests.library

    static func load(_ path: String) -> Scenario? { try? ScenarioLoader.load(path: path) }

    @Test func everyLibraryScenarioGivesTheSameVerdictsInBothModes() throws {
        var compared = 0
        var actions = 0
        for path in Self.library {
            guard let scenario = Self.load(path) else { continue }
            let full = Simulator.run(scenario)
            let lean = Simulator.run(scenario, detail: .verdicts)
            let name = URL(fileURLWithPath: path).lastPathComponent
            #expect(full.passed == lean.passed, "\(name): pass/fail")
            #expect(full.results.count == lean.results.count, "\(name): action count")
            for (a, b) in zip(full.results, lean.results) {
                let label = "\(name) action \(a.index)"
                #expect(a.landing == b.landing, "\(label): landing")
                #expect(a.check == b.check, "\(label): expectation")
                #expect(a.before == b.before && a.after == b.after, "\(label): world state")
                #expect(a.assumptions == b.assumptions, "\(label): assumptions")
                #expect(a.restsOnAssumption == b.restsOnAssumption, "\(label): rests on assumption")
                #expect(ResultFacts.decidingRule(a) == ResultFacts.decidingRule(b), "\(label): deciding rule")
                #expect(ResultFacts.certainty(a) == ResultFacts.certainty(b), "\(label): certainty")
                #expect(a.trace.compactMap(\.rule) == b.trace.compactMap(\.rule), "\(label): rule IDs")
                actions += 1
            }
            compared += 1
        }
        #expect(compared > 200, "the library was found and loaded (\(compared) scenarios)")
        #expect(actions > compared)
    }

    /// The lean mode really is lean: apart from `linksim.not-modelled` steps (their text is the reason
    /// QA reports show), no step has a summary or a detail.
    @Test func verdictsModeBuildsNoStepText() throws {
        var steps = 0
        for path in Self.library {
            guard let scenario = Self.load(path) else { continue }
            for result in Simulator.run(scenario, detail: .verdicts).results {
                for step in result.trace where step.rule != ResultFacts.notModelledRule {
                    #expect(step.summary.isEmpty && step.detail == nil, "\(path) action \(result.index): “\(step.summary)”")
                    steps += 1
                }
            }
        }
        #expect(steps > 1000, "steps were simulated (\(steps))")
    }

    /// Every assumption a trace carries says it is one: reports print "rests on an <assumption>", which read
    /// "rests on an linksim applies…" for the AASA matcher's notes before they were worded as assumptions.
    @Test func everyAssumptionIsWordedAsOne() throws {
        var seen = 0
        for path in Self.library {
            guard let scenario = Self.load(path) else { continue }
            for result in Simulator.run(scenario, detail: .full).results {
                for assumption in result.trace.compactMap(\.assumption) + result.assumptions {
                    seen += 1
                    #expect(assumption.lowercased().hasPrefix("assumption"), "\(path) action \(result.index): “\(assumption)”")
                }
            }
        }
        #expect(seen > 50, "assumptions were met (\(seen))")
    }

    /// A matrix cell (simulated without trace text) is the cell a full simulation gives.
    @Test func matrixCellsAreTheSameWithoutTraceText() throws {
        var cells = 0
        let request = LinkMatrix.Request(
            states: [.notInstalled, .installed, .background], sources: [.notes, .safari, .chrome, .webview, .adb], versions: [])
        for path in Self.library.filter({ $0.contains("/android/") || $0.contains("/ios/") }).prefix(40) {
            guard let scenario = Self.load(path) else { continue }
            let traced = LinkMatrix.compute(scenario, request) { Simulator.run($0).results.first }
            let lean = LinkMatrix.compute(scenario, request)
            #expect(traced == lean, "\(path)")
            cells += lean.map(\.cells.count).reduce(0, +)
        }
        #expect(cells > 50)
    }
}
