import Testing

@testable import LinkSimCore

/// `TraceStep` keeps its words (summary, detail, assumption) in one shared box: each write is seen,
/// a copy keeps its own words, and equality compares the words, not the boxes.
@Suite struct TraceStepWordsTests {
    @Test func everyWriteIsSeenAndACopyKeepsItsOwnWords() {
        var step = TraceStep(actor: "Safari", summary: "", rule: Rule.iosAasaHostTls)
        #expect(step.summary.isEmpty && step.detail == nil && step.assumption == nil)
        let bare = step
        step.summary = "Loads the page"
        step.detail = "GET /"
        step.assumption = "assumption: the CDN is fresh"
        #expect(step.summary == "Loads the page" && step.detail == "GET /" && step.assumption == "assumption: the CDN is fresh")
        #expect(bare.summary.isEmpty && bare.detail == nil && bare.assumption == nil)
        #expect(step != bare)
        step.summary = ""
        step.detail = nil
        step.assumption = nil
        #expect(step == bare)
    }

    @Test func equalityComparesTheWords() {
        let a = TraceStep(actor: "iOS", summary: "Opens the app", rule: Rule.iosAasaHostTls, detail: "d", assumption: "x")
        let b = TraceStep(actor: "iOS", summary: "Opens " + "the app", rule: Rule.iosAasaHostTls.id, detail: "d", assumption: "x")
        #expect(a == b)
        #expect(a != TraceStep(actor: "iOS", summary: "Opens the app", rule: Rule.iosAasaHostTls, detail: "d"))
        #expect(a != TraceStep(actor: "iOS", summary: "Opens the app", rule: Rule.iosAasaHostTls, detail: nil, assumption: "x"))
        #expect(a != TraceStep(actor: "Safari", summary: "Opens the app", rule: Rule.iosAasaHostTls, detail: "d", assumption: "x"))
        #expect(a != TraceStep(actor: "iOS", summary: "Opens the app", rule: RuleID?.none, detail: "d", assumption: "x"))
        // A step with only an assumption keeps it (verdict-mode traces keep assumptions).
        let assumed = TraceStep(actor: "iOS", summary: "", rule: RuleID?.none, assumption: "assumption: y")
        #expect(assumed.assumption == "assumption: y" && assumed.summary.isEmpty)
    }
}
