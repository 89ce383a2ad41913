import ArgumentParser
import Foundation

/// Where a command writes a report (`--junit`, `--save`): a report replaces an earlier report, never a scenario.
enum ReportOutput {
    /// Refuses a path that is one of the command's input files, or an existing scenario or lesson file
    /// (`*.yaml`, `*.yml`, `*.lesson`): a slip of the option's argument must not destroy the file it names.
    static func check(_ path: String, option: String, inputs: [String]) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        if inputs.contains(where: { sameFile($0, path) }) {
            throw ValidationError("\(option): `\(path)` is a file this command reads; a report never replaces it, so give another file")
        }
        let lower = path.lowercased()
        if [".yaml", ".yml", ".lesson"].contains(where: { lower.hasSuffix($0) }) {
            throw ValidationError("\(option): `\(path)` is a scenario file; a report never replaces it, so give another file (e.g. report.xml)")
        }
    }

    /// Two options naming one file: the same file on disk, or (before it exists) the same path once standardized.
    static func samePath(_ a: String, _ b: String) -> Bool {
        if sameFile(a, b) { return true }
        return URL(fileURLWithPath: a).standardizedFileURL.path == URL(fileURLWithPath: b).standardizedFileURL.path
    }

    /// The same file on disk (device and inode), whatever the spelling of the two paths.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
