import LinkSimCore

/// The course's behaviour: lesson list, steps, answers, hints, progress. Called from `update`
/// through two small hooks (keys first, then a check after every change to the world).
extension TUIModel {
    /// A model that opens on the course: the lesson list, or one lesson (at its first step not done).
    package static func course(
        _ session: CourseSession, lessonID: String? = nil, size: Size, colorEnabled: Bool,
        environment: TUIEnvironment = .live
    ) -> TUIModel {
        var model = TUIModel.demo(size: size, colorEnabled: colorEnabled, environment: environment)
        var session = session
        // Back to the course: the list opens on the first lesson not done yet.
        session.screen = .list(cursor: session.nextUnfinishedLesson(from: 0) ?? 0)
        model.course = session
        if let lessonID, let index = session.course.lessons.firstIndex(where: { $0.id == lessonID }) {
            _ = model.openLesson(index, environment)
        }
        return model
    }

    /// Course and glossary keys; nil when the key is not the course's (the keymap takes it then).
    mutating func handleCourseKey(_ key: Key, _ environment: TUIEnvironment) -> [Effect]? {
        if var open = glossary {
            switch key {
            case .ctrl("c"): return quit()
            case .escape, .char("q"), .char("T"): glossary = nil
            case .down, .char("j"): open.scroll += 1
            case .up, .char("k"): open.scroll = max(0, open.scroll - 1)
            case .pageDown, .char(" "): open.scroll += 10
            case .pageUp: open.scroll = max(0, open.scroll - 10)
            case .home, .char("g"): open.scroll = 0
            default: break
            }
            if glossary != nil { glossary = open }
            return []
        }
        guard overlay == nil else { return nil }
        if let scroll = course?.reading { return handleReadingKey(key, scroll: scroll) }
        if let edit = course?.inline { return handleInlineKey(key, edit) }
        let action = CourseKeys.action(for: key)
        if action == .glossary, !(course?.hidesAnswer ?? false) {
            let step = selectedStep
            let text = [step?.summary, step?.detail].compactMap { $0 }.joined(separator: " ")
            glossary = GlossaryOverlay(stepTerms: Glossary.terms(in: text).map(\.term))
            return []
        }
        guard let session = course else { return nil }
        switch session.screen {
        case .list(let cursor):
            return handleListKey(key, cursor: cursor, environment)
        case .lesson:
            if session.hidesAnswer { return handlePredictKey(key, environment) }
            switch action {
            case .nextStep?: return moveStep(by: 1, environment)
            case .previousStep?: return moveStep(by: -1, environment)
            case .hint?: return nextHint()
            case .editFile?: return editFixFile()
            case .editInline?: return openInlineEdit()
            case .checkFile?: return checkFixFile()
            case .lessonList?: return showList()
            case .togglePanel?:
                course?.panelHidden.toggle()
                return []
            case .readStep?:
                course?.reading = 0
                return []
            case .pick?, .glossary?, nil: return nil
            }
        }
    }

    /// Keys while the whole step is shown (`M`): scroll, or close.
    private mutating func handleReadingKey(_ key: Key, scroll: Int) -> [Effect] {
        var next: Int? = scroll
        switch key {
        case .ctrl("c"): return quit()
        case .escape, .char("q"), .char("M"), .enter: next = nil
        case .down, .char("j"): next = scroll + 1
        case .up, .char("k"): next = max(0, scroll - 1)
        case .pageDown, .char(" "): next = scroll + 10
        case .pageUp: next = max(0, scroll - 10)
        case .home, .char("g"): next = 0
        default: break
        }
        if let wanted = next, let session = course {
            // Stop at the last screenful, as drawn (the dialog's frame takes four rows).
            let painter = ScreenPainter(model: self, theme: Theme(color: false), layout: layout, rules: RuleCatalog.rule)
            let count = painter.stepTextLines(session, screen: size).count
            next = CourseSession.readingOffset(wanted, lines: count, visible: size.height - 4)
        }
        course?.reading = next
        return []
    }

