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
///
/// Its fields live in one shared, immutable box: a result is built once and then only read (replay, the
/// TUI, reports), and moving a dozen strings, arrays and two world snapshots field by field into the
/// result list cost a retain and a release each (issue #14). Setting a field builds a new box.
package struct ActionResult: Sendable, Equatable {
    private final class Fields: Sendable {
        let index: Int
        let action: Action
        let landing: Landing?
        let trace: [TraceStep]
        let check: ExpectationCheck?
        let before: WorldSnapshot?
        let after: WorldSnapshot?
        init(
            index: Int, action: Action, landing: Landing?, trace: [TraceStep], check: ExpectationCheck?,
            before: WorldSnapshot?, after: WorldSnapshot?
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
    private var fields: Fields

    package var index: Int {
        get { fields.index }
        set { update { $0.index = newValue } }
    }
    package var action: Action {
        get { fields.action }
        set { update { $0.action = newValue } }
    }
    /// nil for actions that do not land anywhere (wait, install, set...).
    package var landing: Landing? {
        get { fields.landing }
        set { update { $0.landing = newValue } }
    }
    package var trace: [TraceStep] {
        get { fields.trace }
        set { update { $0.trace = newValue } }
    }
    /// nil when the action has no `expect`.
    package var check: ExpectationCheck? {
        get { fields.check }
        set { update { $0.check = newValue } }
    }
    /// The world just before and just after the action (nil when the producer did not record it).
    package var before: WorldSnapshot? {
        get { fields.before }
        set { update { $0.before = newValue } }
    }
    package var after: WorldSnapshot? {
        get { fields.after }
        set { update { $0.after = newValue } }
    }

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
        fields = Fields(index: index, action: action, landing: landing, trace: trace, check: check, before: before, after: after)
    }

    /// A copy of the fields with one changed, in a new box (results are rarely changed: tests and fixtures).
    private mutating func update(_ change: (inout Plain) -> Void) {
        var plain = Plain(
            index: fields.index, action: fields.action, landing: fields.landing, trace: fields.trace, check: fields.check,
            before: fields.before, after: fields.after)
        change(&plain)
        fields = Fields(
            index: plain.index, action: plain.action, landing: plain.landing, trace: plain.trace, check: plain.check,
            before: plain.before, after: plain.after)
    }
    private struct Plain {
        var index: Int
        var action: Action
        var landing: Landing?
        var trace: [TraceStep]
        var check: ExpectationCheck?
        var before: WorldSnapshot?
        var after: WorldSnapshot?
    }

    package static func == (lhs: ActionResult, rhs: ActionResult) -> Bool {
        if lhs.fields === rhs.fields { return true }
        let a = lhs.fields
        let b = rhs.fields
        return a.index == b.index && a.action == b.action && a.landing == b.landing && a.trace == b.trace
            && a.check == b.check && a.before == b.before && a.after == b.after
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
