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
        subcommands: [RunCommand.self, ReplayCommand.self, ValidateCommand.self, RulesCommand.self, AASACommand.self, AndroidCommand.self]
    )

    func run() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            FileHandle.standardError.write(Data("usage: linksim <run|replay|validate|rules|tui|aasa|android> ... (see `linksim --help`); with no subcommand linksim needs a terminal for its TUI\n".utf8))
            throw ExitCode(64)
        }
        FileHandle.standardError.write(Data("The TUI is not part of this build yet; see `linksim --help`.\n".utf8))
        throw ExitCode(64)
    }
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
