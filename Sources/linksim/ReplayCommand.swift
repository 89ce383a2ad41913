import ArgumentParser
import Foundation
import LinkSimCore
import LinkSimIO

/// One scenario file's outcome in a replay: simulated, or rejected as bad input.
enum ReplayOutcome {
    case simulated(file: String, result: ScenarioResult)
    case invalid(file: String, error: InputError)

    var file: String {
        switch self {
        case .simulated(let file, _), .invalid(let file, _): return file
        }
    }

    var passed: Bool {
        if case .simulated(_, let result) = self { return result.passed }
        return false
    }
}

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run every scenario under the paths, check each `expect`, and print a pass/fail table.",
        discussion: "The last line is `N passed, M failed`. Exit 0 when every expectation held, 1 when one failed, 65 when a file is not a valid scenario."
    )

    @Argument(help: "Scenario files or folders (searched recursively for *.yaml and *.yml).")
    var paths: [String]

    @Option(name: .customLong("junit"), help: "Also write a JUnit XML report to this file.")
    var junitPath: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    static func replay(_ file: String) -> ReplayOutcome {
        do throws(InputError) {
            return .simulated(file: file, result: Simulator.run(try ScenarioLoader.load(path: file)))
        } catch {
            return .invalid(file: file, error: error)
        }
    }

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one scenario file or folder") }
    }

    func run() throws {
        let (files, missing) = ScenarioFiles.collect(paths)
        for path in missing { Console.error("\(path): error: no such file or folder") }
        if files.isEmpty {
            Console.error("no *.yaml or *.yml files under \(paths.joined(separator: ", "))")
            throw missing.isEmpty ? ExitStatus.badInput : ExitStatus.usage
        }
        let outcomes = files.map(Self.replay)
        let passed = outcomes.filter(\.passed).count
        let failed = outcomes.count - passed

        switch format {
        case .text:
            Console.out(TextReporter(color: Console.useColor).replay(outcomes))
            Console.out("\(passed) passed, \(failed) failed\n")
        case .json:
            Console.out(JSONReporter.replay(outcomes) + "\n")
        }
        if let junitPath {
            // Written after the table, so a report that cannot be written never hides the results.
            do {
                try AtomicFileWriter.write(JUnitReporter.report(outcomes), to: junitPath)
            } catch {
                Console.error("linksim: error: cannot write the JUnit report: \(error.description)")
                throw ExitStatus.ioError
            }
        }
        for case .invalid(_, let error) in outcomes { Console.error(error.description) }
        if outcomes.contains(where: { if case .invalid = $0 { return true } else { return false } }) || !missing.isEmpty {
            throw ExitStatus.badInput
        }
        if failed > 0 { throw ExitStatus.expectationFailed }
    }
}
