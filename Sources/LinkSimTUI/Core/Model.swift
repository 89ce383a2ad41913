import LinkSimCore

/// The panes of the main screen, in Tab order.
public enum Pane: String, Sendable, CaseIterable {
    case device, links, trace, why

    var keyContext: KeyContext {
        switch self {
        case .device: return .device
        case .links: return .links
        case .trace: return .trace
        case .why: return .why
        }
    }
}

/// How the scenario's actions are read: the demo's links are independent taps; a file's actions
/// are a timeline in which each action sees what the previous ones did.
public enum LinkMode: Sendable, Equatable {
    case independentLinks
    case timeline
}

/// What a line editor is for.
public enum EditPurpose: Sendable, Equatable {
    case newURL
    case editURL(action: Int)
    case savePath
    case knobText(KnobID)
    /// `/`: a search in the focused pane, or in the list overlay it was opened over.
    indirect case search(over: Overlay?)
    /// A new action for the timeline, written as one scenario action (`wait: 20m`, `install: ID`).
    case addAction(after: Int)
    /// Where to export the trace (`.md` Markdown, `.mmd` Mermaid).
    case exportPath
}

/// What `/` looks for and where; `n` / `N` go to the next / previous match.
public struct SearchState: Sendable, Equatable {
    public var query: String
    /// The pane (or list overlay) the search runs in.
    public var context: KeyContext
}

/// The landing matrix: landings for the current link over two knobs.
public struct MatrixState: Sendable, Equatable {
    public enum Axis: Sendable, Equatable {
        case appState(app: Int)
        case osVersion
    }
    public var rowAxis: Axis
    public var rowLabels: [String]
    public var columnLabels: [String]
    public var cells: [[Landing?]]
    /// Cells whose landing rests on an assumption (marked ≈).
    public var assumed: [[Bool]] = []
    public var row: Int
    public var column: Int
    public var title: String
}

public struct PickerState: Sendable, Equatable {
    public var directory: String
    public var files: [String]
    public var cursor: Int
}

public enum Overlay: Sendable, Equatable {
    case help(scroll: Int)
    case matrix(MatrixState)
    /// "What would make it land there?" (`f`).
    case fix(FixState)
    case picker(PickerState)
    case editor(LineEditor, purpose: EditPurpose, prompt: String)
    case confirmOverwrite(path: String, text: String)
    /// Every fact of the landing, the expectation and the scenario's description (`d`).
    case details(scroll: Int)

    var keyContext: KeyContext {
        switch self {
        case .details: return .details
        case .help: return .help
        case .matrix: return .matrix
        case .fix: return .fix
        case .picker: return .picker
        case .editor: return .editor
        case .confirmOverwrite: return .confirm
        }
    }
}

/// What the last change did, shown for a moment so the eye finds it.
public struct ChangeMarks: Sendable, Equatable {
    /// e.g. `OS version: 18.4 → 17.4`.
    public var cause: String
    public var landingChanged: Bool
    /// Indexes of trace steps that are new or different from before the change.
    public var changedSteps: Set<Int>
    /// Ticks (about 250 ms each) before the marks fade.
    public var ticksLeft: Int

    public static let lifetimeTicks = 8
}

public struct StatusMessage: Sendable, Equatable {
    public var text: String
    public var isError: Bool
}

/// Everything the TUI shows, as plain data. `update` makes a new one; `render` draws one.
public struct TUIModel: Sendable, Equatable {
    public var world: Scenario
    public var mode: LinkMode
    /// The file the world came from, if any (the title bar shows it).
    public var sourcePath: String?
    /// The device of the platform not shown, kept across platform switches.
    public var stashedDevices: [Platform: Device] = [:]
    public var selectedAction = 0
    /// The result of the selected action (nil: not simulated, or the simulator returned nothing).
    public var result: ActionResult?
    public var focus: Pane = .device
    public var knobCursor = 0
    public var traceCursor = 0
    public var whyScroll = 0
    public var overlay: Overlay?
    public var size: Size
    public var status: StatusMessage?
    public var changes: ChangeMarks?
    /// False with `NO_COLOR`: the theme uses bold/reverse/underline instead of colours.
    public var colorEnabled: Bool
    /// Where `o` looks for scenarios and `s` proposes to save.
    public var scenariosDirectory = "scenarios"
    public var wantsQuit = false
    /// Every action's result in a timeline (pass/fail marks); the selected one only for the demo's links.
    public var results: [ActionResult] = []
    /// The world as it was opened: `R` resets to it.
    public var initialWorld: Scenario
    /// Worlds before each change (`u` undoes) and changes undone (`Ctrl-R` redoes).
    public var undoStack: [Scenario] = []
    public var redoStack: [Scenario] = []
    /// `z`: the focused pane takes the whole screen.
    public var zoomed = false
    public var search: SearchState?
    /// The device pane shows the world just after the selected action instead of just before (`b`).
    public var showAfter = false
    /// `linksim learn`: the course (lesson list, current step, progress); nil outside the course.
    public var course: CourseSession?
    /// The glossary overlay (`T`), open over anything.
    public var glossary: GlossaryOverlay?
    /// An `.editFile` effect the curses runner performs between frames (curses suspended).
    public var pendingEdit: Effect?

