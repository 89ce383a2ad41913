import Foundation
import Testing

/// Runs the real `linksim` binary in tmux, as a user would: keys in, screen out, and the terminal
/// must be restored however the program ends. Each test uses its own tmux server (-L), so it never
/// touches anyone's sessions. tmux is required: without it these tests fail, unless
/// LINKSIM_SKIP_TMUX=1 says to skip them (they then show as skipped, not passed).
@Suite(.serialized, .disabled(if: TmuxSession.skipRequested, "LINKSIM_SKIP_TMUX=1"))
struct EndToEndTests {
    @Test func demoOpensChangesAKnobShowsHelpAndQuitsCleanly() throws {
        let session = try TmuxSession(width: 120, height: 40)
        defer { session.close() }
        let screen = try session.waitFor("Device ·")
        #expect(screen.contains("Landing"))
        #expect(screen.contains("https://shop.example.com/product/42"))
        try session.send("j", "j", "Right")
        let changed = try session.waitFor("changed: default browser: safari → chrome")
        #expect(changed.contains("◂ chrome ▸"))
        try session.send("?")
        _ = try session.waitFor("Keys — Esc or ? closes")
        try session.send("Escape")
        _ = try session.waitFor("↑↓ knob", absent: "Keys — Esc")
        try session.send("q")
        let stty = try session.waitForExit()
        TmuxSession.expectRestored(stty)
        #expect(!(try session.capture()).contains("Device ·"), "the TUI's screen was left on the terminal")
    }

    @Test func tooSmallTerminalSaysSoAndQStillQuits() throws {
        let session = try TmuxSession(width: 120, height: 40)
        defer { session.close() }
        _ = try session.waitFor("Device ·")
        try session.resize(width: 60, height: 20)
        _ = try session.waitFor("need 80×24, have 60×20")
        try session.resize(width: 100, height: 30)
        _ = try session.waitFor("Device ·")
        try session.resize(width: 70, height: 20)
        _ = try session.waitFor("need 80×24, have 70×20")
        try session.send("q")
        TmuxSession.expectRestored(try session.waitForExit())
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let session = try TmuxSession(width: 120, height: 40)
        defer { session.close() }
        _ = try session.waitFor("Device ·")
        try session.signal(SIGTERM)
        TmuxSession.expectRestored(try session.waitForExit())
        // The handler also left the alternate screen: the pane no longer shows the TUI.
        #expect(!(try session.capture()).contains("Device ·"))
    }

    @Test func crashRestoresTheTerminal() throws {
        let session = try TmuxSession(width: 120, height: 40)
        defer { session.close() }
        _ = try session.waitFor("Device ·")
        try session.signal(SIGSEGV)
        TmuxSession.expectRestored(try session.waitForExit())
    }

    /// Issue #16: search (/, n), zoom (z) and timeline editing (a, x, u) at the minimum size.
    @Test func searchZoomAndTimelineEditingAt80x24() throws {
        let session = try TmuxSession(width: 80, height: 24)
        defer { session.close() }
        _ = try session.waitFor("Device ·")
        try session.send("Tab", "Tab")
        _ = try session.waitFor("↑↓ step")
        try session.send("/")
        _ = try session.waitFor("Search trace pane")
        try session.send("-l", "delivers")
        try session.send("Enter")
        let found = try session.waitFor("/delivers: match 1 of")
        #expect(found.contains("▸ 12 iOS: Delivers the link"), "the search did not select the matching step:\n\(found)")
        try session.send("z")
        let zoomed = try session.waitFor("zoomed: trace pane")
        #expect(!zoomed.contains("Landing"), "zoom should give the trace the whole screen:\n\(zoomed)")
        try session.send("Escape")
        _ = try session.waitFor("Landing")
        try session.send("BTab")
        _ = try session.waitFor("a add")
        try session.send("a")
        _ = try session.waitFor("Add action 2")
        try session.send("-l", "install com.example.shop")
        try session.send("Enter")
        let added = try session.waitFor("Timeline (actions in order)")
        #expect(added.contains("install com.example.shop"))
        try session.send("x")
        _ = try session.waitFor("removed action 2")
        try session.send("u")
        _ = try session.waitFor("changed: undo")
        #expect(try session.capture().contains("install com.example.shop"))
        try session.send("q")
        TmuxSession.expectRestored(try session.waitForExit())
    }

