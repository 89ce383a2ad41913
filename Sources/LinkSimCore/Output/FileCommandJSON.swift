/// The JSON shapes of the file commands (contract §1.1 `aasa match`, §1.2 `android match`, and the validators),
/// as `Encodable` types rendered by `JSONValueEncoder`.
package enum FileCommandJSON {
    /// `aasa match --format json`: §1.1's keys in its order, then `steps`; `entitlement` and `entitlement_note`
    /// only with `--entitlements`.
    package struct AASAMatchReport: Encodable {
        package struct Step: Encodable {
            var summary: String
            var detail: String?
            var rule: String?
            var assumption: String?
        }
        var result: String
        var detail: Int?
        var component: Int?
        var format: String?
        var steps: [Step]
        var entitlement: (raw: String?, note: String)?

        package init(_ match: AASAMatch, entitlement: (raw: String?, note: String)? = nil) {
            result = match.result.rawValue
            detail = match.detail
            component = match.component
            format = match.format?.rawValue
            steps = match.steps.map { Step(summary: $0.summary, detail: $0.detail, rule: $0.rule?.rawValue, assumption: $0.assumption) }
            self.entitlement = entitlement
        }

        enum Keys: String, CodingKey {
            case result, detail, component, format, steps, entitlement
            case entitlementNote = "entitlement_note"
        }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(result, forKey: .result)
            try c.encodeIfPresent(detail, forKey: .detail)
            try c.encodeIfPresent(component, forKey: .component)
            try c.encodeIfPresent(format, forKey: .format)
            try c.encode(steps, forKey: .steps)
            if let entitlement {
                try c.encodeIfPresent(entitlement.raw, forKey: .entitlement)
                try c.encode(entitlement.note, forKey: .entitlementNote)
            }
        }
    }

    /// `android match --format json`: `matches`, and `unknown` only when some filter depends on values linksim
    /// could not resolve.
    package struct AndroidMatchReport: Encodable {
        struct Match: Encodable {
            var activity: String
            var filter: Int
            var autoVerify: Bool
            enum CodingKeys: String, CodingKey {
                case activity, filter
                case autoVerify = "auto_verify"
            }
        }
        struct Unknown: Encodable {
            var activity: String
            var filter: Int
            var unresolved: [String]
            var reason: String
        }
        var matches: [Match]
        var unknown: [Unknown]

        package init(_ report: ManifestMatchReport, unknown: [UnknownFilter] = []) {
            matches = report.matches.map { Match(activity: $0.activity, filter: $0.filter, autoVerify: $0.autoVerify) }
            self.unknown = unknown.map { Unknown(activity: $0.activity, filter: $0.filter, unresolved: $0.unresolved.map(\.description), reason: $0.reason) }
        }

        enum Keys: String, CodingKey { case matches, unknown }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(matches, forKey: .matches)
            if !unknown.isEmpty { try c.encode(unknown, forKey: .unknown) }
        }
    }

    /// `aasa validate` / `assetlinks validate --format json`; `expected` only when a package (and fingerprint)
    /// was asked for.
    package struct ValidationReport: Encodable {
        package struct Finding: Encodable {
            var severity: String
            var message: String
            var line: Int?
            var column: Int?
            package init(severity: String, message: String, line: Int?, column: Int?) {
                self.severity = severity
                self.message = message
                self.line = line
                self.column = column
            }
        }
        package struct Expected: Encodable {
            var granted: Bool
            var reason: String?
            package init(granted: Bool, reason: String?) {
                self.granted = granted
                self.reason = reason
            }
            enum Keys: String, CodingKey { case granted, reason }
            package func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(granted, forKey: .granted)
                try c.encode(reason, forKey: .reason)  // null when granted: one shape either way (README)
            }
        }
        var file: String
        var errors: Int
        var warnings: Int
        var findings: [Finding]
        var expected: Expected?

        package init(file: String, errors: Int, warnings: Int, findings: [Finding], expected: Expected? = nil) {
            self.file = file
            self.errors = errors
            self.warnings = warnings
            self.findings = findings
            self.expected = expected
        }

        enum Keys: String, CodingKey { case file, errors, warnings, findings, expected }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(file, forKey: .file)
            try c.encode(errors, forKey: .errors)
            try c.encode(warnings, forKey: .warnings)
            try c.encode(findings, forKey: .findings)
            if let expected { try c.encode(expected, forKey: .expected) }
        }
    }
}
