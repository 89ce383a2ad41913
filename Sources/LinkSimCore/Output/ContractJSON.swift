/// The JSON shapes of the public contract (§3: `run` and `replay`; `rules`), as `Encodable` types. Keys are written
/// in declaration order; every command renders them through `JSONValueEncoder`, never by hand.
package enum ContractJSON {
    /// `{"scenarios": [...], "passed": N, "failed": N}`.
    package struct Document: Encodable {
        package var scenarios: [JSONValue]
        package var passed: Int
        package var failed: Int

        package init(scenarios: [JSONValue], passed: Int, failed: Int) {
            self.scenarios = scenarios
            self.passed = passed
            self.failed = failed
        }
    }

    /// One simulated scenario.
    package struct ScenarioReport: Encodable {
        package var file: String
        package var name: String
        package var description: String?
        package var passed: Bool
        package var results: [ActionReport]

        package init(_ result: ScenarioResult) {
            file = result.scenario.file ?? ""
            name = result.scenario.name
            description = result.scenario.description
            passed = result.passed
            results = result.results.map(ActionReport.init)
        }
    }

    /// A file `replay` could not simulate: `name` null, `passed` false, its errors.
    package struct InvalidFile: Encodable {
        package var file: String
        package var name: String?
        package var passed = false
        package var results: [ActionReport] = []
        package var errors: [String]

        package init(file: String, errors: [String]) {
            self.file = file
            name = nil
            self.errors = errors
        }
    }

    package struct ActionReport: Encodable {
        package var action: Int
        package var kind: String
        package var landing: LandingReport?
        package var trace: [StepReport]
        package var expect: ExpectReport?

        package init(_ r: ActionResult) {
            action = r.index
            kind = r.action.kind.name
            landing = r.landing.map { LandingReport($0, assumptions: r.assumptions) }
            trace = r.trace.map(StepReport.init)
            expect = r.check.map(ExpectReport.init)
        }
    }

    package struct ExpectReport: Encodable {
        package struct Mismatch: Encodable {
            package var field: String
            package var expected: String
            package var actual: String
        }

        package var passed: Bool
        package var mismatches: [Mismatch]

        package init(_ check: ExpectationCheck) {
            passed = check.passed
            mismatches = check.mismatches.map { Mismatch(field: $0.field, expected: $0.expected, actual: $0.actual) }
        }
    }

    /// A landing: the contract's fixed keys (null when absent), then `options`, `reason` and `assumptions` only when
    /// they have a value, then the provider facts (`match_type`…) in key order.
    package struct LandingReport: Encodable {
        package var landing: Landing
        package var assumptions: [String]

        package init(_ landing: Landing, assumptions: [String] = []) {
            self.landing = landing
            self.assumptions = assumptions
        }

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ name: String) { stringValue = name }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            let l = landing
            try c.encode(l.kind.rawValue, forKey: Key("kind"))
            try c.encodeIfPresent(l.app, forKey: Key("app"))
            try c.encodeIfPresent(l.screen, forKey: Key("screen"))
            if let params = l.params {
                var p = c.nestedContainer(keyedBy: Key.self, forKey: Key("params"))
                for (name, value) in params.sorted(by: { $0.key < $1.key }) { try p.encode(value, forKey: Key(name)) }
            } else {
                try c.encodeNil(forKey: Key("params"))
            }
            try c.encodeIfPresent(l.via?.rawValue, forKey: Key("via"))
            try c.encodeIfPresent(l.callback, forKey: Key("callback"))
            try c.encodeIfPresent(l.delivered, forKey: Key("delivered"))
            try c.encodeIfPresent(l.browser, forKey: Key("browser"))
            try c.encodeIfPresent(l.url, forKey: Key("url"))
            if let options = l.optionNames { try c.encode(options, forKey: Key("options")) }
            if let reason = l.reason { try c.encode(reason, forKey: Key("reason")) }
            if !assumptions.isEmpty { try c.encode(assumptions, forKey: Key("assumptions")) }
            for (key, value) in l.extra.sorted(by: { $0.key < $1.key }) { try c.encode(value, forKey: Key(key.rawValue)) }
        }
    }

    /// A trace step; `assumption` only when the step rests on one.
    package struct StepReport: Encodable {
        package var step: TraceStep

        package init(_ step: TraceStep) { self.step = step }

        enum Keys: String, CodingKey { case actor, summary, rule, detail, assumption }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(step.actor, forKey: .actor)
            try c.encode(step.summary, forKey: .summary)
            try c.encodeIfPresent(step.rule?.rawValue, forKey: .rule)
            try c.encodeIfPresent(step.detail, forKey: .detail)
            if let assumption = step.assumption { try c.encode(assumption, forKey: .assumption) }
        }
    }

    /// A catalog rule, as `linksim rules --format json` prints it.
    package struct RuleReport: Encodable {
        package var id: String
        package var title: String
        package var platforms: [String]
        package var versions: [String]
        package var explanation: String
        package var sources: [String]

        package init(_ rule: Rule) {
            id = rule.id.rawValue
            title = rule.title
            platforms = rule.platforms.map(\.rawValue)
            versions = rule.versions.map(\.description)
            explanation = rule.explanation
            sources = rule.sources
        }
    }
}
