import ArgumentParser
import Foundation
import LinkSimCore
import LinkSimTUI

/// `linksim tui [FILE]`: the interactive front end, on a scenario file or on the built-in demo.
struct TUICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Open the interactive TUI on a scenario file (its actions become a timeline to step), or on the built-in demo."
    )

    @Argument(help: "A scenario file. Without one, the built-in demo opens.")
    var file: String?

    @OptionGroup var options: TUIOptions

    func run() throws { try options.open(file: file, bare: false) }
}

/// The TUI's options, shared by `linksim tui` and bare `linksim` (which opens the demo).
struct TUIOptions: ParsableArguments {
    @Flag(name: .customLong("no-mouse"), help: "Do not capture the mouse (keeps the terminal's own text selection).")
    var noMouse = false

    @Flag(name: .customLong("no-color"), help: "No colours, in every command's output (as NO_COLOR does); the TUI keeps bold, reverse and underline.")
    var noColor = false

    @Option(
        name: .customLong("print-screen"),
        help: ArgumentHelp(
            "Print one screen as plain text at WxH (e.g. 120x40) and exit; works without a terminal.",
            visibility: .hidden))
    var printScreen: String?

    /// `bare`: started as `linksim` without a subcommand (its usage message differs).
    func open(file: String?, bare: Bool) throws {
        var scenario: Scenario?
        if let file {
            do {
                scenario = try ScenarioLoader.load(path: file)
            } catch {
                // Diagnostics quote the file; escape control characters before they reach a terminal.
                let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
                let safe = lines.map { TerminalText.sanitize(String($0)) }.joined(separator: "\n")
                FileHandle.standardError.write(Data((safe + "\n").utf8))
                throw ExitCode(65)
            }
        }
        if let printScreen {
            let parts = printScreen.lowercased().split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
                throw ValidationError("--print-screen takes WIDTHxHEIGHT, e.g. 120x40")
            }
            let size = Size(width: parts[0], height: parts[1])
            let model =
                scenario.map { TUIModel.opening($0, path: file, size: size, colorEnabled: false) }
                ?? TUIModel.demo(size: size, colorEnabled: false)
            print(PlainTextBackend.text(of: render(model, size: size)))
            return
        }
        guard TUIRunner.hasTerminal else {
            if bare {
                FileHandle.standardError.write(
                    Data("usage: linksim <command> [options]  (see `linksim --help`; on a terminal, `linksim` opens the TUI)\n".utf8))
            } else {
                FileHandle.standardError.write(Data("linksim tui needs a terminal on stdin and stdout; use `linksim run FILE` in scripts\n".utf8))
            }
            throw ExitCode(64)
        }
        let options = TUIRunner.Options(mouse: !noMouse, color: TUIRunner.colorAllowed && !noColor)
        if let scenario, let file {
            TUIRunner.run(scenario: scenario, path: file, options: options)
        } else {
            TUIRunner.runDemo(options: options)
        }
    }
}

/// What `linksim` does with no subcommand: the demo TUI on a terminal (with the same options as
/// `linksim tui`), else a usage line (exit 64). It never draws curses output into a pipe.
func runDefaultTUI(_ options: TUIOptions = TUIOptions()) throws {
    try options.open(file: nil, bare: true)
}

/// `linksim bench-tui` (hidden): key press → update → render → curses blit, timed with
/// ContinuousClock on a 200×60 screen. Run it in release mode.
struct BenchTUICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-tui",
        abstract: "Time key press to redrawn screen (update + render + curses blit) at 200x60.",
        shouldDisplay: false
    )

    @Option(help: "Key presses to time.")
    var iterations = 2000

    @Option(help: "Screen size, WIDTHxHEIGHT.")
    var size = "200x60"

    func run() throws {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { throw ValidationError("--size takes WIDTHxHEIGHT") }
        let report = TUIBenchmark.run(size: Size(width: parts[0], height: parts[1]), iterations: iterations)
        print(report.description)
        if report.p99Milliseconds >= 16 { throw ExitCode(1) }
    }
}
