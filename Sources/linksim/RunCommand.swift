import ArgumentParser
import LinkSimCore

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Simulate scenario files and print the trace and landing of every action.",
        discussion: """
            `-` reads a scenario from standard input (files it refers to are relative to the current folder). \
            --format mermaid prints a Mermaid sequenceDiagram per action; --format markdown a report for \
            tickets and pull requests (world, steps, landing, rules with sources).
            """
    )

    @Argument(help: "Scenario files (YAML); `-` reads one from standard input.")
    var files: [String]

    @Option(help: "Output format: text, json, mermaid or markdown.")
    var format: RunFormat = .text

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one scenario file") }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (`-`) can be read only once") }
    }

    func run() throws {
        var results: [ScenarioResult] = []
        var badInput = false
        for file in files {
            do {
                results.append(Simulator.run(try ScenarioFiles.load(file)))
            } catch {
                badInput = true
            }
        }
        RunOutput.print(results, format: format)
        if badInput { throw ExitStatus.badInput }
        if results.contains(where: { !$0.passed }) { throw ExitStatus.expectationFailed }
    }
}

/// Prints simulation results in one of `run`'s formats (shared with `tap`).
enum RunOutput {
    static func print(_ results: [ScenarioResult], format: RunFormat) {
        Console.out(format.reporter.report(results))
    }
}
