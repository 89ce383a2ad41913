import Foundation
import LinkSimCore

/// The whole behaviour of the TUI: an event and a model give a new model and the effects to run.
/// No drawing, no I/O; the simulator is the only thing it calls, through the environment.
public func update(_ model: TUIModel, _ event: Event, _ environment: TUIEnvironment = .live) -> (TUIModel, [Effect]) {
    var next = model
    let effects = next.handle(event, environment)
    return (next, effects)
}

extension TUIModel {
    mutating func handle(_ event: Event, _ environment: TUIEnvironment) -> [Effect] {
        switch event {
        case .key(let key):
            if Layout.isTooSmall(size) {
                // Only quitting makes sense on a screen too small to show anything.
                if key == .char("q") || key == .ctrl("c") { return quit() }
                return []
            }
            status = nil
            return handleKey(key, environment)
        case .resize(let newSize):
            size = newSize
            return []
        case .mouseClick(let x, let y):
            guard overlay == nil, !Layout.isTooSmall(size) else { return [] }
            let layout = self.layout
            if let pane = Pane.allCases.first(where: { layout.rect(of: $0).contains(x: x, y: y) }) {
                focus = pane
                selectRow(clickedAt: y, in: pane, layout: layout, environment)
            }
            return []
        case .tick:
            if var marks = changes {
                marks.ticksLeft -= 1
                changes = marks.ticksLeft > 0 ? marks : nil
            }
            return []
        case .scenarioWritten(let path):
            overlay = nil
            status = StatusMessage(text: "saved \(path)", isError: false)
            return []
        case .scenarioExists(let path):
            if case .editor = overlay, let text = pendingSaveText {
                overlay = .confirmOverwrite(path: path, text: text)
            }
            return []
        case .scenarioWriteFailed(let path, let message):
            overlay = nil
            status = StatusMessage(text: "could not save \(path): \(message)", isError: true)
            return []
        case .scenarioList(let directory, let files):
            overlay = .picker(PickerState(directory: directory, files: files, cursor: 0))
            if files.isEmpty { status = StatusMessage(text: "no scenarios in \(directory)/", isError: false) }
            return []
        case .scenarioLoaded(let scenario, let path):
            let keptSize = size, keptColor = colorEnabled, keptDirectory = scenariosDirectory
            self = TUIModel.opening(scenario, path: path, size: keptSize, colorEnabled: keptColor, environment: environment)
            scenariosDirectory = keptDirectory
            status = StatusMessage(text: "opened \(path)", isError: false)
            return []
        case .scenarioLoadFailed(let path, let message):
            status = StatusMessage(text: "could not open \(path): \(message)", isError: true)
            return []
        }
    }

    /// While the save-path editor is open, the YAML it will write (kept so a confirmation can reuse it).
    var pendingSaveText: String? {
        guard case .editor(_, .savePath, _) = overlay else { return nil }
        return scenarioText()
    }

    mutating func quit() -> [Effect] {
        wantsQuit = true
        return [.quit]
    }

    mutating func handleKey(_ key: Key, _ environment: TUIEnvironment) -> [Effect] {
        // The line editor takes printable keys before the keymap does.
        if case .editor(var editor, let purpose, let prompt) = overlay {
            switch Keymap.command(for: key, in: .editor) {
            case .forceQuit: return quit()
            case .editorCancel:
                overlay = nil
                return []
            case .editorCommit:
                return commitEditor(editor.string, purpose: purpose, environment)
            default:
                if editor.handle(key) { overlay = .editor(editor, purpose: purpose, prompt: prompt) }
                return []
            }
        }
        guard let command = Keymap.command(for: key, in: keyContext) else { return [] }
        return perform(command, environment)
    }

    mutating func perform(_ command: Command, _ environment: TUIEnvironment) -> [Effect] {
        switch command {
        case .forceQuit:
            return quit()
        case .quit:
            if overlay != nil {
                overlay = nil
                return []
            }
            return quit()
        case .closeOverlay:
            overlay = nil
            return []
        case .toggleHelp:
            if case .help = overlay { overlay = nil } else { overlay = .help(scroll: 0) }
            return []
        case .nextPane:
            focus = Pane.allCases[(Pane.allCases.firstIndex(of: focus).map { $0 + 1 } ?? 0) % Pane.allCases.count]
            return []
        case .previousPane:
            let index = Pane.allCases.firstIndex(of: focus) ?? 0
            focus = Pane.allCases[(index + Pane.allCases.count - 1) % Pane.allCases.count]
            return []
        case .nextStep:
            moveTraceCursor(to: traceCursor + 1)
            return []
        case .previousStep:
            moveTraceCursor(to: traceCursor - 1)
            return []
        case .typeURL:
            overlay = .editor(LineEditor("https://"), purpose: .newURL, prompt: "Tap URL")
            return []
        case .editURL:
            guard let tap = selectedTap else {
                status = StatusMessage(text: "the selected action is not a tap", isError: true)
                return []
            }
            overlay = .editor(LineEditor(tap.url), purpose: .editURL(action: selectedAction), prompt: "Edit URL")
            return []
        case .openMatrix:
            openMatrix(rowAxis: .appState(app: matrixAppIndex), environment)
            return []
        case .save:
            overlay = .editor(LineEditor(defaultSavePath()), purpose: .savePath, prompt: "Save scenario as")
            return []
        case .openPicker:
            return [.listScenarios(directory: scenariosDirectory)]
        case .confirmYes:
            guard case .confirmOverwrite(let path, let text) = overlay else { return [] }
            overlay = nil
            return [.writeScenario(path: path, text: text, overwrite: true)]
        case .confirmNo:
            overlay = nil
            status = StatusMessage(text: "not saved", isError: false)
            return []
        case .editorCommit, .editorCancel:
            return []
        case .switchMatrixGrid:
            guard case .matrix(let matrix) = overlay else { return [] }
            let axis: MatrixState.Axis
            if case .appState = matrix.rowAxis { axis = .osVersion } else { axis = .appState(app: matrixAppIndex) }
            openMatrix(rowAxis: axis, environment)
            return []
        case .moveUp, .moveDown, .pageUp, .pageDown, .moveHome, .moveEnd, .decrease, .increase, .activate:
            return navigate(command, environment)
        }
    }

