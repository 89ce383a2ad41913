/// One problem found in an input file, pointing at where it is.
package struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    package var location: SourceLocation?
    /// The file, when there is no line/column (unreadable file...).
    package var file: String
    package var message: String
    /// A warning does not make the file invalid: the scenario runs, but something in it has no effect.
    package var isWarning = false

    package init(file: String, location: SourceLocation?, message: String, isWarning: Bool = false) {
        self.file = file
        self.location = location
        self.message = message
        self.isWarning = isWarning
    }

    /// `file:line:column: error: message` (or `file: error: message`; `warning:` for warnings).
    package var description: String {
        let kind = isWarning ? "warning" : "error"
        if let location { return "\(location): \(kind): \(message)" }
        return "\(file): \(kind): \(message)"
    }
}

/// A bad input file (exit code 65): every problem found, in file order.
package struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    package var diagnostics: [Diagnostic]
    package init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    package init(file: String, location: SourceLocation? = nil, _ message: String) {
        diagnostics = [Diagnostic(file: file, location: location, message: message)]
    }
    package var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Reads the files a scenario refers to. The loader never touches the disk directly, so tests
/// and the TUI can give it files from memory.
package protocol FileReader: Sendable {
    func read(_ path: String) throws -> [UInt8]
    func exists(_ path: String) -> Bool
    /// The names in a folder (sorted), or nil when it is not a folder or cannot be listed. Only
    /// `res` folders need it; readers without folders keep the default (nil).
    func list(_ directory: String) -> [String]?
}

extension FileReader {
    package func list(_ directory: String) -> [String]? { nil }
}
