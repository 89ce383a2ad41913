import ArgumentParser
import Foundation

/// Where a command writes a report (`--junit`, `--save`): a report replaces an earlier report, never a scenario.
enum ReportOutput {
    /// Refuses a path that is one of the command's input files, or an existing scenario or lesson file
    /// (`*.yaml`, `*.yml`, `*.lesson`): a slip of the option's argument must not destroy the file it names.
    /// What a report file holds: an existing file is replaced only when it holds an earlier report of the same kind.
    enum Kind {
        case junit, matrix

        var name: String { self == .junit ? "JUnit report" : "saved matrix" }

        /// The start of a file linksim wrote as this kind of report.
        func recognises(_ head: String) -> Bool {
            let text = head.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
            switch self {
            case .junit: return text.hasPrefix("<?xml") && text.contains("<testsuites")
            case .matrix: return text.hasPrefix("{\"file\": ") && text.contains("\"links\": [")
            }
        }
    }

    static func check(_ path: String, option: String, inputs: [String], kind: Kind) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        if inputs.contains(where: { sameFile($0, path) }) {
            throw ValidationError("\(option): `\(path)` is a file this command reads; a report never replaces it, so give another file")
        }
        let lower = path.lowercased()
        if [".yaml", ".yml", ".lesson"].contains(where: { lower.hasSuffix($0) }) {
            throw ValidationError("\(option): `\(path)` is a scenario file; a report never replaces it, so give another file (e.g. report.xml)")
        }
        // Anything else must be an earlier report of the same kind: a file a scenario serves or names (an AASA
        // file, a manifest) is not an input this check can list, and must not be lost to a slip of the argument.
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let handle = FileHandle(forReadingAtPath: path)
        else { return }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4096)) ?? Data()
        if head.isEmpty || kind.recognises(String(decoding: head, as: UTF8.self)) { return }
        throw ValidationError(
            "\(option): `\(path)` exists and is not a \(kind.name) linksim wrote; a report never replaces another file (it may be one a scenario reads), so give another name or remove it first"
        )
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
