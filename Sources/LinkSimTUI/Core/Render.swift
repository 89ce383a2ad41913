import LinkSimCore

/// Draws a model into a cell grid. Pure: the same model and size give the same grid.
/// `rules` looks up the why pane's rule (the catalog; tests give their own).
package func render(_ model: TUIModel, size: Size, rules: @escaping (RuleID) -> Rule? = RuleCatalog.rule) -> Grid {
    var grid = Grid(size: size)
    let theme = Theme(color: model.colorEnabled)
    if Layout.isTooSmall(size) {
        renderTooSmall(into: &grid, theme: theme)
        return grid
    }
    var sized = model
    sized.size = size
    let painter = ScreenPainter(model: sized, theme: theme, layout: sized.layout, rules: rules)
    painter.paintMain(into: &grid)
    if let course = model.course { painter.paintCourse(course, into: &grid) }
    if let overlay = model.overlay { painter.paint(overlay, into: &grid) }
    if let glossary = model.glossary { painter.paintGlossary(glossary, into: &grid) }
    return grid
}

func renderTooSmall(into grid: inout Grid, theme: Theme) {
    let need = "need \(Layout.minimum.width)×\(Layout.minimum.height), have \(grid.size.width)×\(grid.size.height)"
    // Word-wrapped to the screen, however small: cut at 20 columns it read "need 80×24, have 20×".
    let needLines = TerminalText.wrap(need, columns: grid.size.width)
    let lines = needLines + TerminalText.wrap("enlarge the terminal, or press q to quit", columns: grid.size.width)
    let top = max(0, grid.size.height / 2 - 1 - (lines.count > 2 ? 1 : 0))
    for (offset, line) in lines.enumerated() {
        let x = max(0, (grid.size.width - TerminalText.width(line)) / 2)
        grid.put(line, x: x, y: top + offset, style: offset < needLines.count ? theme.error : theme.text)
    }
}

struct ScreenPainter {
    /// An assumption as shown: most already say "assumption…" themselves; the others get the label.
    static func labelled(_ text: String) -> String { Describe.assumption(text) }

    let model: TUIModel
    let theme: Theme
    let layout: Layout
    let rules: (RuleID) -> Rule?

    var marks: ChangeMarks? { model.changes }

    func paintMain(into grid: inout Grid) {
        paintTitle(into: &grid)
        // Zoomed (`z`): only the focused pane, over the whole screen.
        let shown = layout.zoom.map { [$0] } ?? Pane.allCases
        if layout.zoom == nil { paintLanding(into: &grid) }
        if shown.contains(.device) { paintDevice(into: &grid) }
        if shown.contains(.links) { paintLinks(into: &grid) }
        if shown.contains(.trace) { paintTrace(into: &grid) }
        if shown.contains(.why) { paintWhy(into: &grid) }
        paintStatus(into: &grid)
    }

    func frame(_ pane: Pane, _ title: String, into grid: inout Grid) {
        let focused = model.focus == pane && model.overlay == nil
        grid.box(
            layout.rect(of: pane), title: title, style: focused ? theme.focusedBorder : theme.border,
            titleStyle: focused ? theme.focusedPaneTitle : theme.paneTitle)
    }

    // MARK: Title and landing

    func paintTitle(into grid: inout Grid) {
        let rect = layout.title
        grid.fill(rect, style: theme.titleBar)
        let device = model.world.device
        var left = " linksim │ \(model.world.name)"
        if let path = model.sourcePath { left += " (\(path))" }
        let right = "\(device.platform.displayName) \(device.os) │ ? help  q quit "
        let rightWidth = TerminalText.width(right)
        grid.put(TerminalText.truncate(left, to: max(0, rect.width - rightWidth - 1)), x: 0, y: rect.y, style: theme.titleBar)
        grid.put(right, x: max(0, rect.width - rightWidth), y: rect.y, style: theme.titleBar)
    }

