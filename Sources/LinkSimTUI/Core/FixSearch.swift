import LinkSimCore

/// "What would make it land there?" (`f`): LinkSimCore's `LandingSearch` for the selected action —
/// the same search as `linksim explain --want` — with the changes that give the wanted landing,
/// who can make each, and the rule that flips. Enter applies one to the world (u undoes it).
package struct FixState: Sendable, Equatable {
    /// The landings one can ask for, in the order ←/→ cycles them: any app, then (when the world
    /// has more than one) each app by name, the browser, the store.
    package static func wantable(_ world: Scenario) -> [LandingSearch.Want] {
        let apps = world.apps.count > 1 ? world.apps.map { LandingSearch.Want(kind: .app, app: $0.id) } : []
        return [LandingSearch.Want(kind: .app)] + apps + [LandingSearch.Want(kind: .browser), LandingSearch.Want(kind: .store)]
    }

    static func label(_ want: LandingSearch.Want) -> String {
        want.app.map { "app \($0)" } ?? want.kind.rawValue
    }

    package var want: LandingSearch.Want
    package var outcome: LandingSearch.Outcome
    package var cursor: Int
    /// The action searched (the overlay is modal, so the world cannot change meanwhile).
    package var action: Int
}

extension TUIModel {
    /// Runs the search for the selected action (inside `update`, so off the input thread like every
    /// simulation) with the TUI's own simulate, which sees the timeline before the action.
    mutating func openFixSearch(want: LandingSearch.Want, _ environment: TUIEnvironment) {
        guard world.actions.indices.contains(selectedAction), LinkMatrix.tap(of: world.actions[selectedAction]) != nil else {
            status = StatusMessage(text: "\"what would make it land there?\" needs a tap: select a link first", isError: true)
            return
        }
        let model = self
        let outcome = LandingSearch.search(world, action: selectedAction, want: want) { variant, _ in
            model.simulate(variant, environment)
        }
        overlay = .fix(FixState(want: want, outcome: outcome, cursor: 0, action: selectedAction))
    }

    /// Applies the selected fix: the same changes the search tried, found again by their words
    /// (the candidates are a pure function of the world, the action and the want).
    mutating func applyFix(_ state: FixState, _ environment: TUIEnvironment) {
        guard state.outcome.fixes.indices.contains(state.cursor) else {
            status = StatusMessage(text: "no fix to apply", isError: true)
            return
        }
        let fix = state.outcome.fixes[state.cursor]
        let candidates = LandingSearch.candidates(world, action: state.action, want: state.want)
        var chosen: [LandingSearch.Change] = []
        for step in fix.steps {
            guard let change = candidates.first(where: { $0.description == step.description && $0.who == step.who }) else {
                status = StatusMessage(text: "cannot apply: the change \"\(step.description)\" is no longer offered", isError: true)
                return
            }
            chosen.append(change)
        }
        overlay = nil
        recordUndo()
        for change in chosen { change.apply(&world, state.action) }
        selectedAction = state.action
        traceCursor = 0
        resimulate(environment, cause: "fix: " + fix.steps.map(\.description).joined(separator: " + ") + " (u undoes)")
    }

