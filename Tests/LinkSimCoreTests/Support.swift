import LinkSimCore

/// Files from memory, for the loader.
struct MemoryFiles: FileReader {
    var files: [String: String]
    init(_ files: [String: String] = [:]) { self.files = files }
    func read(_ path: String) throws -> [UInt8] {
        guard let text = files[path] else { throw InputError(file: path, "missing") }
        return Array(text.utf8)
    }
    func exists(_ path: String) -> Bool { files[path] != nil }
}

/// Parses scenario text from a test, as if from `test.yaml` in folder `dir`.
func loadScenario(_ text: String, files: [String: String] = [:]) throws -> Scenario {
    try ScenarioLoader.parse(text, file: "test.yaml", baseDirectory: "dir", reader: MemoryFiles(files))
}

/// The diagnostics a broken scenario produces, as printed.
func diagnostics(_ text: String, files: [String: String] = [:]) -> [String] {
    do {
        _ = try loadScenario(text, files: files)
        return []
    } catch let error as InputError {
        return error.diagnostics.map(\.description)
    } catch {
        return ["unexpected error \(error)"]
    }
}

/// Loads and runs a scenario, returning the results of each action.
func simulate(_ text: String, files: [String: String] = [:]) throws -> [ActionResult] {
    Simulator.run(try loadScenario(text, files: files)).results
}

extension ActionResult {
    var rules: [RuleID] { trace.compactMap(\.rule) }
    /// The rules without the note every iOS custom-scheme trace starts with (not a web URL, so no AASA).
    var schemeRules: [RuleID] { rules.filter { $0 != Rule.iosAasaWebUrlsOnly.id } }
}
