/// Runs a scenario's actions in order against its world. Pure: same scenario, same result.
public enum Simulator {
    public static func run(_ scenario: Scenario) -> ScenarioResult {
        ScenarioResult(scenario: scenario, results: [])
    }
}
