import Foundation
import LinkSimCore

/// Performs the effects `update` asks for (files only) and answers with events.
public enum EffectRunner {
    public static func perform(_ effect: Effect) -> Event? {
        switch effect {
        case .quit:
            return nil
        case .writeScenario(let path, let text, let overwrite):
            return AtomicFileWriter.write(text, to: path, overwrite: overwrite)
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
    public static func scenarioFiles(under directory: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") {
                files.append(directory.hasSuffix("/") ? directory + relative : directory + "/" + relative)
            }
        }
        return files.sorted()
    }
}

/// Writes a file so that readers see either the old content or the new, never half a file: the
/// text goes to a temporary file in the same folder, which then replaces the target by rename (or,
/// when overwriting is not allowed, by link(2), which fails instead of replacing an existing file).
public enum AtomicFileWriter {
    public static func write(_ text: String, to path: String, overwrite: Bool) -> Event {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return .scenarioWriteFailed(path: path, message: "cannot create \(directory): \(error.localizedDescription)")
        }
        if !overwrite, FileManager.default.fileExists(atPath: path) { return .scenarioExists(path: path) }
        let temporary = directory + "/.\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { return .scenarioWriteFailed(path: path, message: String(cString: strerror(errno))) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                let message = String(cString: strerror(errno))
                close(descriptor)
                unlink(temporary)
                return .scenarioWriteFailed(path: path, message: message)
            }
            written += result
        }
        fsync(descriptor)
        close(descriptor)
        if overwrite {
            guard rename(temporary, path) == 0 else {
                let message = String(cString: strerror(errno))
                unlink(temporary)
                return .scenarioWriteFailed(path: path, message: message)
            }
            return .scenarioWritten(path: path)
        }
        if link(temporary, path) == 0 {
            unlink(temporary)
            return .scenarioWritten(path: path)
        }
        let linkError = errno
        if linkError == EEXIST {
            unlink(temporary)
            return .scenarioExists(path: path)
        }
        // Some file systems have no hard links: check, then rename (a tiny race, but never a torn file).
        if FileManager.default.fileExists(atPath: path) {
            unlink(temporary)
            return .scenarioExists(path: path)
        }
        guard rename(temporary, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            return .scenarioWriteFailed(path: path, message: message)
        }
        return .scenarioWritten(path: path)
    }
}
