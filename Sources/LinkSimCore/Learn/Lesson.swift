/// The course `linksim learn` teaches: lessons made of steps, each step built on a scenario world.
/// Plain data; `LessonDecoder` reads it from `*.lesson` files, `LessonChecker` checks answers with
/// the simulator, so a lesson can never say something the rules do not.

/// Where a lesson belongs in the lesson list (the six areas, plus the myths).
package enum LessonArea: String, Sendable, CaseIterable, Codable {
    case customSchemes = "custom_schemes"
    case universalLinks = "universal_links"
    case appLinks = "app_links"
    case delivery
    case deferred
    case chains
    case myths

    package var title: String {
        switch self {
        case .customSchemes: return "Custom schemes"
        case .universalLinks: return "Universal links (iOS)"
        case .appLinks: return "App Links (Android)"
        case .delivery: return "Delivery into the app"
        case .deferred: return "Deferred and provider links"
        case .chains: return "Chains and time"
        case .myths: return "Myths"
        }
    }
}

/// One rung of a hint ladder: concept → where to look → the answer, each with its source.
package struct Hint: Sendable, Equatable {
    package var text: String
    package var source: String?
    package init(text: String, source: String? = nil) {
        self.text = text
        self.source = source
    }
}

/// One answer a learner can pick in a predict step: a label and the landing it stands for.
package struct PredictChoice: Sendable, Equatable {
    package var label: String
    /// The landing the choice claims (only the keys written are compared, as in `expect`).
    package var expectation: Expectation
    package init(label: String, expectation: Expectation) {
        self.label = label
        self.expectation = expectation
    }

    /// The seven landings, offered when a predict step lists no choices of its own.
    package static let landings: [PredictChoice] = [LandingKind.app, .browser, .store, .prompt, .chooser, .error, .nowhere].map {
        PredictChoice(label: $0.rawValue, expectation: Expectation(lands: $0))
    }
}

/// Which kind of file a fix-the-file step hands the learner (the checker adds the validator's
/// messages for association files).
package enum FixFileKind: String, Sendable, CaseIterable {
    case aasa, assetlinks, manifest, entitlements
    case infoPlist = "info_plist"
}

/// What the learner does in a step.
package enum StepKind: Sendable, Equatable {
    /// Step through the flow: every trace step with its rule's explanation.
    case tour
    /// Pick where the link lands before the answer is shown. `answer` is the index of the right choice.
    case predict(choices: [PredictChoice], answer: Int)
    /// Reach `goal` by changing device, app, user or tap knobs. `solution` is one set of changes
    /// (as `set:` paths) that reaches it, checked by the tests and by `validate`.
    case knob(goal: Expectation, solution: [WorldAssignment])
    /// Repair a broken file until the link lands as `goal`.
    case fix(FixTask)

    package var name: String {
        switch self {
        case .tour: return "tour"
        case .predict: return "predict"
        case .knob: return "knob"
        case .fix: return "fix"
        }
    }
}

/// A fix-the-file task: the world reads `file`; the learner edits a copy of it.
package struct FixTask: Sendable, Equatable {
    /// The path as the world names it (resolved against the world's folder: `resolvedFile`).
    package var file: String
    package var resolvedFile: String
    package var fileKind: FixFileKind
    package var goal: Expectation
    /// A repaired file (resolved path) that reaches the goal: proof the task can be done.
    package var solution: String
}

/// A world decoded from the lesson file itself. Kept as its tree so that a fix step can decode it
/// again with the learner's file in place of the broken one; equal when it is the same text.
package struct EmbeddedWorld: Sendable, Equatable {
    let node: YAMLNode
    package let location: SourceLocation
    package static func == (a: EmbeddedWorld, b: EmbeddedWorld) -> Bool { a.location == b.location }
}

/// Where a step's world comes from.
package enum WorldSource: Sendable, Equatable {
    /// A scenario file (resolved path).
    case file(String)
    /// `world:` written in the lesson; `baseDirectory` is the lesson's folder.
    case embedded(EmbeddedWorld, baseDirectory: String)
}

package struct LessonStep: Sendable, Equatable {
    package var kind: StepKind
    package var title: String
    package var text: String
    /// The world the step runs, decoded, and where it came from.
    package var world: Scenario
    package var source: WorldSource
    /// The action the step is about (0-based; files write it 1-based, as `run` numbers actions).
    package var action: Int
    package var hints: [Hint]
    /// Said after the answer (right or wrong) in predict steps, and when a goal is reached.
    package var explain: String?
    package var sources: [String]
    package var location: SourceLocation?
    /// A knob step's `knobs:`: the only changes that count (`set:` paths such as `apps.0.state`, and `tap.*`
    /// keys); nil when any change counts. A goal reached by changing something else is not the step's answer.
    package var knobs: [String]? = nil
}

package struct Lesson: Sendable, Equatable, Identifiable {
    package var id: String
    package var title: String
    package var area: LessonArea
    package var summary: String
    package var sources: [String]
    package var steps: [LessonStep]
    package var file: String
}
