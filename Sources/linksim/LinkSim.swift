import ArgumentParser
import LinkSimCore

struct LinkSim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linksim",
        abstract: "Simulate what happens when someone taps a link on a phone, and why.",
        subcommands: [AndroidCommand.self]
    )
}
