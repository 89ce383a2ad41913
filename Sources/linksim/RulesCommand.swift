import ArgumentParser
import LinkSimCore

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rule catalog, or explain one rule."
    )

    @Argument(help: "A rule ID, e.g. ios.scheme.safari-prompt. Without it, every rule is listed.")
    var ruleID: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func run() throws {
        guard let ruleID else {
            switch format {
            case .text:
                let width = RuleCatalog.all.map(\.id.rawValue.count).max() ?? 0
                for rule in RuleCatalog.all.sorted(by: { $0.id < $1.id }) {
                    Console.out(rule.id.rawValue.padding(toLength: width + 2, withPad: " ", startingAt: 0) + rule.title + "\n")
                }
                Console.out("\(RuleCatalog.all.count) rules. `linksim rules ID` explains one.\n")
            case .json:
                Console.out(JSONValue.array(RuleCatalog.all.sorted { $0.id < $1.id }.map(JSONReporter.rule)).render() + "\n")
            }
            return
        }
        guard let rule = RuleCatalog.rule(ruleID) else {
            let suggestion = Suggestion.didYouMean(ruleID, among: RuleCatalog.all.map(\.id.rawValue))
            let prefixMatches = RuleCatalog.all.map(\.id.rawValue).filter { $0.hasPrefix(ruleID) }
            var message = "no rule `\(ruleID)`\(suggestion)"
            if suggestion.isEmpty, !prefixMatches.isEmpty {
                message += "; rules starting with it: " + prefixMatches.joined(separator: ", ")
            }
            throw ValidationError(message + " (`linksim rules` lists them all)")
        }
        switch format {
        case .text: Console.out(TextReporter(color: Console.useColor).rule(rule))
        case .json: Console.out(JSONReporter.rule(rule).render() + "\n")
        }
    }
}