    private mutating func handleListKey(_ key: Key, cursor: Int, _ environment: TUIEnvironment) -> [Effect]? {
        let count = course?.course.lessons.count ?? 0
        var next = cursor
        switch key {
        case .ctrl("c"), .char("q"): return quit()
        case .char("?"): return nil
        case .up, .char("k"): next -= 1
        case .down, .char("j"): next += 1
        case .home, .char("g"): next = 0
        case .end, .char("G"): next = count - 1
        case .pageUp: next -= 10
        case .pageDown: next += 10
        case .enter, .char("l"), .right: return openLesson(cursor, environment)
        default: return []
        }
        course?.screen = .list(cursor: max(0, min(count - 1, next)))
        return []
    }

    private mutating func handlePredictKey(_ key: Key, _ environment: TUIEnvironment) -> [Effect]? {
        guard case .predict(let cursor, _)? = course?.step, let step = course?.currentStep,
            case .predict(let choices, _) = step.kind
        else { return [] }
        switch key {
        case .ctrl("c"), .char("q"): return quit()
        case .char("?"): return nil
        case .up, .char("k"): course?.step = .predict(cursor: max(0, cursor - 1), picked: nil)
        case .down, .char("j"): course?.step = .predict(cursor: min(choices.count - 1, cursor + 1), picked: nil)
        case .enter: return pick(cursor)
        case .escape: return showList()
        default:
            switch CourseKeys.action(for: key) {
            case .pick(let n)?: return n < choices.count ? pick(n) : []
            case .lessonList?: return showList()
            case .nextStep?: return moveStep(by: 1, environment)
            case .previousStep?: return moveStep(by: -1, environment)
            default: break
            }
        }
        return []
    }

    /// Opens a lesson at its first step not done (the first step when all are done).
    mutating func openLesson(_ index: Int, _ environment: TUIEnvironment) -> [Effect] {
        guard var session = course, session.course.lessons.indices.contains(index) else { return [] }
        let lesson = session.course.lessons[index]
        session.lessonIndex = index
        let done = Set(session.progress.record(lesson.id).completed)
        let first = lesson.steps.indices.first { !done.contains($0) } ?? 0
        course = session
        enterStep(first, environment)
        return []
    }

    /// The list, on the current lesson; once that lesson is done, on the next one not done.
    mutating func showList() -> [Effect] {
        guard var session = course else { return [] }
        var cursor = session.lessonIndex
        if let lesson = session.lesson, session.progress.isDone(lesson) {
            cursor = session.nextUnfinishedLesson(from: session.lessonIndex + 1) ?? cursor
        }
        session.screen = .list(cursor: cursor)
        course = session
        return []
    }

    /// Puts the step's world on the main screen and resets the step's state.
    mutating func enterStep(_ index: Int, _ environment: TUIEnvironment) {
        guard var session = course, let lesson = session.lesson, lesson.steps.indices.contains(index) else { return }
        let step = lesson.steps[index]
        session.stepIndex = index
        session.screen = .lesson
        session.inline = nil
        session.reading = nil
        session.verdict = nil
        session.showsLearnersFile = false
        let keptSize = size
        let keptColor = colorEnabled
        let keptDirectory = scenariosDirectory
        // The scenario's own `expect`s are not the lesson's question: the step's goal or answer is.
        // Without them the landing box and timeline cannot give a predict answer away, nor say
        // "FAILED" when a learner reaches a knob goal.
        var world = step.world
        for index in world.actions.indices { world.actions[index].expect = nil }
        var fresh = TUIModel(world: world, mode: .timeline, sourcePath: step.world.file, size: keptSize, colorEnabled: keptColor)
        fresh.selectedAction = step.action
        fresh.resimulate(environment, cause: nil)
        fresh.scenariosDirectory = keptDirectory
        switch step.kind {
        case .tour:
            session.step = .tour
            fresh.focus = .trace
        case .predict:
            session.step = .predict(cursor: 0, picked: nil)
            fresh.focus = .trace
        case .knob(let goal, _):
            let (_, check) = LessonChecker.goalCheck(goal, step: step, world: step.world)
            session.step = .knob(hints: 0, reached: check.passed, mismatches: check.mismatches.map(\.description))
            fresh.focus = .device
        case .fix:
            session.step = .fix(hints: 0, outcome: nil)
            fresh.focus = .trace
        }
        fresh.course = session
        self = fresh
    }