    func paintLanding(into grid: inout Grid) {
        let rect = layout.landing
        let landingChanged = marks?.landingChanged ?? false
        var title = landingChanged ? "Landing ● changed" : "Landing"
        if model.course?.showsLearnersFile == true { title += " · with your file" }
        if let check = model.result?.check { title += check.passed ? " — expect ✓ held" : " — expect ✗ FAILED (d: details)" }
        let failed = model.result?.check?.passed == false
        grid.box(
            rect, title: title, style: theme.border,
            titleStyle: failed ? theme.error : landingChanged ? theme.changed : theme.paneTitle)
        let inner = rect.inner
        guard inner.height > 0 else { return }
        let landing = model.result?.landing
        var x = inner.x + 1
        if let landing {
            let label = " \(LandingText.label(landing.kind)) "
            x += grid.put(label, x: x, y: inner.y, style: inverted(theme.landing(landing.kind)))
            x += 1
            if model.result?.restsOnAssumption == true {
                // A landing that rests on an assumption says so before anything else.
                x += grid.put("≈ASSUMED", x: x, y: inner.y, style: theme.changedMark)
                x += 1
            }
            let headline = LandingText.headline(landing)
            grid.put(
                headline, x: x, y: inner.y, maxWidth: inner.maxX - x - 1,
                style: landingChanged ? theme.changed : theme.landing(landing.kind))
        } else if model.result != nil {
            grid.put(
                "this action does not land anywhere (it changes the world)", x: x, y: inner.y,
                maxWidth: inner.width - 2, style: theme.secondary)
        } else if model.world.actions.isEmpty {
            grid.put("no links yet: press t to type a URL", x: x, y: inner.y, maxWidth: inner.width - 2, style: theme.secondary)
        } else {
            grid.put(
                "no landing: the simulator returned no result for this action", x: x, y: inner.y,
                maxWidth: inner.width - 2, style: theme.secondary)
        }
        guard inner.height > 1 else { return }
        let secondLine: String
        let secondStyle: CellStyle
        if let marks {
            secondLine = "changed: \(marks.cause)" + (marks.landingChanged ? "" : " (landing unchanged)")
            secondStyle = theme.changedMark
        } else if let landing {
            var details = LandingText.details(landing)
            if let check = model.result?.check, !check.passed {
                details = check.mismatches.map(\.description).joined(separator: "; ") + (details.isEmpty ? "" : " · " + details)
            }
            if let assumption = model.result?.assumptions.first {
                details = Self.labelled(assumption) + (details.isEmpty ? "" : " · " + details)
            }
            let available = max(1, inner.width - 2)
            if TerminalText.width(details) > available {
                details = TerminalText.truncate(details, to: available - 10) + " d: more"
            }
            secondLine = details
            secondStyle = model.result?.check?.passed == false ? theme.error : theme.secondary
        } else {
            secondLine = ""
            secondStyle = theme.secondary
        }
        grid.put(secondLine, x: inner.x + 1, y: inner.y + 1, maxWidth: inner.width - 2, style: secondStyle)
    }

    func inverted(_ style: CellStyle) -> CellStyle {
        var copy = style
        copy.reverse = true
        return copy
    }

    // MARK: Device

