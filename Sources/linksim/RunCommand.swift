import ArgumentParser
import LinkSimCore

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Simulate scenario files and print the trace and landing of every action."
    )

    @Argument(help: "Scenario files (YAML).")
    var files: [String]

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one scenario file") }
    }

    func run() throws {
        var results: [ScenarioResult] = []
        var badInput = false
        for file in files {
            do {
                let scenario = try ScenarioLoader.load(path: file)
                results.append(Simulator.run(scenario))
            } catch {
                Console.error(error.description)
                badInput = true
            }
        }
        switch format {
        case .text:
            let reporter = TextReporter(color: Console.useColor)
            Console.out(results.map { reporter.scenario($0) }.joined(separator: "\n"))
        case .json:
            Console.out(JSONReporter.report(results) + "\n")
        }
        if badInput { throw ExitStatus.badInput }
        if results.contains(where: { !$0.passed }) { throw ExitStatus.expectationFailed }
    }
}