    mutating func navigate(_ command: Command, _ environment: TUIEnvironment) -> [Effect] {
        let page = max(1, layout.rect(of: focus).height - 3)
        func moved(_ current: Int, count: Int) -> Int {
            guard count > 0 else { return 0 }
            switch command {
            case .moveUp: return max(0, current - 1)
            case .moveDown: return min(count - 1, current + 1)
            case .pageUp: return max(0, current - page)
            case .pageDown: return min(count - 1, current + page)
            case .moveHome: return 0
            case .moveEnd: return count - 1
            default: return current
            }
        }
        switch overlay {
        case .help(let scroll):
            let delta = command == .moveUp ? -1 : command == .moveDown ? 1 : 0
            overlay = .help(scroll: max(0, min(Keymap.helpLines().count - 1, scroll + delta)))
            return []
        case .matrix(var matrix):
            switch command {
            case .moveUp, .moveDown: matrix.row = moved(matrix.row, count: matrix.rowLabels.count)
            case .decrease: matrix.column = max(0, matrix.column - 1)
            case .increase: matrix.column = min(max(0, matrix.columnLabels.count - 1), matrix.column + 1)
            case .activate:
                jump(to: matrix, environment)
                return []
            default: break
            }
            overlay = .matrix(matrix)
            return []
        case .picker(var picker):
            if command == .activate {
                guard picker.files.indices.contains(picker.cursor) else { return [] }
                overlay = nil
                return [.loadScenario(path: picker.files[picker.cursor])]
            }
            picker.cursor = moved(picker.cursor, count: picker.files.count)
            overlay = .picker(picker)
            return []
        case .editor, .confirmOverwrite:
            return []
        case nil:
            break
        }
        switch focus {
        case .device:
            let knobs = self.knobs
            switch command {
            case .decrease, .increase, .activate:
                guard knobs.indices.contains(knobCursor) else { return [] }
                let knob = knobs[knobCursor]
                if knob.isText {
                    if command == .activate {
                        overlay = .editor(LineEditor(knob.text ?? ""), purpose: .knobText(knob.id), prompt: knob.label)
                    }
                    return []
                }
                let step = command == .decrease ? -1 : 1
                let option = (knob.selected + step + knob.options.count) % knob.options.count
                setKnob(knob, option: option, text: nil, environment)
            default:
                knobCursor = moved(knobCursor, count: knobs.count)
            }
        case .links:
            let target = moved(selectedAction, count: world.actions.count)
            if target != selectedAction { selectAction(target, environment) }
        case .trace:
            moveTraceCursor(to: moved(traceCursor, count: trace.count))
        case .why:
            whyScroll = command == .moveUp ? max(0, whyScroll - 1) : command == .moveDown ? whyScroll + 1 : whyScroll
        }
        return []
    }

    mutating func moveTraceCursor(to index: Int) {
        guard !trace.isEmpty else { return }
        traceCursor = min(max(0, index), trace.count - 1)
        whyScroll = 0
    }

    mutating func selectAction(_ index: Int, _ environment: TUIEnvironment) {
        selectedAction = index
        traceCursor = 0
        result = nil
        resimulate(environment, cause: nil)
        changes = nil
    }

    mutating func setKnob(_ knob: Knob, option: Int, text: String?, _ environment: TUIEnvironment) {
        let oldValue = knob.value
        let keptID = knob.id
        Knobs.apply(knob.id, option: option, text: text, to: &world, action: selectedAction, stash: &stashedDevices)
        let newKnobs = knobs
        let newValue = newKnobs.first { $0.id == keptID }?.value ?? "?"
        // Knobs come and go with the platform and tap source; keep the cursor on the same knob.
        if let index = newKnobs.firstIndex(where: { $0.id == keptID }) { knobCursor = index }
        knobCursor = min(knobCursor, max(0, newKnobs.count - 1))
        resimulate(environment, cause: "\(knob.label): \(oldValue) → \(newValue)")
    }

