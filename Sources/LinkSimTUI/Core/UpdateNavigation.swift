import Foundation
import LinkSimCore

/// Moving around: cursors, scrolling, knobs, the line editor, mouse clicks.
extension TUIModel {
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
            let columns = Keymap.helpBoxWidth(screenWidth: size.width) - 4  // the box's inner width, less its margins
            overlay = .help(scroll: scrolled(scroll, command, lines: Keymap.helpLines(columns: columns).count, visible: visible))
            return []
        case .details(let scroll):
            let visible = max(1, DetailsBox.rect(size).inner.height)
            overlay = .details(
                scroll: scrolled(
                    scroll, command, lines: detailLines(width: DetailsBox.textWidth(size)).count,
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
                    status = StatusMessage(
                        text: "\(knobs[knobCursor].label) is not in the world as opened, so it cannot be edited here",
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
        let before = world
        let stashBefore = stashedDevices
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
        resimulate(
            environment,
            cause: "\(knob.label): \(oldValue) → \(newValue)"
                + (shownBefore == "as opened" || shownBefore == "before action 1" ? "" : " (in the world as opened)"))
        // Knobs come and go with the platform and tap source; keep the cursor on the same knob.
        let newKnobs = knobs
        if let index = newKnobs.firstIndex(where: { $0.id == keptID }) { knobCursor = index }
        knobCursor = min(knobCursor, max(0, newKnobs.count - 1))
    }

    /// A URL typed for a new or an edited link: empty closes the editor; a URL linksim cannot use keeps it open
    /// with the problem shown; otherwise the editor closes and the caller takes the URL.
    private mutating func acceptURL(_ url: String) -> Bool {
        if !url.isEmpty, let problem = Knobs.urlProblem(url) {
            status = StatusMessage(text: problem, isError: true)
            return false
        }
        overlay = nil
        return !url.isEmpty
    }

    /// A URL typed or pasted after the prompt's `https://` that brings its own scheme (`https://https://…`,
    /// `https://shopapp://…`): the prompt's prefix is dropped.
    static func withoutDoubledScheme(_ url: String) -> String {
        for prefix in ["https://", "http://"] where url.hasPrefix(prefix) {
            let rest = url.dropFirst(prefix.count)
            guard let separator = rest.range(of: "://") else { continue }
            let scheme = rest[..<separator.lowerBound]
            if let first = scheme.first, first.isASCII, first.isLetter,
                scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
            {
                return String(rest)
            }
        }
        return url
    }

    mutating func commitEditor(_ text: String, purpose: EditPurpose, _ environment: TUIEnvironment) -> [Effect] {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        if case .newURL = purpose { trimmed = Self.withoutDoubledScheme(trimmed) }
        switch purpose {
        case .newURL:
            guard acceptURL(trimmed) else { return [] }
            let from = selectedTap?.from ?? (world.device.platform == .ios ? .notes : .messages)
            recordUndo()
            world.actions.append(Action(kind: .tap(Tap(url: trimmed, from: from))))
            selectedAction = world.actions.count - 1
            traceCursor = 0
            resimulate(environment, cause: "new link: \(trimmed)")
            focus = .links
        case .editURL(let action):
            guard acceptURL(trimmed) else { return [] }
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
                var becameTimeline = false
                if mode == .independentLinks, !action.kind.isTapLike {
                    // Installs, waits and answers act on what follows: the links become a timeline.
                    mode = .timeline
                    becameTimeline = true
                }
                resimulate(environment, cause: "added action \(index + 1): \(ActionText.line(action))")
                // Said on the status line, where it has room (the landing's change line cut it at 80 columns).
                if becameTimeline { status = StatusMessage(text: "the links are now a timeline: actions run in order", isError: false) }
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
}