    /// Issue #15, point 8: while a (here artificially) long simulation runs, q and Ctrl-C still quit.
    @Test(arguments: ["q", "C-c"])
    func quitsWhileSimulating(key: String) throws {
        let session = try TmuxSession(width: 80, height: 24, environment: ["LINKSIM_TEST_SLOW_SIMULATION=60"])
        defer { session.close() }
        _ = try session.waitFor("simulating… (q or Ctrl-C quits)")
        try session.send(key)
        TmuxSession.expectRestored(try session.waitForExit())
    }

    /// Issue #16, point 8: the TUI's options work on bare `linksim`.
    @Test func bareLinksimTakesNoMouse() throws {
        let session = try TmuxSession(width: 80, height: 24, arguments: ["--no-mouse"])
        defer { session.close() }
        _ = try session.waitFor("Device ·")
        try session.send("q")
        TmuxSession.expectRestored(try session.waitForExit())
    }

    /// A pasted line is text, not keys: with a `q` and a newline in it, linksim neither quits nor runs commands;
    /// a pasted link opens the new-link prompt and Enter taps it. The terminal leaves bracketed paste on exit.
    @Test func pasteIsTextNotKeys() throws {
        let session = try TmuxSession(width: 80, height: 24)
        defer { session.close() }
        _ = try session.waitFor("Device ·")
        try session.paste("q\nqd\n")
        _ = try session.waitFor("pasted text ignored")
        try session.paste("https://shop.example.com/sale/3\n")
        _ = try session.waitFor("https://shop.example.com/sale/3", absent: "https://https://")
        try session.send("Enter")
        _ = try session.waitFor("new link: https://shop.example.com/sale/3")
        try session.send("q")
        TmuxSession.expectRestored(try session.waitForExit())
    }

    /// Issue #16, point 8: under TERM=dumb the line editor (and every other mode) has a way out.
    @Test func dumbTerminalLeavesTheLineEditor() throws {
        let session = try TmuxSession(width: 100, height: 40, environment: ["TERM=dumb"])
        defer { session.close() }
        _ = try session.waitFor(":quit quits")
        try session.send("t", "Enter")
        _ = try session.waitFor("Tap URL")
        try session.send("-l", ":esc")
        try session.send("Enter")
        // q quits only if the editor was left (in the editor it would be typed).
        try session.send("q", "Enter")
        _ = try session.waitForExit()

        let second = try TmuxSession(width: 100, height: 40, environment: ["TERM=dumb"])
        defer { second.close() }
        _ = try second.waitFor(":quit quits")
        try second.send("t", "Enter")
        _ = try second.waitFor("Tap URL")
        try second.send("-l", ":quit")
        try second.send("Enter")
        _ = try second.waitForExit()
    }

    @Test func ctrlCQuitsFromTheLineEditor() throws {
        let session = try TmuxSession(width: 120, height: 40)
        defer { session.close() }
        _ = try session.waitFor("Device ·")
        try session.send("t")
        _ = try session.waitFor("Tap URL")
        try session.send("C-c")
        TmuxSession.expectRestored(try session.waitForExit())
    }

    @Test func matrixOpensAndClosesInTheRealBinary() throws {
        let session = try TmuxSession(width: 120, height: 40)
        defer { session.close() }
        _ = try session.waitFor("Device ·")
        try session.send("m")
        _ = try session.waitFor("Matrix — Shop: app state × where the tap happens")
        try session.send("Tab")
        _ = try session.waitFor("iOS version × where the tap happens")
        try session.send("Escape", "q")
        TmuxSession.expectRestored(try session.waitForExit())
    }

