import ArgumentParser
import Foundation
import LinkSimCore
import LinkSimIO

/// Finds and loads scenario files for the commands.
enum ScenarioFiles {
    /// Every `*.yaml`/`*.yml` under the paths (files given directly are taken as they are), sorted.
    /// Returns the files and the paths that do not exist.
    static func collect(_ paths: [String]) -> (files: [String], missing: [String], empty: [String]) {
        var files: [String] = []
        var missing: [String] = []
        var empty: [String] = []
        let fm = FileManager.default
        for path in paths {
            // Standard input is a file for the commands that read it (run, validate).
            if path == "-" {
                files.append(path)
                continue
            }
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                missing.append(path)
                continue
            }
            if !isDirectory.boolValue {
                files.append(path)
                continue
            }
            let found = FileWalker.files(under: path, extensions: FileWalker.scenarioExtensions)
            if found.isEmpty { empty.append(path) }
            files += found
        }
        return (files, missing, empty)
    }
}

extension ScenarioFiles {
    /// Loads one scenario for a command; `-` reads it from standard input (files it refers to are
    /// then relative to the current folder). Problems go to stderr and end with exit 65.
    static func load(_ path: String) throws -> Scenario {
        do {
            return try loadOrThrow(path)
        } catch {
            Console.error(error.description)
            throw ExitStatus.badInput
        }
    }

    /// `load`, its problem handed back rather than printed (warnings are printed).
    static func loadOrThrow(_ path: String) throws(InputError) -> Scenario {
        let scenario = try loadQuietly(path)
        for warning in scenario.warnings { Console.error(warning.description) }
        return scenario
    }

    /// A file, or standard input for `-`, with its warnings left in the scenario for the caller.
    static func loadQuietly(_ path: String) throws(InputError) -> Scenario {
        guard path == "-" else { return try ScenarioLoader.load(path: path) }
        let text: String
        do {
            text = try readStandardInput()
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: "<stdin>", "cannot read standard input")
        }
        return try ScenarioLoader.parse(text, file: "<stdin>", baseDirectory: ".")
    }

    /// Standard input as UTF-8 text, at most 16 MiB (a scenario is a few KB).
    static func readStandardInput() throws -> String {
        let limit = 16 << 20
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(file: "<stdin>", "cannot read standard input")
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > limit { throw InputError(file: "<stdin>", "standard input is over 16 MiB; a scenario is a few KB") }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InputError(file: "<stdin>", "not a text file (it is not valid UTF-8)")
        }
        return text
    }

    /// `--action N` (1-based, as `run` numbers actions `#N`) → the action's index, or a usage error.
    static func actionIndex(_ number: Int, in scenario: Scenario, needsLink: Bool) throws -> Int {
        guard scenario.actions.indices.contains(number - 1) else {
            throw ValidationError("--action \(number): the scenario has \(scenario.actions.count) action(s), numbered from 1 as `run` shows them (#1...)")
        }
        if needsLink, LinkMatrix.tap(of: scenario.actions[number - 1]) == nil {
            let links = LinkMatrix.linkActions(scenario).map { "#\($0 + 1)" }.joined(separator: ", ")
            throw ValidationError(
                "--action \(number) is `\(scenario.actions[number - 1].kind.name)`, not a tap; the taps are \(links.isEmpty ? "none" : links)")
        }
        return number - 1
    }
}
