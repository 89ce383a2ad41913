/// The JSON shapes of the public contract (§3: `run` and `replay`; `rules`), as `Encodable` types. Keys are written
/// in declaration order; every command renders them through `JSONValueEncoder`, never by hand.
public enum ContractJSON {
    /// `{"scenarios": [...], "passed": N, "failed": N}`.
    public struct Document: Encodable {
        public var scenarios: [JSONValue]
        public var passed: Int
        public var failed: Int

        public init(scenarios: [JSONValue], passed: Int, failed: Int) {
            self.scenarios = scenarios
            self.passed = passed
            self.failed = failed
        }
    }

    /// One simulated scenario.
    public struct ScenarioReport: Encodable {
        public var file: String
        public var name: String
        public var description: String?
        public var passed: Bool
        public var results: [ActionReport]

        public init(_ result: ScenarioResult) {
            file = result.scenario.file ?? ""
            name = result.scenario.name
            description = result.scenario.description
            passed = result.passed
            results = result.results.map(ActionReport.init)
        }
    }

    /// A file `replay` could not simulate: `name` null, `passed` false, its errors.
    public struct InvalidFile: Encodable {
        public var file: String
        public var name: String?
        public var passed = false
        public var results: [ActionReport] = []
        public var errors: [String]

        public init(file: String, errors: [String]) {
            self.file = file
            name = nil
            self.errors = errors
        }
    }

    public struct ActionReport: Encodable {
        public var action: Int
        public var kind: String
        public var landing: LandingReport?
        public var trace: [StepReport]
        public var expect: ExpectReport?

        public init(_ r: ActionResult) {
            action = r.index
            kind = r.action.kind.name
            landing = r.landing.map { LandingReport($0, assumptions: r.assumptions) }
            trace = r.trace.map(StepReport.init)
            expect = r.check.map(ExpectReport.init)
        }
    }

    public struct ExpectReport: Encodable {
        public struct Mismatch: Encodable {
            public var field: String
            public var expected: String
            public var actual: String
        }

        public var passed: Bool
        public var mismatches: [Mismatch]

        public init(_ check: ExpectationCheck) {
            passed = check.passed
            mismatches = check.mismatches.map { Mismatch(field: $0.field, expected: $0.expected, actual: $0.actual) }
        }
    }

    /// A landing: the contract's fixed keys (null when absent), then `options`, `reason` and `assumptions` only when
    /// they have a value, then the provider facts (`match_type`…) in key order.
    public struct LandingReport: Encodable {
        public var landing: Landing
        public var assumptions: [String]

        public init(_ landing: Landing, assumptions: [String] = []) {
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

        public func encode(to encoder: any Encoder) throws {
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
            if let options = l.options { try c.encode(options, forKey: Key("options")) }
            if let reason = l.reason { try c.encode(reason, forKey: Key("reason")) }
            if !assumptions.isEmpty { try c.encode(assumptions, forKey: Key("assumptions")) }
            for (key, value) in l.extra.sorted(by: { $0.key < $1.key }) { try c.encode(value, forKey: Key(key)) }
        }
    }

    /// A trace step; `assumption` only when the step rests on one.
    public struct StepReport: Encodable {
        public var step: TraceStep

        public init(_ step: TraceStep) { self.step = step }

        enum Keys: String, CodingKey { case actor, summary, rule, detail, assumption }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(step.actor, forKey: .actor)
            try c.encode(step.summary, forKey: .summary)
            try c.encodeIfPresent(step.rule?.rawValue, forKey: .rule)
            try c.encodeIfPresent(step.detail, forKey: .detail)
            if let assumption = step.assumption { try c.encode(assumption, forKey: .assumption) }
        }
    }

    /// A catalog rule, as `linksim rules --format json` prints it.
    public struct RuleReport: Encodable {
        public var id: String
        public var title: String
        public var platforms: [String]
        public var versions: [String]
        public var explanation: String
        public var sources: [String]

        public init(_ rule: Rule) {
            id = rule.id.rawValue
            title = rule.title
            platforms = rule.platforms.map(\.rawValue)
            versions = rule.versions.map(\.description)
            explanation = rule.explanation
            sources = rule.sources
        }
    }
}