    /// `f` in the real binary at 80×24: the search runs, the wanted landing changes, Enter applies
    /// the first fix and u undoes it.
    @Test func whatWouldMakeItLandThereAt80x24() throws {
        let session = try TmuxSession(width: 80, height: 24)
        defer { session.close() }
        _ = try session.waitFor("Device ·")
        try session.send("f")
        _ = try session.waitFor("What would make it land there?")
        _ = try session.waitFor("Want: [app] browser store")
        try session.send("l")
        let browser = try session.waitFor("Want: app [browser] store")
        #expect(browser.contains("›1. "))
        try session.send("Enter")
        let applied = try session.waitFor("fix:", absent: "What would make it land there?")
        #expect(applied.contains("BROWSER"))
        try session.send("u")
        _ = try session.waitFor("undo")
        try session.send("q")
        TmuxSession.expectRestored(try session.waitForExit())
    }

    /// No terminal: a usage line on stderr, exit 64, and not one byte of curses output.
    @Test func withoutATerminalItNeverDraws() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("linksim-notty-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outPath = directory.appendingPathComponent("out").path
        let errPath = directory.appendingPathComponent("err").path
        let status = try Spawn.run([TmuxSession.binary.path], stdoutPath: outPath, stderrPath: errPath)
        let stdout = FileManager.default.contents(atPath: outPath) ?? Data()
        let stderr = FileManager.default.contents(atPath: errPath) ?? Data()
        #expect(status == 64)
        #expect(stdout.isEmpty)
        #expect(!stderr.contains(0x1B))
        #expect(String(decoding: stderr, as: UTF8.self).contains("usage: linksim"))
    }
}

/// One tmux server and session running linksim inside `sh`, which runs `stty -a` into a file after
/// linksim exits, so the test can see the terminal state linksim left behind.
final class TmuxSession {
    static var skipRequested: Bool { ProcessInfo.processInfo.environment["LINKSIM_SKIP_TMUX"] == "1" }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built binary, next to the test bundle (as LinkSimCLITests' BinaryRunner finds it).
    static var binary: URL {
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("linksim")
        }
        return Bundle.main.bundleURL.appendingPathComponent("linksim")
    }

    static func findTmux() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let tmux: String
    let socket: String
    let workDirectory: URL
    var pidFile: URL { workDirectory.appendingPathComponent("pid") }
    var sttyFile: URL { workDirectory.appendingPathComponent("stty") }

    /// `arguments` go to linksim; `environment` (NAME=value) is added to TERM=xterm-256color.
    init(width: Int, height: Int, arguments: [String] = [], environment: [String] = []) throws {
        guard let tmux = TmuxSession.findTmux() else {
            throw Failure(
                description: "tmux is not installed: the end-to-end TUI tests need it (apt-get install tmux). "
                    + "Set LINKSIM_SKIP_TMUX=1 to skip them knowingly.")
        }
        guard FileManager.default.isExecutableFile(atPath: TmuxSession.binary.path) else {
            throw Failure(description: "linksim binary not found at \(TmuxSession.binary.path); run swift build first")
        }
        self.tmux = tmux
        socket = "linksim-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        // The inner sh writes its pid and execs linksim (same pid, for signals); the outer sh
        // records the terminal state once linksim is gone, then stays so the pane stays readable.
        // The outer sh shares linksim's process group (no job control), so it catches SIGINT and
        // SIGQUIT (a trap, which linksim does not inherit): a Ctrl-C for an editor linksim runs
        // must not end the pane's shell, as it would not end an interactive one.
        let quoted = arguments.map { " '\($0)'" }.joined()
        let inner = "echo \\$\\$ > '\(pidFile.path)'; exec '\(TmuxSession.binary.path)'\(quoted)"
        let outer = "trap : INT QUIT; sh -c \"\(inner)\"; stty -a > '\(sttyFile.path)' 2>&1; sleep 30"
        try run(
            detached: true,
            [
                "-f", "/dev/null", "new-session", "-d", "-x", String(width), "-y", String(height),
                "-c", TmuxSession.packageRoot.path, "env", "TERM=xterm-256color",
            ] + environment + ["sh", "-c", outer])
    }

