import LinkSimCore

/// `--format json` for run and replay, exactly as contract §3.
enum JSONReporter {
    static func report(_ results: [ScenarioResult]) -> String {
        document(results.map { (file: $0.scenario.file ?? "", value: scenario($0)) }, passed: results.filter(\.passed).count,
                 failed: results.filter { !$0.passed }.count)
    }

    /// One replayed file as an element of `scenarios`: a simulated scenario, or a file that is not
    /// a valid scenario (`errors`, `passed: false`).
    static func replayItem(_ outcome: ReplayOutcome) -> JSONValue {
        switch outcome {
        case .simulated(_, let result): return scenario(result)
        case .invalid(let file, let error):
            return .object([
                ("file", .string(file)), ("name", .null), ("passed", .bool(false)), ("results", .array([])),
                ("errors", .array(error.diagnostics.map { .string($0.description) })),
            ])
        }
    }

    private static func document(_ items: [(file: String, value: JSONValue)], passed: Int, failed: Int) -> String {
        JSONValue.object([
            ("scenarios", .array(items.map(\.value))),
            ("passed", .int(passed)),
            ("failed", .int(failed)),
        ]).render()
    }

    static func scenario(_ result: ScenarioResult) -> JSONValue {
        .object([
            ("file", .string(result.scenario.file ?? "")),
            ("name", .string(result.scenario.name)),
            ("description", .optional(result.scenario.description)),
            ("passed", .bool(result.passed)),
            ("results", .array(result.results.map(action))),
        ])
    }

    static func action(_ r: ActionResult) -> JSONValue {
        .object([
            ("action", .int(r.index)),
            ("kind", .string(r.action.kind.name)),
            ("landing", r.landing.map { landing($0, assumptions: r.assumptions) } ?? .null),
            ("trace", .array(r.trace.map(step))),
            ("expect", r.check.map { check in
                .object([
                    ("passed", .bool(check.passed)),
                    ("mismatches", .array(check.mismatches.map { m in
                        .object([("field", .string(m.field)), ("expected", .string(m.expected)), ("actual", .string(m.actual))])
                    })),
                ])
            } ?? .null),
        ])
    }

    static func landing(_ l: Landing, assumptions: [String] = []) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("kind", .string(l.kind.rawValue)),
            ("app", .optional(l.app)),
            ("screen", .optional(l.screen)),
            ("params", l.params.map { p in .object(p.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }) } ?? .null),
            ("via", .optional(l.via?.rawValue)),
            ("callback", .optional(l.callback)),
            ("delivered", l.delivered.map(JSONValue.bool) ?? .null),
            ("browser", .optional(l.browser)),
            ("url", .optional(l.url)),
        ]
        if let options = l.options { pairs.append(("options", .array(options.map(JSONValue.string)))) }
        if let reason = l.reason { pairs.append(("reason", .string(reason))) }
        if !assumptions.isEmpty { pairs.append(("assumptions", .array(assumptions.map(JSONValue.string)))) }
        for (key, value) in l.extra.sorted(by: { $0.key < $1.key }) { pairs.append((key, .string(value))) }
        return .object(pairs)
    }

    static func step(_ s: TraceStep) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("actor", .string(s.actor)), ("summary", .string(s.summary)), ("rule", .optional(s.rule?.rawValue)), ("detail", .optional(s.detail)),
        ]
        if let assumption = s.assumption { pairs.append(("assumption", .string(assumption))) }
        return .object(pairs)
    }

    static func rule(_ rule: Rule) -> JSONValue {
        .object([
            ("id", .string(rule.id.rawValue)),
            ("title", .string(rule.title)),
            ("platforms", .array(rule.platforms.map { .string($0.rawValue) })),
            ("versions", .array(rule.versions.map { .string($0.description) })),
            ("explanation", .string(rule.explanation)),
            ("sources", .array(rule.sources.map(JSONValue.string))),
        ])
    }
}
