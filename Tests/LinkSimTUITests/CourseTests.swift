import Foundation
import LinkSimCore
import Testing

@testable import LinkSimTUI

/// The course mode (`linksim learn`) as a state machine: lesson list, predict, find the knob, fix
/// the file, glossary, progress — with the real simulator, since lessons are about the real rules.
enum CourseFixture {
    static let lessonsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scenarios/lessons")

    static let course: Course = {
        let walker = FileManager.default.enumerator(atPath: lessonsDirectory.path)
        let files = (walker?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".lesson") }.sorted()
        return Course(lessons: files.compactMap { try? LessonLoader.load(path: lessonsDirectory.appendingPathComponent($0).path) })
    }()

    static func model(lesson: String? = nil, size: Size = Layout.minimum, directory: String = "/nonexistent/linksim-test") -> TUIModel {
        let session = CourseSession(
            course: course, progress: CourseProgress(), progressPath: directory + "/progress.json",
            workDirectory: directory + "/work")
        return TUIModel.course(session, lessonID: lesson, size: size, colorEnabled: false)
    }

    static func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linksim-course-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}

extension TUIModel {
    /// Keys through `update` with the live simulator, collecting every effect.
    func live(_ keys: Key...) -> (TUIModel, [Effect]) {
        var model = self
        var effects: [Effect] = []
        for key in keys {
            let (next, more) = update(model, .key(key), .live)
            model = next
            effects += more
        }
        return (model, effects)
    }
}

@Suite struct CourseUpdateTests {
    @Test func theListOpensALessonAtItsFirstStep() throws {
        let model = CourseFixture.model()
        #expect(model.course?.screen == .list(cursor: 0))
        let (moved, _) = model.live(.char("j"), .char("j"))
        #expect(moved.course?.screen == .list(cursor: 2))
        let (opened, _) = moved.live(.enter)
        let lesson = try #require(opened.course?.lesson)
        #expect(lesson.id == CourseFixture.course.lessons[2].id)
        #expect(opened.course?.screen == .lesson)
        #expect(opened.course?.stepIndex == 0)
        #expect(opened.world.name == lesson.steps[0].world.name)
        #expect(opened.world.actions.map(\.kind) == lesson.steps[0].world.actions.map(\.kind))
        #expect(opened.world.actions.allSatisfy { $0.expect == nil }, "the scenario's expects are not the lesson's question")
        #expect(opened.selectedAction == lesson.steps[0].action)
        // L goes back to the list, on the same lesson.
        #expect(opened.live(.char("L")).0.course?.screen == .list(cursor: 2))
        // q quits from the list.
        #expect(moved.live(.char("q")).0.wantsQuit)
    }

    @Test func predictHidesTheAnswerScoresTheFirstTryAndExplains() throws {
        let model = CourseFixture.model(lesson: "cold-start-handler")
        #expect(model.course?.hidesAnswer == true)
        let question = PlainTextBackend.text(of: render(model, size: model.size))
        #expect(question.contains("Where does action #1 land?"))
        #expect(question.contains("1  the app, in scene(_:continue:)"))
        #expect(!question.contains("› ProductDetail"), "the landing must stay hidden until the learner answers:\n\(question)")
        // Keys of the main screen do nothing while the question is open (no peeking at the trace).
        #expect(model.live(.tab).0.course == model.course)
        // Choice 1 is wrong (cold starts go to willConnectTo): scored, recorded, saved, explained.
        let (answered, effects) = model.live(.char("1"))
        let session = try #require(answered.course)
        #expect(session.step == .predict(cursor: 0, picked: 0))
        #expect(session.progress.record("cold-start-handler").predictions == ["0": false])
        #expect(session.progress.record("cold-start-handler").completed == [0])
        #expect(answered.status?.isError == true)
        #expect(answered.status?.text.contains("the engine says") == true)
        guard case .saveProgress(let path, let text)? = effects.last else {
            Issue.record("no save after answering: \(effects)")
            return
        }
        #expect(path == "/nonexistent/linksim-test/progress.json")
        #expect(try CourseProgress.decode(Array(text.utf8)) == session.progress)
        // The why pane opens on the step whose rule decided the landing.
        let deciding = try #require(answered.result.flatMap(ResultFacts.decidingRule))
        #expect(answered.trace[answered.traceCursor].rule == deciding)
        let screen = PlainTextBackend.text(of: render(answered, size: answered.size))
        #expect(screen.contains("✗ You said"))
        #expect(screen.contains("willConnectTo"))
        // The step counts as done, but its title does not say ✓ after a wrong answer; the answer names the landing's kind.
        #expect(screen.contains("✗ answered"), "\(screen)")
        #expect(!screen.contains("(predict) ✓") && !screen.contains("predict ✓"))
        #expect(screen.contains("says it lands: APP"))
        // A second answer does not change the score.
        let (again, _) = answered.live(.char("2"))
        #expect(again.course.map { $0.progress.score == (0, 1) } == true)
        // The right answer, on a fresh model, scores.
        let (right, _) = model.live(.down, .enter)
        #expect(right.course.map { $0.progress.score == (1, 1) } == true)
        #expect(right.status?.text.hasPrefix("✓ right") == true)
    }

