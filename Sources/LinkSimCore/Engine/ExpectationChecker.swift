/// Compares a scenario's `expect` with what happened. Only the fields the scenario names are checked.
package enum ExpectationChecker {
    package static func check(_ expect: Expectation, landing: Landing?, trace: [TraceStep]) -> ExpectationCheck {
        var mismatches: [ExpectationCheck.Mismatch] = []
        // The landing's value is read only for a field the scenario names, and words are written only for
        // a mismatch: most actions check two or three fields, and every one of them holds.
        func compare(_ field: String, _ expected: String?, _ actual: @autoclosure () -> String?) {
            guard let expected else { return }
            let actual = actual()
            guard expected != actual else { return }
            mismatches.append(.init(field: field, expected: expected, actual: actual ?? "nothing"))
        }
        let kind = landing?.kind
        // Enumerations compare as values (their raw values are distinct, so this is the same test as text).
        if expect.lands != kind {
            mismatches.append(.init(field: "lands", expected: expect.lands.rawValue, actual: kind?.rawValue ?? "nothing"))
        }
        if let app = expect.app {
            // For a chooser, `app` names one app the chooser offers.
            if kind == .chooser {
                let offered = landing?.optionNames ?? []
                if !offered.contains(app) {
                    mismatches.append(
                        .init(
                            field: "app", expected: "\(app) among the options",
                            actual: offered.isEmpty ? "no options" : offered.joined(separator: ", ")))
                }
            } else {
                compare("app", app, landing?.app)
            }
        }
        if let options = expect.options {
            let actual = landing?.optionNames ?? []
            if Set(options) != Set(actual) {
                mismatches.append(
                    .init(
                        field: "options", expected: options.sorted().joined(separator: ", "),
                        actual: actual.isEmpty ? "no options" : actual.sorted().joined(separator: ", ")))
            }
        }
        compare("screen", expect.screen, landing?.screen)
        if let params = expect.params {
            let actual = landing?.params ?? [:]
            // Sorted only to list mismatches in key order, and most checks find none.
            if params.contains(where: { actual[$0.key] != $0.value }) {
                for (key, value) in params.sorted(by: { $0.key < $1.key }) where actual[key] != value {
                    mismatches.append(.init(field: "params.\(key)", expected: value, actual: actual[key] ?? "nothing"))
                }
            }
        }
        if let via = expect.via, via != landing?.via {
            mismatches.append(.init(field: "via", expected: via.rawValue, actual: landing?.via?.rawValue ?? "nothing"))
        }
        compare("browser", expect.browser, landing?.browser?.rawValue)
        compare("url", expect.url, landing?.url)
        compare("callback", expect.callback, landing?.callback)
        compare("delivered", expect.delivered.map { $0 ? "true" : "false" }, landing?.delivered.map { $0 ? "true" : "false" })
        if let rule = expect.rule, !trace.contains(where: { $0.rule == rule }) {
            let cited = trace.compactMap { $0.rule?.rawValue }
            mismatches.append(
                .init(
                    field: "rule", expected: "the trace cites \(rule)",
                    actual: cited.isEmpty ? "no rule cited" : "cited " + cited.joined(separator: ", ")))
        }
        if !expect.extra.isEmpty {
            let extra = landing?.extra ?? [:]
            if expect.extra.contains(where: { extra[$0.key] != $0.value }) {
                for (key, value) in expect.extra.sorted(by: { $0.key < $1.key }) { compare(key.rawValue, value, extra[key]) }
            }
        }
        return ExpectationCheck(mismatches: mismatches)
    }
}
