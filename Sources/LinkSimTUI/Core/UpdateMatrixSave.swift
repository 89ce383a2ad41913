import Foundation
import LinkSimCore

/// The matrix view and saving the scenario.
extension TUIModel {
    // MARK: Matrix

    /// The app whose state the matrix varies: the one under the device-pane cursor, else the first.
    var matrixAppIndex: Int {
        let knobs = self.knobs
        if knobs.indices.contains(knobCursor) {
            switch knobs[knobCursor].id {
            case .appState(let app), .lifecycle(let app), .build(let app), .openSupportedLinks(let app),
                .domainVerification(let app, _), .userSelectedDomain(let app, _), .launchMode(let app, _),
                .targetSDK(let app), .sdkProvider(let app):
                return app
            default: break
            }
        }
        return 0
    }

    mutating func openMatrix(rowAxis: MatrixState.Axis, _ environment: TUIEnvironment) {
        guard let tap = selectedTap else {
            status = StatusMessage(text: "the matrix needs a tap: select a link first", isError: true)
            return
        }
        let title: String
        let coreAxis: LinkMatrix.RowAxis
        switch rowAxis {
        case .appState(let app):
            guard world.apps.indices.contains(app) else {
                status = StatusMessage(text: "the matrix needs an app in the scenario", isError: true)
                return
            }
            title = "\(world.apps[app].name): app state × where the tap happens"
            coreAxis = .appState(app: app)
        case .osVersion:
            title = "\(world.device.platform.displayName) version × where the tap happens"
            coreAxis = .osVersion
        }
        // The computation lives in LinkSimCore (shared with `linksim matrix`).
        let grid = LinkMatrix.grid(world, action: selectedAction, rows: coreAxis) { simulate($0, environment) }
        let sources = grid.columns
        let rowLabels = grid.rowLabels
        var matrix = MatrixState(
            rowAxis: rowAxis, rowLabels: rowLabels, columnLabels: sources.map(\.rawValue),
            cells: grid.cells.map { $0.map(\.landing) }, row: 0,
            column: sources.firstIndex(of: tap.from) ?? 0, title: title)
        matrix.assumed = grid.cells.map { row in
            row.map { cell in
                if case .assumption = cell.certainty { return true }
                return false
            }
        }
        switch rowAxis {
        case .appState(let app):
            matrix.row = AppState.allCases.firstIndex(of: world.apps[app].state) ?? 0
        case .osVersion:
            matrix.row = LinkMatrix.osChoices(for: world.device).firstIndex(of: world.device.os) ?? 0
        }
        overlay = .matrix(matrix)
    }

    mutating func jump(to matrix: MatrixState, _ environment: TUIEnvironment) {
        overlay = nil
        recordUndo()
        let sources = LinkMatrix.sources(for: world.device.platform)
        guard sources.indices.contains(matrix.column) else { return }
        var causes: [String] = []
        switch matrix.rowAxis {
        case .appState(let app):
            guard world.apps.indices.contains(app), AppState.allCases.indices.contains(matrix.row) else { return }
            let state = AppState.allCases[matrix.row]
            if world.apps[app].state != state { causes.append("state: \(world.apps[app].state.rawValue) → \(state.rawValue)") }
            world.apps[app].state = state
        case .osVersion:
            let versions = LinkMatrix.osChoices(for: world.device)
            guard versions.indices.contains(matrix.row) else { return }
            if world.device.os != versions[matrix.row] { causes.append("OS version: \(world.device.os) → \(versions[matrix.row])") }
            world.device.os = versions[matrix.row]
        }
        let source = sources[matrix.column]
        if let from = selectedTap?.from, from != source { causes.append("tap from: \(from.rawValue) → \(source.rawValue)") }
        world.editTap(action: selectedAction) { $0.move(to: source) }
        resimulate(environment, cause: causes.isEmpty ? "same configuration" : causes.joined(separator: ", "))
    }

    // MARK: Save

    func defaultSavePath() -> String {
        let base = (selectedTap.map { "\(world.device.platform.rawValue)-\(slug($0.url))" }) ?? slug(world.name)
        return "\(scenariosDirectory)/\(base).yaml"
    }

    func slug(_ text: String) -> String {
        var out = ""
        var lastWasDash = true
        let stripped = text.replacingOccurrences(of: "https://", with: "").replacingOccurrences(of: "http://", with: "")
        for scalar in stripped.lowercased().unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                out.unicodeScalars.append(scalar)
                lastWasDash = false
            } else if !lastWasDash {
                out += "-"
                lastWasDash = true
            }
            if out.count >= 48 { break }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "scenario" : out
    }

    /// The world and its actions as scenario YAML. Independent links: the selected link alone, its `expect` the
    /// current landing. A timeline: every action, each with its own `expect` as the file had it (a save that kept
    /// only the actions up to the selected one lost the rest, and their checks, without a word).
    func scenarioText() -> String {
        if mode == .timeline { return ScenarioWriter.yaml(world, expecting: nil) }
        // The links' world (the demo, a tap list) carries both platforms' settings for the platform knob; the file
        // is for one platform, so it gets that platform's settings only, and loads without warnings.
        var scenario = world.keepingOnlyItsPlatformsSettings()
        let kept = world.actions.indices.contains(selectedAction) ? [world.actions[selectedAction]] : []
        scenario.actions = kept.map { action in
            var plain = action
            plain.expect = nil
            return plain
        }
        if mode == .independentLinks, let tap = selectedTap {
            scenario.name = "\(scenario.device.platform.displayName) \(scenario.device.os): \(tap.url) from \(tap.from.rawValue)"
        }
        let text = ScenarioWriter.yaml(scenario, expecting: result?.landing)
        guard result?.landing == nil, !kept.isEmpty else { return text }
        return "# No expect: the simulator returned no landing for this link when it was saved.\n" + text
    }
}
