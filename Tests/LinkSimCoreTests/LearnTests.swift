import Foundation
import Testing

@testable import LinkSimCore

/// The course (issue #12): every lesson validates and agrees with the engine; the format's errors
/// are located; progress round-trips; the glossary covers the words the traces use.
@Suite struct LearnLessonLibraryTests {
    static let lessons = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scenarios/lessons")

    static func lessonFiles() -> [String] {
        let walker = FileManager.default.enumerator(atPath: lessons.path)
        return (walker?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".lesson") }.sorted()
            .map { lessons.appendingPathComponent($0).path }
    }

    static func loadAll() throws -> [Lesson] { try lessonFiles().map { try LessonLoader.load(path: $0) } }

    @Test func everyLessonValidatesAndAgreesWithTheEngine() throws {
        let files = Self.lessonFiles()
        #expect(files.count >= 15, "the course needs at least 14 lessons and the myths lesson")
        for file in files {
            let lesson = try LessonLoader.load(path: file)
            let problems = LessonChecker.problems(in: lesson)
            #expect(problems.isEmpty, "\(file):\n\(problems.map(\.description).joined(separator: "\n"))")
        }
    }

    @Test func theCourseCoversEveryAreaKindAndClassicBug() throws {
        let lessons = try Self.loadAll()
        #expect(Set(lessons.map(\.area)) == Set(LessonArea.allCases))
        #expect(Set(lessons.map(\.id)).count == lessons.count, "lesson ids must be unique")
        let kinds = Set(lessons.flatMap(\.steps).map(\.kind.name))
        #expect(kinds == ["tour", "predict", "knob", "fix"])
        let ids = Set(lessons.map(\.id))
        for id in [
            "custom-schemes", "universal-links-basics", "cold-start-handler", "on-new-intent", "android-12-verification",
            "safari-long-press", "in-app-browsers", "cdn", "redirects", "deferred-windows", "privacy", "myths",
        ] {
            #expect(ids.contains(id), "missing lesson \(id)")
        }
        // Fix-the-file covers an AASA file, a manifest and assetlinks.json.
        let fixKinds = Set(
            lessons.flatMap(\.steps).compactMap { step -> FixFileKind? in
                if case .fix(let task) = step.kind { return task.fileKind }
                return nil
            })
        #expect(fixKinds.isSuperset(of: [.aasa, .manifest, .assetlinks, .entitlements]))
        // Every knob and fix step has a hint ladder (concept → where to look → the answer), each rung with a source.
        for lesson in lessons {
            for (index, step) in lesson.steps.enumerated() where step.kind.name == "knob" || step.kind.name == "fix" {
                #expect(
                    step.hints.count >= 3 && step.hints.allSatisfy { $0.source?.hasPrefix("https://") == true },
                    "\(lesson.id) step \(index + 1): needs three hints, each with a source")
            }
        }
        // Every predict step on a myth cites a source.
        let myths = try #require(lessons.first { $0.id == "myths" })
        #expect(myths.steps.allSatisfy { !$0.sources.isEmpty && $0.explain != nil })
    }

    /// A lesson whose answer disagrees with the engine is caught (the drift check can fail).
    @Test func aWrongAnswerIsReported() throws {
        let lesson = try LessonLoader.parse(Self.singleTap(answer: 1), file: "t.lesson", baseDirectory: ".", reader: MemoryFiles())
        let problems = LessonChecker.problems(in: lesson)
        #expect(problems.count == 1)
        #expect(problems.first?.description.contains("`answer` is 1 (app), but the engine says error") == true)
        let right = try LessonLoader.parse(Self.singleTap(answer: 6), file: "t.lesson", baseDirectory: ".", reader: MemoryFiles())
        #expect(LessonChecker.problems(in: right).isEmpty)
    }

    static func singleTap(answer: Int, extra: String = "") -> String {
        """
        lesson: 1
        id: t
        title: T
        area: custom_schemes
        steps:
          - kind: predict
            text: where?
            \(extra)world:
              linksim: 1
              name: no app
              device: {platform: ios, os: "17.4"}
              actions:
                - tap: shopapp://x
                  from: safari
            action: 1
            answer: \(answer)
        """
    }

    @Test func formatErrorsAreLocatedWithDidYouMean() {
        func errors(_ text: String) -> [String] {
            do {
                _ = try LessonLoader.parse(text, file: "t.lesson", baseDirectory: ".", reader: MemoryFiles())
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        let typo = errors(Self.singleTap(answer: 6).replacingOccurrences(of: "    answer: 6", with: "    anwser: 6"))
        #expect(typo.contains { $0.hasPrefix("t.lesson:16:5: error: unknown key `anwser`") && $0.contains("did you mean `answer`?") }, "\(typo)")
        let kind = errors(Self.singleTap(answer: 6).replacingOccurrences(of: "kind: predict", with: "kind: predcit"))
        #expect(kind.contains { $0.hasPrefix("t.lesson:6:11:") && $0.contains("did you mean `predict`?") }, "\(kind)")
        let range = errors(Self.singleTap(answer: 9))
        #expect(range.contains { $0.contains("`steps[0].answer` must be between 1 and 7") }, "\(range)")
        let action = errors(Self.singleTap(answer: 6).replacingOccurrences(of: "action: 1", with: "action: 3"))
        #expect(action.contains { $0.contains("the world has 1 action(s)") }, "\(action)")
        let world = errors(Self.singleTap(answer: 6).replacingOccurrences(of: "platform: ios", with: "platfrom: ios"))
        #expect(world.contains { $0.contains("unknown key `platfrom`") && $0.contains("did you mean `platform`?") }, "\(world)")
        let notForKind = errors(Self.singleTap(answer: 6, extra: "goal: {lands: app}\n    "))
        #expect(notForKind.contains { $0.contains("`goal` does not apply to a `predict` step") }, "\(notForKind)")
    }

    /// `knobs:` limits a knob step to the changes it teaches: the lesson's own steps count their solution and
    /// refuse the shortcuts QA found (a manifest change in on-new-intent, the in-app-browser assumption).
    @Test func aKnobStepCountsOnlyItsKnobs() throws {
        let lessons = try Self.loadAll()
        func step(_ lesson: String, _ index: Int) throws -> LessonStep {
            try #require(lessons.first { $0.id == lesson }?.steps[index])
        }
        let onNewIntent = try step("on-new-intent", 1)
        #expect(onNewIntent.knobs == ["apps.0.state"])
        var terminated = onNewIntent.world
        terminated.apps[0].state = .terminated
        #expect(LessonChecker.changesOutside(onNewIntent.knobs, step: onNewIntent, original: onNewIntent.world, changed: terminated).isEmpty)
        var relaunched = onNewIntent.world
        relaunched.apps[0].activities[0].launchMode = .standard
        #expect(LessonChecker.goalCheck(try #require(Self.goal(of: onNewIntent)), step: onNewIntent, world: relaunched).1.passed)
        #expect(LessonChecker.changesOutside(onNewIntent.knobs, step: onNewIntent, original: onNewIntent.world, changed: relaunched) == ["apps.0.activities"])
        let inAppBrowsers = try step("in-app-browsers", 3)
        var assumed = inAppBrowsers.world
        assumed.assumptions.inAppBrowsersOpenApps = true
        #expect(
            LessonChecker.changesOutside(inAppBrowsers.knobs, step: inAppBrowsers, original: inAppBrowsers.world, changed: assumed)
                == ["assumptions.inAppBrowsersOpenApps"])
        // Without `knobs`, every change counts.
        #expect(LessonChecker.changesOutside(nil, step: onNewIntent, original: onNewIntent.world, changed: relaunched).isEmpty)
    }

    static func goal(of step: LessonStep) -> LinkSimCore.Expectation? {
        if case .knob(let goal, _) = step.kind { return goal }
        return nil
    }

    @Test func knobsMustNameKnobsAndHoldTheSolution() throws {
        let text = """
            lesson: 1
            id: k
            title: K
            area: delivery
            steps:
              - kind: knob
                text: t
                scenario: ../ios/ul-continue-only-cold-bug.yaml
                action: 1
                goal: {lands: app, screen: ProductDetail}
                solution: {apps.0.state: background}
                knobs: KNOBS
            """
        let base = Self.lessons.path
        func errors(_ knobs: String) -> [String] {
            do {
                _ = try LessonLoader.parse(text.replacingOccurrences(of: "KNOBS", with: knobs), file: "k.lesson", baseDirectory: base)
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        #expect(errors("[apps.0.state, tap.from]").isEmpty)
        #expect(errors("[tap.from]").contains { $0.contains("`steps[0].solution.apps.0.state` is not among `knobs`") }, "\(errors("[tap.from]"))")
        #expect(errors("[apps.0.state, tap.form]").contains { $0.contains("`tap.form` is not a tap knob") })
        #expect(errors("[apps.0.stat]").contains { $0.contains("unknown app setting `stat`; did you mean `state`?") })
    }

    @Test func aKnobStepWhoseGoalIsAlreadyMetOrUnreachableIsReported() throws {
        let text = """
            lesson: 1
            id: k
            title: K
            area: delivery
            steps:
              - kind: knob
                text: t
                scenario: ../ios/ul-continue-only-cold-bug.yaml
                action: 1
                goal: {lands: app, screen: ProductDetail}
                solution: {apps.0.state: SOLUTION}
            """
        let base = Self.lessons.path
        let wrong = try LessonLoader.parse(text.replacingOccurrences(of: "SOLUTION", with: "terminated"), file: "k.lesson", baseDirectory: base)
        #expect(LessonChecker.problems(in: wrong).first?.description.contains("`solution` does not reach the goal") == true)
        let right = try LessonLoader.parse(text.replacingOccurrences(of: "SOLUTION", with: "background"), file: "k.lesson", baseDirectory: base)
        #expect(LessonChecker.problems(in: right).isEmpty)
        // Tap keys: checked at decode time, with "did you mean".
        let tapText = text.replacingOccurrences(of: "apps.0.state: SOLUTION", with: "tap.form: notes")
        #expect(throws: InputError.self) { try LessonLoader.parse(tapText, file: "k.lesson", baseDirectory: base) }
        do {
            _ = try LessonLoader.parse(tapText, file: "k.lesson", baseDirectory: base)
        } catch {
            #expect(error.description.contains("did you mean `tap.from`?"), "\(error)")
        }
    }

    @Test func fixStepsCheckTheLearnersFileWithTheEngine() throws {
        let lesson = try LessonLoader.load(path: Self.lessons.appendingPathComponent("03-aasa-fix.lesson").path)
        let step = try #require(lesson.steps.first { if case .fix = $0.kind { return true } else { return false } })
        guard case .fix(let task) = step.kind else { return }
        let broken = try LocalFiles().read(task.resolvedFile)
        #expect(!LessonChecker.checkFix(step, candidate: broken, reader: LocalFiles()).passed)
        let fixed = try LocalFiles().read(task.solution)
        let good = LessonChecker.checkFix(step, candidate: fixed, reader: LocalFiles())
        #expect(good.passed)
        #expect(good.result?.landing?.screen == "ProductDetail")
        // Not JSON at all: the validator's error, and no crash.
        let garbage = LessonChecker.checkFix(step, candidate: Array("{\"applinks\": ".utf8), reader: LocalFiles())
        #expect(!garbage.passed)
        #expect(!garbage.problems.isEmpty)
        // The lesson's own file on disk was not touched by any of this.
        #expect(try LocalFiles().read(task.resolvedFile) == broken)
    }
}

@Suite struct CourseProgressTests {
    func lesson(_ id: String, steps: Int) -> Lesson {
        let step = LessonStep(
            kind: .tour, title: "", text: "", world: Scenario(name: "w", device: Device(platform: .ios, os: .latest(.ios))),
            source: .file("w.yaml"), action: 0, hints: [], sources: [])
        return Lesson(id: id, title: id, area: .delivery, summary: "", sources: [], steps: Array(repeating: step, count: steps), file: "\(id).lesson")
    }

    @Test func completingStepsMakesALessonDoneAndRoundTrips() throws {
        var progress = CourseProgress()
        let l = lesson("a", steps: 2)
        #expect(!progress.isDone(l))
        progress.complete(step: 1, of: "a")
        progress.complete(step: 1, of: "a")
        #expect(progress.completedCount(l) == 1)
        progress.complete(step: 0, of: "a")
        #expect(progress.isDone(l))
        #expect(progress.record("a").completed == [0, 1])
        progress.recordPrediction(step: 0, of: "a", right: false)
        progress.recordPrediction(step: 0, of: "a", right: true)  // only the first answer counts
        #expect(progress.score == (0, 1))
        let decoded = try CourseProgress.decode(Array(progress.encoded().utf8))
        #expect(decoded == progress)
        #expect(progress.encoded().contains("\"version\" : 1"))
    }

    @Test func aBrokenProgressFileIsAClearError() {
        #expect(throws: CourseProgress.DecodeError.self) { try CourseProgress.decode(Array("not json".utf8)) }
        #expect(throws: CourseProgress.DecodeError.self) { try CourseProgress.decode(Array("{\"version\": 2, \"lessons\": {}}".utf8)) }
    }
}

@Suite struct GlossaryTests {
    @Test func wholeWordsOnly() {
        #expect(Glossary.terms(in: "iOS reads the AASA file from the CDN").map(\.term).contains("AASA"))
        #expect(Glossary.terms(in: "iOS reads the AASA file from the CDN").map(\.term).contains("CDN"))
        #expect(!Glossary.terms(in: "APIs and AASAs").map(\.term).contains("API level"))
        #expect(Glossary.terms(in: "state 1026 (rejected by server)").map(\.term).contains("1026"))
        #expect(!Glossary.terms(in: "id 10260").map(\.term).contains("1026"))
        #expect(Glossary.terms(in: "the filter lacks BROWSABLE").map(\.term) == ["BROWSABLE"])
    }

    @Test func everyTermHasADefinitionAndAnHTTPSSourceOrNone() {
        #expect(Set(Glossary.terms.map(\.term)).count == Glossary.terms.count)
        for term in Glossary.terms {
            #expect(term.definition.count > 20, "\(term.term)")
            #expect(!term.words.isEmpty, "\(term.term)")
            if let source = term.source { #expect(source.hasPrefix("https://"), "\(term.term): \(source)") }
        }
        for needed in ["AASA", "CDN", "UDL", "GCD", "1026", "BROWSABLE"] { #expect(Glossary.term(needed) != nil, "\(needed)") }
    }

    /// Every all-capitals word (AASA, CDN, UDL…) and every verifier code in every trace of the
    /// scenario library and of the course is defined in the glossary, or is on a short list of
    /// words that are not jargon (names, HTTP verbs, enum values shown as written).
    @Test func theTracesOfTheLibraryUseNoUndefinedJargon() throws {
        let root = LearnLessonLibraryTests.lessons.deletingLastPathComponent()
        let walker = FileManager.default.enumerator(atPath: root.path)
        let files = (walker?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
        let notJargon: Set<String> = [
            "GET", "NOT", "FOUND", "PATH", "HOST", "ALWAYS", "NONE", "STATE", "SELECTION", "ERROR", "FAILURE", "VERIFIED",
            "TRUE", "FALSE", "OK", "NO", "MATCH", "CATEGORY", "UNKNOWN", "TIMEOUT", "REDIRECT", "REJECTED", "BY", "SERVER",
            "ABCDE12345", "TEAMID", "ID", "IP", "iOS", "HOME", "APP", "TN3187", "FB17446617", "UTC", "SHA", "UI", "ASK",
            "NEVER", "DISABLED", "ENABLED", "USER", "SYSTEM", "CONFIGURED", "LEGACY", "DENIED", "APPROVED", "MIGRATED", "RESTORED",
            "PUBLIC", "DATA", "SDK", "ACTION", "TYPE", "ALL", "QA", "IDS", "ADJ", "FDL", "ERR", "UNKNOWN_URL_SCHEME",
        ]
        var undefined: [String: String] = [:]
        for file in files {
            guard let scenario = try? ScenarioLoader.load(path: root.appendingPathComponent(file).path) else { continue }
            for result in Simulator.run(scenario).results {
                for step in result.trace {
                    let line = [step.summary, step.detail ?? ""].joined(separator: " ")
                    for word in Self.jargon(in: line) where !notJargon.contains(word) {
                        let defined = Glossary.terms.contains { $0.words.contains(word) }
                        if !defined, undefined[word] == nil { undefined[word] = "\(file): \(line)" }
                    }
                }
            }
        }
        let report = undefined.sorted { $0.key < $1.key }.map { "\($0.key) — \($0.value)" }.joined(separator: "\n")
        #expect(undefined.isEmpty, "define these in Glossary.terms (or add them to notJargon):\n\(report)")
    }

    /// All-capitals words of three or more letters (digits allowed after the first letter), and 10xx codes.
    static func jargon(in line: String) -> [String] {
        var words: [String] = []
        var current = ""
        // URLs and values a scenario chose (`/SALE/shoes`, `shopcoupon:SUMMER25`, `SPRING-20`) are not jargon.
        let text = line.split(separator: " ").filter { token in
            !(token.hasPrefix("\"") || token.contains("/") || token.contains("-") || (token.contains(":") && !token.contains("::")))
        }.joined(separator: " ")
        for ch in text + " " {
            if ch.isLetter || ch.isNumber || ch == "_" {
                current.append(ch)
                continue
            }
            if current.count >= 3, let first = current.first,
                (first.isUppercase && current.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "_" })
                    || (current.count == 4 && current.hasPrefix("10") && current.allSatisfy(\.isNumber))
            {
                words.append(current)
            }
            current = ""
        }
        return words
    }

    /// The TUI offers a trace step's terms: each line of the library that contains a term's word finds the term.
    @Test func aTraceLineThatUsesATermLinksToIt() {
        let line = "iOS asks Apple's CDN for the AASA file of shop.example.com"
        let terms = Glossary.terms(in: line).map(\.term)
        #expect(terms.contains("CDN") && terms.contains("AASA"))
    }
}
