import Testing

@testable import LinkSimCore

/// `ActionResult` keeps its fields in one shared immutable box: a copy keeps its own fields after
/// the other is changed, and equality compares fields, not boxes.
@Suite struct ActionResultFieldsTests {
    private func result(index: Int = 0, landing: Landing? = Landing(kind: .app, app: "shop")) -> ActionResult {
        let device = Device(platform: .ios, os: OSVersion(ios: 17))
        return ActionResult(
            index: index, action: Action(kind: .wait(SimDuration(seconds: 5))), landing: landing,
            trace: [TraceStep(actor: "iOS", summary: "Opens the app", rule: Rule.iosAasaHostTls)],
            check: ExpectationCheck(mismatches: []),
            before: WorldSnapshot(device: device, apps: [], clock: .defaultStart), after: nil)
    }

    @Test func everyWriteIsSeenAndACopyKeepsItsOwnFields() {
        var changed = result()
        let original = changed
        changed.index = 3
        changed.landing = .unknown("not modelled")
        changed.trace.append(TraceStep(actor: "User", summary: "Waits", rule: RuleID?.none, assumption: "assumption: z"))
        changed.check = ExpectationCheck(mismatches: [.init(field: "lands", expected: "app", actual: "unknown")])
        changed.before = nil
        changed.after = original.before
        changed.action = Action(kind: .wait(SimDuration(seconds: 6)))
        #expect(changed.index == 3 && changed.landing?.kind == .unknown && changed.trace.count == 2)
        #expect(changed.check?.passed == false && changed.before == nil && changed.after == original.before)
        #expect(changed.action == Action(kind: .wait(SimDuration(seconds: 6))))
        #expect(changed.assumptions == ["assumption: z"] && changed.restsOnAssumption)
        #expect(original.index == 0 && original.landing?.kind == .app && original.trace.count == 1)
        #expect(original.check?.passed == true && original.before != nil && original.after == nil)
        #expect(original.action == Action(kind: .wait(SimDuration(seconds: 5))))
        #expect(original.assumptions.isEmpty && !original.restsOnAssumption)
        #expect(changed != original)
        #expect(original == result())
    }

    @Test func equalityComparesEachField() {
        #expect(result() == result())
        #expect(result() != result(index: 1))
        #expect(result() != result(landing: nil))
        var other = result()
        other.trace = []
        #expect(other != result())
        other = result()
        other.after = other.before
        #expect(other != result())
    }
}

/// `ExpectationChecker` reads a landing's value only for a field the scenario names and writes words
/// only for a mismatch; what it reports (fields, order, words) is what the contract shows.
@Suite struct ExpectationCheckerTests {
    @Test func everyNamedFieldThatDiffersIsReportedInOrder() {
        var expect = Expectation(lands: .app)
        expect.app = "shop"
        expect.screen = "Product"
        expect.params = ["b": "2", "a": "1"]
        expect.via = .universalLink
        expect.browser = "chrome"
        expect.url = "https://example.com/"
        expect.callback = "onNewIntent"
        expect.delivered = true
        expect.rule = Rule.iosAasaHostTls.id
        expect.extra = [.matchType: "probabilistic", .afStatus: "Non-organic"]
        var landing = Landing(kind: .browser, app: "other", screen: "Home", params: ["a": "9"], via: .customScheme)
        landing.browser = .safari
        landing.delivered = false
        landing.extra = [.afStatus: "Organic"]
        let check = ExpectationChecker.check(expect, landing: landing, trace: [TraceStep(actor: "iOS", summary: "", rule: RuleID?.none)])
        #expect(
            check.mismatches.map(\.description) == [
                "lands: expected app, got browser",
                "app: expected shop, got other",
                "screen: expected Product, got Home",
                "params.a: expected 1, got 9",
                "params.b: expected 2, got nothing",
                "via: expected universal_link, got custom_scheme",
                "browser: expected chrome, got safari",
                "url: expected https://example.com/, got nothing",
                "callback: expected onNewIntent, got nothing",
                "delivered: expected true, got false",
                "rule: expected the trace cites \(Rule.iosAasaHostTls.id), got no rule cited",
                "af_status: expected Non-organic, got Organic",
                "match_type: expected probabilistic, got nothing",
            ])
    }

    @Test func noLandingReadsAsNothing() {
        var expect = Expectation(lands: .nowhere)
        expect.via = .appLink
        let check = ExpectationChecker.check(expect, landing: nil, trace: [])
        #expect(check.mismatches.map(\.description) == ["lands: expected nowhere, got nothing", "via: expected app_link, got nothing"])
    }

    @Test func fieldsThatHoldOrAreNotNamedReportNothing() {
        var expect = Expectation(lands: .browser)
        expect.browser = "safari"
        expect.via = .customScheme
        expect.delivered = false
        expect.extra = [.matchType: "id"]
        var landing = Landing(kind: .browser, app: "anything", via: .customScheme)
        landing.browser = .safari
        landing.delivered = false
        landing.extra = [.matchType: "id", .afStatus: "Organic"]
        #expect(ExpectationChecker.check(expect, landing: landing, trace: []).passed)
        #expect(ExpectationChecker.check(Expectation(lands: .browser), landing: landing, trace: []).passed)
    }
}
