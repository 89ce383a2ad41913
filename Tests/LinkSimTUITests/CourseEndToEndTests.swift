import Foundation
import Testing

/// A whole lesson through the real binary in tmux (issue #12): predict, then fix the file in
/// `$EDITOR` — curses steps aside for the editor and comes back — then the lesson is done and the
/// progress file says so. Same tmux rules as EndToEndTests (fails without tmux unless
/// LINKSIM_SKIP_TMUX=1).
@Suite(.serialized, .disabled(if: TmuxSession.skipRequested, "LINKSIM_SKIP_TMUX=1"))
struct CourseEndToEndTests {
    @Test func theAASAFixLessonFromStartToDone() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("linksim-learn-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // The "editor": repairs the file the way a learner would, then exits 0.
        let files = TmuxSession.packageRoot.appendingPathComponent("scenarios/lessons/files")
        let solution = files.appendingPathComponent("aasa-fixed.json").path
        let entitlement = files.appendingPathComponent("Shop-fixed.entitlements").path
        let editor = scratch.appendingPathComponent("editor.sh")
        try """
        #!/bin/sh
        echo "$1" >> '\(scratch.path)/edited'
        case "$1" in
          *.entitlements) cp '\(entitlement)' "$1" ;;
          *) cp '\(solution)' "$1" ;;
        esac

        """.write(to: editor, atomically: true, encoding: .utf8)
        // Run as `sh script`, not executed directly: a process forked by a test running beside this
        // one can still hold the script's write descriptor, and exec then fails with ETXTBSY (126).
        let editorCommand = "/bin/sh '\(editor.path)'"
        let progress = scratch.appendingPathComponent("state/progress.json").path

        let session = try TmuxSession(
            width: 80, height: 24, arguments: ["learn", "aasa-fix", "--progress", progress],
            environment: ["EDITOR=\(editorCommand)", "VISUAL=\(editorCommand)"])
        defer { session.close() }
        let question = try session.waitFor("Where does action #1 land?")
        #expect(question.contains("Fix the AASA file and the entitlement — step 1/3 (predict)"))
        try session.send("2")
        _ = try session.waitFor("✓ Right")
        try session.send(">")
        let fix = try session.waitFor("Step 2/3 · fix the file")
        #expect(fix.contains("E edit in"))
        try session.send("E")
        let fixed = try session.waitFor("✓ Fixed.")
        #expect(
            fixed.contains("Step 2/3 · fix the file ✓"),
            "the screen was not redrawn after the editor:\n\(fixed)")
        #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("edited").path), "the editor did not run")
        try session.send(">")
        _ = try session.waitFor("Step 3/3 · fix the file")
        try session.send("C")
        _ = try session.waitFor("no copy of the file yet")  // nothing edited yet: C says so
        try session.send("E")
        _ = try session.waitFor("✓ Fixed.")
        try session.send(">")
        _ = try session.waitFor("lesson “Fix the AASA file and the entitlement” done ✓")
        try session.send("q")
        TmuxSession.expectRestored(try session.waitForExit())

        let saved = try String(contentsOfFile: progress, encoding: .utf8)
        #expect(saved.contains("\"aasa-fix\""))
        #expect(saved.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\n", with: "").contains("\"completed\":[0,1,2]"), "\(saved)")
        // The learner's copy is kept next to the progress file; the lesson's file is unchanged.
        let work = scratch.appendingPathComponent("state/work/aasa-fix-2-aasa-no-team.json").path
        #expect(FileManager.default.contents(atPath: work) == FileManager.default.contents(atPath: solution))
        let lessonFile = TmuxSession.packageRoot.appendingPathComponent("scenarios/lessons/files/aasa-no-team.json").path
        #expect(FileManager.default.contents(atPath: lessonFile) != FileManager.default.contents(atPath: solution))
    }
    /// An editor that reads the keyboard (vi, or a shell's `read`) gets it: it runs in linksim's
    /// process group, the terminal's foreground group, with curses suspended (no mouse reporting,
    /// no alternate screen). A terminal query it leaves unanswered does not reach linksim as keys
    /// (a cursor report ends in `R`, which is reset), and Ctrl-C ends the editor, not linksim.
    @Test func anEditorThatReadsTheKeyboardGetsIt() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("linksim-learn-tty-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let solution = TmuxSession.packageRoot.appendingPathComponent("scenarios/lessons/files/aasa-fixed.json").path
        let editor = scratch.appendingPathComponent("editor.sh")
        try """
        #!/bin/sh
        printf 'test-editor: type a word: ' >/dev/tty
        IFS= read -r word </dev/tty || exit 3
        printf '%s\\n' "$word" > '\(scratch.path)/typed'
        [ "$word" = fixit ] && cp '\(solution)' "$1"
        printf '\\033[6n' >/dev/tty
        exit 0

        """.write(to: editor, atomically: true, encoding: .utf8)
        let editorCommand = "/bin/sh '\(editor.path)'"
        let progress = scratch.appendingPathComponent("state/progress.json").path
        let session = try TmuxSession(
            width: 80, height: 24, arguments: ["learn", "aasa-fix", "--progress", progress],
            environment: ["EDITOR=\(editorCommand)", "VISUAL=\(editorCommand)"])
        defer { session.close() }
        _ = try session.waitFor("Where does action #1 land?")
        try session.send("2")
        _ = try session.waitFor("✓ Right")
        try session.send(">")
        _ = try session.waitFor("Step 2/3 · fix the file")
        try session.send("E")
        _ = try session.waitFor("test-editor: type a word:")
        #expect(try session.run(["display-message", "-p", "#{mouse_any_flag} #{alternate_on}"]).hasPrefix("0 0"), "curses was not suspended")
        try session.send("-l", "fixit")
        try session.send("Enter")
        let fixed = try session.waitFor("✓ Fixed.")
        #expect(try String(contentsOf: scratch.appendingPathComponent("typed"), encoding: .utf8) == "fixit\n")
        #expect(fixed.contains("✓ fixed:"), "the cursor report reached linksim as keys:\n\(fixed)")
        #expect(!fixed.contains("reset"), "the cursor report's R reset the world:\n\(fixed)")

        try session.send(">")
        _ = try session.waitFor("Step 3/3 · fix the file")
        try session.send("E")
        _ = try session.waitFor("test-editor: type a word:")
        try session.send("C-c")
        _ = try session.waitFor("was ended by signal 2")
        try session.send("q")
        TmuxSession.expectRestored(try session.waitForExit())
    }
}