    /// Runs a tmux command and returns what it printed. The server that `new-session` starts
    /// inherits the client's descriptors and signal mask, so tmux is started with posix_spawn, an
    /// empty signal mask and default signal actions (a test runner's threads block signals, which
    /// would otherwise leave the server, and linksim under it, deaf to SIGTERM), and with output
    /// going to a file rather than a pipe the server would hold open.
    @discardableResult
    func run(detached: Bool = false, _ arguments: [String]) throws -> String {
        let output = workDirectory.appendingPathComponent("tmux-output")
        let status = try Spawn.run([tmux, "-L", socket] + arguments, stdoutPath: detached ? "/dev/null" : output.path)
        let text = detached ? "" : ((try? String(contentsOf: output, encoding: .utf8)) ?? "")
        guard status == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(status)): \(text)")
        }
        return text
    }

    func capture() throws -> String { try run(["capture-pane", "-p"]) }

    func send(_ keys: String...) throws { try run(["send-keys"] + keys) }

    /// Pastes text as a terminal does when the program asked for bracketed paste (`paste-buffer -p`).
    func paste(_ text: String) throws {
        try run(["set-buffer", "--", text])
        try run(["paste-buffer", "-p", "-d"])
    }

    func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-x", String(width), "-y", String(height)])
    }

    func signal(_ number: Int32) throws {
        let text = (try? String(contentsOf: pidFile, encoding: .utf8)) ?? ""
        guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure(description: "no linksim pid recorded")
        }
        kill(pid, number)
    }

    /// Polls the pane until `text` shows (and `absent` does not), for up to 30 s: it returns as soon as the
    /// text shows, and 10 s ran out once on the 2-core machine while a release build ran beside the tests.
    func waitFor(_ text: String, absent: String? = nil) throws -> String {
        var screen = ""
        var previous: String?
        for _ in 0..<600 {
            screen = (try? capture()) ?? ""
            // A frame is whole only once the pane stops changing: curses writes a frame in pieces,
            // and a capture taken mid-write can show the new title over the old body.
            if screen.contains(text), absent.map({ !screen.contains($0) }) ?? true {
                if screen == previous { return screen }
                previous = screen
            } else {
                previous = nil
            }
            usleep(50_000)
        }
        throw Failure(description: "timed out waiting for \"\(text)\"; the pane shows:\n\(screen)")
    }

    /// Waits until linksim has exited and returns the `stty -a` taken right after.
    func waitForExit() throws -> String {
        for _ in 0..<600 {
            if let stty = try? String(contentsOf: sttyFile, encoding: .utf8), stty.contains("speed") { return stty }
            usleep(50_000)
        }
        throw Failure(description: "linksim did not exit; the pane shows:\n\((try? capture()) ?? "")")
    }

    /// Canonical mode and echo are back: the shell is usable again.
    static func expectRestored(_ stty: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let words = Set(stty.split { $0 == " " || $0 == "\n" || $0 == ";" }.map(String.init))
        #expect(words.contains("icanon"), "terminal left without icanon:\n\(stty)", sourceLocation: sourceLocation)
        #expect(words.contains("echo"), "terminal left without echo:\n\(stty)", sourceLocation: sourceLocation)
        #expect(words.contains("icrnl"), "terminal left without icrnl:\n\(stty)", sourceLocation: sourceLocation)
        #expect(words.contains("isig"), "terminal left without isig:\n\(stty)", sourceLocation: sourceLocation)
    }

    func close() {
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(at: workDirectory)
    }
}