    func paintDevice(into grid: inout Grid) {
        let title = "Device · \(model.shownWorldLabel)"
        frame(.device, title, into: &grid)
        let inner = layout.device.inner
        guard inner.height > 0, inner.width > 4 else { return }
        let knobs = model.knobs
        let lines = DeviceLines.lines(knobs)
        let offset = DeviceLines.offset(lines, cursor: model.knobCursor, visible: inner.height)
        let focused = model.focus == .device && model.overlay == nil
        let widestLabel = knobs.map { TerminalText.width($0.label) }.max() ?? 0
        let labelWidth = min(widestLabel + 2, inner.width * 3 / 5)
        for row in 0..<inner.height {
            let lineIndex = offset + row
            guard lineIndex < lines.count else { break }
            let y = inner.y + row
            let line = lines[lineIndex]
            if let section = line.section {
                grid.put(TerminalText.truncate(section, to: inner.width), x: inner.x, y: y, style: theme.section)
                continue
            }
            guard let index = line.knob else { continue }
            let knob = knobs[index]
            let isCursor = index == model.knobCursor
            let label = TerminalText.truncate(knob.label, to: labelWidth - 2)
            let valueWidth = inner.width - labelWidth - 1
            let value = isCursor && !knob.isText ? "◂ \(knob.value) ▸" : knob.value
            let rowStyle = isCursor ? (focused ? theme.cursor : theme.unfocusedCursor) : theme.text
            if isCursor { grid.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: rowStyle) }
            grid.put(" " + label, x: inner.x, y: y, maxWidth: labelWidth, style: rowStyle)
            grid.put(TerminalText.truncate(value, to: valueWidth), x: inner.x + labelWidth, y: y, style: rowStyle)
        }
        if offset > 0 { grid.put("↑", x: layout.device.maxX - 2, y: layout.device.y, style: theme.secondary) }
        if offset + inner.height < lines.count {
            grid.put("↓", x: layout.device.maxX - 2, y: layout.device.maxY - 1, style: theme.secondary)
        }
    }

    // MARK: Links

    func actionLine(_ action: Action) -> String { ActionText.line(action) }

    func paintLinks(into grid: inout Grid) {
        var title = model.mode == .timeline ? "Timeline (actions in order)" : "Links (each tapped on its own)"
        if model.mode == .timeline {
            let checks = model.results.compactMap(\.check)
            if !checks.isEmpty {
                let held = checks.filter(\.passed).count
                // ✓ only when every expectation held ("0/1 ✓" read as a pass); short enough to show in the pane's title.
                title = "Timeline — expect " + (held == checks.count ? "\(held)/\(checks.count) ✓" : "\(held)/\(checks.count) held ✗")
            }
        }
        if let search = model.search, search.context == .links { title += " — /\(search.query)" }
        frame(.links, title, into: &grid)
        let inner = layout.links.inner
        guard inner.height > 0 else { return }
        let actions = model.world.actions
        if actions.isEmpty {
            grid.put(" no links: press t to type one", x: inner.x, y: inner.y, style: theme.secondary)
            return
        }
        let focused = model.focus == .links && model.overlay == nil
        let offset = Layout.scrollOffset(cursor: model.selectedAction, visible: inner.height)
        let numberWidth = String(actions.count).count
        for row in 0..<inner.height {
            let index = offset + row
            guard index < actions.count else { break }
            let y = inner.y + row
            let isCursor = index == model.selectedAction
            let style = isCursor ? (focused ? theme.cursor : theme.unfocusedCursor) : theme.text
            if isCursor { grid.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: style) }
            let number = String(index + 1)
            let padded = String(repeating: " ", count: numberWidth - number.count) + number
            // ✓ / ✗: the action's expectation held or failed (nothing: no expectation).
            let check = model.mode == .timeline ? model.results.first { $0.index == index }?.check : nil
            let mark = check.map { $0.passed ? "✓" : "✗" } ?? " "
            let line = "\(isCursor ? "▸" : " ")\(padded)\(mark)\(actionLine(actions[index]))"
            grid.put(TerminalText.truncate(line, to: inner.width), x: inner.x, y: y, style: style)
            if check?.passed == false, !isCursor {
                grid.put("✗", x: inner.x + 1 + numberWidth, y: y, style: theme.error)
            }
        }
    }

    // MARK: Trace and why

    func paintTrace(into grid: inout Grid) {
        let trace = model.trace
        var title = trace.isEmpty ? "Trace" : "Trace — step \(min(model.traceCursor + 1, trace.count))/\(trace.count)"
        if let search = model.search, search.context == .trace { title += " — /\(search.query)" }
        frame(.trace, title, into: &grid)
        let inner = layout.trace.inner
        guard inner.height > 0 else { return }
        if trace.isEmpty {
            let message =
                model.result == nil
                ? " no trace: the simulator returned no steps for this action"
                : " this action produced no trace steps"
            grid.put(TerminalText.truncate(message, to: inner.width), x: inner.x, y: inner.y, style: theme.secondary)
            return
        }
        let focused = model.focus == .trace && model.overlay == nil
        let rows = TraceRows.rows(trace, cursor: model.traceCursor, width: inner.width)
        let offset = TraceRows.offset(rows, cursor: model.traceCursor, visible: inner.height)
        for screenRow in 0..<inner.height {
            let index = offset + screenRow
            guard index < rows.count else { break }
            let y = inner.y + screenRow
            let row = rows[index]
            let isCursor = row.step == model.traceCursor
            let isChanged = marks?.changedSteps.contains(row.step) ?? false
            var style = theme.text
            if isChanged { style = theme.changed }
            if isCursor { style = focused ? theme.cursor : theme.unfocusedCursor }
            if isCursor || isChanged { grid.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: style) }
            var x = inner.x
            // Gutter: ▸ marks the current step and * a step the last change added or altered, so
            // both show without colour (NO_COLOR, plain text) too.
            let head = row.kind == .head
            x += grid.put(isCursor && head ? "▸" : " ", x: x, y: y, style: style)
            x += grid.put(isChanged && head ? "*" : " ", x: x, y: y, style: isChanged && !isCursor ? theme.changedMark : style)
            let text = isCursor ? row.text : TerminalText.truncate(row.text, to: inner.maxX - x)
            grid.put(text, x: x, y: y, maxWidth: inner.maxX - x, style: row.kind == .rule && !isCursor ? theme.ruleID : style)
        }
        if offset > 0 { grid.put("↑", x: layout.trace.maxX - 2, y: layout.trace.y, style: theme.secondary) }
        if offset + inner.height < rows.count {
            grid.put("↓", x: layout.trace.maxX - 2, y: layout.trace.maxY - 1, style: theme.secondary)
        }
    }

    /// The why pane's text for the selected step: what happened, and the rule behind it.
    func whyLines(width: Int) -> [(String, CellStyle)] {
        guard let step = model.selectedStep else {
            let hint = "Select a trace step ([ / ], or ↑ ↓ in the trace) to read why it happened."
            return TerminalText.wrap(hint, columns: width).map { ($0, theme.secondary) }
        }
        var lines: [(String, CellStyle)] = []
        func add(_ text: String, _ style: CellStyle) {
            for line in TerminalText.wrap(text, columns: width) { lines.append((line, style)) }
        }
        add("\(step.actor): \(step.summary)", theme.paneTitle)
        if let detail = step.detail, !detail.isEmpty { add(detail, theme.text) }
        if let assumption = step.assumption, !assumption.isEmpty { add(Self.labelled(assumption), theme.changedMark) }
        guard let ruleID = step.rule else {
            add("(narration: no platform rule decides this step)", theme.secondary)
            return lines
        }
        lines.append(("", theme.text))
        guard let rule = rules(ruleID) else {
            add("rule \(ruleID) — not in the rule catalog", theme.error)
            return lines
        }
        add("\(rule.id) — \(rule.title)", theme.ruleID)
        let versions = rule.versions.map(\.description).joined(separator: "; ")
        if !versions.isEmpty { add("applies to: \(versions)", theme.secondary) }
        add(rule.explanation, theme.text)
        if !rule.sources.isEmpty {
            lines.append(("", theme.text))
            add("sources:", theme.paneTitle)
            for source in rule.sources { add("• \(source)", theme.secondary) }
        }
        return lines
    }

    func paintWhy(into grid: inout Grid) {
        frame(.why, "Why", into: &grid)
        let inner = layout.why.inner
        guard inner.height > 0, inner.width > 2 else { return }
        let lines = whyLines(width: inner.width - 2)
        let offset = min(model.whyScroll, max(0, lines.count - inner.height))
        for row in 0..<inner.height {
            let index = offset + row
            guard index < lines.count else { break }
            grid.put(lines[index].0, x: inner.x + 1, y: inner.y + row, maxWidth: inner.width - 2, style: lines[index].1)
        }
        if offset + inner.height < lines.count {
            grid.put("↓ more", x: layout.why.maxX - 8, y: layout.why.maxY - 1, style: theme.secondary)
        }
    }

    // MARK: Status line

    func paintStatus(into grid: inout Grid) {
        let rect = layout.statusLine
        if let status = model.status {
            let style = status.isError ? theme.error : theme.ok
            // A message longer than the line (a located error at 80 columns) wraps onto rows the layout took from
            // the panes for it (`Layout.statusLine`), until the next key: cut off, it could not be read anywhere else.
            for (index, line) in status.lines(width: rect.width).enumerated() {
                let y = rect.y + index
                guard y < grid.size.height else { break }
                let padded = " " + line + String(repeating: " ", count: max(0, rect.width - 1 - TerminalText.width(line)))
                grid.put(padded, x: 0, y: y, maxWidth: rect.width, style: style)
            }
            return
        }
        let hints: String
        switch model.focus {
        case .device: hints = "↑↓ knob  ←→ change  u undo  R reset  Tab pane  / search  t URL  m matrix  s save  ? help  q quit"
        case .links: hints = "↑↓ action  a add  x remove  K/J move  Enter edit URL  t new URL  d details  ? help  q quit"
        case .trace: hints = "↑↓ step  / search  n/N match  z zoom  w/y export  d details  Tab pane  ? help  q quit"
        case .why: hints = "↑↓ PgUp/PgDn scroll  [ ] step  z zoom  / search  Tab pane  ? help  q quit"
        }
        grid.put(" " + TerminalText.truncate(hints, to: rect.width - 1), x: 0, y: rect.y, style: theme.secondary)
    }
}

