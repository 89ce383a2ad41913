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
        if paths.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (`-`) can be read only once") }
    }

    func run() throws {
        // A folder without scenarios may hold lessons (checked below), so it is not an error here by itself.
        var (files, missing, _) = ScenarioFiles.collect(paths)
        // Lessons (`*.lesson`) are checked as lessons: their format, and every answer against the engine.
        files.removeAll { $0.hasSuffix("." + LessonLoader.fileExtension) }
        let lessons = paths.filter { $0 != "-" }.flatMap(LearnCommand.lessonFiles(under:))
        var bad = missing.count
        for path in missing { Console.error("\(path): error: no such file or folder") }
        for file in files {
            do {
                let scenario = try ScenarioFiles.loadQuietly(file)
                for warning in scenario.warnings { Console.error(warning.description) }
                // The AASA and assetlinks.json files it serves, checked as `aasa validate` / `assetlinks validate` would.
                let served = ServedFileCheck.findings(in: scenario)
                for finding in served { Console.error(finding.description) }
                let name = file == "-" ? "<stdin>" : file
                let count = scenario.warnings.count + served.count
                Console.line(count == 0 ? "\(name): ok" : "\(name): ok, \(count) warning(s)")
            } catch {
                Console.error(error.description)
                bad += 1
            }
        }
        for file in lessons {
            do {
                let problems = LessonChecker.problems(in: try LessonLoader.load(path: file))
                for problem in problems { Console.error(problem.description) }
                if problems.isEmpty { Console.line("\(file): ok (lesson)") } else { bad += 1 }
            } catch {
                Console.error(error.description)
                bad += 1
            }
        }
        if files.isEmpty && missing.isEmpty && lessons.isEmpty {
            Console.error("no *.yaml or *.yml files under \(paths.joined(separator: ", "))")
            throw ExitStatus.badInput
        }
        if bad > 0 { throw ExitStatus.badInput }
    }
}
