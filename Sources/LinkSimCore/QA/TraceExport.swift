/// A simulation result as a Mermaid sequence diagram or a Markdown report, for tickets and pull
/// requests. Text from files goes through `SafeText` and the target format's own escaping.
package enum TraceExport {
    // MARK: Mermaid

    /// One `sequenceDiagram` per action that has a trace: the user, then every actor of the trace
    /// (surfaces, the OS, servers, stores, the app) as participants; one message per trace step,
    /// from the previous actor to the step's actor, with the step's rule.
    package static func mermaid(_ result: ScenarioResult) -> String {
        var diagrams: [String] = []
        for r in result.results where !r.trace.isEmpty {
            var lines: [String] = []
            lines.append("%% \(mermaidComment(result.scenario.name)) — #\(r.index + 1) \(mermaidComment(Describe.action(r.action.kind)))")
            lines.append("sequenceDiagram")
            var actors = ["User"]
            for step in r.trace where !actors.contains(step.actor) { actors.append(step.actor) }
            for (i, actor) in actors.enumerated() {
                lines.append("    participant P\(i) as \(mermaidText(actor))")
            }
            func id(_ actor: String) -> String { "P\(actors.firstIndex(of: actor) ?? 0)" }
            var previous = "User"
            for step in r.trace {
                var text = step.summary
                if let rule = step.rule { text += " [\(rule)]" }
                lines.append("    \(id(previous))->>\(id(step.actor)): \(mermaidText(text))")
                if let assumption = step.assumption {
                    lines.append("    Note over \(id(step.actor)): \(mermaidText(Describe.assumption(assumption)))")
                }
                previous = step.actor
            }
            if let landing = r.landing {
                var note = "lands: \(landing.kind.rawValue.uppercased()) \(Describe.landing(landing))"
                switch ResultFacts.certainty(r) {
                case .sourced: break
                case .assumption: note += " (rests on an assumption)"
                case .unknown(let reason): note = "UNKNOWN (no sourced rule): \(reason)"
                }
                lines.append("    Note over \(id(previous)): \(mermaidText(note))")
            }
            diagrams.append(lines.joined(separator: "\n"))
        }
        return diagrams.joined(separator: "\n\n") + (diagrams.isEmpty ? "" : "\n")
    }

    /// Mermaid message text: one line, no statement separators; `#` and `;` as entity codes.
    static func mermaidText(_ text: String) -> String {
        var out = ""
        for character in SafeText.escape(oneLine(text)) {
            switch character {
            case "#": out += "#35;"
            case ";": out += "#59;"
            case "\n", "\r": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    /// Line breaks become spaces (both formats keep one item per line).
    static func oneLine(_ text: String) -> String {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ")
    }

    static func mermaidComment(_ text: String) -> String {
        SafeText.escape(oneLine(text)).replacingOccurrences(of: "%%", with: "% %")
    }

    // MARK: Markdown

    /// A report for tickets and PRs: the world, each action's steps and landing, the expectation,
    /// and the rules cited with their sources.
    package static func markdown(_ result: ScenarioResult) -> String {
        let s = result.scenario
        var out = "# \(md(s.name))\n\n"
        if let file = s.file { out += "File: `\(code(file))`\n\n" }
        if let description = s.description, !description.isEmpty {
            out += description.split(whereSeparator: \.isNewline).map { md(String($0)) }.joined(separator: "\n") + "\n\n"
        }
        out += "## World\n\n"
        out += "- Device: \(md(Describe.device(s.device))) · clock \(s.clock)\n"
        for app in s.apps {
            out += "- App `\(code(app.id))` (\(md(app.name))): \(app.state.rawValue)"
            if !app.urlSchemes.isEmpty { out += " · schemes " + app.urlSchemes.map { "`\(code($0))`" }.joined(separator: ", ") }
            if !app.associatedDomains.isEmpty { out += " · " + app.associatedDomains.map { "`\(code($0))`" }.joined(separator: ", ") }
            out += "\n"
        }
        if !s.web.hosts.isEmpty {
            out += "- Servers: " + s.web.hosts.keys.sorted().map { "`\(code($0))`" }.joined(separator: ", ") + "\n"
        }
        var cited: [RuleID] = []
        for r in result.results {
            out += "\n## #\(r.index + 1) \(md(Describe.action(r.action.kind)))\n\n"
            if !r.trace.isEmpty {
                out += "| # | who | what happened | rule |\n|---|---|---|---|\n"
                for (i, step) in r.trace.enumerated() {
                    var what = md(step.summary)
                    if let detail = step.detail { what += "<br>" + md(detail) }
                    if let assumption = step.assumption { what += "<br>**assumption:** " + md(assumption) }
                    let rule = step.rule.map { "`\(code($0.rawValue))`" } ?? ""
                    out += "| \(i + 1) | \(md(step.actor)) | \(what) | \(rule) |\n"
                    if let id = step.rule, !cited.contains(id) { cited.append(id) }
                }
                out += "\n"
            }
            if let landing = r.landing {
                out += "**Lands:** `\(landing.kind.rawValue)` — \(md(Describe.landing(landing)))\n"
                switch ResultFacts.certainty(r) {
                case .sourced: break
                case .assumption(let text): out += "\n> Rests on an \(md(Describe.assumption(text)))\n"
                case .unknown(let reason): out += "\n> **Unknown:** no sourced rule covers this situation — \(md(reason))\n"
                }
            }
            if let check = r.check {
                out +=
                    check.passed
                    ? "\n**Expectation:** held ✓\n"
                    : "\n**Expectation failed:**\n\n" + check.mismatches.map { "- \(md($0.description))\n" }.joined()
            }
        }
        if !cited.isEmpty {
            out += "\n## Rules cited\n\n"
            for id in cited {
                guard let rule = RuleCatalog.rule(id) else {
                    out += "- `\(code(id.rawValue))`\n"
                    continue
                }
                out += "- `\(code(rule.id.rawValue))` — \(md(rule.title))\n"
                if rule.sources.isEmpty {
                    out += "  - linksim's own model (no platform source)\n"
                } else {
                    for source in rule.sources { out += "  - \(md(source))\n" }
                }
            }
        }
        return out
    }

    /// Markdown text: terminal-safe, no HTML, no table breaks.
    static func md(_ text: String) -> String {
        var out = ""
        for character in SafeText.escape(oneLine(text)) {
            switch character {
            case "|": out += "\\|"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "*", "_", "`", "[", "]": out += "\\" + String(character)
            case "\n", "\r": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    /// Text inside a code span: backticks cannot be escaped there, so they become `'`.
    static func code(_ text: String) -> String {
        SafeText.escape(text).replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|")
    }
}