    mutating func moveStep(by offset: Int, _ environment: TUIEnvironment) -> [Effect] {
        guard let session = course, let lesson = session.lesson else { return [] }
        var effects: [Effect] = []
        // A tour step is done when the learner moves on from it.
        if offset > 0, case .tour = session.step { effects += completeStep() }
        let target = session.stepIndex + offset
        if target < 0 { return effects }
        if target >= lesson.steps.count {
            _ = showList()
            let done = course?.progress.isDone(lesson) ?? false
            status = StatusMessage(
                text: done ? "lesson “\(lesson.title)” done ✓" : "end of “\(lesson.title)”: some steps are not done yet (marked ·)", isError: false)
            return effects
        }
        enterStep(target, environment)
        return effects
    }

    /// Records the current step as done and asks the runner to save the progress.
    mutating func completeStep() -> [Effect] {
        guard var session = course, let lesson = session.lesson else { return [] }
        session.progress.complete(step: session.stepIndex, of: lesson.id)
        course = session
        return [.saveProgress(path: session.progressPath, text: session.progress.encoded())]
    }

    mutating func pick(_ choice: Int) -> [Effect] {
        guard var session = course, let lesson = session.lesson, let step = session.currentStep,
            case .predict(let choices, _) = step.kind, choices.indices.contains(choice)
        else { return [] }
        let result = LessonChecker.result(of: step)
        let right = LessonChecker.correctChoices(choices, result).contains(choice)
        session.progress.recordPrediction(step: session.stepIndex, of: lesson.id, right: right)
        session.step = .predict(cursor: choice, picked: choice)
        // The kind first, as the landing box's badge shows it: an error's headline alone is only its URL.
        let said =
            result?.landing.map { landing in
                let headline = LandingText.headline(landing)
                return landing.kind.rawValue.uppercased() + (headline.isEmpty ? "" : " " + headline)
            } ?? "nothing"
        session.verdict = PredictVerdict(right: right, landing: said)
        course = session
        status = StatusMessage(text: right ? "✓ right: \(said)" : "✗ not quite — the engine says: \(said)", isError: !right)
        // Right or wrong, the why pane opens on the step whose rule decided the landing.
        if let result, let rule = ResultFacts.decidingRule(result), let index = trace.lastIndex(where: { $0.rule == rule }) {
            moveTraceCursor(to: index)
        }
        return completeStep()
    }

    mutating func nextHint() -> [Effect] {
        guard let step = course?.currentStep else { return [] }
        switch course?.step {
        case .knob(let hints, let reached, let mismatches)?:
            if hints >= step.hints.count {
                status = StatusMessage(text: step.hints.isEmpty ? "this step has no hints" : "that was the last hint", isError: false)
                return []
            }
            course?.step = .knob(hints: hints + 1, reached: reached, mismatches: mismatches)
        case .fix(let hints, let outcome)?:
            if hints >= step.hints.count {
                status = StatusMessage(text: step.hints.isEmpty ? "this step has no hints" : "that was the last hint", isError: false)
                return []
            }
            course?.step = .fix(hints: hints + 1, outcome: outcome)
        default:
            status = StatusMessage(text: "hints come with find-the-knob and fix-the-file steps", isError: false)
        }
        return []
    }

