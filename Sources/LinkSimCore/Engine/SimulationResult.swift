/// How one expectation compared with what happened.
public struct ExpectationCheck: Sendable, Equatable {
    /// One field that differed: `lands: expected app, got browser`.
    public struct Mismatch: Sendable, Equatable, CustomStringConvertible {
        public var field: String
        public var expected: String
        public var actual: String
        public init(field: String, expected: String, actual: String) {
            self.field = field
            self.expected = expected
            self.actual = actual
        }
        public var description: String { "\(field): expected \(expected), got \(actual)" }
    }
    public var mismatches: [Mismatch]
    public var passed: Bool { mismatches.isEmpty }
    public init(mismatches: [Mismatch]) { self.mismatches = mismatches }
}

/// The parts of the world an action can change, as they were at one moment (the TUI shows the
/// device and apps just before or after the selected action).
public struct WorldSnapshot: Sendable, Equatable {
    public var device: Device
    public var apps: [App]
    public var clock: SimInstant
    public init(device: Device, apps: [App], clock: SimInstant) {
        self.device = device
        self.apps = apps
        self.clock = clock
    }
}

/// What one action did.
public struct ActionResult: Sendable, Equatable {
    public var index: Int
    public var action: Action
    /// nil for actions that do not land anywhere (wait, install, set...).
    public var landing: Landing?
    public var trace: [TraceStep]
    /// nil when the action has no `expect`.
    public var check: ExpectationCheck?
    /// The world just before and just after the action (nil when the producer did not record it).
    public var before: WorldSnapshot?
    public var after: WorldSnapshot?

    /// The assumptions the trace relied on to reach its landing ("assumption: …"), in order,
    /// without repeats. A landing that rests on one is marked as such wherever it is shown.
    public var assumptions: [String] {
        var seen = Set<String>()
        return trace.compactMap(\.assumption).filter { seen.insert($0).inserted }
    }

    /// True when a landing exists and an assumption took part in reaching it.
    public var restsOnAssumption: Bool { landing != nil && trace.contains { $0.assumption != nil } }

    public init(index: Int, action: Action, landing: Landing?, trace: [TraceStep], check: ExpectationCheck?) {
        self.index = index
        self.action = action
        self.landing = landing
        self.trace = trace
        self.check = check
    }
}

/// What a whole scenario did.
public struct ScenarioResult: Sendable, Equatable {
    public var scenario: Scenario
    public var results: [ActionResult]
    public init(scenario: Scenario, results: [ActionResult]) {
        self.scenario = scenario
        self.results = results
    }
    /// A scenario passes when every expectation held (one without any `expect` passes).
    public var passed: Bool { results.allSatisfy { $0.check?.passed ?? true } }
    public var hasExpectations: Bool { results.contains { $0.check != nil } }
}
