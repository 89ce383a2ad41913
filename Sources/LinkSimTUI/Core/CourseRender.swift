import Foundation
import LinkSimCore

/// Draws the course: the lesson list (whole screen), a predict question (whole screen, so the
/// panes cannot give the answer away), or the lesson panel over the bottom of the main screen.
extension ScreenPainter {
    func paintCourse(_ session: CourseSession, into grid: inout Grid) {
        switch session.screen {
        case .list(let cursor): paintLessonList(session, cursor: cursor, into: &grid)
        case .lesson:
            if session.hidesAnswer {
                paintPredictQuestion(session, into: &grid)
            } else if !session.panelHidden {
                paintLessonPanel(session, into: &grid)
            }
            if let edit = session.inline { paintInlineEdit(edit, into: &grid) }
            if let scroll = session.reading { paintStepText(session, scroll: scroll, into: &grid) }
        }
    }

    /// One list row per lesson, grouped by area; the selected lesson's summary below.
    func paintLessonList(_ session: CourseSession, cursor: Int, into grid: inout Grid) {
        let size = grid.size
        grid.fill(Rect(x: 0, y: 0, width: size.width, height: size.height))
        let lessons = session.course.lessons
        let done = lessons.filter(session.progress.isDone).count
        let score = session.progress.score
        grid.fill(Rect(x: 0, y: 0, width: size.width, height: 1), style: theme.titleBar)
        grid.put(
            " linksim learn — \(done) of \(lessons.count) lessons done · predictions right first time: \(score.right)/\(score.answered)",
            x: 0, y: 0, maxWidth: size.width, style: theme.titleBar)
        // Rows: area headings and lessons.
        var rows: [(text: String, lesson: Int?)] = []
        var area: LessonArea?
        for (index, lesson) in lessons.enumerated() {
            if lesson.area != area {
                area = lesson.area
                rows.append((lesson.area.title, nil))
            }
            let count = session.progress.completedCount(lesson)
            let mark = session.progress.isDone(lesson) ? "✓" : count > 0 ? "…" : "·"
            rows.append(("  \(mark) \(lesson.title)  (\(count)/\(lesson.steps.count))", index))
        }
        let summaryHeight = 6
        let listHeight = max(1, size.height - 3 - summaryHeight)
        let selectedRow = rows.firstIndex { $0.lesson == cursor } ?? 0
        let offset = max(0, min(selectedRow - listHeight / 2, rows.count - listHeight))
        for row in 0..<listHeight {
            let index = offset + row
            guard rows.indices.contains(index) else { break }
            let (text, lesson) = rows[index]
            let style = lesson == nil ? theme.section : lesson == cursor ? theme.cursor : theme.text
            grid.put(text, x: 1, y: 1 + row, maxWidth: size.width - 2, style: style)
        }
        let top = size.height - 2 - summaryHeight
        grid.box(
            Rect(x: 0, y: top, width: size.width, height: summaryHeight + 1),
            title: lessons.indices.contains(cursor) ? "\(lessons[cursor].id) · \(lessons[cursor].steps.count) steps" : "",
            style: theme.border, titleStyle: theme.paneTitle)
        if lessons.indices.contains(cursor) {
            let lines = TerminalText.wrap(CourseText.reflow(lessons[cursor].summary), columns: size.width - 4)
            for (i, line) in lines.prefix(summaryHeight - 1).enumerated() {
                grid.put(line, x: 2, y: top + 1 + i, maxWidth: size.width - 4, style: theme.text)
            }
        }
        let keys = "Enter open · ↑↓ choose · T glossary · ? keys · q quit"
        if let status = model.status {
            grid.put(status.text, x: 1, y: size.height - 1, maxWidth: size.width - 2, style: status.isError ? theme.error : theme.ok)
        } else {
            grid.put(keys, x: 1, y: size.height - 1, maxWidth: size.width - 2, style: theme.secondary)
        }
    }

    func stepTitle(_ session: CourseSession) -> String {
        guard let lesson = session.lesson, let step = session.currentStep else { return "" }
        let done = Self.doneMark(session)
        let name = step.title.isEmpty ? "" : ": \(step.title)"
        return "\(lesson.title) — step \(session.stepIndex + 1)/\(lesson.steps.count) (\(Self.kindLabel(step.kind)))\(name)\(done)"
    }