/// The device pane's rows: section headers interleaved with knobs. Shared by render and by mouse
/// clicks, so a click selects the knob drawn under it.
enum DeviceLines {
    typealias Line = (section: String?, knob: Int?)

    /// The columns the widest knob row needs (label, value and the ◂ ▸ marks).
    static func contentWidth(_ knobs: [Knob]) -> Int {
        let label = min(26, knobs.map { TerminalText.width($0.label) }.max() ?? 0)
        let value = min(24, knobs.map { TerminalText.width($0.value) }.max() ?? 0)
        return label + 3 + value + 4
    }

    static func lines(_ knobs: [Knob]) -> [Line] {
        var lines: [Line] = []
        var lastSection = ""
        for (index, knob) in knobs.enumerated() {
            if knob.section != lastSection {
                lines.append((knob.section, nil))
                lastSection = knob.section
            }
            lines.append((nil, index))
        }
        return lines
    }

    static func offset(_ lines: [Line], cursor: Int, visible: Int) -> Int {
        let cursorLine = lines.firstIndex { $0.knob == cursor } ?? 0
        var offset = Layout.scrollOffset(cursor: cursorLine, visible: visible)
        // Keep the cursor's section header in view when it fits.
        if offset > 0, cursorLine - offset < visible - 1, lines[offset - 1].section != nil { offset -= 1 }
        return offset
    }
}

