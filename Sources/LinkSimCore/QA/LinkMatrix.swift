/// The landing of one link over app state × where the tap happens × OS version. Shared by
/// `linksim matrix` and the TUI's matrix overlay. Each link is simulated on its own, on the
/// scenario's world (as the TUI's independent-links mode): the app state is the state at the
/// moment of the tap.
package enum LinkMatrix {
    package enum Axis: String, Sendable, CaseIterable {
        case state, from, os
    }

    /// One cell: the world's coordinates and what the link did there.
    package struct Cell: Sendable, Equatable {
        package var action: Int
        package var state: AppState?
        package var from: TapSource
        package var os: OSVersion
        package var landing: Landing?
        package var rule: RuleID?
        package var certainty: Certainty
    }

    /// One link's cells, in the order state (outer), from, os (inner).
    package struct Link: Sendable, Equatable {
        package var action: Int
        package var url: String
        package var cells: [Cell]
    }

    /// What to vary. An empty list means "keep the scenario's value".
    package struct Request: Sendable, Equatable {
        /// The app whose state varies (index into `apps`).
        package var app: Int
        package var states: [AppState]
        package var sources: [TapSource]
        package var versions: [OSVersion]
        /// Taps and long presses to include; nil = every one.
        package var actions: [Int]?

        package init(app: Int = 0, states: [AppState], sources: [TapSource], versions: [OSVersion], actions: [Int]? = nil) {
            self.app = app
            self.states = states
            self.sources = sources
            self.versions = versions
            self.actions = actions
        }

        /// The default per platform: every app state, every tap source of the platform, and a
        /// few OS releases that straddle the platform's rule changes (plus the scenario's own).
        package static func defaults(for world: Scenario, axes: Set<Axis> = Set(Axis.allCases)) -> Request {
            Request(
                app: 0,
                states: axes.contains(.state) && !world.apps.isEmpty ? AppState.allCases : [],
                sources: axes.contains(.from) ? LinkMatrix.sources(for: world.device.platform) : [],
                versions: axes.contains(.os) ? LinkMatrix.defaultVersions(for: world.device) : [])
        }
    }

    /// Tap sources that exist on a platform (the table the scenario loader validates `from:` against).
    package static func sources(for platform: Platform) -> [TapSource] {
        TapSource.allCases.filter { $0.exists(on: platform) && !$0.isQATool }
    }

    /// Every release a UI can offer, plus the device's own version, sorted.
    package static func osChoices(for device: Device) -> [OSVersion] {
        including(device.os, in: device.platform == .ios ? iosReleases : androidReleases)
    }

    /// `sorted` with `os` in its place, unless it is there already.
    private static func including(_ os: OSVersion, in sorted: [OSVersion]) -> [OSVersion] {
        guard !sorted.contains(os) else { return sorted }
        var versions = sorted
        versions.insert(os, at: versions.firstIndex { os < $0 } ?? versions.endIndex)
        return versions
    }

    /// Each platform's releases, parsed and sorted once: the TUI's knobs list them for every frame it draws
    /// (parsing them again was a twentieth of a key press; issue #14).
    private static let iosReleases = IOSVersions.releases.compactMap { OSVersion.parse($0, platform: .ios) }.sorted()
    private static let androidReleases = AndroidVersions.releases.compactMap { OSVersion.parse($0, platform: .android) }.sorted()

    /// Releases on either side of the rule changes linksim models: iOS 12 (redirects), 13
    /// (components), 14 (CDN), 17/18.4 and the latest; Android 11 (legacy verification), 12
    /// (verified-only), 14 and the latest. Plus the device's own version.
    package static func defaultVersions(for device: Device) -> [OSVersion] {
        let names = device.platform == .ios ? ["12.5", "13.7", "14.8", "17.4", "18.4", "26.0"] : ["11", "12", "14", "16"]
        return including(device.os, in: names.compactMap { OSVersion.parse($0, platform: device.platform) }.sorted())
    }

    /// The indexes of the actions that are taps or long presses.
    package static func linkActions(_ world: Scenario) -> [Int] {
        world.actions.indices.filter { tap(of: world.actions[$0]) != nil }
    }

    package static func tap(of action: Action) -> Tap? {
        switch action.kind {
        case .tap(let tap), .longPress(let tap, _): return tap
        default: return nil
        }
    }

    /// Changes where the tap of `action` happens. An in-app browser needs an app: Facebook unless set.
    package static func setSource(_ source: TapSource, in world: inout Scenario, action: Int) {
        world.editTap(action: action) { $0.move(to: source) }
    }

    /// The world with only `action` in it (the link simulated on its own).
    package static func single(_ world: Scenario, action: Int) -> Scenario {
        var copy = world
        copy.actions = world.actions.indices.contains(action) ? [world.actions[action]] : []
        return copy
    }

    /// Simulates a world that holds one action and returns its result. A cell shows no trace: its
    /// landing, deciding rule and certainty are the same without trace text (`.verdicts`).
    package static func simulateSingle(_ world: Scenario) -> ActionResult? {
        Simulator.run(world, detail: .verdicts).results.first
    }

    /// Every requested link over the requested axes. `simulate` runs a one-action world
    /// (default: the simulator).
    package static func compute(
        _ world: Scenario, _ request: Request,
        simulate: (Scenario) -> ActionResult? = simulateSingle
    ) -> [Link] {
        let actions = request.actions ?? linkActions(world)
        return actions.compactMap { action -> Link? in
            guard world.actions.indices.contains(action), let tap = tap(of: world.actions[action]) else { return nil }
            let base = single(world, action: action)
            let states: [AppState?] =
                request.states.isEmpty || !world.apps.indices.contains(request.app)
                ? [world.apps.indices.contains(request.app) ? world.apps[request.app].state : nil]
                : request.states.map { $0 }
            let sources = request.sources.isEmpty ? [tap.from] : request.sources
            let versions = request.versions.isEmpty ? [world.device.os] : request.versions
            var cells: [Cell] = []
            for state in states {
                for source in sources {
                    for os in versions {
                        var variant = base
                        if let state, variant.apps.indices.contains(request.app) { variant.apps[request.app].state = state }
                        setSource(source, in: &variant, action: 0)
                        variant.device.os = os
                        cells.append(cell(action: action, state: state, from: source, os: os, result: simulate(variant)))
                    }
                }
            }
            return Link(action: action, url: tap.url, cells: cells)
        }
    }

    static func cell(action: Int, state: AppState?, from: TapSource, os: OSVersion, result: ActionResult?) -> Cell {
        Cell(
            action: action, state: state, from: from, os: os, landing: result?.landing,
            rule: result.flatMap(ResultFacts.decidingRule),
            certainty: result.map(ResultFacts.certainty) ?? .sourced)
    }

    // MARK: - The TUI's two-axis grid

    /// The TUI's rows: one app's state, or the OS version. Columns are always the tap sources.
    package enum RowAxis: Sendable, Equatable {
        case appState(app: Int)
        case osVersion
    }

    package struct Grid: Sendable, Equatable {
        package var rowLabels: [String]
        package var columns: [TapSource]
        /// `cells[row][column]`.
        package var cells: [[Cell]]
    }

    /// Rows × tap sources for one action of `world`; `simulate` turns a varied world into the
    /// action's result (the TUI passes its own, which honours its timeline mode).
    package static func grid(
        _ world: Scenario, action: Int, rows: RowAxis,
        simulate: (Scenario) -> ActionResult?
    ) -> Grid {
        let sources = sources(for: world.device.platform)
        var labels: [String] = []
        var cells: [[Cell]] = []
        func row(_ base: Scenario, state: AppState?) -> [Cell] {
            sources.map { source in
                var variant = base
                setSource(source, in: &variant, action: action)
                return cell(action: action, state: state, from: source, os: variant.device.os, result: simulate(variant))
            }
        }
        switch rows {
        case .appState(let app):
            guard world.apps.indices.contains(app) else { break }
            for state in AppState.allCases {
                var base = world
                base.apps[app].state = state
                labels.append(state.rawValue)
                cells.append(row(base, state: state))
            }
        case .osVersion:
            for os in osChoices(for: world.device) {
                var base = world
                base.device.os = os
                labels.append(os.description)
                cells.append(row(base, state: nil))
            }
        }
        return Grid(rowLabels: labels, columns: sources, cells: cells)
    }
}

