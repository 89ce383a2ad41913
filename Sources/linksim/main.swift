import ArgumentParser
import Foundation
import LinkSimCore
import LinkSimIO

// Exit codes follow the contract: ArgumentParser already maps usage errors to 64 and our ExitCode
// values pass through; any other error is an internal error (70), never "expectation failed" (1).
StandardOutput.ignoreBrokenPipeSignal()
// `--no-color` is a top-level option, accepted before or after the subcommand: it turns colour off for every
// command's output, not only the TUI's (ArgumentParser hands a parent's flag to no subcommand).
Console.colorRefused = CommandLine.arguments.dropFirst().prefix { $0 != "--" }.contains("--no-color")
// The command that was running when an error came from its `run()`: its usage line goes with the message (a
// parse error already names its subcommand; a check made while running named only the top-level command).
var running: (any ParsableCommand.Type)? = nil
do {
    // The common `linksim run FILE…` starts without ArgumentParser's parse of the whole command tree (RunCommand.swift).
    if let plain = RunCommand.plainArguments(Array(CommandLine.arguments.dropFirst())) {
        try RunCommand.perform(files: plain.files, format: plain.format)
    } else {
        var command = try LinkSim.parseAsRoot()
        running = type(of: command)
        try command.run()
    }
} catch let exit as ExitCode {
    LinkSim.exit(withError: exit)
} catch {
    let code = LinkSim.exitCode(for: error)
    if code == .failure {
        Console.error("linksim: internal error: \(error)")
        Foundation.exit(ExitStatus.internalError.rawValue)
    }
    if code.isSuccess { LinkSim.exit(withError: error) }  // --help, --version: ArgumentParser prints them
    // Usage errors quote the flags as given: through the one escaping console, never raw.
    Console.error(running.map { LinkSim.runtimeMessage(for: error, in: $0) } ?? LinkSim.fullMessage(for: error))
    Foundation.exit(code.rawValue)
}
