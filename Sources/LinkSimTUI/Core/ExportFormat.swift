import LinkSimCore

/// The formats `w` and `y` export, rendered by LinkSimCore's `TraceExport`: the same renderers as
/// `linksim run --format markdown|mermaid`, so the TUI and the CLI give the same text.
package enum ExportFormat: String, Sendable, Equatable {
    case markdown, mermaid

    /// `.mmd` / `.mermaid` give Mermaid; anything else Markdown.
    package init(path: String) {
        let lower = path.lowercased()
        self = lower.hasSuffix(".mmd") || lower.hasSuffix(".mermaid") ? .mermaid : .markdown
    }

    /// The text for a scenario result, exactly as the CLI renders it.
    package func render(_ result: ScenarioResult) -> String {
        switch self {
        case .markdown: return TraceExport.markdown(result)
        case .mermaid: return TraceExport.mermaid(result)
        }
    }
}