// MARK: - Comparing with a saved matrix

extension LinkMatrix {
    /// A stable name for an OS version in saved matrices and flags: `17.4`, `api34`.
    package static func osKey(_ os: OSVersion) -> String {
        os.platform == .ios ? os.description : "api\(os.apiLevel)"
    }

    /// A cell's coordinates, as saved: `#1 state=background from=notes os=17.4` (1-based action).
    package static func coordinates(_ cell: Cell) -> String {
        "#\(cell.action + 1) state=\(cell.state?.rawValue ?? "-") from=\(cell.from.rawValue) os=\(osKey(cell.os))"
    }

    /// What a cell's result is, as saved and compared: the landing's key fields and the certainty.
    package static func outcome(_ cell: Cell) -> String {
        let key = ResultFacts.landingKey(cell.landing)
        return cell.certainty == .sourced ? key : "\(key) [\(cell.certainty.name)]"
    }

    /// One cell whose outcome is not the saved one (nil on a side = the cell is new or gone).
    package struct Change: Sendable, Equatable {
        package var coordinates: String
        package var before: String?
        package var after: String?
    }

    /// The cells that differ from a saved matrix (coordinates → outcome), in the current order,
    /// then the saved cells that are gone.
    package static func changes(saved: [String: String], current: [Link]) -> [Change] {
        var changes: [Change] = []
        var seen = Set<String>()
        for link in current {
            for cell in link.cells {
                let key = coordinates(cell)
                seen.insert(key)
                let now = outcome(cell)
                if saved[key] != now { changes.append(Change(coordinates: key, before: saved[key], after: now)) }
            }
        }
        for key in saved.keys.sorted() where !seen.contains(key) {
            changes.append(Change(coordinates: key, before: saved[key], after: nil))
        }
        return changes
    }
}