    /// " ✓" for a step done; a predict step answered wrongly is done too (it counts), but says so: a ✓ after
    /// "✗ You said…" read as a right answer.
    static func doneMark(_ session: CourseSession) -> String {
        guard session.stepDone else { return "" }
        if let verdict = session.verdict, !verdict.right { return " ✗ answered" }
        return " ✓"
    }

    static func kindLabel(_ kind: StepKind) -> String {
        switch kind {
        case .tour: return "tour"
        case .predict: return "predict"
        case .knob: return "find the knob"
        case .fix: return "fix the file"
        }
    }

    /// The question, the world it is asked about, and the choices; nothing of the answer.
    func paintPredictQuestion(_ session: CourseSession, into grid: inout Grid) {
        guard let step = session.currentStep, case .predict(let choices, _) = step.kind,
            case .predict(let cursor, _) = session.step
        else { return }
        let size = grid.size
        grid.fill(Rect(x: 0, y: 0, width: size.width, height: size.height))
        grid.box(
            Rect(x: 0, y: 0, width: size.width, height: size.height - 1), title: stepTitle(session),
            style: theme.focusedBorder, titleStyle: theme.focusedPaneTitle)
        let width = size.width - 4
        var lines: [(String, CellStyle)] = []
        for line in TerminalText.wrap(CourseText.reflow(step.text), columns: width) { lines.append((line, theme.text)) }
        lines.append(("", theme.text))
        lines.append(("The world: \(CourseText.world(step.world))", theme.secondary))
        for (index, action) in step.world.actions.enumerated() where index <= step.action {
            let marker = index == step.action ? "→" : " "
            lines.append(("\(marker) #\(index + 1) \(Describe.action(action.kind))", index == step.action ? theme.section : theme.secondary))
        }
        lines.append(("", theme.text))
        lines.append(("Where does action #\(step.action + 1) land?", theme.paneTitle))
        let questionRows = lines.count
        for (index, choice) in choices.enumerated() {
            lines.append(("  \(index + 1)  \(choice.label)", index == cursor ? theme.cursor : theme.text))
        }
        // Keep the choices visible: drop text from the top of the world list when space is short.
        let room = size.height - 3
        let shown =
            lines.count <= room
            ? lines : Array(lines.prefix(max(0, room - choices.count - (lines.count - questionRows - choices.count)))) + lines.suffix(choices.count)
        for (row, (text, style)) in shown.prefix(room).enumerated() {
            grid.put(text, x: 2, y: 1 + row, maxWidth: width, style: style)
        }
        grid.put(
            "1…\(min(9, choices.count)) or ↑↓ Enter: answer · < > steps · L lessons · ? keys · q quit",
            x: 1, y: size.height - 1, maxWidth: size.width - 2, style: theme.secondary)
    }

    /// Where the lesson panel goes: over the device pane (tour, predict, fix: the trace and the why
    /// pane stay visible), or over the trace and why panes for find-the-knob (the device pane's
    /// knobs and the landing stay visible). With a zoomed pane, over the bottom third of the screen.
    func lessonPanelRect(_ step: LessonStep, size: Size) -> Rect {
        if layout.zoom == nil {
            if case .knob = step.kind {
                let trace = layout.rect(of: .trace)
                let why = layout.rect(of: .why)
                return Rect(x: trace.x, y: trace.y, width: trace.width, height: why.maxY - trace.y)
            }
            return layout.rect(of: .device)
        }
        let height = min(12, max(7, size.height / 3))
        return Rect(x: 0, y: layout.statusLine.y - height, width: size.width, height: height)
    }

    func panelTitle(_ session: CourseSession) -> String {
        guard let step = session.currentStep, let lesson = session.lesson else { return "" }
        return "Step \(session.stepIndex + 1)/\(lesson.steps.count) · \(Self.kindLabel(step.kind))\(Self.doneMark(session))"
    }

