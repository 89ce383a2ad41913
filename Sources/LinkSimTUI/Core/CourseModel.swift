import LinkSimCore

/// The course mode of the TUI (`linksim learn`): the lesson list, the step being done, and what the
/// learner has done so far. Plain data inside `TUIModel`; `CourseUpdate` changes it, `CourseRender` draws it.
package struct CourseSession: Sendable, Equatable {
    package enum Screen: Sendable, Equatable {
        /// The lesson list; `cursor` indexes `course.lessons`.
        case list(cursor: Int)
        case lesson
    }

    /// What the learner has done in the current step.
    package enum StepState: Sendable, Equatable {
        case tour
        /// `picked`: the learner's answer (nil until answered); `cursor`: the highlighted choice.
        case predict(cursor: Int, picked: Int?)
        case knob(hints: Int, reached: Bool, mismatches: [String])
        case fix(hints: Int, outcome: LessonChecker.FixOutcome?)
    }

    package var course: Course
    package var progress: CourseProgress
    /// Where progress is saved after every change (atomically, by the runner).
    package var progressPath: String
    /// Where the learner's copies of files to fix are kept.
    package var workDirectory: String
    package var screen: Screen = .list(cursor: 0)
    package var lessonIndex = 0
    package var stepIndex = 0
    package var step: StepState = .tour
    /// `P` hides the lesson panel to see every pane.
    package var panelHidden = false
    /// `M`: the whole step shown over the screen, scrolled this many lines (nil: closed).
    package var reading: Int?
    /// `I`: the file to fix, edited inside the TUI.
    package var inline: InlineFileEdit?
    /// The main screen shows the step's world with the learner's checked file instead of the broken one.
    package var showsLearnersFile = false
    /// A predict step's verdict, kept from the moment of the answer (render never simulates).
    package var verdict: PredictVerdict?

    package init(course: Course, progress: CourseProgress, progressPath: String, workDirectory: String) {
        self.course = course
        self.progress = progress
        self.progressPath = progressPath
        self.workDirectory = workDirectory
    }

    package var lesson: Lesson? { course.lessons.indices.contains(lessonIndex) ? course.lessons[lessonIndex] : nil }

    package var currentStep: LessonStep? {
        guard let lesson, lesson.steps.indices.contains(stepIndex) else { return nil }
        return lesson.steps[stepIndex]
    }

    /// The first line the step text shows: `scroll`, kept so the last screenful stays full.
    static func readingOffset(_ scroll: Int, lines: Int, visible: Int) -> Int {
        max(0, min(scroll, lines - visible))
    }

    /// The first lesson not done at `start` or after it, else before it (the list wraps); nil when all are done.
    package func nextUnfinishedLesson(from start: Int) -> Int? {
        let lessons = course.lessons
        guard !lessons.isEmpty else { return nil }
        let first = max(0, min(start, lessons.count))
        return (Array(first..<lessons.count) + Array(0..<first)).first { !progress.isDone(lessons[$0]) }
    }

    /// The learner's copy of the file a fix step repairs.
    package func workFile(for step: LessonStep) -> String? {
        guard case .fix(let task) = step.kind, let lesson else { return nil }
        let name = task.file.split(separator: "/").last.map(String.init) ?? "file"
        return workDirectory + "/\(lesson.id)-\(stepIndex + 1)-\(name)"
    }

    /// True when the current step counts as done (its progress is recorded).
    package var stepDone: Bool {
        guard let lesson else { return false }
        return lesson.steps.indices.contains(stepIndex) && progress.record(lesson.id).completed.contains(stepIndex)
    }

    /// Whether the main screen would give away a predict step's answer: it stays hidden until answered.
    package var hidesAnswer: Bool {
        if case .lesson = screen, case .predict(_, nil) = step { return true }
        return false
    }
}

/// What the engine said when the learner answered a predict step.
package struct PredictVerdict: Sendable, Equatable {
    package var right: Bool
    /// The engine's landing, in words.
    package var landing: String
}

/// The glossary overlay (`T`): every term, the ones the selected trace step uses first.
package struct GlossaryOverlay: Sendable, Equatable {
    /// Terms of the trace step it was opened from (shown first, marked).
    package var stepTerms: [String]
    package var scroll = 0
    package init(stepTerms: [String]) { self.stepTerms = stepTerms }

    /// Lines to show at a width.
    package func lines(width: Int) -> [String] {
        var out: [String] = []
        let inStep = stepTerms.compactMap(Glossary.term)
        let rest = Glossary.terms.filter { !stepTerms.contains($0.term) }
        if !inStep.isEmpty { out.append("In this trace step:") }
        for (index, term) in (inStep + rest).enumerated() {
            if index == inStep.count {
                if !inStep.isEmpty { out.append("") }
                out.append("All terms:")
            }
            out.append("• \(term.term)")
            for line in TerminalText.wrap(term.definition, columns: max(10, width - 4)) { out.append("  " + line) }
            // A source is wrapped like the definition (a URL broken where the line ends), never cut off.
            if let source = term.source {
                for line in TerminalText.wrap("source: \(source)", columns: max(10, width - 4)) { out.append("  " + line) }
            }
        }
        return out
    }
}

/// The course's keys. One table drives both input (`CourseUpdate`) and the help screen.
package enum CourseKeys {
    package enum Action: Sendable, Equatable {
        case nextStep, previousStep, hint, editFile, editInline, checkFile, lessonList, glossary, togglePanel, readStep
        case pick(Int)
    }

    package static let bindings: [(keys: [Key], action: Action, help: String)] =
        [
            ([.char(">"), .char(".")], .nextStep, "course: next step (a tour step is done when you move on)"),
            ([.char("<"), .char(",")], .previousStep, "course: previous step"),
            ([.char("H")], .hint, "course: next hint (concept → where to look → the answer)"),
            ([.char("E")], .editFile, "course: edit the file to fix in $EDITOR (checked when you save and quit)"),
            ([.char("I")], .editInline, "course: edit the file to fix inside the TUI, line by line (w saves and checks)"),
            ([.char("C")], .checkFile, "course: check the file to fix again"),
            ([.char("L")], .lessonList, "course: the lesson list"),
            ([.char("P")], .togglePanel, "course: hide / show the lesson panel"),
            ([.char("M")], .readStep, "course: the whole step over the screen, however long (j/k scroll, Esc closes)"),
            ([.char("T")], .glossary, "glossary: every term; the selected trace step's terms first (anywhere)"),
        ] + (1...9).map { n in ([Key.char(Character(String(n)))], Action.pick(n - 1), n == 1 ? "course: predict — pick answer 1…9" : "") }

    package static func action(for key: Key) -> Action? {
        bindings.first { $0.keys.contains(key) }?.action
    }

    /// Lines for the help screen.
    package static func helpLines() -> [String] {
        var lines = ["", "Course (linksim learn) and glossary"]
        for binding in bindings where !binding.help.isEmpty {
            let keys = binding.action == .pick(0) ? "1…9" : binding.keys.map(\.label).joined(separator: " ")
            let padded = keys.count < 16 ? keys + String(repeating: " ", count: 16 - keys.count) : keys + " "
            lines.append("  " + padded + binding.help)
        }
        lines.append("  Enter           lesson list: open the lesson; predict: answer the highlighted choice")
        return lines
    }
}
