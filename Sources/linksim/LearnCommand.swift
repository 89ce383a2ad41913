import ArgumentParser
import Foundation
import LinkSimCore
import LinkSimIO
import LinkSimTUI

/// `linksim learn`: the course. Lessons are `*.lesson` files (scenarios/lessons/ by default, or
/// `--pack DIR`); progress lives in `$XDG_STATE_HOME/linksim/progress.json`.
struct LearnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "learn",
        abstract: "Learn deep links by doing: lessons with tours, predictions, knobs to find and files to fix.",
        discussion: """
            On a terminal, opens the course in the TUI (the lesson list, or LESSON-ID directly).
            --list prints every lesson (id, area, steps, done) and works without a terminal.
            Progress is saved after every step in $XDG_STATE_HOME/linksim/progress.json
            (default ~/.local/state/linksim/progress.json), or in --progress FILE.
            """
    )

    @Argument(help: "Open this lesson directly (see --list).")
    var lessonID: String?

    @Flag(help: "Print the lessons and exit.")
    var list = false

    @Option(help: "With --list: text or json.")
    var format: OutputFormat = .text

    @Option(name: .customLong("pack"), help: "A folder of *.lesson files to learn from instead of the built-in course (repeatable).")
    var packs: [String] = []

    @Option(help: "The progress file (default: $XDG_STATE_HOME/linksim/progress.json).")
    var progress: String?

    @Flag(help: "Forget all progress (the progress file is replaced by an empty one) and exit.")
    var reset = false

    @OptionGroup var tuiOptions: TUIOptions

    func validate() throws {
        if format == .json && !list { throw ValidationError("--format json goes with --list (the course itself is interactive)") }
        if reset && (list || lessonID != nil) { throw ValidationError("--reset forgets all progress and exits; use it on its own") }
    }

    func run() throws {
        let progressPath = try Self.progressPath(progress)
        if reset {
            // Nothing saved yet: nothing to forget, and nothing is made (a mistyped path leaves no folders behind).
            guard FileManager.default.fileExists(atPath: progressPath) else {
                Console.line("no progress at \(progressPath); nothing to reset")
                return
            }
            // Only a progress file is replaced: a mistyped --progress must not wipe a scenario or anything else.
            if let bytes = try? LocalFiles().read(progressPath), !CourseProgress.isProgressFile(bytes) {
                Console.error(
                    "\(progressPath): error: not a linksim progress file, so --reset leaves it alone; give the progress file's path (or remove this file yourself)"
                )
                throw ExitStatus.badInput
            }
            try Self.save(CourseProgress(), to: progressPath)
            Console.line("progress reset: \(progressPath)")
            return
        }
        let course = try Self.loadCourse(packs: packs)
        let saved = try Self.loadProgress(progressPath)
        if let lessonID, course.lesson(lessonID) == nil {
            let ids = course.lessons.map(\.id)
            throw ValidationError("no lesson `\(lessonID)`\(Suggestion.didYouMean(lessonID, among: ids)); `linksim learn --list` lists them")
        }
        if list {
            printList(course, saved)
            return
        }
        guard TUIRunner.hasTerminal else {
            Console.error("linksim learn needs a terminal on stdin and stdout; `linksim learn --list` works anywhere")
            throw ExitStatus.usage
        }
        let options = TUIRunner.Options(mouse: !tuiOptions.noMouse, color: TUIRunner.colorAllowed && !tuiOptions.noColor)
        TUIRunner.runCourse(
            course, progress: saved, progressPath: progressPath, lessonID: lessonID,
            workDirectory: (progressPath as NSString).deletingLastPathComponent + "/work", options: options)
    }

    func printList(_ course: Course, _ progress: CourseProgress) {
        switch format {
        case .json:
            let items = course.lessons.map { lesson in
                JSONValueEncoder.render(
                    LessonListEntry(
                        id: lesson.id, title: lesson.title, area: lesson.area.rawValue,
                        steps: lesson.steps.count, completed: progress.completedCount(lesson),
                        done: progress.isDone(lesson), file: lesson.file))
            }
            Console.out("[\n" + items.map { "  " + $0 }.joined(separator: ",\n") + (items.isEmpty ? "]\n" : "\n]\n"))
        case .text:
            var area: LessonArea?
            for lesson in course.lessons {
                if lesson.area != area {
                    area = lesson.area
                    Console.line(lesson.area.title)
                }
                let mark = progress.isDone(lesson) ? "✓" : progress.completedCount(lesson) > 0 ? "…" : " "
                let steps = "\(progress.completedCount(lesson))/\(lesson.steps.count)"
                Console.line(
                    "  \(mark) \(lesson.id.padding(toLength: max(28, lesson.id.count), withPad: " ", startingAt: 0)) \(steps.padding(toLength: 6, withPad: " ", startingAt: 0)) \(lesson.title)"
                )
            }
            let done = course.lessons.filter(progress.isDone).count
            let score = progress.score
            Console.line("\(done) of \(course.lessons.count) lessons done; predictions right at the first try: \(score.right) of \(score.answered)")
        }
    }

    /// `--progress`, else `$XDG_STATE_HOME/linksim/progress.json`, else `~/.local/state/linksim/progress.json`.
    static func progressPath(_ given: String?) throws -> String {
        if let given { return given }
        let env = ProcessInfo.processInfo.environment
        if let state = env["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/linksim/progress.json" }
        guard let home = env["HOME"], !home.isEmpty else {
            throw ValidationError("neither XDG_STATE_HOME nor HOME is set; give --progress FILE")
        }
        return home + "/.local/state/linksim/progress.json"
    }

    static func loadProgress(_ path: String) throws -> CourseProgress {
        guard FileManager.default.fileExists(atPath: path) else { return CourseProgress() }
        do {
            return try CourseProgress.decode(try LocalFiles().read(path))
        } catch let error as CourseProgress.DecodeError {
            let bytes = (try? LocalFiles().read(path)) ?? []
            let advice =
                CourseProgress.isProgressFile(bytes)
                ? "run `linksim learn --reset` to start over" : "give the progress file's path with --progress (this one is left alone)"
            Console.error("\(path): error: \(error.description); \(advice)")
            throw ExitStatus.badInput
        } catch {
            Console.error("\(path): error: cannot read the progress file")
            throw ExitStatus.badInput
        }
    }

    static func save(_ progress: CourseProgress, to path: String) throws {
        do {
            try AtomicFileWriter.write(progress.encoded(), to: path)
        } catch {
            Console.error("linksim: error: \(error.description)")
            throw ExitStatus.ioError
        }
    }

    /// The built-in course: `scenarios/lessons` here, else the one in the source tree linksim was built from.
    static var builtInLessons: String {
        let local = "scenarios/lessons"
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: local, isDirectory: &isDirectory), isDirectory.boolValue { return local }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scenarios/lessons").path
    }

    static func loadCourse(packs: [String]) throws -> Course {
        let folders = packs.isEmpty ? [builtInLessons] : packs
        var lessons: [Lesson] = []
        var bad = false
        for folder in folders {
            let files = lessonFiles(under: folder)
            if files.isEmpty {
                Console.error("\(folder): error: no *.\(LessonLoader.fileExtension) files here")
                bad = true
            }
            for file in files {
                do {
                    lessons.append(try LessonLoader.load(path: file))
                } catch {
                    Console.error(error.description)
                    bad = true
                }
            }
        }
        var seen = Set<String>()
        for lesson in lessons where !seen.insert(lesson.id).inserted {
            Console.error("\(lesson.file): error: lesson id `\(lesson.id)` is used by another lesson too")
            bad = true
        }
        if bad { throw ExitStatus.badInput }
        return Course(lessons: lessons)
    }

    /// Every `*.lesson` under a folder (or the file itself), sorted; hidden folders skipped.
    static func lessonFiles(under path: String) -> [String] {
        FileWalker.files(under: path, extensions: [LessonLoader.fileExtension])
    }
}

/// One lesson in `learn --list --format json`.
struct LessonListEntry: Encodable {
    var id: String
    var title: String
    var area: String
    var steps: Int
    var completed: Int
    var done: Bool
    var file: String
}