    func paintLessonPanel(_ session: CourseSession, into grid: inout Grid) {
        guard let step = session.currentStep else { return }
        let rect = lessonPanelRect(step, size: grid.size)
        guard rect.width > 12, rect.height > 4 else { return }
        grid.fill(rect)
        grid.box(rect, title: panelTitle(session), style: theme.focusedBorder, titleStyle: theme.focusedPaneTitle)
        let width = rect.width - 4
        let (lines, keys) = panelText(session, width: width, withLessonTitle: rect.height >= 14)
        var keyLines: [String] = TerminalText.wrap(keys, columns: width)
        let room = rect.height - 2
        // Keys at the bottom (at most two lines); the text above, cut with a note when it does not fit.
        keyLines = Array(keyLines.prefix(max(1, min(2, room / 3))))
        let textRoom = room - keyLines.count
        var shown = Array(lines.prefix(textRoom))
        if lines.count > textRoom, textRoom > 0 {
            shown[textRoom - 1] = ("… more: M shows all", theme.paneTitle)
        }
        for (row, (text, style)) in shown.enumerated() {
            grid.put(text, x: rect.x + 2, y: rect.y + 1 + row, maxWidth: width, style: style)
        }
        for (row, text) in keyLines.enumerated() {
            grid.put(text, x: rect.x + 2, y: rect.maxY - 1 - keyLines.count + row, maxWidth: width, style: theme.secondary)
        }
    }

    /// `M`: the whole step (everything the lesson panel shows, however long) over the screen, scrolled with j/k.
    func paintStepText(_ session: CourseSession, scroll: Int, into grid: inout Grid) {
        let rect = dialog(
            width: min(100, grid.size.width - 2), height: grid.size.height - 2,
            title: panelTitle(session) + " — j/k scroll · Esc or M closes", into: &grid)
        let inner = rect.inner
        let lines = stepTextLines(session, screen: grid.size)
        let offset = CourseSession.readingOffset(scroll, lines: lines.count, visible: inner.height)
        for row in 0..<inner.height {
            let index = offset + row
            guard index < lines.count else { break }
            grid.put(lines[index].0, x: inner.x + 1, y: inner.y + row, maxWidth: inner.width - 2, style: lines[index].1)
        }
        if offset > 0 { grid.put("↑", x: rect.maxX - 2, y: rect.y, style: theme.secondary) }
        if offset + inner.height < lines.count { grid.put("↓ more", x: rect.maxX - 8, y: rect.maxY - 1, style: theme.secondary) }
    }

    /// The lines `M` shows on a screen of this size (render draws them; update stops scrolling at their end).
    func stepTextLines(_ session: CourseSession, screen: Size) -> [(String, CellStyle)] {
        let width = min(100, screen.width - 2) - 4
        let (text, keys) = panelText(session, width: width, withLessonTitle: true)
        return text + [("", theme.text)] + TerminalText.wrap(keys, columns: width).map { ($0, theme.secondary) }
    }

