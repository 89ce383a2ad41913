/// One problem found in an input file, pointing at where it is.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public var location: SourceLocation?
    /// The file, when there is no line/column (unreadable file...).
    public var file: String
    public var message: String
    /// A warning does not make the file invalid: the scenario runs, but something in it has no effect.
    public var isWarning = false

    public init(file: String, location: SourceLocation?, message: String, isWarning: Bool = false) {
        self.file = file
        self.location = location
        self.message = message
        self.isWarning = isWarning
    }

    /// `file:line:column: error: message` (or `file: error: message`; `warning:` for warnings).
    public var description: String {
        let kind = isWarning ? "warning" : "error"
        if let location { return "\(location): \(kind): \(message)" }
        return "\(file): \(kind): \(message)"
    }
}

/// A bad input file (exit code 65): every problem found, in file order.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    public init(file: String, location: SourceLocation? = nil, _ message: String) {
        diagnostics = [Diagnostic(file: file, location: location, message: message)]
    }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Reads the files a scenario refers to. The loader never touches the disk directly, so tests
/// and the TUI can give it files from memory.
public protocol FileReader: Sendable {
    func read(_ path: String) throws -> [UInt8]
    func exists(_ path: String) -> Bool
    /// The names in a folder (sorted), or nil when it is not a folder or cannot be listed. Only
    /// `res` folders need it; readers without folders keep the default (nil).
    func list(_ directory: String) -> [String]?
}

extension FileReader {
    public func list(_ directory: String) -> [String]? { nil }
}
