import Foundation
import LinkSimCore

/// The whole behaviour of the TUI: an event and a model give a new model and the effects to run.
/// No drawing, no I/O; the simulator is the only thing it calls, through the environment.
package func update(_ model: TUIModel, _ event: Event, _ environment: TUIEnvironment = .live) -> (TUIModel, [Effect]) {
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
        case .paste(let text):
            guard !Layout.isTooSmall(size) else { return [] }
            status = nil
            return handlePaste(text)
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
            let keptSize = size
            let keptColor = colorEnabled
            let keptDirectory = scenariosDirectory
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
            status = StatusMessage(
                text: "trace sent to the terminal clipboard (OSC 52, \(characters) characters); "
                    + "if nothing arrives, your terminal blocks OSC 52: use w to write a file", isError: false)
            return []
        case .progressSaved, .progressSaveFailed, .fileEdited, .fileEditFailed, .fixChecked, .fixFileLoaded:
            return handleCourseEvent(event, environment)
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
            // The last query is offered whole: Enter searches it again, typing starts a new one.
            overlay = .editor(
                LineEditor(search?.query ?? "", replacesOnType: true), purpose: .search(over: over),
                prompt: "Search \(searchContext(over).title.lowercased())")
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
            status = StatusMessage(
                text: zoomed ? "zoomed: \(focus.rawValue) pane (z again, or Esc, to go back)" : "zoom off",
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
            overlay = .editor(
                LineEditor(""), purpose: .addAction(after: after),
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
            overlay = .editor(
                LineEditor("trace-\(slug(defaultExportBase())).md"), purpose: .exportPath,
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
}
