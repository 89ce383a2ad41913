import LinkSimCore

/// The panes of the main screen, in Tab order.
package enum Pane: String, Sendable, CaseIterable {
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
package enum LinkMode: Sendable, Equatable {
    case independentLinks
    case timeline
}

/// What a line editor is for.
package enum EditPurpose: Sendable, Equatable {
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
package struct SearchState: Sendable, Equatable {
    package var query: String
    /// The pane (or list overlay) the search runs in.
    package var context: KeyContext
}

/// The landing matrix: landings for the current link over two knobs.
package struct MatrixState: Sendable, Equatable {
    package enum Axis: Sendable, Equatable {
        case appState(app: Int)
        case osVersion
    }
    package var rowAxis: Axis
    package var rowLabels: [String]
    package var columnLabels: [String]
    package var cells: [[Landing?]]
    /// Cells whose landing rests on an assumption (marked ≈).
    package var assumed: [[Bool]] = []
    package var row: Int
    package var column: Int
    package var title: String
}

package struct PickerState: Sendable, Equatable {
    package var directory: String
    package var files: [String]
    package var cursor: Int
}

package enum Overlay: Sendable, Equatable {
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
package struct ChangeMarks: Sendable, Equatable {
    /// e.g. `OS version: 18.4 → 17.4`.
    package var cause: String
    package var landingChanged: Bool
    /// Indexes of trace steps that are new or different from before the change.
    package var changedSteps: Set<Int>
    /// Ticks (about 250 ms each) before the marks fade.
    package var ticksLeft: Int

    package static let lifetimeTicks = 8
}

package struct StatusMessage: Sendable, Equatable {
    package var text: String
    package var isError: Bool

    /// The most rows a message takes; a longer one is cut there with …
    package static let maximumLines = 4

    /// The message as drawn on a screen `width` columns wide: one line when it fits, else wrapped
    /// (its start first, where the words that matter are) into at most `maximumLines`.
    package func lines(width: Int) -> [String] {
        guard TerminalText.width(text) > width - 1 else { return [text] }
        let columns = max(10, width - 2)
        let wrapped = TerminalText.wrap(text, columns: columns)
        guard wrapped.count > Self.maximumLines else { return wrapped }
        var kept = Array(wrapped.prefix(Self.maximumLines))
        kept[kept.count - 1] = TerminalText.truncate(kept[kept.count - 1] + " " + wrapped[Self.maximumLines], to: columns)
        return kept
    }
}

/// Everything the TUI shows, as plain data. `update` makes a new one; `render` draws one.
package struct TUIModel: Sendable, Equatable {
    package var world: Scenario
    package var mode: LinkMode
    /// The file the world came from, if any (the title bar shows it).
    package var sourcePath: String?
    /// The device of the platform not shown, kept across platform switches.
    package var stashedDevices: [Platform: Device] = [:]
    package var selectedAction = 0
    /// The result of the selected action (nil: not simulated, or the simulator returned nothing).
    package var result: ActionResult?
    package var focus: Pane = .device
    package var knobCursor = 0
    package var traceCursor = 0
    package var whyScroll = 0
    package var overlay: Overlay?
    package var size: Size
    package var status: StatusMessage?
    package var changes: ChangeMarks?
    /// False with `NO_COLOR`: the theme uses bold/reverse/underline instead of colours.
    package var colorEnabled: Bool
    /// Where `o` looks for scenarios and `s` proposes to save.
    package var scenariosDirectory = "scenarios"
    package var wantsQuit = false
    /// Every action's result in a timeline (pass/fail marks); the selected one only for the demo's links.
    package var results: [ActionResult] = []
    /// The world as it was opened: `R` resets to it.
    package var initialWorld: Scenario
    /// Worlds before each change (`u` undoes) and changes undone (`Ctrl-R` redoes).
    package var undoStack: [Scenario] = []
    package var redoStack: [Scenario] = []
    /// `z`: the focused pane takes the whole screen.
    package var zoomed = false
    package var search: SearchState?
    /// The device pane shows the world just after the selected action instead of just before (`b`).
    package var showAfter = false
    /// `linksim learn`: the course (lesson list, current step, progress); nil outside the course.
    package var course: CourseSession?
    /// The glossary overlay (`T`), open over anything.
    package var glossary: GlossaryOverlay?
    /// An `.editFile` effect the curses runner performs between frames (curses suspended).
    package var pendingEdit: Effect?

    package init(
        world: Scenario, mode: LinkMode, sourcePath: String? = nil, size: Size, colorEnabled: Bool,
        stashedDevices: [Platform: Device] = [:]
    ) {
        self.world = world
        self.initialWorld = world
        self.mode = mode
        self.sourcePath = sourcePath
        self.size = size
        self.colorEnabled = colorEnabled
        self.stashedDevices = stashedDevices
    }

    /// The demo world, simulated and ready to show.
    package static func demo(size: Size, colorEnabled: Bool, environment: TUIEnvironment = .live) -> TUIModel {
        var stash: [Platform: Device] = [:]
        for device in DemoWorld.devices { stash[device.platform] = device }
        var model = TUIModel(
            world: DemoWorld.scenario, mode: .independentLinks, size: size,
            colorEnabled: colorEnabled, stashedDevices: stash)
        model.resimulate(environment, cause: nil)
        return model
    }

    /// A scenario from a file: its actions are a timeline to step.
    package static func opening(
        _ scenario: Scenario, path: String?, size: Size, colorEnabled: Bool,
        environment: TUIEnvironment = .live
    ) -> TUIModel {
        var model = TUIModel(world: scenario, mode: .timeline, sourcePath: path, size: size, colorEnabled: colorEnabled)
        model.resimulate(environment, cause: nil)
        return model
    }

    /// The device pane's knobs, showing the world just before (or after) the selected action.
    package var knobs: [Knob] { Knobs.list(world: shownWorld, action: selectedAction) }

    /// The knobs of the world as opened: what an edit changes.
    package var editableKnobs: [Knob] { Knobs.list(world: world, action: selectedAction) }

    /// The world the device pane shows: as it was just before the selected action (or just after,
    /// with `b`), as the simulator recorded it; the world as opened when there is no record.
    package var shownWorld: Scenario {
        guard let snapshot = showAfter ? result?.after : result?.before else { return world }
        var shown = world
        shown.device = snapshot.device
        shown.apps = snapshot.apps
        shown.clock = snapshot.clock
        return shown
    }

    /// What the device pane's title says it shows.
    package var shownWorldLabel: String {
        guard world.actions.indices.contains(selectedAction), (showAfter ? result?.after : result?.before) != nil else {
            return "as opened"
        }
        // The demo's links are each tapped on their own, in the world as opened.
        if mode == .independentLinks { return showAfter ? "after this tap" : "as opened" }
        return "\(showAfter ? "after" : "before") action \(selectedAction + 1)"
    }

    package var selectedTap: Tap? { Knobs.selectedTap(world, action: selectedAction) }

    package var trace: [TraceStep] { result?.trace ?? [] }

    package var selectedStep: TraceStep? {
        trace.indices.contains(traceCursor) ? trace[traceCursor] : nil
    }

    package var layout: Layout {
        let deviceContent = DeviceLines.contentWidth(knobs)
        let traceWidth = Layout.traceInnerWidth(size: size, deviceContent: deviceContent)
        return Layout(
            size: size, linkCount: world.actions.count, deviceContent: deviceContent,
            traceRows: TraceRows.selectedBlockHeight(trace, cursor: traceCursor, width: traceWidth),
            zoom: zoomed ? focus : nil, statusHeight: status?.lines(width: size.width).count ?? 1)
    }

    package var keyContext: KeyContext { overlay?.keyContext ?? focus.keyContext }

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
        changes = ChangeMarks(
            cause: cause, landingChanged: before?.landing != result?.landing,
            changedSteps: changed, ticksLeft: ChangeMarks.lifetimeTicks)
    }
}

/// What `update` needs from outside: the simulator (tests give it a fake one).
package struct TUIEnvironment: Sendable {
    package var simulate: @Sendable (Scenario) -> ScenarioResult
    package init(simulate: @escaping @Sendable (Scenario) -> ScenarioResult) { self.simulate = simulate }
    package static let live = TUIEnvironment { Simulator.run($0) }
}
