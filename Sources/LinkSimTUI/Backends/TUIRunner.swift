import CNcurses
import Foundation
import LinkSimCore

/// Runs the TUI: the event loop that feeds `update`, performs effects and draws `render`'s grid.
public enum TUIRunner {
    public struct Options: Sendable {
        public var mouse = true
        public var color: Bool
        public init(mouse: Bool = true, color: Bool = TUIRunner.colorAllowed) {
            self.mouse = mouse
            self.color = color
        }
    }

    /// `NO_COLOR` set to anything non-empty turns colour off (no-color.org).
    public static var colorAllowed: Bool {
        guard let value = ProcessInfo.processInfo.environment["NO_COLOR"] else { return true }
        return value.isEmpty
    }

    /// True when stdin and stdout are both terminals: the only time curses may draw.
    public static var hasTerminal: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// `TERM=dumb` (or no TERM): use the plain-text backend instead of curses.
    public static var terminalIsDumb: Bool {
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        return term.isEmpty || term == "dumb"
    }

    /// Applies one event and every effect it causes (effects answer with events of their own).
    public static func step(_ model: TUIModel, _ event: Event, _ environment: TUIEnvironment) -> TUIModel {
        var (current, effects) = update(model, event, environment)
        while !effects.isEmpty {
            let effect = effects.removeFirst()
            if effect == .quit { return current }
            if let answer = EffectRunner.perform(effect) {
                let (next, more) = update(current, answer, environment)
                current = next
                effects += more
            }
        }
        return current
    }

    /// Opens the TUI on the built-in demo.
    public static func runDemo(options: Options = Options()) {
        run(options: options) { size, color in TUIModel.demo(size: size, colorEnabled: color) }
    }

    /// Opens the TUI on a loaded scenario (its actions are a timeline).
    public static func run(scenario: Scenario, path: String, options: Options = Options()) {
        run(options: options) { size, color in
            TUIModel.opening(scenario, path: path, size: size, colorEnabled: color)
        }
    }

    static func run(options: Options, makeModel: (Size, Bool) -> TUIModel) {
        let environment = TUIEnvironment.live
        if terminalIsDumb {
            let size = Size(width: Int(ProcessInfo.processInfo.environment["COLUMNS"] ?? "") ?? 100,
                            height: Int(ProcessInfo.processInfo.environment["LINES"] ?? "") ?? 32)
            PlainTextBackend.runInteractive(makeModel(size, false), environment: environment)
            return
        }
        let backend = CursesBackend()
        guard backend.start(color: options.color, mouse: options.mouse) else {
            FileHandle.standardError.write(Data("linksim: curses cannot use TERM=\(ProcessInfo.processInfo.environment["TERM"] ?? ""); showing plain text\n".utf8))
            PlainTextBackend.runInteractive(makeModel(Size(width: 100, height: 32), false), environment: environment)
            return
        }
        defer { backend.stop() }
        var model = makeModel(backend.size, options.color)
        backend.draw(render(model, size: model.size))
        while !model.wantsQuit {
            guard let event = backend.nextEvent() else { continue }
            let next = step(model, event, environment)
            let changed = next != model
            model = next
            if changed, !model.wantsQuit { backend.draw(render(model, size: model.size)) }
        }
    }
}
