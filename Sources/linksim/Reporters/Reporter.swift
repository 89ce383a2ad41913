import LinkSimCore

/// One way to print simulation results: every format `run` and `tap` offer is a `Reporter`, so a new format is
/// one conformance (and replay's JUnit report is one over its outcomes).
protocol Reporter {
    func report(_ results: [ScenarioResult]) -> String
}

extension RunFormat {
    /// The reporter for this format.
    var reporter: any Reporter {
        switch self {
        case .text: return TextReporter(color: Console.useColor)
        case .json: return JSONFormat()
        case .mermaid: return ExportReporter(render: TraceExport.mermaid, separator: "\n")
        case .markdown: return ExportReporter(render: TraceExport.markdown, separator: "\n---\n\n")
        }
    }
}

extension TextReporter: Reporter {
    func report(_ results: [ScenarioResult]) -> String { results.map(scenario).joined(separator: "\n") }
}

/// Contract §3 JSON (`JSONReporter`), one document with a final newline.
struct JSONFormat: Reporter {
    func report(_ results: [ScenarioResult]) -> String { JSONReporter.report(results) + "\n" }
}

/// Markdown and Mermaid, made by the core's `TraceExport` (the TUI exports the same text).
struct ExportReporter: Reporter {
    let render: (ScenarioResult) -> String
    let separator: String
    func report(_ results: [ScenarioResult]) -> String { results.map(render).joined(separator: separator) }
}
