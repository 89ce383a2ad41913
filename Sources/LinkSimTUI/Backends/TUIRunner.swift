import CNcurses
import Foundation
import LinkSimCore

/// Runs the TUI: the event loop that feeds `update`, performs effects and draws `render`'s grid.
package enum TUIRunner {
    package struct Options: Sendable {
        package var mouse = true
        package var color: Bool
        package init(mouse: Bool = true, color: Bool = TUIRunner.colorAllowed) {
            self.mouse = mouse
            self.color = color
        }
    }

    /// `NO_COLOR` set to anything non-empty turns colour off (no-color.org).
    package static var colorAllowed: Bool {
        guard let value = ProcessInfo.processInfo.environment["NO_COLOR"] else { return true }
        return value.isEmpty
    }

    /// True when stdin and stdout are both terminals: the only time curses may draw.
    package static var hasTerminal: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// `TERM=dumb` (or no TERM): use the plain-text backend instead of curses.
    package static var terminalIsDumb: Bool {
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        return term.isEmpty || term == "dumb"
    }

    /// Applies one event and every effect it causes (effects answer with events of their own).
    package static func step(
        _ model: TUIModel, _ event: Event, _ environment: TUIEnvironment,
        clipboard: @escaping (String) -> Event = { _ in
            .clipboardUnavailable(reason: "this terminal cannot receive OSC 52 (TERM=dumb)")
        },
        deferEdits: Bool = false
    ) -> TUIModel {
        var (current, effects) = update(model, event, environment)
        while !effects.isEmpty {
            let effect = effects.removeFirst()
            if effect == .quit { return current }
            // Curses must be suspended around an editor: the input loop runs it (see `run`).
            if deferEdits, case .editFile = effect {
                current.pendingEdit = effect
                continue
            }
            if let answer = EffectRunner.perform(effect, clipboard: clipboard) {
                let (next, more) = update(current, answer, environment)
                current = next
                effects += more
            }
        }
        return current
    }

    /// Opens the TUI on the built-in demo.
    package static func runDemo(options: Options = Options()) {
        run(options: options) { size, color, environment in TUIModel.demo(size: size, colorEnabled: color, environment: environment) }
    }

    /// Opens the course (`linksim learn`): the lesson list, or one lesson.
    package static func runCourse(
        _ course: Course, progress: CourseProgress, progressPath: String, lessonID: String?,
        workDirectory: String, options: Options = Options()
    ) {
        let session = CourseSession(course: course, progress: progress, progressPath: progressPath, workDirectory: workDirectory)
        run(options: options) { size, color, environment in
            TUIModel.course(session, lessonID: lessonID, size: size, colorEnabled: color, environment: environment)
        }
    }

    /// Opens the TUI on a loaded scenario (its actions are a timeline).
    package static func run(scenario: Scenario, path: String, options: Options = Options()) {
        run(options: options) { size, color, environment in
            TUIModel.opening(scenario, path: path, size: size, colorEnabled: color, environment: environment)
        }
    }

    /// The live simulator. `LINKSIM_TEST_SLOW_SIMULATION=SECONDS` (for the end-to-end tests only)
    /// makes every simulation that long, so a test can show that q and Ctrl-C still work meanwhile.
    static var environment: TUIEnvironment {
        guard let text = ProcessInfo.processInfo.environment["LINKSIM_TEST_SLOW_SIMULATION"], let seconds = UInt32(text) else {
            return .live
        }
        return TUIEnvironment { scenario in
            sleep(seconds)
            return Simulator.run(scenario)
        }
    }

    /// The size plain-text screens are drawn at: the terminal's own (TIOCGWINSZ), else COLUMNS × LINES, else 100 × 32;
    /// at least 80 × 24, the smallest screen the TUI lays out (a fixed 100 columns wrapped every line at 80).
    static func plainTextSize() -> Size {
        var window = winsize()
        let environment = ProcessInfo.processInfo.environment
        var width = Int(environment["COLUMNS"] ?? "") ?? 100
        var height = Int(environment["LINES"] ?? "") ?? 32
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            width = Int(window.ws_col)
            height = Int(window.ws_row)
        }
        return Size(width: max(80, width), height: max(24, height))
    }

    static func run(options: Options, makeModel: @escaping @Sendable (Size, Bool, TUIEnvironment) -> TUIModel) {
        let environment = Self.environment
        if terminalIsDumb {
            PlainTextBackend.runInteractive(makeModel(plainTextSize(), false, environment), environment: environment)
            return
        }
        let backend = CursesBackend()
        guard backend.start(color: options.color, mouse: options.mouse) else {
            FileHandle.standardError.write(
                Data("linksim: curses cannot use TERM=\(ProcessInfo.processInfo.environment["TERM"] ?? ""); showing plain text\n".utf8))
            PlainTextBackend.runInteractive(makeModel(plainTextSize(), false, environment), environment: environment)
            return
        }
        defer { backend.stop() }
        var queued: [Event] = []
        let size = backend.size
        let color = options.color
        // Opening simulates too (a file's first action): keep q and Ctrl-C working meanwhile.
        guard
            var model = workKeepingInput(
                placeholder: TUIModel(
                    world: Scenario(name: "loading…", device: Device(platform: .ios, os: .latest(.ios))),
                    mode: .independentLinks, size: size, colorEnabled: color),
                backend: backend, queued: &queued, work: { _ in makeModel(size, color, environment) })
        else { return }
        backend.draw(render(model, size: model.size))
        while !model.wantsQuit {
            let event: Event
            if queued.isEmpty {
                guard let next = backend.nextEvent() else { continue }
                event = next
            } else {
                event = queued.removeFirst()
            }
            let next: TUIModel
            if case .tick = event {
                next = step(model, event, environment)  // fades marks only: never simulates
            } else {
                let current = model
                guard
                    var stepped = workKeepingInput(
                        placeholder: model, backend: backend, queued: &queued,
                        work: { clipboard in
                            step(current, event, environment, clipboard: clipboard, deferEdits: true)
                        })
                else {
                    return  // q or Ctrl-C while a simulation was running: leave at once.
                }
                // The course's editor: curses steps aside (endwin), the editor owns the terminal, then
                // the screen is redrawn whole and the answer goes through `update` as usual.
                if let edit = stepped.pendingEdit {
                    stepped.pendingEdit = nil
                    backend.suspend()
                    let answer = CourseEffects.perform(edit)
                    backend.resume()
                    if let answer { stepped = step(stepped, answer, environment) }
                    backend.draw(render(stepped, size: stepped.size))
                }
                next = stepped
            }
            let changed = next != model
            model = next
            if changed, !model.wantsQuit { backend.draw(render(model, size: model.size)) }
        }
    }

    /// Runs `work` (a step, which may simulate for a long time) off the input thread, and keeps reading
    /// keys meanwhile: other input waits in `queued`. Once the step has run long enough for the screen to say
    /// a simulation is running (~300 ms), `q` ends the TUI at once (nil); Ctrl-C always does. Before that a
    /// `q` is queued like any key: it may be text in a prompt (a pasted URL with `?q=`), and a quick step
    /// hands it to `update`, which decides. The step's end is waited for, not polled: a key costs the step.
    static func workKeepingInput(
        placeholder model: TUIModel, backend: CursesBackend, queued: inout [Event],
        work: @escaping @Sendable (@escaping (String) -> Event) -> TUIModel
    ) -> TUIModel? {
        let mailbox = StepMailbox()
        let thread = Thread {
            let result = work { text in
                mailbox.setClipboard(text)
                return .clipboardCopied(characters: text.count)
            }
            mailbox.finish(result)
        }
        thread.stackSize = 16 << 20
        thread.start()
        backend.setInputTimeout(0)  // input is read without waiting; the mailbox is what is waited for
        defer { backend.setInputTimeout(250) }
        var waited = 0
        var announced = false
        while true {
            if let (result, clipboard) = mailbox.take(waitingMilliseconds: 20) {
                if let clipboard { backend.sendClipboard(clipboard) }
                return result
            }
            waited += 20
            while let input = backend.nextEvent() {
                if case .tick = input { break }
                switch input {
                case .key(.ctrl("c")): return nil
                case .key(.char("q")) where announced: return nil
                default: queued.append(input)
                }
            }
            if waited >= 300, !announced {
                announced = true
                var busy = model
                busy.status = StatusMessage(text: "simulating… (q or Ctrl-C quits)", isError: false)
                backend.draw(render(busy, size: busy.size))
            }
        }
    }
}

/// Hands the result of a step from the simulation thread to the input thread.
final class StepMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var result: TUIModel?
    private var clipboard: String?

    func setClipboard(_ text: String) {
        lock.lock()
        clipboard = text
        lock.unlock()
    }

    private let done = DispatchSemaphore(value: 0)

    func finish(_ model: TUIModel) {
        lock.lock()
        result = model
        lock.unlock()
        done.signal()
    }

    func take() -> (TUIModel, String?)? {
        lock.lock()
        defer { lock.unlock() }
        guard let result else { return nil }
        return (result, clipboard)
    }

    /// The result once the step has finished, waiting for it at most `milliseconds`.
    func take(waitingMilliseconds milliseconds: Int) -> (TUIModel, String?)? {
        guard done.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else { return nil }
        done.signal()  // a later `take` finds it finished too
        return take()
    }
}
