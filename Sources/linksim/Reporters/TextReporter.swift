import Foundation
import LinkSimCore

/// Text for people: a readable trace and a one-line landing per action.
struct TextReporter {
    var color: Bool

    private func style(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    private func bold(_ t: String) -> String { style(t, "1") }
    private func dim(_ t: String) -> String { style(t, "2") }
    private func green(_ t: String) -> String { style(t, "32") }
    private func red(_ t: String) -> String { style(t, "31") }

    private func landingColor(_ kind: LandingKind) -> String {
        switch kind {
        case .app: return "32"
        case .browser: return "34"
        case .store: return "36"
        case .error, .crash: return "31"
        case .chooser, .prompt: return "33"
        case .nowhere: return "35"
        case .unknown: return "35;7"
        }
    }

    func scenario(_ result: ScenarioResult) -> String {
        let s = result.scenario
        var out = bold(SafeText.escape(s.name)) + "\n"
        if let description = s.description?.trimmingCharacters(in: .whitespacesAndNewlines), !description.isEmpty {
            for line in description.split(separator: "\n", omittingEmptySubsequences: false) {
                out += "  " + SafeText.escape(String(line)) + "\n"
            }
        }
        if let file = s.file { out += dim(SafeText.escape(file)) + "\n" }
        out += Describe.device(s.device) + " · clock \(s.clock)\n"
        for app in s.apps {
            out += dim("  app \(SafeText.escape(app.id)) (\(SafeText.escape(app.name))): \(app.state.rawValue)") + "\n"
        }
        for r in result.results {
            out += "\n" + bold("#\(r.index + 1) \(SafeText.escape(Describe.action(r.action.kind)))") + "\n"
            out += trace(r.trace)
            if let landing = r.landing {
                out +=
                    "   → " + style(landing.kind.rawValue.uppercased(), landingColor(landing.kind) + ";1") + "  "
                    + SafeText.escape(Describe.landing(landing)) + "\n"
                for assumption in r.assumptions {
                    out += "     " + dim("rests on an " + SafeText.escape(assumption)) + "\n"
                }
            }
            if let check = r.check {
                if check.passed {
                    out += "   " + green("✓ expectation held") + "\n"
                } else {
                    for m in check.mismatches { out += "   " + red("✗ \(SafeText.escape(m.description))") + "\n" }
                }
            }
        }
        return out
    }

    func trace(_ steps: [TraceStep]) -> String {
        let width = min(28, steps.map { $0.actor.count }.max() ?? 0)
        var out = ""
        for (i, step) in steps.enumerated() {
            let actor = SafeText.escape(step.actor)
            let padded = actor.count >= width ? actor : actor + String(repeating: " ", count: width - actor.count)
            out += "   \(i + 1). " + bold(padded) + "  " + SafeText.escape(step.summary)
            if let rule = step.rule { out += "  " + dim("[\(rule)]") }
            out += "\n"
            let indent = String(repeating: " ", count: 7 + width + String(i + 1).count)
            if let detail = step.detail { out += indent + dim(SafeText.escape(detail)) + "\n" }
            if let assumption = step.assumption { out += indent + style(SafeText.escape(assumption), "33") + "\n" }
        }
        return out
    }

    /// One row of the replay table (with the failing expectations under it).
    func replayRow(_ outcome: ReplayOutcome) -> String {
        var out = ""
        switch outcome {
        case .simulated(let file, let result):
            let mark = result.passed ? green("PASS") : red("FAIL")
            out += "\(mark)  \(SafeText.escape(file))  \(dim(SafeText.escape(result.scenario.name)))\n"
            for r in result.results {
                guard let check = r.check, !check.passed else { continue }
                out += "      #\(r.index + 1) \(SafeText.escape(Describe.action(r.action.kind)))\n"
                for m in check.mismatches { out += "        " + red(SafeText.escape(m.description)) + "\n" }
            }
        case .invalid(let file, let error):
            out += "\(red("ERROR"))  \(SafeText.escape(file))  \(dim("not a valid scenario: \(error.diagnostics.count) problem(s), listed on stderr"))\n"
        }
        return out
    }

    func replay(_ outcomes: [ReplayOutcome]) -> String { outcomes.map(replayRow).joined() }

    func rule(_ rule: Rule) -> String {
        var out = bold(rule.id.rawValue) + "\n" + rule.title + "\n\n"
        out += "Platforms: " + rule.platforms.map(\.displayName).joined(separator: ", ") + "\n"
        out += "Versions:  " + rule.versions.map(\.description).joined(separator: "; ") + "\n\n"
        out += wrap(rule.explanation, width: 80) + "\n\n"
        if rule.sources.isEmpty {
            out += "Sources: none — this describes linksim's own model, not a platform behaviour.\n"
        } else {
            out += "Sources:\n" + rule.sources.map { "  - \($0)\n" }.joined()
        }
        return out
    }

    func wrap(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.count + word.count + 1 > width, !line.isEmpty {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}