    /// The overlay's text: a header, then one block per fix. `fixStarts[i]` is where fix i begins.
    func fixLines(_ state: FixState, width: Int) -> (lines: [String], fixStarts: [Int]) {
        var lines: [String] = []
        var starts: [Int] = []
        /// Wrapped text: the first line after `first`, the others after `rest` (wrapping trims spaces).
        func add(_ text: String, first: String = "", rest: String = "") {
            let wrapped = TerminalText.wrap(text, columns: max(1, width - max(first.count, rest.count)))
            for (index, line) in wrapped.enumerated() { lines.append((index == 0 ? first : rest) + line) }
        }
        let outcome = state.outcome
        if world.actions.indices.contains(state.action) {
            add("Action \(state.action + 1): \(ActionText.line(world.actions[state.action]))")
        }
        add(
            "Want: "
                + FixState.wantable(world).map { $0 == state.want ? "[\(FixState.label($0))]" : FixState.label($0) }
                .joined(separator: " ") + "   (←/→ or h/l change it)", rest: "      ")
        if let current = outcome.current {
            var now = "Now: " + (current.landing.map { "\(LandingText.label($0.kind)) \(LandingText.headline($0))" } ?? "no landing")
            switch ResultFacts.certainty(current) {
            case .sourced: break
            case .assumption: now += "  ≈ rests on an assumption"
            case .unknown(let reason): now += "  ? UNKNOWN: no sourced rule (\(reason))"
            }
            if let rule = ResultFacts.decidingRule(current) { now += "  — decided by \(rule)" }
            add(now, rest: "     ")
        } else {
            add("Now: no result from the simulator")
        }
        let tried =
            "\(outcome.singlesTried) single change\(outcome.singlesTried == 1 ? "" : "s")"
            + (outcome.pairsTried > 0 ? " and \(outcome.pairsTried) pairs" : "") + " tried"
        if outcome.alreadyThere {
            add("It already lands there. Changes that keep it there (\(tried)):")
        } else if outcome.fixes.isEmpty {
            add("No change found that lands there (\(tried)). linksim only tries changes it can name a rule for.")
        } else {
            add("\(outcome.fixes.count) way\(outcome.fixes.count == 1 ? "" : "s") to land there (\(tried)):")
        }
        lines.append("")
        for (index, fix) in outcome.fixes.enumerated() {
            starts.append(lines.count)
            // The selected fix is marked in text too (plain-text screens and NO_COLOR have no highlight).
            let mark = index == state.cursor ? "›" : " "
            for (stepIndex, step) in fix.steps.enumerated() {
                let lead = stepIndex == 0 ? "\(mark)\(index + 1). " : "   + "
                add("\(step.who.rawValue): \(step.description)", first: lead, rest: "      ")
            }
            var result = "lands: \(LandingText.label(fix.landing.kind)) \(LandingText.headline(fix.landing))"
            if case .assumption(let text) = fix.certainty { result += "  ≈ ASSUMPTION: \(text)" }
            add(result, first: "    ", rest: "      ")
            add(
                "rule: \(fix.ruleBefore?.rawValue ?? "none") → \(fix.ruleAfter?.rawValue ?? "none")"
                    + (fix.newRules.isEmpty ? "" : "  (new: \(fix.newRules.map(\.rawValue).joined(separator: ", ")))"), first: "    ", rest: "      ")
        }
        return (lines, starts)
    }
}

/// Where the fix overlay is drawn (render) and how far it scrolls (update).
enum FixBox {
    static func rect(_ size: Size) -> Rect { DetailsBox.rect(size) }
    static func textWidth(_ size: Size) -> Int { DetailsBox.textWidth(size) }
}

extension ScreenPainter {
    func paintFix(_ state: FixState, into grid: inout Grid) {
        let box = FixBox.rect(grid.size)
        let rect = dialog(
            width: box.width, height: box.height, title: "What would make it land there? — Enter applies, Esc closes",
            into: &grid)
        let inner = rect.inner
        let (lines, starts) = model.fixLines(state, width: FixBox.textWidth(grid.size))
        let visible = max(1, inner.height - 1)
        // Keep the selected fix's block in view.
        var offset = 0
        if starts.indices.contains(state.cursor) {
            let start = starts[state.cursor]
            let end = starts.indices.contains(state.cursor + 1) ? starts[state.cursor + 1] : lines.count
            if end > visible { offset = min(start, end - visible) }
            offset = max(0, min(offset, max(0, lines.count - visible)))
        }
        let selected: Range<Int>? =
            starts.indices.contains(state.cursor)
            ? starts[state.cursor]..<(starts.indices.contains(state.cursor + 1) ? starts[state.cursor + 1] : lines.count) : nil
        for row in 0..<visible {
            let index = offset + row
            guard index < lines.count else { break }
            let line = lines[index]
            var style = theme.text
            if line.contains("≈ ASSUMPTION") || line.contains("≈ rests") { style = theme.secondary }
            if line.contains("UNKNOWN") { style = theme.error }
            if line.hasPrefix("Want:") || line.hasPrefix("Now:") { style = theme.paneTitle }
            if selected?.contains(index) == true {
                style = theme.cursor
                grid.fill(Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1), style: style)
            }
            grid.put(line, x: inner.x + 1, y: inner.y + row, maxWidth: inner.width - 2, style: style)
        }
        if offset > 0 { grid.put("↑ more", x: rect.maxX - 9, y: rect.y, style: theme.secondary) }
        if offset + visible < lines.count { grid.put("↓ more (j)", x: rect.maxX - 12, y: rect.maxY - 1, style: theme.secondary) }
        grid.put(
            "↑↓ choose  ←→ want  Enter apply (u undoes)  ≈ assumption  Esc close", x: inner.x + 1, y: inner.maxY - 1,
            maxWidth: inner.width - 2, style: theme.secondary)
    }
}
