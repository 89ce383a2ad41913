import ArgumentParser
import LinkSimCore

struct LinkSim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linksim",
        abstract: "Simulate what happens when someone taps a link on a phone, and why.",
        subcommands: [TUICommand.self, BenchTUICommand.self]
    )

    /// No subcommand: the demo TUI on a terminal, otherwise a usage line and exit 64.
    func run() throws {
        try runDefaultTUI()
    }
}
