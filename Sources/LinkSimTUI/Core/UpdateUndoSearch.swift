import Foundation
import LinkSimCore

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
            return (
                trace.map { [$0.actor, $0.summary, $0.rule?.rawValue ?? "", $0.detail ?? "", $0.assumption ?? ""].joined(separator: " ") },
                traceCursor
            )
        case .links:
            return (world.actions.map(ActionText.line), selectedAction)
        case .device:
            return (knobs.map { "\($0.section) \($0.label) \($0.value)" }, knobCursor)
        case .why:
            let painter = ScreenPainter(model: self, theme: Theme(color: false), layout: layout, rules: RuleCatalog.rule)
            return (painter.whyLines(width: max(1, layout.why.inner.width - 2)).map(\.0), whyScroll)
        case .help:
            let lines = Keymap.helpLines(columns: Keymap.helpBoxWidth(screenWidth: size.width) - 4)  // as the box shows them
            if case .help(let scroll) = overlay { return (lines, scroll) }
            return (lines, 0)
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
            // The file's own line breaks are the YAML's, not paragraphs: lines are joined and re-wrapped to the box
            // (wrapped twice, they were ragged), except at a blank line or a list item.
            var paragraphs: [String] = []
            var joinNext = false
            for line in description.split(separator: "\n", omittingEmptySubsequences: false) {
                let text = line.drop { $0 == " " }
                let item = text.hasPrefix("- ") || text.hasPrefix("* ") || text.hasPrefix("• ")
                if text.isEmpty {
                    paragraphs.append("")
                    joinNext = false
                } else if joinNext, !item, let last = paragraphs.popLast() {
                    paragraphs.append(last + " " + text)
                } else {
                    paragraphs.append(String(line))
                    joinNext = true
                }
            }
            while paragraphs.last == "" { paragraphs.removeLast() }
            for paragraph in paragraphs { add(paragraph) }
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
                ("browser", landing.browser?.rawValue), ("url", landing.url), ("reason", landing.reason),
                ("options", landing.optionNames.map { $0.joined(separator: ", ") }),
            ]
            for key in (landing.params ?? [:]).keys.sorted() { facts.append(("params.\(key)", landing.params?[key])) }
            for key in landing.extra.keys.sorted() { facts.append((key.rawValue, landing.extra[key])) }
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
        let w = min(100, size.width - 4)
        let h = max(3, size.height - 4)
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