    mutating func commitEditor(_ text: String, purpose: EditPurpose, _ environment: TUIEnvironment) -> [Effect] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch purpose {
        case .newURL:
            overlay = nil
            guard !trimmed.isEmpty else { return [] }
            let from = selectedTap?.from ?? (world.device.platform == .ios ? .notes : .messages)
            world.actions.append(Action(kind: .tap(Tap(url: trimmed, from: from))))
            selectedAction = world.actions.count - 1
            traceCursor = 0
            resimulate(environment, cause: "new link: \(trimmed)")
            focus = .links
        case .editURL(let action):
            overlay = nil
            guard !trimmed.isEmpty else { return [] }
            let old = Knobs.selectedTap(world, action: action)?.url ?? ""
            Knobs.editTap(in: &world, action: action) { $0.url = trimmed }
            resimulate(environment, cause: "URL: \(old) → \(trimmed)")
        case .knobText(let id):
            overlay = nil
            if let knob = knobs.first(where: { $0.id == id }) { setKnob(knob, option: 0, text: trimmed, environment) }
        case .savePath:
            guard !trimmed.isEmpty else {
                overlay = nil
                return []
            }
            // The editor stays open until the runtime answers (written, exists → ask, failed).
            overlay = .editor(LineEditor(trimmed), purpose: .savePath, prompt: "Save scenario as")
            return [.writeScenario(path: trimmed, text: scenarioText(), overwrite: false)]
        }
        return []
    }

    mutating func selectRow(clickedAt y: Int, in pane: Pane, layout: Layout, _ environment: TUIEnvironment) {
        let inner = layout.rect(of: pane).inner
        let row = y - inner.y
        guard row >= 0 else { return }
        switch pane {
        case .links:
            let offset = Layout.scrollOffset(cursor: selectedAction, visible: inner.height)
            let target = offset + row
            if world.actions.indices.contains(target), target != selectedAction { selectAction(target, environment) }
        case .trace:
            let offset = Layout.scrollOffset(cursor: traceCursor, visible: inner.height)
            moveTraceCursor(to: offset + row)
        case .device:
            let lines = DeviceLines.lines(knobs)
            let index = DeviceLines.offset(lines, cursor: knobCursor, visible: inner.height) + row
            if lines.indices.contains(index), let knob = lines[index].knob { knobCursor = knob }
        case .why:
            break
        }
    }

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
        let cells = grid.cells.map { row in row.map(\.landing) }
        var matrix = MatrixState(rowAxis: rowAxis, rowLabels: rowLabels, columnLabels: sources.map(\.rawValue),
                                 cells: cells, row: 0, column: sources.firstIndex(of: tap.from) ?? 0,
                                 title: title)
        switch rowAxis {
        case .appState(let app):
            matrix.row = AppState.allCases.firstIndex(of: world.apps[app].state) ?? 0
        case .osVersion:
            matrix.row = Knobs.osChoices(for: world.device).firstIndex(of: world.device.os) ?? 0
        }
        overlay = .matrix(matrix)
    }

    mutating func jump(to matrix: MatrixState, _ environment: TUIEnvironment) {
        overlay = nil
        let sources = Knobs.tapSources(for: world.device.platform)
        guard sources.indices.contains(matrix.column) else { return }
        var causes: [String] = []
        switch matrix.rowAxis {
        case .appState(let app):
            guard world.apps.indices.contains(app), AppState.allCases.indices.contains(matrix.row) else { return }
            let state = AppState.allCases[matrix.row]
            if world.apps[app].state != state { causes.append("state: \(world.apps[app].state.rawValue) → \(state.rawValue)") }
            world.apps[app].state = state
        case .osVersion:
            let versions = Knobs.osChoices(for: world.device)
            guard versions.indices.contains(matrix.row) else { return }
            if world.device.os != versions[matrix.row] { causes.append("OS version: \(world.device.os) → \(versions[matrix.row])") }
            world.device.os = versions[matrix.row]
        }
        let source = sources[matrix.column]
        if let from = selectedTap?.from, from != source { causes.append("tap from: \(from.rawValue) → \(source.rawValue)") }
        Knobs.editTap(in: &world, action: selectedAction) {
            $0.from = source
            if source == .inAppBrowser, $0.browserApp == nil { $0.browserApp = .facebook }
        }
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

    /// The world and the selected link as scenario YAML; the link's `expect` is the current landing.
    /// A timeline keeps the actions up to the selected one (they made the world what it is).
    func scenarioText() -> String {
        var scenario = world
        let kept: [Action]
        switch mode {
        case .independentLinks:
            kept = world.actions.indices.contains(selectedAction) ? [world.actions[selectedAction]] : []
        case .timeline:
            kept = world.actions.isEmpty ? [] : Array(world.actions.prefix(selectedAction + 1))
        }
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
