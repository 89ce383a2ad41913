import ArgumentParser
import LinkSimCore

/// `linksim explain FILE --action N --want app`: the smallest changes that give the wanted landing.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "What would make a link land there? The smallest changes that give the wanted landing, and who can make them.",
        discussion: """
            Tries every single change linksim knows — where the tap happens, the app's state and the user's \
            settings, the app's configuration, the files the servers answer, the OS version — and, only when \
            none works alone, pairs of them. Each change found is listed with who can make it, the landing it \
            gives, and the deciding rule before and after (the rule that flips). A landing no sourced rule \
            covers never counts as found. Exit 0 when a change was found (or the link already lands there), \
            1 when none was.
            """
    )

    @Argument(help: "A scenario file (`-` reads it from standard input).")
    var file: String

    @Option(
        parsing: .unconditional, help: ArgumentHelp("The action to explain (1-based, as `run` numbers them #N; default: the first tap).", valueName: "N"))
    var action: Int?

    @Option(
        help: ArgumentHelp("The landing wanted: \(LandingKind.allCases.filter { $0 != .unknown }.map(\.rawValue).joined(separator: ", ")).", valueName: "kind"))
    var want: String

    @Option(name: .customLong("app"), help: ArgumentHelp("The app it should land in (for --want app/store/prompt).", valueName: "id"))
    var appID: String?

    @Option(help: ArgumentHelp("The way in: \(Via.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "via"))
    var via: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("At most this many changes are listed (default 10).", valueName: "N"))
    var limit: Int = 10

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func run() throws {
        let kinds = LandingKind.allCases.filter { $0 != .unknown }
        guard let kind = LandingKind(rawValue: want), kind != .unknown else {
            throw ValidationError(
                "--want: `\(want)` is not a landing; use \(kinds.map(\.rawValue).joined(separator: ", "))\(Suggestion.didYouMean(want, among: kinds.map(\.rawValue)))"
            )
        }
        var wantedVia: Via? = nil
        if let via {
            guard let parsed = Via(rawValue: via) else {
                throw ValidationError(
                    "--via: `\(via)` is not a way in; use \(Via.allCases.map(\.rawValue).joined(separator: ", "))\(Suggestion.didYouMean(via, among: Via.allCases.map(\.rawValue)))"
                )
            }
            wantedVia = parsed
        }
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
        let world = try ScenarioFiles.load(file)
        if let appID, world.appIndex(appID) == nil {
            throw ValidationError("--app: no app `\(appID)` in the scenario\(Suggestion.didYouMean(appID, among: world.apps.map(\.id)))")
        }
        let index: Int
        if let action {
            index = try ScenarioFiles.actionIndex(action, in: world, needsLink: true)
        } else {
            guard let first = LinkMatrix.linkActions(world).first else { throw ValidationError("\(file) has no tap or long press to explain") }
            index = first
        }
        let wanted = LandingSearch.Want(kind: kind, app: appID, via: wantedVia)
        let outcome = LandingSearch.search(world, action: index, want: wanted, limit: limit)
        switch format {
        case .text: Console.out(Self.text(outcome, world: world, action: index, want: wanted))
        case .json: Console.out(Self.json(outcome, action: index, want: wanted) + "\n")
        }
        if !outcome.alreadyThere && outcome.fixes.isEmpty { throw ExitStatus.expectationFailed }
    }

    static func wantText(_ want: LandingSearch.Want) -> String {
        var text = want.kind.rawValue
        if let app = want.app { text += " \(app)" }
        if let via = want.via { text += " via \(via.rawValue)" }
        return text
    }

    static func text(_ outcome: LandingSearch.Outcome, world: Scenario, action: Int, want: LandingSearch.Want) -> String {
        var out = "#\(action + 1) \(SafeText.escape(Describe.action(world.actions[action].kind)))\n"
        if let current = outcome.current, let landing = current.landing {
            out += "now:  \(landing.kind.rawValue.uppercased()) \(SafeText.escape(Describe.landing(landing)))"
            out += ResultFacts.decidingRule(current).map { "  [\($0)]" } ?? ""
            out += "\n"
        } else {
            out += "now:  no landing\n"
        }
        out += "want: \(SafeText.escape(wantText(want)))\n\n"
        if outcome.alreadyThere {
            return out + "It already lands there: nothing to change.\n"
        }
        let tried = "\(outcome.singlesTried) single change(s)" + (outcome.pairsTried > 0 ? " and \(outcome.pairsTried) pair(s)" : "") + " tried"
        if outcome.fixes.isEmpty {
            return out + "No single change or pair of changes linksim knows gives that landing (\(tried)).\n"
        }
        let pairs = outcome.fixes.first.map { $0.steps.count > 1 } ?? false
        out += pairs ? "No single change works; these pairs do (\(tried)):\n" : "Single changes that make it land there (\(tried)):\n"
        for (number, fix) in outcome.fixes.enumerated() {
            for (i, step) in fix.steps.enumerated() {
                let lead = i == 0 ? String(format: "%3d. ", number + 1) : "   + "
                out += lead + "\(step.who.rawValue): " + SafeText.escape(step.description) + "\n"
            }
            out += "     → \(fix.landing.kind.rawValue.uppercased()) \(SafeText.escape(Describe.landing(fix.landing)))\n"
            out += "     flips: \(fix.ruleBefore?.rawValue ?? "-") → \(fix.ruleAfter?.rawValue ?? "-")"
            if !fix.newRules.isEmpty { out += "  (new in the trace: \(fix.newRules.map(\.rawValue).joined(separator: ", ")))" }
            out += "\n"
            if case .assumption(let note) = fix.certainty { out += "     rests on an \(SafeText.escape(Describe.assumption(note)))\n" }
        }
        return out
    }

    /// `explain --format json`.
    struct ExplainJSON: Encodable {
        struct Want: Encodable {
            var kind: String
            var app: String?
            var via: String?
        }
        struct Change: Encodable {
            var who: String
            var change: String
        }
        struct Fix: Encodable {
            var changes: [Change]
            var landing: ContractJSON.LandingReport
            var ruleBefore: String?
            var ruleAfter: String?
            var newRules: [String]
            var certainty: String
            var note: String?

            // In declaration order: the encoded keys follow this enum.
            enum CodingKeys: String, CodingKey {
                case changes, landing
                case ruleBefore = "rule_before"
                case ruleAfter = "rule_after"
                case newRules = "new_rules"
                case certainty, note
            }
        }
        var action: Int
        var want: Want
        var current: ContractJSON.LandingReport?
        var currentRule: String?
        var alreadyThere: Bool
        var singlesTried: Int
        var pairsTried: Int
        var fixes: [Fix]

        // In declaration order: the encoded keys follow this enum.
        enum CodingKeys: String, CodingKey {
            case action, want, current
            case currentRule = "current_rule"
            case alreadyThere = "already_there"
            case singlesTried = "singles_tried"
            case pairsTried = "pairs_tried"
            case fixes
        }
    }

    static func json(_ outcome: LandingSearch.Outcome, action: Int, want: LandingSearch.Want) -> String {
        JSONValueEncoder.render(
            ExplainJSON(
                action: action,
                want: .init(kind: want.kind.rawValue, app: want.app, via: want.via?.rawValue),
                current: outcome.current?.landing.map { ContractJSON.LandingReport($0) },
                currentRule: outcome.current.flatMap(ResultFacts.decidingRule)?.rawValue,
                alreadyThere: outcome.alreadyThere,
                singlesTried: outcome.singlesTried,
                pairsTried: outcome.pairsTried,
                fixes: outcome.fixes.map { fix in
                    ExplainJSON.Fix(
                        changes: fix.steps.map { .init(who: $0.who.rawValue, change: $0.description) },
                        landing: ContractJSON.LandingReport(fix.landing),
                        ruleBefore: fix.ruleBefore?.rawValue, ruleAfter: fix.ruleAfter?.rawValue,
                        newRules: fix.newRules.map(\.rawValue), certainty: fix.certainty.name, note: fix.certainty.note)
                }))
    }
}
