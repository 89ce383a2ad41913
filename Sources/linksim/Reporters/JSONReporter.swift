import LinkSimCore

/// `--format json` for run and replay, exactly as contract §3: the shapes are `ContractJSON`'s `Encodable`
/// types, rendered by `JSONValueEncoder`.
enum JSONReporter {
    static func report(_ results: [ScenarioResult]) -> String {
        JSONValueEncoder.render(
            ContractJSON.Document(
                scenarios: results.map(scenario), passed: results.filter(\.passed).count,
                failed: results.filter { !$0.passed }.count))
    }

    /// One replayed file as an element of `scenarios`: a simulated scenario, or a file that is not
    /// a valid scenario (`errors`, `passed: false`).
    static func replayItem(_ outcome: ReplayOutcome) -> JSONValue {
        switch outcome {
        case .simulated(_, let result): return scenario(result)
        case .invalid(let file, let error):
            return encoded(ContractJSON.InvalidFile(file: file, errors: error.diagnostics.map(\.description)))
        }
    }

    static func scenario(_ result: ScenarioResult) -> JSONValue { encoded(ContractJSON.ScenarioReport(result)) }

    static func landing(_ l: Landing, assumptions: [String] = []) -> JSONValue {
        encoded(ContractJSON.LandingReport(l, assumptions: assumptions))
    }

    static func step(_ s: TraceStep) -> JSONValue { encoded(ContractJSON.StepReport(s)) }

    static func rule(_ rule: Rule) -> JSONValue { encoded(ContractJSON.RuleReport(rule)) }

    static func encoded<T: Encodable>(_ value: T) -> JSONValue { (try? JSONValueEncoder.encode(value)) ?? .null }
}
