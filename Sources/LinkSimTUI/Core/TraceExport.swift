import LinkSimCore

/// The selected action's trace as Markdown or Mermaid, for `w` (a file) and `y` (the clipboard).
/// Every text that comes from the scenario goes through SafeText, so an export never carries
/// control or bidi characters into a terminal, an editor or a rendered page.
public enum TraceExport {
    public enum Format: String, Sendable, Equatable {
        case markdown, mermaid

        /// `.mmd` / `.mermaid` give Mermaid; anything else Markdown.
        public init(path: String) {
            let lower = path.lowercased()
            self = lower.hasSuffix(".mmd") || lower.hasSuffix(".mermaid") ? .mermaid : .markdown
        }
    }

    public static func text(_ format: Format, scenario: Scenario, result: ActionResult?, actionLine: String) -> String {
        switch format {
        case .markdown: return markdown(scenario: scenario, result: result, actionLine: actionLine)
        case .mermaid: return mermaid(scenario: scenario, result: result, actionLine: actionLine)
        }
    }

    static func cell(_ text: String) -> String {
        SafeText.escape(text).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    public static func markdown(scenario: Scenario, result: ActionResult?, actionLine: String) -> String {
        var out = "# \(cell(scenario.name))\n\n"
        out += "\(scenario.device.platform.displayName) \(scenario.device.os) · action \((result?.index ?? 0) + 1): `\(cell(actionLine))`\n\n"
        if let landing = result?.landing {
            out += "**Landing:** \(LandingText.label(landing.kind)) \(cell(LandingText.headline(landing)))"
            if result?.restsOnAssumption == true { out += " *(rests on an assumption)*" }
            out += "\n\n"
            let details = LandingText.details(landing)
            if !details.isEmpty { out += "\(cell(details))\n\n" }
        } else {
            out += "**Landing:** none (this action changes the world)\n\n"
        }
        let trace = result?.trace ?? []
        out += "| # | actor | what happens | rule |\n|---|---|---|---|\n"
        for (index, step) in trace.enumerated() {
            var summary = cell(step.summary)
            if let assumption = step.assumption { summary += " *(assumption: \(cell(assumption)))*" }
            out += "| \(index + 1) | \(cell(step.actor)) | \(summary) | \(step.rule.map { "`\(cell($0))`" } ?? "") |\n"
        }
        return out
    }

    /// Mermaid text must not contain `;` `#` or quotes unescaped; entity codes keep them.
    static func mermaidText(_ text: String) -> String {
        var out = ""
        for character in SafeText.escape(text).replacingOccurrences(of: "\n", with: " ") {
            switch character {
            case ";": out += "#59;"
            case "#": out += "#35;"
            case "\"": out += "#quot;"
            case ":": out += "#58;"
            default: out.append(character)
            }
        }
        return out
    }

    static func participant(_ actor: String) -> String {
        var id = ""
        for scalar in actor.unicodeScalars {
            let ok = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
            id += ok ? String(scalar) : "_"
        }
        return "p_" + id
    }

    public static func mermaid(scenario: Scenario, result: ActionResult?, actionLine: String) -> String {
        var out = "sequenceDiagram\n"
        out += "    %% \(mermaidText(scenario.name)) — \(mermaidText(actionLine))\n"
        let trace = result?.trace ?? []
        var seen: [String] = ["User"]
        out += "    participant p_User as User\n"
        for step in trace where !seen.contains(step.actor) {
            seen.append(step.actor)
            out += "    participant \(participant(step.actor)) as \(mermaidText(step.actor))\n"
        }
        var previous = "User"
        for step in trace {
            var text = mermaidText(step.summary)
            if let rule = step.rule { text += " [\(mermaidText(rule))]" }
            if step.actor == previous {
                out += "    Note over \(participant(step.actor)): \(text)\n"
            } else {
                out += "    \(participant(previous))->>\(participant(step.actor)): \(text)\n"
            }
            previous = step.actor
        }
        if let landing = result?.landing {
            out += "    Note over \(participant(previous)): \(mermaidText(LandingText.label(landing.kind) + " " + LandingText.headline(landing)))\n"
        }
        return out
    }
}
