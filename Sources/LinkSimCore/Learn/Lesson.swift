/// The course `linksim learn` teaches: lessons made of steps, each step built on a scenario world.
/// Plain data; `LessonDecoder` reads it from `*.lesson` files, `LessonChecker` checks answers with
/// the simulator, so a lesson can never say something the rules do not.

/// Where a lesson belongs in the lesson list (the six areas, plus the myths).
public enum LessonArea: String, Sendable, CaseIterable, Codable {
    case customSchemes = "custom_schemes"
    case universalLinks = "universal_links"
    case appLinks = "app_links"
    case delivery
    case deferred
    case chains
    case myths

    public var title: String {
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
public struct Hint: Sendable, Equatable {
    public var text: String
    public var source: String?
    public init(text: String, source: String? = nil) {
        self.text = text
        self.source = source
    }
}

/// One answer a learner can pick in a predict step: a label and the landing it stands for.
public struct PredictChoice: Sendable, Equatable {
    public var label: String
    /// The landing the choice claims (only the keys written are compared, as in `expect`).
    public var expectation: Expectation
    public init(label: String, expectation: Expectation) {
        self.label = label
        self.expectation = expectation
    }

    /// The seven landings, offered when a predict step lists no choices of its own.
    public static let landings: [PredictChoice] = [LandingKind.app, .browser, .store, .prompt, .chooser, .error, .nowhere].map {
        PredictChoice(label: $0.rawValue, expectation: Expectation(lands: $0))
    }
}

/// Which kind of file a fix-the-file step hands the learner (the checker adds the validator's
/// messages for association files).
public enum FixFileKind: String, Sendable, CaseIterable {
    case aasa, assetlinks, manifest, entitlements
    case infoPlist = "info_plist"
}

/// What the learner does in a step.
public enum StepKind: Sendable, Equatable {
    /// Step through the flow: every trace step with its rule's explanation.
    case tour
    /// Pick where the link lands before the answer is shown. `answer` is the index of the right choice.
    case predict(choices: [PredictChoice], answer: Int)
    /// Reach `goal` by changing device, app, user or tap knobs. `solution` is one set of changes
    /// (as `set:` paths) that reaches it, checked by the tests and by `validate`.
    case knob(goal: Expectation, solution: [WorldAssignment])
    /// Repair a broken file until the link lands as `goal`.
    case fix(FixTask)

    public var name: String {
        switch self {
        case .tour: return "tour"
        case .predict: return "predict"
        case .knob: return "knob"
        case .fix: return "fix"
        }
    }
}

/// A fix-the-file task: the world reads `file`; the learner edits a copy of it.
public struct FixTask: Sendable, Equatable {
    /// The path as the world names it (resolved against the world's folder: `resolvedFile`).
    public var file: String
    public var resolvedFile: String
    public var fileKind: FixFileKind
    public var goal: Expectation
    /// A repaired file (resolved path) that reaches the goal: proof the task can be done.
    public var solution: String
}

/// A world decoded from the lesson file itself. Kept as its tree so that a fix step can decode it
/// again with the learner's file in place of the broken one; equal when it is the same text.
public struct EmbeddedWorld: Sendable, Equatable {
    let node: YAMLNode
    public let location: SourceLocation
    public static func == (a: EmbeddedWorld, b: EmbeddedWorld) -> Bool { a.location == b.location }
}

/// Where a step's world comes from.
public enum WorldSource: Sendable, Equatable {
    /// A scenario file (resolved path).
    case file(String)
    /// `world:` written in the lesson; `baseDirectory` is the lesson's folder.
    case embedded(EmbeddedWorld, baseDirectory: String)
}

public struct LessonStep: Sendable, Equatable {
    public var kind: StepKind
    public var title: String
    public var text: String
    /// The world the step runs, decoded, and where it came from.
    public var world: Scenario
    public var source: WorldSource
    /// The action the step is about (0-based; files write it 1-based, as `run` numbers actions).
    public var action: Int
    public var hints: [Hint]
    /// Said after the answer (right or wrong) in predict steps, and when a goal is reached.
    public var explain: String?
    public var sources: [String]
    public var location: SourceLocation?
}

public struct Lesson: Sendable, Equatable, Identifiable {
    public var id: String
    public var title: String
    public var area: LessonArea
    public var summary: String
    public var sources: [String]
    public var steps: [LessonStep]
    public var file: String
}