    public init(world: Scenario, mode: LinkMode, sourcePath: String? = nil, size: Size, colorEnabled: Bool,
                stashedDevices: [Platform: Device] = [:]) {
        self.world = world
        self.initialWorld = world
        self.mode = mode
        self.sourcePath = sourcePath
        self.size = size
        self.colorEnabled = colorEnabled
        self.stashedDevices = stashedDevices
    }

    /// The demo world, simulated and ready to show.
    public static func demo(size: Size, colorEnabled: Bool, environment: TUIEnvironment = .live) -> TUIModel {
        var stash: [Platform: Device] = [:]
        for device in DemoWorld.devices { stash[device.platform] = device }
        var model = TUIModel(world: DemoWorld.scenario, mode: .independentLinks, size: size,
                             colorEnabled: colorEnabled, stashedDevices: stash)
        model.resimulate(environment, cause: nil)
        return model
    }

    /// A scenario from a file: its actions are a timeline to step.
    public static func opening(_ scenario: Scenario, path: String?, size: Size, colorEnabled: Bool,
                               environment: TUIEnvironment = .live) -> TUIModel {
        var model = TUIModel(world: scenario, mode: .timeline, sourcePath: path, size: size, colorEnabled: colorEnabled)
        model.resimulate(environment, cause: nil)
        return model
    }

    /// The device pane's knobs, showing the world just before (or after) the selected action.
    public var knobs: [Knob] { Knobs.list(world: shownWorld, action: selectedAction) }

    /// The knobs of the world as opened: what an edit changes.
    public var editableKnobs: [Knob] { Knobs.list(world: world, action: selectedAction) }

    /// The world the device pane shows: as it was just before the selected action (or just after,
    /// with `b`), as the simulator recorded it; the world as opened when there is no record.
    public var shownWorld: Scenario {
        guard let snapshot = showAfter ? result?.after : result?.before else { return world }
        var shown = world
        shown.device = snapshot.device
        shown.apps = snapshot.apps
        shown.clock = snapshot.clock
        return shown
    }

    /// What the device pane's title says it shows.
    public var shownWorldLabel: String {
        guard world.actions.indices.contains(selectedAction), (showAfter ? result?.after : result?.before) != nil else {
            return "as opened"
        }
        // The demo's links are each tapped on their own, in the world as opened.
        if mode == .independentLinks { return showAfter ? "after this tap" : "as opened" }
        return "\(showAfter ? "after" : "before") action \(selectedAction + 1)"
    }

    public var selectedTap: Tap? { Knobs.selectedTap(world, action: selectedAction) }

    public var trace: [TraceStep] { result?.trace ?? [] }

    public var selectedStep: TraceStep? {
        trace.indices.contains(traceCursor) ? trace[traceCursor] : nil
    }

    public var layout: Layout {
        let deviceContent = DeviceLines.contentWidth(knobs)
        let traceWidth = Layout.traceInnerWidth(size: size, deviceContent: deviceContent)
        return Layout(size: size, linkCount: world.actions.count, deviceContent: deviceContent,
                      traceRows: TraceRows.selectedBlockHeight(trace, cursor: traceCursor, width: traceWidth),
                      zoom: zoomed ? focus : nil)
    }

    public var keyContext: KeyContext { overlay?.keyContext ?? focus.keyContext }

    /// The scenario the simulator runs for the selected action.
    func simulationInput(_ world: Scenario) -> Scenario {
        switch mode {
        case .timeline:
            return world
        case .independentLinks:
            var single = world
            single.actions = world.actions.indices.contains(selectedAction) ? [world.actions[selectedAction]] : []
            return single
        }
    }

    /// The result for the selected action in a world.
    func simulate(_ world: Scenario, _ environment: TUIEnvironment) -> ActionResult? {
        let input = simulationInput(world)
        let results = environment.simulate(input).results
        switch mode {
        case .timeline: return results.first { $0.index == selectedAction }
        case .independentLinks: return results.first
        }
    }

    /// Re-runs the simulator after a change and marks what changed in the landing and the trace.
    mutating func resimulate(_ environment: TUIEnvironment, cause: String?) {
        selectedAction = world.actions.isEmpty ? 0 : min(max(0, selectedAction), world.actions.count - 1)
        let before = result
        let input = simulationInput(world)
        let all = environment.simulate(input).results
        switch mode {
        case .timeline:
            results = all
            result = all.first { $0.index == selectedAction }
        case .independentLinks:
            results = all
            result = all.first
        }
        traceCursor = min(traceCursor, max(0, trace.count - 1))
        whyScroll = 0
        guard let cause else { return }
        let oldTrace = before?.trace ?? []
        var changed = Set<Int>()
        for (index, step) in trace.enumerated() where !oldTrace.indices.contains(index) || oldTrace[index] != step {
            changed.insert(index)
        }
        changes = ChangeMarks(cause: cause, landingChanged: before?.landing != result?.landing,
                              changedSteps: changed, ticksLeft: ChangeMarks.lifetimeTicks)
    }
}

/// What `update` needs from outside: the simulator (tests give it a fake one).
public struct TUIEnvironment: Sendable {
    public var simulate: @Sendable (Scenario) -> ScenarioResult
    public init(simulate: @escaping @Sendable (Scenario) -> ScenarioResult) { self.simulate = simulate }
    public static let live = TUIEnvironment { Simulator.run($0) }
}