    /// What the lesson panel says about the current step, wrapped to `width`, and its keys.
    func panelText(_ session: CourseSession, width: Int, withLessonTitle: Bool) -> (lines: [(String, CellStyle)], keys: String) {
        guard let step = session.currentStep, let lesson = session.lesson else { return ([], "") }
        var lines: [(String, CellStyle)] = []
        func add(_ text: String, _ style: CellStyle) {
            for line in TerminalText.wrap(CourseText.reflow(text), columns: width) { lines.append((line, style)) }
        }
        let isTask: Bool
        switch step.kind {
        case .knob, .fix: isTask = true
        default: isTask = false
        }
        if withLessonTitle, !isTask { add(lesson.title, theme.section) }
        if !step.title.isEmpty { add(step.title, theme.paneTitle) }
        var keys = "< > steps · M whole step · L lessons · P hide panel · T glossary"
        switch (step.kind, session.step) {
        case (.tour, _):
            add(step.text, theme.text)
            keys = "] [ step the trace (why pane explains each rule) · > next · " + keys
        case (.predict(let choices, _), .predict(_, let picked?)):
            if let verdict = session.verdict, choices.indices.contains(picked) {
                add(
                    (verdict.right ? "✓ Right: " : "✗ You said “\(choices[picked].label)”. ") + "The engine says it lands: \(verdict.landing).",
                    verdict.right ? theme.ok : theme.error)
            }
            if let explain = step.explain { add(explain, theme.text) }
            for source in step.sources { add("source: \(source)", theme.secondary) }
            keys = "the trace shows why · > next · " + keys
        case (.knob(let goal, _), .knob(let hints, let reached, let mismatches)):
            // The goal and where the learner stands come first: at 80×24 the panel has five lines.
            add("Goal: action #\(step.action + 1) \(CourseText.expectation(goal))", theme.paneTitle)
            if reached {
                add("✓ Goal reached." + (step.explain.map { " " + $0 } ?? ""), theme.ok)
            } else {
                add("Not yet: " + mismatches.prefix(2).joined(separator: "; "), theme.secondary)
            }
            for hint in step.hints.prefix(hints).reversed() { add("Hint: \(hint.text)" + (hint.source.map { " [\($0)]" } ?? ""), theme.section) }
            add(step.text, theme.text)
            keys = "Tab to the device pane, change knobs · H hint (\(hints)/\(step.hints.count)) · > next · " + keys
        case (.fix(let task), .fix(let hints, let outcome)):
            // Where the learner stands first: the panel is narrow.
            if let outcome {
                if outcome.passed {
                    add("✓ Fixed." + (step.explain.map { " " + $0 } ?? ""), theme.ok)
                } else {
                    for problem in outcome.problems.prefix(3) { add(problem, theme.error) }
                    if let landing = outcome.result?.landing { add("With your file it lands: " + LandingText.headline(landing), theme.secondary) }
                    if let check = outcome.check, !check.passed {
                        add("Not yet: " + check.mismatches.map(\.description).joined(separator: "; "), theme.secondary)
                    }
                }
            }
            add(
                "Fix \((task.file as NSString).lastPathComponent) (\(task.fileKind.rawValue)) so that action #\(step.action + 1) \(CourseText.expectation(task.goal)).",
                theme.paneTitle)
            for hint in step.hints.prefix(hints).reversed() { add("Hint: \(hint.text)" + (hint.source.map { " [\($0)]" } ?? ""), theme.section) }
            add(step.text, theme.text)
            keys = "E edit in $EDITOR · I edit here · C check · H hint (\(hints)/\(step.hints.count)) · > next · " + keys
        default:
            add(step.text, theme.text)
        }
        return (lines, keys)
    }

    func paintGlossary(_ glossary: GlossaryOverlay, into grid: inout Grid) {
        let rect = dialog(width: 76, height: grid.size.height - 2, title: "Glossary — Esc or T closes, j/k scroll", into: &grid)
        let inner = rect.inner
        let lines = glossary.lines(width: inner.width - 2)
        let offset = min(glossary.scroll, max(0, lines.count - inner.height))
        for row in 0..<inner.height {
            let index = offset + row
            guard index < lines.count else { break }
            let line = lines[index]
            let style =
                line.hasPrefix("•")
                ? theme.paneTitle
                : line.hasSuffix(":") && !line.hasPrefix(" ")
                    ? theme.section
                    : line.hasPrefix("  source:") ? theme.secondary : theme.text
            grid.put(line, x: inner.x + 1, y: inner.y + row, maxWidth: inner.width - 2, style: style)
        }
    }
}

/// Words for the course's screens.
enum CourseText {
    /// YAML block text as paragraphs: single line breaks become spaces, blank lines stay.
    static func reflow(_ text: String) -> String {
        text.components(separatedBy: "\n\n")
            .map { $0.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") }
            .filter { !$0.isEmpty }
            .joined(separator: "\n")
    }

    /// `iOS 17.4 · Shop (com.example.shop) terminated, scenes`.
    static func world(_ world: Scenario) -> String {
        var parts = ["\(world.device.platform.displayName) \(world.device.os)"]
        for app in world.apps {
            var facts = [app.state.rawValue]
            if world.device.platform == .ios { facts.append(app.lifecycle.rawValue) }
            parts.append("\(app.name) (\(app.id)) " + facts.joined(separator: ", "))
        }
        return parts.joined(separator: " · ")
    }

    /// `lands app, via universal_link, callback scene(_:continue:)`.
    static func expectation(_ e: Expectation) -> String {
        var parts = ["lands \(e.lands.rawValue)"]
        if let app = e.app { parts.append("app \(app)") }
        if let screen = e.screen { parts.append("screen \(screen)") }
        if let via = e.via { parts.append("via \(via.rawValue)") }
        if let browser = e.browser { parts.append("browser \(browser)") }
        if let callback = e.callback { parts.append("callback \(callback)") }
        if let delivered = e.delivered { parts.append(delivered ? "link delivered" : "link not delivered") }
        if let rule = e.rule { parts.append("citing \(rule)") }
        return parts.joined(separator: ", ")
    }
}
