import ArgumentParser
import Foundation
import LinkSimCore
import LinkSimIO

struct LinkSim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linksim",
        abstract: "Simulate what happens when someone taps a link on a phone, and why.",
        discussion: """
            With no subcommand on a terminal, linksim opens the interactive TUI on its built-in demo.
            Exit codes: 0 success, 1 an expectation failed, 64 bad usage, 65 bad input file, 70 internal error.
            """,
        subcommands: [
            RunCommand.self, ReplayCommand.self, ValidateCommand.self, RulesCommand.self, TUICommand.self,
            MatrixCommand.self, TapCommand.self, DiffCommand.self, ExplainCommand.self, SchemaCommand.self,
            AASACommand.self, AndroidCommand.self, AssetLinksCommand.self, InitCommand.self, LearnCommand.self,
            BenchTUICommand.self,
        ]
    )

    /// The TUI's options (`--no-mouse`, `--no-color`) work on bare `linksim` too.
    @OptionGroup var tuiOptions: TUIOptions

    /// No subcommand: the demo TUI on a terminal, otherwise a usage line and exit 64.
    func run() throws { try runDefaultTUI(tuiOptions) }
}

extension LinkSim {
    /// The command names from `linksim` down to `target` (`["linksim", "aasa", "match"]`); nil when it is not in the tree.
    static func commandPath(to target: any ParsableCommand.Type, from root: any ParsableCommand.Type = LinkSim.self) -> [String]? {
        if root == target { return [root._commandName] }
        for sub in root.configuration.subcommands {
            if let rest = commandPath(to: target, from: sub) { return [root._commandName] + rest }
        }
        return nil
    }

    /// An error from a command's `run()` with that command's usage line, named from `linksim` down (the command
    /// type alone names itself only: "Usage: match …"; the top-level message named no command at all).
    static func runtimeMessage(for error: any Error, in command: any ParsableCommand.Type) -> String {
        guard let path = commandPath(to: command), path.count > 1 else { return fullMessage(for: error) }
        let name = command._commandName
        let full = path.joined(separator: " ")
        return command.fullMessage(for: error)
            .replacingOccurrences(of: "Usage: \(name)", with: "Usage: \(full)")
            .replacingOccurrences(of: "See '\(name) --help'", with: "See '\(full) --help'")
    }
}

/// The output formats of `replay`, `matrix`...
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// `run` and `tap` also export a trace as a diagram or a report.
enum RunFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, mermaid, markdown
}

/// Exit codes from the contract.
enum ExitStatus {
    static let expectationFailed = ExitCode(1)
    static let usage = ExitCode(64)
    static let badInput = ExitCode(65)
    static let internalError = ExitCode(70)
    /// An output file or standard output could not be written (sysexits EX_IOERR).
    static let ioError = ExitCode(74)
}

/// Writes to standard output and standard error. A write that fails (stdout closed, a full disk,
/// a reader that went away) ends linksim with a message and exit 74 instead of a crash.
enum Console {
    /// Messages for people. Every line goes through the one escaping policy (`SafeText`): messages
    /// quote file text and flags (a YAML key, a URL), which must never reach the terminal raw.
    static func error(_ text: String) {
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        let safe = body.split(separator: "\n", omittingEmptySubsequences: false).map { SafeText.escape(String($0)) }
        // Nothing sensible is left to do when even stderr cannot be written.
        try? StandardOutput.write(safe.joined(separator: "\n") + "\n", to: STDERR_FILENO)
    }

    /// A line of data or a message for standard output whose every part may come from a file or a
    /// flag: escaped with the same policy as `error`. (Reporters that add colour escape their
    /// fields themselves and use `out`.)
    static func line(_ text: String) {
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        out(
            body.split(separator: "\n", omittingEmptySubsequences: false).map { SafeText.escape(String($0)) }
                .joined(separator: "\n") + "\n")
    }

    static func out(_ text: String) {
        do {
            try StandardOutput.write(text, to: STDOUT_FILENO)
        } catch {
            Console.error("linksim: error: \(error.description)")
            exit(ExitStatus.ioError.rawValue)
        }
    }

    /// `--no-color` was given (main.swift reads it once, before the command runs).
    nonisolated(unsafe) static var colorRefused = false

    /// Colour only on a terminal, never with `--no-color`, NO_COLOR or TERM=dumb.
    static var useColor: Bool {
        if colorRefused { return false }
        let env = ProcessInfo.processInfo.environment
        if let noColor = env["NO_COLOR"], !noColor.isEmpty { return false }
        if env["TERM"] == "dumb" { return false }
        return isatty(STDOUT_FILENO) == 1
    }
}
