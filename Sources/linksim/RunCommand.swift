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

    func run() throws { try Self.perform(files: files, format: format) }

    /// Simulates `files` and prints them in `format`: the command's work, whichever way its line was read.
    static func perform(files: [String], format: RunFormat) throws {
        var results: [ScenarioResult] = []
        var items: [ReplayOutcome] = []
        var invalid = false
        for file in files {
            do {
                let result = Simulator.run(try ScenarioFiles.loadOrThrow(file))
                results.append(result)
                items.append(.simulated(file: file, result: result))
            } catch {
                Console.error(error.description)
                items.append(.invalid(file: file, error: error))
                invalid = true
            }
        }
        if format == .json && invalid {
            // As replay reports it: a file that is no valid scenario is an item with its `errors`, and counts as failed.
            let passed = results.filter(\.passed).count
            Console.out(
                "{\"scenarios\": [" + items.map { JSONReporter.replayItem($0).render() }.joined(separator: ", ")
                    + "], \"passed\": \(passed), \"failed\": \(items.count - passed)}\n")
        } else {
            RunOutput.print(results, format: format)
        }
        if invalid { throw ExitStatus.badInput }
        if results.contains(where: { !$0.passed }) { throw ExitStatus.expectationFailed }
    }
}

extension RunCommand {
    /// `linksim run FILE… [--format F]`, read without ArgumentParser: the files and the format, or nil for any
    /// other command line, which ArgumentParser reads (with its help, its messages and every other option).
    /// Its parse of the command tree (reflection and protocol-conformance lookups, of which a statically
    /// linked binary has tens of thousands to search) was 15M of a trivial run's 22M instructions (issue #14:
    /// `linksim run` ≤ 10 ms). Only lines ArgumentParser reads the same way are taken: no argument that starts
    /// with `-` other than one `--format` with a valid value, and at least one file.
    static func plainArguments(_ arguments: [String]) -> (files: [String], format: RunFormat)? {
        guard arguments.first == "run" else { return nil }
        var files: [String] = []
        var format: RunFormat?
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            let value: String?
            if argument == "--format" {
                value = rest.popFirst()
            } else if argument.hasPrefix("--format=") {
                value = String(argument.dropFirst("--format=".count))
            } else if argument.hasPrefix("-") {
                return nil
            } else {
                files.append(argument)
                continue
            }
            guard format == nil, let value, let given = RunFormat(rawValue: value) else { return nil }
            format = given
        }
        return files.isEmpty ? nil : (files, format ?? .text)
    }
}

/// Prints simulation results in one of `run`'s formats (shared with `tap`).
enum RunOutput {
    static func print(_ results: [ScenarioResult], format: RunFormat) {
        Console.out(format.reporter.report(results))
    }
}
