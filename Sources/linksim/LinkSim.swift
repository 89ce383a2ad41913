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
        subcommands: [RunCommand.self, ReplayCommand.self, ValidateCommand.self, RulesCommand.self, TUICommand.self,
                      AASACommand.self, AndroidCommand.self, BenchTUICommand.self]
    )

    /// The TUI's options (`--no-mouse`, `--no-color`) work on bare `linksim` too.
    @OptionGroup var tuiOptions: TUIOptions

    /// No subcommand: the demo TUI on a terminal, otherwise a usage line and exit 64.
    func run() throws { try runDefaultTUI(tuiOptions) }
}

/// The output formats of `run` and `replay`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
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
    static func error(_ text: String) {
        // Nothing sensible is left to do when even stderr cannot be written.
        try? StandardOutput.write(text.hasSuffix("\n") ? text : text + "\n", to: STDERR_FILENO)
    }

    static func out(_ text: String) {
        do {
            try StandardOutput.write(text, to: STDOUT_FILENO)
        } catch {
            Console.error("linksim: error: \(error.description)")
            exit(ExitStatus.ioError.rawValue)
        }
    }

    /// Colour only on a terminal, never with NO_COLOR or TERM=dumb.
    static var useColor: Bool {
        let env = ProcessInfo.processInfo.environment
        if let noColor = env["NO_COLOR"], !noColor.isEmpty { return false }
        if env["TERM"] == "dumb" { return false }
        return isatty(STDOUT_FILENO) == 1
    }
}
