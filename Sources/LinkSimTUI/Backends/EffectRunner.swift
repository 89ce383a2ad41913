import Foundation
import LinkSimCore
import LinkSimIO

/// Performs the effects `update` asks for (files only) and answers with events.
package enum EffectRunner {
    /// `clipboard` sends OSC 52 to the terminal (the curses runner); without one the copy is refused.
    package static func perform(
        _ effect: Effect,
        clipboard: (String) -> Event = { _ in .clipboardUnavailable(reason: "no terminal to send it to") }
    ) -> Event? {
        switch effect {
        case .writeExport(let path, let text):
            do {
                try AtomicFileWriter.write(text, to: path, mode: .replace)
                return .exportWritten(path: path)
            } catch {
                return .exportFailed(path: path, message: error.description)
            }
        case .copyToClipboard(let text):
            return clipboard(text)
        case .saveProgress, .editFile, .checkFix, .loadFixFile, .writeFixFile:
            return CourseEffects.perform(effect)
        case .quit:
            return nil
        case .writeScenario(let path, let text, let overwrite):
            return ScenarioFileSaver.write(text, to: path, overwrite: overwrite)
        case .listScenarios(let directory):
            return .scenarioList(directory: directory, files: scenarioFiles(under: directory))
        case .loadScenario(let path):
            do {
                let scenario = try ScenarioLoader.load(path: path)
                return .scenarioLoaded(scenario, path: path)
            } catch {
                return .scenarioLoadFailed(path: path, message: error.description)
            }
        }
    }

    /// Every `*.yaml` / `*.yml` under a folder, as paths that start with the folder, sorted.
    package static func scenarioFiles(under directory: String) -> [String] {
        FileWalker.files(under: directory, extensions: FileWalker.scenarioExtensions)
    }
}

/// Saves a scenario through the one atomic writer (LinkSimIO), creating the folder if needed, and
/// answers with the event `update` expects.
package enum ScenarioFileSaver {
    package static func write(_ text: String, to path: String, overwrite: Bool) -> Event {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return .scenarioWriteFailed(path: path, message: "cannot create \(directory): \(error.localizedDescription)")
        }
        do {
            try AtomicFileWriter.write(text, to: path, mode: overwrite ? .replace : .createNew)
            return .scenarioWritten(path: path)
        } catch .exists {
            return .scenarioExists(path: path)
        } catch {
            return .scenarioWriteFailed(path: path, message: error.description)
        }
    }
}
