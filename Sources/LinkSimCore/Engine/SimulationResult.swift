/// How one expectation compared with what happened.
package struct ExpectationCheck: Sendable, Equatable {
    /// One field that differed: `lands: expected app, got browser`.
    package struct Mismatch: Sendable, Equatable, CustomStringConvertible {
        package var field: String
        package var expected: String
        package var actual: String
        package init(field: String, expected: String, actual: String) {
            self.field = field
            self.expected = expected
            self.actual = actual
        }
        package var description: String { "\(field): expected \(expected), got \(actual)" }
    }
    package var mismatches: [Mismatch]
    package var passed: Bool { mismatches.isEmpty }
    package init(mismatches: [Mismatch]) { self.mismatches = mismatches }
}

/// The parts of the world an action can change, as they were at one moment (the TUI shows the
/// device and apps just before or after the selected action).
package struct WorldSnapshot: Sendable, Equatable {
    package var device: Device
    package var apps: [App]
    package var clock: SimInstant
    package init(device: Device, apps: [App], clock: SimInstant) {
        self.device = device
        self.apps = apps
        self.clock = clock
    }
}

/// What one action did.
package struct ActionResult: Sendable, Equatable {
    package var index: Int
    package var action: Action
    /// nil for actions that do not land anywhere (wait, install, set...).
    package var landing: Landing?
    package var trace: [TraceStep]
    /// nil when the action has no `expect`.
    package var check: ExpectationCheck?
    /// The world just before and just after the action (nil when the producer did not record it).
    package var before: WorldSnapshot?
    package var after: WorldSnapshot?

    /// The assumptions the trace relied on to reach its landing ("assumption: …"), in order,
    /// without repeats. A landing that rests on one is marked as such wherever it is shown.
    package var assumptions: [String] {
        var seen = Set<String>()
        return trace.compactMap(\.assumption).filter { seen.insert($0).inserted }
    }

    /// True when a landing exists and an assumption took part in reaching it.
    package var restsOnAssumption: Bool { landing != nil && trace.contains { $0.assumption != nil } }

    package init(
        index: Int, action: Action, landing: Landing?, trace: [TraceStep], check: ExpectationCheck?,
        before: WorldSnapshot? = nil, after: WorldSnapshot? = nil
    ) {
        self.index = index
        self.action = action
        self.landing = landing
        self.trace = trace
        self.check = check
        self.before = before
        self.after = after
    }
}

/// What a whole scenario did.
package struct ScenarioResult: Sendable, Equatable {
    package var scenario: Scenario
    package var results: [ActionResult]
    package init(scenario: Scenario, results: [ActionResult]) {
        self.scenario = scenario
        self.results = results
    }
    /// A scenario passes when every expectation held (one without any `expect` passes).
    package var passed: Bool { results.allSatisfy { $0.check?.passed ?? true } }
    package var hasExpectations: Bool { results.contains { $0.check != nil } }
}
