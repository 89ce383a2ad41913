import LinkSimCore

/// Loads scenario text with the same loader `validate` uses, so the TUI never saves (or builds) a
/// world that linksim would reject.
enum ScenarioCheck {
    /// The first problem the loader reports, without the file position of the in-memory text;
    /// nil when the text loads.
    static func problem(in text: String) -> String? {
        do {
            _ = try ScenarioLoader.parse(text, file: "(scenario)", baseDirectory: nil)
            return nil
        } catch {
            return firstMessage(error.description)
        }
    }

    static func firstMessage(_ description: String) -> String {
        let first = description.split(separator: "\n").first.map(String.init) ?? description
        if let range = first.range(of: "error: ") { return String(first[range.upperBound...]) }
        return first
    }
}

/// Reads one action typed in the timeline editor, with the real scenario decoder: `wait: 20m`,
/// `install: com.example.shop`, `{tap: https://…, from: safari}`. The colon may be left out
/// after the action's name (`install com.example.shop`).
enum ActionParser {
    enum Outcome: Equatable {
        case success(Action)
        case failure(String)
    }

    static func normalized(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.hasPrefix("{"), let space = trimmed.firstIndex(of: " ") else { return trimmed }
        let name = trimmed[..<space]
        if name.hasSuffix(":") { return trimmed }
        return name + ": " + trimmed[trimmed.index(after: space)...].trimmingCharacters(in: .whitespaces)
    }

    static func parse(_ text: String, in world: Scenario) -> Outcome {
        let line = normalized(text)
        guard !line.isEmpty else {
            return .failure("type an action, e.g. wait: 20m, install: \(world.apps.first?.id ?? "APP"), answer: open")
        }
        guard !line.contains("\n") else { return .failure("one action per line") }
        var base = world
        base.actions = []
        let document = ScenarioWriter.yaml(base, expecting: nil) + "actions:\n  - " + line + "\n"
        do {
            let scenario = try ScenarioLoader.parse(document, file: "(new action)", baseDirectory: nil)
            guard scenario.actions.count == 1, let action = scenario.actions.first else {
                return .failure("type exactly one action")
            }
            return .success(action)
        } catch {
            return .failure("not an action: " + ScenarioCheck.firstMessage(error.description))
        }
    }
}
