import Foundation

/// Reads files from the local disk.
public struct LocalFiles: FileReader {
    public init() {}
    public func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        return [UInt8](data)
    }
    public func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
}

/// Turns scenario YAML into a validated `Scenario`, or an `InputError` that points at every problem.
public enum ScenarioLoader {
    /// Loads a scenario file; files it refers to are resolved relative to its folder.
    public static func load(path: String, reader: any FileReader = LocalFiles()) throws(InputError) -> Scenario {
        throw InputError(file: path, "not implemented yet")
    }

    /// Parses scenario text. `file` names it in messages; `baseDirectory` resolves `file:` references.
    public static func parse(_ text: String, file: String, baseDirectory: String?,
                             reader: any FileReader = LocalFiles()) throws(InputError) -> Scenario {
        throw InputError(file: file, "not implemented yet")
    }
}
