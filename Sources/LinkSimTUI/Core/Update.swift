import Foundation
import LinkSimCore

/// The whole behaviour of the TUI: an event and a model give a new model and the effects to run.
/// No drawing, no I/O; the simulator is the only thing it calls, through the environment.
public func update(_ model: TUIModel, _ event: Event, _ environment: TUIEnvironment = .live) -> (TUIModel, [Effect]) {
    var next = model
    var effects = next.handle(event, environment)
    if next.course != nil { effects += next.courseAfterChange(previousWorld: model.world) }
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
        case .mouseWheel(let x, let y, let up):
            guard !Layout.isTooSmall(size) else { return [] }
            if overlay == nil {
                let layout = self.layout
                guard let pane = Pane.allCases.first(where: { layout.rect(of: $0).contains(x: x, y: y) }) else { return [] }
                focus = pane
            }
            switch overlay {
            case nil, .help, .matrix, .fix, .picker, .details: break
            case .editor, .confirmOverwrite: return []
            }
            for _ in 0..<3 { _ = navigate(up ? .moveUp : .moveDown, environment) }
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
        case .exportWritten(let path):
            overlay = nil
            status = StatusMessage(text: "trace written to \(path)", isError: false)
            return []
        case .exportFailed(let path, let message):
            overlay = nil
            status = StatusMessage(text: "could not write \(path): \(message)", isError: true)
            return []
        case .clipboardCopied(let characters):
            status = StatusMessage(text: "trace sent to the terminal clipboard (OSC 52, \(characters) characters); "
                                   + "if nothing arrives, your terminal blocks OSC 52: use w to write a file", isError: false)
            return []
        case .progressSaved, .progressSaveFailed, .fileEdited, .fileEditFailed, .fixChecked, .fixFileLoaded:
            return handleCourseEvent(event)
        case .clipboardUnavailable(let reason):
            status = StatusMessage(text: "cannot copy: \(reason); use w to write the trace to a file", isError: true)
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
        if let effects = handleCourseKey(key, environment) { return effects }
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
            if overlay != nil {
                overlay = nil
            } else if zoomed {
                zoomed = false
            } else if search != nil {
                search = nil
                status = StatusMessage(text: "search cleared", isError: false)
            }
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
        case .search:
            let over: Overlay?
            switch overlay {
            case .help, .picker, .details: over = overlay
            default: over = nil
            }
            overlay = .editor(LineEditor(search?.query ?? ""), purpose: .search(over: over), prompt: "Search \(searchContext(over).title.lowercased())")
            return []
        case .searchNext, .searchPrevious:
            guard let search else {
                status = StatusMessage(text: "no search yet: press / to search the focused pane", isError: true)
                return []
            }
            findMatch(search.query, forward: command == .searchNext, includingCurrent: false, environment)
            return []
        case .zoom:
            zoomed.toggle()
            status = StatusMessage(text: zoomed ? "zoomed: \(focus.rawValue) pane (z again, or Esc, to go back)" : "zoom off",
                                   isError: false)
            return []
        case .undo:
            guard let last = undoStack.popLast() else {
                status = StatusMessage(text: "nothing to undo", isError: false)
                return []
            }
            redoStack.append(world)
            world = last
            afterWorldReplaced(environment, cause: "undo")
            return []
        case .redo:
            guard let next = redoStack.popLast() else {
                status = StatusMessage(text: "nothing to redo", isError: false)
                return []
            }
            undoStack.append(world)
            world = next
            afterWorldReplaced(environment, cause: "redo")
            return []
        case .reset:
            guard world != initialWorld else {
                status = StatusMessage(text: "nothing to reset: the world is as it was opened", isError: false)
                return []
            }
            recordUndo()
            world = initialWorld
            afterWorldReplaced(environment, cause: "reset to the world as opened (u undoes)")
            return []
        case .addAction:
            let after = world.actions.isEmpty ? -1 : selectedAction
            overlay = .editor(LineEditor(""), purpose: .addAction(after: after),
                              prompt: "Add action \(after + 2) — wait: 20m · install: APP · launch: APP · answer: open · tap: URL")
            return []
        case .deleteAction:
            guard world.actions.indices.contains(selectedAction) else {
                status = StatusMessage(text: "no action to remove", isError: true)
                return []
            }
            recordUndo()
            let removed = ActionText.line(world.actions.remove(at: selectedAction))
            traceCursor = 0
            resimulate(environment, cause: "removed action \(selectedAction + 1): \(removed)")
            return []
        case .moveActionUp, .moveActionDown:
            let target = selectedAction + (command == .moveActionUp ? -1 : 1)
            guard world.actions.indices.contains(selectedAction), world.actions.indices.contains(target) else { return [] }
            recordUndo()
            world.actions.swapAt(selectedAction, target)
            let moved = ActionText.line(world.actions[target])
            selectedAction = target
            traceCursor = 0
            resimulate(environment, cause: "moved \(moved) to position \(target + 1)")
            return []
        case .openDetails:
            overlay = .details(scroll: 0)
            return []
        case .toggleBeforeAfter:
            showAfter.toggle()
            knobCursor = min(knobCursor, max(0, knobs.count - 1))
            status = StatusMessage(text: "device pane: the world \(shownWorldLabel); edits change the world as opened", isError: false)
            return []
        case .exportTrace:
            guard result != nil else {
                status = StatusMessage(text: "no trace to export: select an action", isError: true)
                return []
            }
            overlay = .editor(LineEditor("trace-\(slug(defaultExportBase())).md"), purpose: .exportPath,
                              prompt: "Write the trace to (.md Markdown, .mmd Mermaid)")
            return []
        case .copyTrace:
            guard result != nil else {
                status = StatusMessage(text: "no trace to copy: select an action", isError: true)
                return []
            }
            return [.copyToClipboard(text: exportText(.markdown))]
        case .previousStep:
            moveTraceCursor(to: traceCursor - 1)
            return []
        case .typeURL:
            overlay = .editor(LineEditor("https://"), purpose: .newURL, prompt: "Tap URL (a new link)")
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
        case .openFixSearch:
            openFixSearch(want: LandingSearch.Want(kind: .app), environment)
            return []
        case .save:
            // `s` never writes a file `validate` would reject: the text is loaded back first.
            if let problem = ScenarioCheck.problem(in: scenarioText()) {
                status = StatusMessage(text: "not saved: the scenario would not load back: \(problem)", isError: true)
                return []
            }
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
        let page = max(1, layout.rect(of: focus).inner.height - 1)
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
            let visible = max(1, size.height - 4)
            overlay = .help(scroll: scrolled(scroll, command, lines: Keymap.helpLines().count, visible: visible))
            return []
        case .details(let scroll):
            let visible = max(1, DetailsBox.rect(size).inner.height)
            overlay = .details(scroll: scrolled(scroll, command, lines: detailLines(width: DetailsBox.textWidth(size)).count,
                                                visible: visible))
            return []
        case .matrix(var matrix):
            switch command {
            case .moveUp, .moveDown, .pageUp, .pageDown, .moveHome, .moveEnd:
                matrix.row = moved(matrix.row, count: matrix.rowLabels.count)
            case .decrease: matrix.column = max(0, matrix.column - 1)
            case .increase: matrix.column = min(max(0, matrix.columnLabels.count - 1), matrix.column + 1)
            case .activate:
                jump(to: matrix, environment)
                return []
            default: break
            }
            overlay = .matrix(matrix)
            return []
        case .fix(var state):
            switch command {
            case .moveUp, .moveDown, .pageUp, .pageDown, .moveHome, .moveEnd:
                state.cursor = moved(state.cursor, count: state.outcome.fixes.count)
                overlay = .fix(state)
            case .decrease, .increase:
                let kinds = FixState.wantable(world)
                let index = kinds.firstIndex(of: state.want) ?? 0
                let next = kinds[(index + (command == .increase ? 1 : kinds.count - 1)) % kinds.count]
                openFixSearch(want: next, environment)
            case .activate:
                applyFix(state, environment)
            default: break
            }
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
                // The pane shows the world before/after the selected action; edits change the world as opened.
                guard let knob = editableKnobs.first(where: { $0.id == knobs[knobCursor].id }) else {
                    status = StatusMessage(text: "\(knobs[knobCursor].label) is not in the world as opened, so it cannot be edited here",
                                           isError: true)
                    return []
                }
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
            let inner = layout.why.inner
            whyScroll = scrolled(whyScroll, command, lines: whyLineCount, visible: max(1, inner.height))
        }
        return []
    }

    /// A scroll position moved by a command and kept between the top and the last full page, so
    /// there is never a dead zone of key presses that change nothing on screen.
    func scrolled(_ scroll: Int, _ command: Command, lines: Int, visible: Int) -> Int {
        let last = max(0, lines - visible)
        let page = max(1, visible - 1)
        let target: Int
        switch command {
        case .moveUp: target = scroll - 1
        case .moveDown: target = scroll + 1
        case .pageUp: target = scroll - page
        case .pageDown: target = scroll + page
        case .moveHome: target = 0
        case .moveEnd: target = last
        default: target = scroll
        }
        return min(max(0, target), last)
    }

    var whyLineCount: Int {
        let painter = ScreenPainter(model: self, theme: Theme(color: false), layout: layout, rules: RuleCatalog.rule)
        return painter.whyLines(width: max(1, layout.why.inner.width - 2)).count
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
        let before = world, stashBefore = stashedDevices
        Knobs.apply(knob.id, option: option, text: text, to: &world, action: selectedAction, stash: &stashedDevices)
        guard world != before else { return }
        if knob.id == .platform, let problem = ScenarioCheck.problem(in: ScenarioWriter.yaml(world, expecting: nil)) {
            // A platform switch must give a world the loader accepts; otherwise it is refused.
            world = before
            stashedDevices = stashBefore
            status = StatusMessage(text: "cannot switch the platform: \(problem)", isError: true)
            return
        }
        undoStack.append(before)
        if undoStack.count > TUIModel.undoLimit { undoStack.removeFirst() }
        redoStack = []
        let newValue = editableKnobs.first { $0.id == keptID }?.value ?? "?"
        let shownBefore = shownWorldLabel
        resimulate(environment, cause: "\(knob.label): \(oldValue) → \(newValue)"
                   + (shownBefore == "as opened" || shownBefore == "before action 1" ? "" : " (in the world as opened)"))
        // Knobs come and go with the platform and tap source; keep the cursor on the same knob.
        let newKnobs = knobs
        if let index = newKnobs.firstIndex(where: { $0.id == keptID }) { knobCursor = index }
        knobCursor = min(knobCursor, max(0, newKnobs.count - 1))
    }

    mutating func commitEditor(_ text: String, purpose: EditPurpose, _ environment: TUIEnvironment) -> [Effect] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch purpose {
        case .newURL:
            guard !trimmed.isEmpty else {
                overlay = nil
                return []
            }
            if let problem = Knobs.urlProblem(trimmed) {
                status = StatusMessage(text: problem, isError: true)
                return []
            }
            overlay = nil
            let from = selectedTap?.from ?? (world.device.platform == .ios ? .notes : .messages)
            recordUndo()
            world.actions.append(Action(kind: .tap(Tap(url: trimmed, from: from))))
            selectedAction = world.actions.count - 1
            traceCursor = 0
            resimulate(environment, cause: "new link: \(trimmed)")
            focus = .links
        case .editURL(let action):
            guard !trimmed.isEmpty else {
                overlay = nil
                return []
            }
            if let problem = Knobs.urlProblem(trimmed) {
                status = StatusMessage(text: problem, isError: true)
                return []
            }
            overlay = nil
            let old = Knobs.selectedTap(world, action: action)?.url ?? ""
            recordUndo()
            world.editTap(action: action) { $0.url = trimmed }
            resimulate(environment, cause: "URL: \(old) → \(trimmed)")
        case .knobText(let id):
            if let problem = Knobs.textProblem(id, trimmed) {
                // The editor stays open: the text would make a scenario linksim cannot load.
                status = StatusMessage(text: problem, isError: true)
                return []
            }
            overlay = nil
            if let knob = editableKnobs.first(where: { $0.id == id }) { setKnob(knob, option: 0, text: trimmed, environment) }
        case .search(let over):
            overlay = over
            guard !trimmed.isEmpty else {
                search = nil
                return []
            }
            search = SearchState(query: trimmed, context: searchContext(over))
            findMatch(trimmed, forward: true, includingCurrent: true, environment)
        case .addAction(let after):
            switch ActionParser.parse(trimmed, in: world) {
            case .failure(let message):
                status = StatusMessage(text: message, isError: true)
                return []
            case .success(let action):
                overlay = nil
                recordUndo()
                let index = min(world.actions.count, after + 1)
                world.actions.insert(action, at: index)
                selectedAction = index
                traceCursor = 0
                var note = ""
                if mode == .independentLinks, !action.kind.isTapLike {
                    // Installs, waits and answers act on what follows: the links become a timeline.
                    mode = .timeline
                    note = " — the links are now a timeline (actions in order)"
                }
                resimulate(environment, cause: "added action \(index + 1): \(ActionText.line(action))\(note)")
                focus = .links
            }
        case .exportPath:
            guard !trimmed.isEmpty else {
                overlay = nil
                return []
            }
            return [.writeExport(path: trimmed, text: exportText(ExportFormat(path: trimmed)))]
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
            let rows = TraceRows.rows(trace, cursor: traceCursor, width: inner.width)
            let index = TraceRows.offset(rows, cursor: traceCursor, visible: inner.height) + row
            if rows.indices.contains(index) { moveTraceCursor(to: rows[index].step) }
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
        var matrix = MatrixState(rowAxis: rowAxis, rowLabels: rowLabels, columnLabels: sources.map(\.rawValue),
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

// MARK: Undo, search, details, export

extension TUIModel {
    static let undoLimit = 200

    /// Keeps the world before a change, so `u` can bring it back.
    mutating func recordUndo() {
        undoStack.append(world)
        if undoStack.count > TUIModel.undoLimit { undoStack.removeFirst() }
        redoStack = []
    }

    mutating func afterWorldReplaced(_ environment: TUIEnvironment, cause: String) {
        knobCursor = min(knobCursor, max(0, knobs.count - 1))
        resimulate(environment, cause: cause)
        knobCursor = min(knobCursor, max(0, knobs.count - 1))
    }

    /// Where a search runs: the list overlay it was started over, else the focused pane.
    func searchContext(_ over: Overlay?) -> KeyContext {
        switch over {
        case .help: return .help
        case .picker: return .picker
        case .details: return .details
        default: return focus.keyContext
        }
    }

    /// The searchable lines of a context and the position the search starts from.
    func searchItems(_ context: KeyContext) -> (items: [String], current: Int) {
        switch context {
        case .trace:
            return (trace.map { [$0.actor, $0.summary, $0.rule?.rawValue ?? "", $0.detail ?? "", $0.assumption ?? ""].joined(separator: " ") },
                    traceCursor)
        case .links:
            return (world.actions.map(ActionText.line), selectedAction)
        case .device:
            return (knobs.map { "\($0.section) \($0.label) \($0.value)" }, knobCursor)
        case .why:
            let painter = ScreenPainter(model: self, theme: Theme(color: false), layout: layout, rules: RuleCatalog.rule)
            return (painter.whyLines(width: max(1, layout.why.inner.width - 2)).map(\.0), whyScroll)
        case .help:
            if case .help(let scroll) = overlay { return (Keymap.helpLines(), scroll) }
            return (Keymap.helpLines(), 0)
        case .picker:
            if case .picker(let picker) = overlay { return (picker.files, picker.cursor) }
            return ([], 0)
        case .details:
            let lines = detailLines(width: DetailsBox.textWidth(size))
            if case .details(let scroll) = overlay { return (lines, scroll) }
            return (lines, 0)
        case .global, .matrix, .fix, .editor, .confirm:
            return ([], 0)
        }
    }

    /// Moves to the next (or previous) line that contains the query, wrapping around, and says
    /// which match it is.
    mutating func findMatch(_ query: String, forward: Bool, includingCurrent: Bool, _ environment: TUIEnvironment) {
        let context = search?.context ?? keyContext
        let (items, current) = searchItems(context)
        let needle = query.lowercased()
        let matches = items.indices.filter { items[$0].lowercased().contains(needle) }
        guard !matches.isEmpty else {
            status = StatusMessage(text: "/\(query): no match in the \(context.title.lowercased())", isError: true)
            return
        }
        let target: Int
        if forward {
            target = matches.first { includingCurrent ? $0 >= current : $0 > current } ?? matches[0]
        } else {
            target = matches.last { $0 < current } ?? matches[matches.count - 1]
        }
        switch context {
        case .trace: moveTraceCursor(to: target)
        case .links: if target != selectedAction { selectAction(target, environment) }
        case .device: knobCursor = target
        case .why: whyScroll = target
        case .help: overlay = .help(scroll: target)
        case .picker:
            if case .picker(var picker) = overlay {
                picker.cursor = target
                overlay = .picker(picker)
            }
        case .details: overlay = .details(scroll: target)
        case .global, .matrix, .fix, .editor, .confirm: break
        }
        let number = (matches.firstIndex(of: target) ?? 0) + 1
        status = StatusMessage(text: "/\(query): match \(number) of \(matches.count) (n next, N previous)", isError: false)
    }

    /// The details view: the scenario's description, every fact of the landing, the assumptions it
    /// rests on and the expectation's result.
    func detailLines(width: Int) -> [String] {
        var lines: [String] = []
        func add(_ text: String) { lines += TerminalText.wrap(text, columns: max(1, width)) }
        add("Scenario: \(world.name)")
        if let path = sourcePath { add("File: \(path)") }
        if let description = world.description, !description.isEmpty {
            for paragraph in description.split(separator: "\n", omittingEmptySubsequences: false) { add(String(paragraph)) }
        } else {
            add("(no description)")
        }
        lines.append("")
        if world.actions.indices.contains(selectedAction) {
            add("Action \(selectedAction + 1) of \(world.actions.count): \(ActionText.line(world.actions[selectedAction]))")
        }
        add("The device pane shows the world \(shownWorldLabel) (b toggles before/after); knob changes apply to the world as opened.")
        guard let result else {
            add("No result for this action.")
            return lines
        }
        if let landing = result.landing {
            add("Landing: \(LandingText.label(landing.kind)) \(LandingText.headline(landing))")
            var facts: [(String, String?)] = [
                ("kind", landing.kind.rawValue), ("app", landing.app), ("screen", landing.screen), ("via", landing.via?.rawValue),
                ("callback", landing.callback), ("delivered", landing.delivered.map { $0 ? "true" : "false" }),
                ("browser", landing.browser), ("url", landing.url), ("reason", landing.reason),
                ("options", landing.options.map { $0.joined(separator: ", ") }),
            ]
            for key in (landing.params ?? [:]).keys.sorted() { facts.append(("params.\(key)", landing.params?[key])) }
            for key in landing.extra.keys.sorted() { facts.append((key, landing.extra[key])) }
            for (name, value) in facts { if let value { add("  \(name): \(value)") } }
        } else {
            add("Landing: none (this action changes the world)")
        }
        if !result.assumptions.isEmpty {
            add("Rests on assumptions:")
            for assumption in result.assumptions { add("  • \(assumption)") }
        }
        if let check = result.check {
            add(check.passed ? "Expectation: held ✓" : "Expectation: FAILED ✗")
            for mismatch in check.mismatches { add("  • \(mismatch.description)") }
        } else {
            add("Expectation: none for this action")
        }
        return lines
    }

    func defaultExportBase() -> String {
        if let tap = selectedTap { return tap.url }
        return world.name
    }

    /// What `w` / `y` export: the selected action as the CLI renders it. The world is the one the
    /// simulator ran (the demo's link alone; a file's whole timeline) and the report keeps only the
    /// selected action: a timeline action's export is that action's section of `linksim run --format …`
    /// on the file; a demo link's is what `run` prints for the demo world with that one link.
    func exportResult() -> ScenarioResult {
        ScenarioResult(scenario: simulationInput(world), results: result.map { [$0] } ?? [])
    }

    func exportText(_ format: ExportFormat) -> String {
        format.render(exportResult())
    }
}

/// Where the details view is drawn (render) and how much it scrolls (update).
enum DetailsBox {
    static func rect(_ size: Size) -> Rect {
        let w = min(100, size.width - 4), h = max(3, size.height - 4)
        return Rect(x: (size.width - w) / 2, y: max(1, (size.height - h) / 2), width: w, height: h)
    }
    static func textWidth(_ size: Size) -> Int { max(1, rect(size).inner.width - 2) }
}

extension ActionKind {
    var isTapLike: Bool {
        switch self {
        case .tap, .longPress: return true
        default: return false
        }
    }
}