    mutating func editFixFile() -> [Effect] {
        guard let session = course, let step = session.currentStep, case .fix(let task) = step.kind,
            let work = session.workFile(for: step)
        else {
            status = StatusMessage(text: "E edits the file of a fix-the-file step", isError: false)
            return []
        }
        return [.editFile(path: work, seedFrom: task.resolvedFile)]
    }

    mutating func checkFixFile() -> [Effect] {
        guard let session = course, let step = session.currentStep, let work = session.workFile(for: step) else {
            status = StatusMessage(text: "C checks the file of a fix-the-file step", isError: false)
            return []
        }
        return [.checkFix(step: step, path: work)]
    }

    /// The answers to the course's effects.
    mutating func handleCourseEvent(_ event: Event, _ environment: TUIEnvironment) -> [Effect] {
        switch event {
        case .progressSaved:
            return []
        case .progressSaveFailed(let path, let message):
            status = StatusMessage(text: "could not save progress to \(path): \(message)", isError: true)
            return []
        case .fileEdited(let path):
            guard let step = course?.currentStep else { return [] }
            return [.checkFix(step: step, path: path)]
        case .fileEditFailed(let path, let message):
            status = StatusMessage(text: "could not edit \(path): \(message)", isError: true)
            return []
        case .fixFileLoaded(let path, let text):
            course?.inline = InlineFileEdit(path: path, text: text)
            return []
        case .fixChecked(let outcome, let path, let checkedWorld):
            guard case .fix(let hints, _)? = course?.step else { return [] }
            course?.step = .fix(hints: hints, outcome: outcome)
            if let checkedWorld { showLearnersFile(checkedWorld, environment) }
            if outcome.passed {
                status = StatusMessage(
                    text: "✓ fixed: \(path.split(separator: "/").last.map(String.init) ?? path) makes the link land where it should", isError: false)
                return completeStep()
            }
            status = StatusMessage(text: "not fixed yet: see the lesson panel (E or I edits again)", isError: true)
            return []
        default:
            return []
        }
    }

    /// Once the learner's file is checked, the main screen shows the world with it (the Landing pane
    /// says so): the landing and trace of the file that was checked, not of the broken one.
    /// `R` and `u` stay within that world.
    mutating func showLearnersFile(_ checked: Scenario, _ environment: TUIEnvironment) {
        var shown = checked
        for index in shown.actions.indices { shown.actions[index].expect = nil }
        course?.showsLearnersFile = true
        guard shown != world else { return }
        world = shown
        initialWorld = shown
        undoStack = []
        redoStack = []
        resimulate(environment, cause: "your file")
    }

    /// After every change: a find-the-knob step checks its goal against the changed world.
    mutating func courseAfterChange(previousWorld: Scenario) -> [Effect] {
        guard let session = course, case .lesson = session.screen, let step = session.currentStep,
            case .knob(let goal, _) = step.kind, case .knob(let hints, let reached, _) = session.step,
            world != previousWorld
        else { return [] }
        let (_, check) = LessonChecker.goalCheck(goal, step: step, world: world)
        // A step that names its `knobs` counts only changes to them: the goal reached another way is not its answer.
        let outside = LessonChecker.changesOutside(step.knobs, step: step, original: step.world, changed: world)
        if check.passed, !outside.isEmpty, !reached {
            course?.step = .knob(hints: hints, reached: false, mismatches: [])
            let knobs = (step.knobs ?? []).joined(separator: ", ")
            let changed = outside.joined(separator: ", ")
            status = StatusMessage(
                text: "Not yet: the goal is reached, but this step counts only changes to \(knobs) (you changed \(changed)); u undoes, R resets",
                isError: true)
            return []
        }
        course?.step = .knob(hints: hints, reached: reached || check.passed, mismatches: check.mismatches.map(\.description))
        if check.passed, !reached {
            status = StatusMessage(text: "✓ goal reached", isError: false)
            return completeStep()
        }
        return []
    }
}