/// One line for an action, as the links pane, exports and messages write it.
enum ActionText {
    static func line(_ action: Action) -> String {
        switch action.kind {
        case .tap(let tap): return "tap \(tap.url)  ← \(sourceText(tap))"
        case .longPress(let tap, let choice): return "long-press \(tap.url)  ← \(sourceText(tap)), \(choice.rawValue)"
        case .wait(let duration): return "wait \(duration)"
        case .install(let app, let source): return "install \(app) (\(source.rawValue))"
        case .launch(let app): return "launch \(app)"
        case .uninstall(let app): return "uninstall \(app)"
        case .update(let app): return "update \(app)"
        case .answer(let answer): return "answer \(answer)"
        case .set(let assignments): return "set " + assignments.map { "\($0.path)=\($0.value)" }.joined(separator: ", ")
        case .packageManager(let command): return command.text
        case .serve, .clearDefaults: return Describe.action(action.kind)
        }
    }

    static func sourceText(_ tap: Tap) -> String {
        var text = tap.from.rawValue
        if tap.from == .inAppBrowser, let app = tap.browserApp { text += " (\(app.rawValue))" }
        // The page tells a tap inside a view from the app loading the URL into it (the same URL and source otherwise).
        if let page = tap.page, let host = URLParts(page)?.host { text += " on \(host)" }
        return text
    }
}