    @Test func findTheKnobIsCheckedAfterEveryChangeWithAHintLadder() throws {
        // on-new-intent: step 1 predict, step 2 knob.
        let (start, _) = CourseFixture.model(lesson: "on-new-intent").live(.char("2"), .char(">"))
        let session = try #require(start.course)
        #expect(session.stepIndex == 1)
        guard case .knob(0, false, let mismatches) = session.step else {
            Issue.record("expected an unreached knob step, got \(session.step)")
            return
        }
        #expect(mismatches.contains { $0.contains("screen") })
        #expect(start.focus == .device)
        // The hint ladder: three rungs, then "the last hint".
        let (hinted, _) = start.live(.char("H"), .char("H"), .char("H"), .char("H"))
        if case .knob(let hints, _, _)? = hinted.course?.step { #expect(hints == 3) }
        #expect(hinted.status?.text == "that was the last hint")
        #expect(PlainTextBackend.text(of: render(hinted, size: Size(width: 120, height: 40))).contains("Hint: Set it to terminated"))
        // Change the app's state knob: background → terminated (cold): the goal is reached.
        var onKnob = start
        onKnob.knobCursor = try #require(start.knobs.firstIndex { $0.id == .appState(app: 0) })
        let (changed, effects) = onKnob.live(.left)
        #expect(changed.world.apps[0].state == .terminated)
        guard case .knob(_, true, _)? = changed.course?.step else {
            Issue.record("goal not reached: \(String(describing: changed.course?.step))")
            return
        }
        #expect(changed.status?.text == "✓ goal reached")
        #expect(changed.course?.progress.record("on-new-intent").completed == [0, 1])
        #expect(effects.contains { if case .saveProgress = $0 { return true } else { return false } })
        // Going back to foreground leaves it reached (the step stays done).
        let (back, _) = changed.live(.right, .right)
        if case .knob(_, let reached, _)? = back.course?.step { #expect(reached) }
    }

    @Test func aTapContextKnobCanReachTheGoal() throws {
        // in-app-browsers step 4: the same link, tapped somewhere else.
        var model = CourseFixture.model(lesson: "in-app-browsers").live(.char("2"), .char(">"), .char("2"), .char(">"), .char(">")).0
        #expect(model.course?.stepIndex == 3)
        model.knobCursor = try #require(model.knobs.firstIndex { $0.id == .tapSource })
        var reached = false
        for _ in 0..<20 where !reached {
            model = model.live(.right).0
            if case .knob(_, true, _)? = model.course?.step { reached = true }
        }
        #expect(reached, "no tap source reached the goal")
        if case .tap(let tap)? = model.world.actions.first?.kind { #expect(tap.from != .inAppBrowser) }
    }

    /// The step names its knobs (`knobs:`): flipping the in-app-browser assumption reaches the goal's landing but is not
    /// the step's answer, and the course says so instead of "goal reached".
    @Test func aChangeOutsideTheStepsKnobsDoesNotCount() throws {
        var model = CourseFixture.model(lesson: "in-app-browsers").live(.char("2"), .char(">"), .char("2"), .char(">"), .char(">")).0
        #expect(model.course?.stepIndex == 3)
        model.knobCursor = try #require(model.knobs.firstIndex { $0.id == .inAppBrowsersOpenApp })
        model = model.live(.right).0
        #expect(model.world.assumptions.inAppBrowsersOpenApps)
        if case .knob(_, let reached, _)? = model.course?.step { #expect(!reached) } else { Issue.record("not a knob step") }
        let status = model.status?.text ?? ""
        #expect(status.hasPrefix("Not yet: the goal is reached, but this step counts only changes to tap.from"), "\(status)")
        #expect(model.status?.text.contains("you changed assumptions.inAppBrowsersOpenApps") == true)
    }

    @Test func fixTheFileEditsACopyAndChecksItWithTheEngine() throws {
        let directory = try CourseFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (start, _) = CourseFixture.model(lesson: "aasa-fix", directory: directory).live(.char("2"), .char(">"))
        let step = try #require(start.course?.currentStep)
        guard case .fix(let task) = step.kind else {
            Issue.record("expected the fix step")
            return
        }
        let (asked, effects) = start.live(.char("E"))
        let work = directory + "/work/aasa-fix-2-aasa-no-team.json"
        #expect(effects == [.editFile(path: work, seedFrom: task.resolvedFile)])
        // The runner's side, without an editor: seed the copy, then "edit" it.
        #expect(CourseEffects.seed(work, from: task.resolvedFile) == nil)
        #expect(FileManager.default.contents(atPath: work) == FileManager.default.contents(atPath: task.resolvedFile))
        // Still broken: checked, not done, the engine's landing shown.
        var (checked, more) = update(asked, .fileEdited(path: work), .live)
        #expect(more == [.checkFix(step: step, path: work)])
        (checked, more) = update(checked, CourseEffects.check(step, path: work), .live)
        #expect(checked.status?.isError == true)
        #expect(checked.course?.stepDone == false)
        #expect(PlainTextBackend.text(of: render(checked, size: Size(width: 120, height: 40))).contains("With your file it lands: safari"))
        // Repaired: done and saved.
        try Data(try LocalFiles().read(task.solution)).write(to: URL(fileURLWithPath: work))
        (checked, more) = update(checked, CourseEffects.check(step, path: work), .live)
        #expect(checked.course?.stepDone == true)
        #expect(checked.status?.text.hasPrefix("✓ fixed") == true)
        #expect(more.contains { if case .saveProgress = $0 { return true } else { return false } })
        // The lesson's own broken file is untouched, and seeding again keeps the learner's work.
        #expect(CourseEffects.seed(work, from: task.resolvedFile) == nil)
        #expect(FileManager.default.contents(atPath: work) == FileManager.default.contents(atPath: task.solution))
    }

    @Test func onceFixedTheLandingAndTraceShowTheLearnersFile() throws {
        let directory = try CourseFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let start = CourseFixture.model(lesson: "aasa-fix", directory: directory).live(.char("2"), .char(">")).0
        let step = try #require(start.course?.currentStep)
        guard case .fix(let task) = step.kind else {
            Issue.record("expected the fix step")
            return
        }
        #expect(start.result?.landing?.kind == .browser, "the broken file sends the link to the browser")
        let work = directory + "/work/aasa-fix-2-aasa-no-team.json"
        #expect(CourseEffects.seed(work, from: task.resolvedFile) == nil)
        try Data(try LocalFiles().read(task.solution)).write(to: URL(fileURLWithPath: work))
        let fixed = update(start, CourseEffects.check(step, path: work), .live).0
        #expect(fixed.status?.text.hasPrefix("✓ fixed") == true)
        #expect(fixed.result?.landing?.kind == .app, "the Landing pane still shows the broken file's landing")
        if case .fix(_, let outcome?)? = fixed.course?.step { #expect(fixed.trace == outcome.result?.trace) }
        let screen = PlainTextBackend.text(of: render(fixed, size: Layout.minimum))
        #expect(screen.contains("· with your file"), "\(screen)")
        #expect(screen.contains(" APP "), "\(screen)")
        // The next step starts from its own world again.
        let next = fixed.live(.char(">")).0
        #expect(next.course?.showsLearnersFile == false)
    }

    @Test func fixTheFileInlineLineByLine() throws {
        let directory = try CourseFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // aasa-fix step 3: an entitlement with a path. Through the runner, so effects really run.
        var model = CourseFixture.model(lesson: "aasa-fix", directory: directory)
        for key: Key in [.char("2"), .char(">"), .char(">"), .char("I")] { model = TUIRunner.step(model, .key(key), .live) }
        let edit = try #require(model.course?.inline)
        #expect(edit.path.hasSuffix("/work/aasa-fix-3-Shop-path.entitlements"))
        let line = try #require(edit.lines.firstIndex { $0.contains("applinks:shop.example.com/product") })
        let screen = PlainTextBackend.text(of: render(model, size: Layout.minimum))
        #expect(screen.contains("-Shop-path.entitlements ─"))
        #expect(screen.contains("↑↓ line · Enter edit"))
        // Go to the line, edit it: delete "/product" (8 characters before "</string>").
        var keys: [Key] = Array(repeating: .down, count: line) + [.enter, .end]
        keys += Array(repeating: .left, count: "</string>".count) + Array(repeating: .backspace, count: "/product".count) + [.enter]
        for key in keys { model = TUIRunner.step(model, .key(key), .live) }
        #expect(model.course?.inline?.lines[line].contains("<string>applinks:shop.example.com</string>") == true)
        #expect(model.course?.inline?.dirty == true)
        // w writes the copy (atomically) and checks it with the engine: the step is done.
        model = TUIRunner.step(model, .key(.char("w")), .live)
        #expect(model.course?.inline == nil)
        #expect(model.course?.stepDone == true, "\(String(describing: model.status))")
        #expect(try String(contentsOfFile: edit.path, encoding: .utf8).contains("<string>applinks:shop.example.com</string>"))
        let saved = try CourseProgress.decode(try LocalFiles().read(directory + "/progress.json"))
        #expect(saved.record("aasa-fix").completed.contains(2))
        // Esc with unsaved changes asks first; a second Esc discards them and says so.
        var again = TUIRunner.step(model, .key(.char("I")), .live)
        again = again.pressing([.char("o"), .char("x"), .enter, .escape], environment: .live)
        #expect(again.course?.inline != nil)
        #expect(again.status?.text == "unsaved changes: Esc again drops them, w saves and checks")
        again = again.pressing([.escape], environment: .live)
        #expect(again.course?.inline == nil)
        #expect(again.status?.text == "closed without saving (w saves and checks)")
    }

    /// `u` in the inline editor undoes the last change (a deleted line, a new line, an edited line), and says when
    /// there is nothing to undo; a key between two Escs cancels the first.
    @Test func theInlineEditorUndoes() throws {
        let directory = try CourseFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var model = CourseFixture.model(lesson: "aasa-fix", directory: directory)
        for key: Key in [.char("2"), .char(">"), .char(">"), .char("I")] { model = TUIRunner.step(model, .key(key), .live) }
        let original = try #require(model.course?.inline?.lines)
        model = model.pressing([.char("u")], environment: .live)
        #expect(model.status?.text == "nothing to undo in this file")
        model = model.pressing([.char("x"), .char("x"), .char("o"), .char("z"), .enter], environment: .live)
        #expect(model.course?.inline?.lines.count == original.count - 1)
        model = model.pressing([.char("u"), .char("u"), .char("u")], environment: .live)
        #expect(model.course?.inline?.lines == original)
        // Esc asks, another key cancels the question, so the next Esc asks again.
        model = model.pressing([.escape, .down, .escape], environment: .live)
        #expect(model.course?.inline != nil)
        #expect(model.status?.text == "unsaved changes: Esc again drops them, w saves and checks")
    }

    @Test func progressIsWrittenAtomicallyByTheRunner() throws {
        let directory = try CourseFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let model = CourseFixture.model(lesson: "custom-schemes", directory: directory)
        // Tour step: moving on completes it; the runner writes the file.
        let next = TUIRunner.step(model, .key(.char(">")), .live)
        #expect(next.course?.stepIndex == 1)
        let saved = try CourseProgress.decode(try LocalFiles().read(directory + "/progress.json"))
        #expect(saved.record("custom-schemes").completed == [0])
        // No temporary files left next to it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["progress.json"])
    }

    @Test func theGlossaryOpensFromATraceStepAndFromAnywhere() throws {
        // A tour step on universal links: select a trace step that names the AASA file.
        var model = CourseFixture.model(lesson: "universal-links-basics")
        let index = try #require(model.trace.firstIndex { Glossary.terms(in: $0.summary + " " + ($0.detail ?? "")).contains { $0.term == "AASA" } })
        model.traceCursor = index
        let (open, _) = model.live(.char("T"))
        let glossary = try #require(open.glossary)
        #expect(glossary.stepTerms.contains("AASA"))
        let screen = PlainTextBackend.text(of: render(open, size: Size(width: 120, height: 40)))
        #expect(screen.contains("In this trace step:"))
        #expect(screen.contains("• AASA"))
        #expect(open.live(.escape).0.glossary == nil)
        // Outside the course too.
        let demo = TUIModel.demo(size: Layout.minimum, colorEnabled: false)
        #expect(demo.live(.char("T")).0.glossary != nil)
        // The help screen lists the course's keys (generated from CourseKeys).
        #expect(Keymap.helpLines().contains { $0.contains("course: next hint") })
    }

    @Test func theLastStepReturnsToTheListWithTheLessonDone() throws {
        let (done, _) = CourseFixture.model(lesson: "safari-long-press").live(.char(">"), .char("2"), .char(">"), .char("1"), .char(">"))
        // The list opens on the next lesson to do, not on the one just finished.
        let finished = try #require(CourseFixture.course.lessons.firstIndex { $0.id == "safari-long-press" })
        #expect(done.course?.screen == .list(cursor: (finished + 1) % CourseFixture.course.lessons.count))
        #expect(done.status?.text == "lesson “Safari's long-press preference” done ✓")
        let lesson = try #require(CourseFixture.course.lesson("safari-long-press"))
        #expect(done.course?.progress.isDone(lesson) == true)
        // L in the middle of a lesson not done stays on it.
        let midway = CourseFixture.model(lesson: "safari-long-press").live(.char(">"), .char("L")).0
        #expect(midway.course?.screen == .list(cursor: finished))
    }

    @Test func resumingOpensTheListOnTheFirstLessonNotDone() {
        var progress = CourseProgress()
        let lessons = CourseFixture.course.lessons
        for lesson in lessons.prefix(2) {
            for step in lesson.steps.indices { progress.complete(step: step, of: lesson.id) }
        }
        let session = CourseSession(
            course: CourseFixture.course, progress: progress, progressPath: "/nonexistent/p.json", workDirectory: "/nonexistent/work")
        let model = TUIModel.course(session, size: Layout.minimum, colorEnabled: false)
        #expect(model.course?.screen == .list(cursor: 2))
        #expect(session.nextUnfinishedLesson(from: 0) == 2)
        #expect(session.nextUnfinishedLesson(from: lessons.count) == 2, "the list wraps round")
    }
}

/// Golden screens of the course at the minimum size (real engine: re-record when a rule changes).
@Suite struct CourseGoldenTests {
    @Test func lessonList80x24() {
        Golden.check("course-list-80x24", render(CourseFixture.model(), size: Layout.minimum))
    }

    @Test func predictQuestion80x24() {
        Golden.check("course-predict-80x24", render(CourseFixture.model(lesson: "android-12-verification").live(.char(">")).0, size: Layout.minimum))
    }

    @Test func knobPanel80x24() {
        let model = CourseFixture.model(lesson: "android-12-verification").live(.char(">"), .char("2"), .char(">"), .char("5"), .char(">"), .char("H")).0
        Golden.check("course-knob-80x24", render(model, size: Layout.minimum))
    }

    @Test func tourPanel80x24() {
        Golden.check("course-tour-80x24", render(CourseFixture.model(lesson: "universal-links-basics").live(.char("]")).0, size: Layout.minimum))
    }

    @Test func fixPanelAfterAFailedCheck80x24() {
        var model = CourseFixture.model(lesson: "android-files-fix").live(.char("7"), .char(">")).0
        if let step = model.course?.currentStep, case .fix(let task) = step.kind, let broken = try? LocalFiles().read(task.resolvedFile) {
            model = update(model, .fixChecked(LessonChecker.checkFix(step, candidate: broken, reader: LocalFiles()), path: "work/x.xml"), .live).0
        }
        Golden.check("course-fix-80x24", render(model, size: Layout.minimum))
    }

    @Test func glossary80x24() {
        Golden.check("course-glossary-80x24", render(CourseFixture.model().live(.char("T")).0, size: Layout.minimum))
    }
}
