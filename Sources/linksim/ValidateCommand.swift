import ArgumentParser
import LinkSimCore

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scenario files (and the files they refer to) without simulating."
    )

    @Argument(help: "Scenario files or folders.")
    var paths: [String]

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one scenario file") }
    }

    func run() throws {
        let (files, missing) = ScenarioFiles.collect(paths)
        var bad = missing.count
        for path in missing { Console.error("\(path): error: no such file or folder") }
        for file in files {
            do {
                let scenario = try ScenarioLoader.load(path: file)
                for warning in scenario.warnings { Console.error(warning.description) }
                Console.line(scenario.warnings.isEmpty ? "\(file): ok" : "\(file): ok, \(scenario.warnings.count) warning(s)")
            } catch {
                Console.error(error.description)
                bad += 1
            }
        }
        if files.isEmpty && missing.isEmpty {
            Console.error("no *.yaml or *.yml files under \(paths.joined(separator: ", "))")
            throw ExitStatus.badInput
        }
        if bad > 0 { throw ExitStatus.badInput }
    }
}
