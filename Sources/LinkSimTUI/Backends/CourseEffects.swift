import Foundation
import LinkSimCore
import LinkSimIO

/// Performs the course's effects: saving progress (atomically), running the learner's editor,
/// and checking a repaired file with the simulator.
package enum CourseEffects {
    package static func perform(_ effect: Effect) -> Event? {
        switch effect {
        case .saveProgress(let path, let text):
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            do {
                try AtomicFileWriter.write(text, to: path, mode: .replace)
                return .progressSaved(path: path)
            } catch {
                return .progressSaveFailed(path: path, message: error.description)
            }
        case .editFile(let path, let seedFrom):
            if let problem = seed(path, from: seedFrom) { return .fileEditFailed(path: path, message: problem) }
            return runEditor(path)
        case .checkFix(let step, let path):
            return check(step, path: path)
        case .loadFixFile(let path, let seedFrom):
            if let problem = seed(path, from: seedFrom) { return .fileEditFailed(path: path, message: problem) }
            guard let bytes = try? LocalFiles().read(path), let text = String(validating: bytes, as: UTF8.self) else {
                return .fileEditFailed(path: path, message: "cannot read it as UTF-8 text")
            }
            return .fixFileLoaded(path: path, text: text)
        case .writeFixFile(let path, let text):
            do {
                try AtomicFileWriter.write(text, to: path, mode: .replace)
                return .fileEdited(path: path)
            } catch {
                return .fileEditFailed(path: path, message: error.description)
            }
        default:
            return nil
        }
    }

    /// Copies the broken file to the learner's copy, unless the copy exists (work is kept).
    static func seed(_ path: String, from source: String) -> String? {
        if FileManager.default.fileExists(atPath: path) { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let bytes = try LocalFiles().read(source)
            try AtomicFileWriter.write(bytes: bytes, to: path, mode: .createNew)
            return nil
        } catch {
            return "cannot copy \(source) to \(path): \(error)"
        }
    }

    package static func check(_ step: LessonStep, path: String) -> Event {
        guard let bytes = try? LocalFiles().read(path) else {
            return .fixChecked(LessonChecker.FixOutcome(problems: ["no copy of the file yet: press E (or I) to make one and edit it"]), path: path)
        }
        let outcome = LessonChecker.checkFix(step, candidate: bytes, reader: LocalFiles())
        // The same world the checker ran, read again for the main screen's panes (the checker keeps only the result).
        var world: Scenario?
        if case .fix(let task) = step.kind {
            world = try? LessonLoader.world(of: step, reader: OverlayFileReader(base: LocalFiles(), replacements: [task.resolvedFile: bytes]))
        }
        return .fixChecked(outcome, path: path, world: world)
    }

    /// `$VISUAL`, else `$EDITOR`, else `vi`, run through the shell (so `EDITOR="code -w"` works),
    /// with the terminal as its input and output, in linksim's process group (`EditorProcess`).
    /// The caller has suspended curses.
    static func runEditor(_ path: String) -> Event {
        let env = ProcessInfo.processInfo.environment
        let editor = [env["VISUAL"], env["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        switch EditorProcess.run(shellCommand: editor + " \"$1\"", arguments: ["linksim-editor", path]) {
        case .exited(0):
            return .fileEdited(path: path)
        case .exited(let status):
            return .fileEditFailed(path: path, message: "`\(editor)` exited with status \(status)")
        case .signalled(let signal):
            return .fileEditFailed(path: path, message: "`\(editor)` was ended by signal \(signal)")
        case .notStarted(let reason):
            return .fileEditFailed(path: path, message: "cannot start `\(editor)`: \(reason)")
        }
    }
}
