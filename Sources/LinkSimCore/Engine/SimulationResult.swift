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
/// Its fields live in one shared box copied only when a copy is changed (copy on write, as `App`'s): a
/// result is built once and then only read (replay, the TUI, reports), and moving a dozen strings,
/// arrays and two world snapshots field by field into the result list cost a retain and a release each
/// (issue #14).
package struct ActionResult: Sendable, Equatable {
    struct Fields: Sendable, Equatable {
        var index: Int
        var action: Action
        var landing: Landing?
        var trace: [TraceStep]
        var check: ExpectationCheck?
        var before: WorldSnapshot?
        var after: WorldSnapshot?
    }

    /// The fields, in a box shared until a copy writes (Model/CopyOnWriteBox.swift).
    private var storage: CopyOnWriteBox<Fields>

    package init(
        index: Int, action: Action, landing: Landing?, trace: [TraceStep], check: ExpectationCheck?,
        before: WorldSnapshot? = nil, after: WorldSnapshot? = nil
    ) {
        storage = CopyOnWriteBox(
            Fields(index: index, action: action, landing: landing, trace: trace, check: check, before: before, after: after))
    }

    package static func == (lhs: ActionResult, rhs: ActionResult) -> Bool {
        CopyOnWriteBox.same(lhs.storage, rhs.storage)
    }

    private mutating func makeUnique() { CopyOnWriteBox.makeUnique(&storage) }

    package var index: Int {
        get { storage.fields.index }
        _modify {
            makeUnique()
            yield &storage.fields.index
        }
    }
    package var action: Action {
        get { storage.fields.action }
        _modify {
            makeUnique()
            yield &storage.fields.action
        }
    }
    /// nil for actions that do not land anywhere (wait, install, set...).
    package var landing: Landing? {
        get { storage.fields.landing }
        _modify {
            makeUnique()
            yield &storage.fields.landing
        }
    }
    package var trace: [TraceStep] {
        get { storage.fields.trace }
        _modify {
            makeUnique()
            yield &storage.fields.trace
        }
    }
    /// nil when the action has no `expect`.
    package var check: ExpectationCheck? {
        get { storage.fields.check }
        _modify {
            makeUnique()
            yield &storage.fields.check
        }
    }
    /// The world just before and just after the action (nil when the producer did not record it).
    package var before: WorldSnapshot? {
        get { storage.fields.before }
        _modify {
            makeUnique()
            yield &storage.fields.before
        }
    }
    package var after: WorldSnapshot? {
        get { storage.fields.after }
        _modify {
            makeUnique()
            yield &storage.fields.after
        }
    }

    /// The assumptions the trace relied on to reach its landing ("assumption: …"), in order,
    /// without repeats. A landing that rests on one is marked as such wherever it is shown.
    package var assumptions: [String] {
        var seen = Set<String>()
        return trace.compactMap(\.assumption).filter { seen.insert($0).inserted }
    }

    /// True when a landing exists and an assumption took part in reaching it.
    package var restsOnAssumption: Bool { landing != nil && trace.contains { $0.assumption != nil } }
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
