import ArgumentParser
import Foundation
import LinkSimCore

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

    /// No subcommand: the demo TUI on a terminal, otherwise a usage line and exit 64.
    func run() throws { try runDefaultTUI() }
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
}

/// Writes to stderr.
enum Console {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Colour only on a terminal, never with NO_COLOR or TERM=dumb.
    static var useColor: Bool {
        let env = ProcessInfo.processInfo.environment
        if let noColor = env["NO_COLOR"], !noColor.isEmpty { return false }
        if env["TERM"] == "dumb" { return false }
        return isatty(STDOUT_FILENO) == 1
    }
}
