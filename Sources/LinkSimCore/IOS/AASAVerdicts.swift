/// The seam between the universal-link engine and the AASA matcher: parse a served body, and
/// classify a URL for one app, with the matcher's explanation as trace steps.
enum AASAVerdicts {
    enum Verdict { case match, exclude, noMatch }

    static func parse(_ bytes: [UInt8]) -> Result<AASADocument, AASAParseError> {
        do throws(AASAParseError) {
            return .success(try AASADocument(bytes: bytes))
        } catch {
            return .failure(error)
        }
    }

    /// The actor of the matcher's steps, in both paths (with and without trace text). Computed, so each use is
    /// the literal itself (a stored constant would be a lazily initialised global, checked at every step).
    static var matcherActor: String { "iOS (AASA matcher)" }

    /// `domain`: the host the file was served for (nil for wildcard entries, whose file covers many hosts).
    /// The matcher's explanation goes into `trace` as steps of `iOS (AASA matcher)`, written there directly:
    /// a list of trace steps built and then copied into the trace cost an allocation and a copy of every
    /// step per verdict (issue #14).
    static func match(
        url: String, appID: String, document: AASADocument, ios: OSVersion, domain: String?, explain: Bool = true,
        trace: inout TraceRecorder
    ) -> (verdict: Verdict, detail: Int?) {
        classify(AASAMatcher.match(url: url, appID: appID, document: document, ios: ios, domain: domain, explain: explain), trace: &trace)
    }

    /// The same, on a file already prepared for the app and iOS version (`ServedBody.prepared`). Without trace
    /// text the matcher's facts are read directly: the same steps (rules and assumptions, no text), without an
    /// explanation context or an `AASAMatch` made and freed per verdict (issue #14).
    static func match(
        url: String, prepared: AASAMatcher.Prepared, domain: String?, explain: Bool, trace: inout TraceRecorder
    ) -> (verdict: Verdict, detail: Int?) {
        guard !explain else { return classify(prepared.match(url: url, domain: domain, explain: true), trace: &trace) }
        let answer = prepared.quietAnswer(url: url, domain: domain) { quietAnswer(url: url, domain: domain, prepared: prepared) }
        trace.append(contentsOf: answer.steps)
        return (verdict(answer.result), answer.detail)
    }

    /// The verdict without trace text, made anew (`Prepared.quietAnswer` keeps it).
    static func quietAnswer(url: String, domain: String?, prepared: AASAMatcher.Prepared) -> AASAMatcher.Prepared.QuietAnswer {
        let (ending, facts) = MatchRun.classifyFacts(url: url, domain: domain, prepared: prepared)
        let steps = facts.map { fact in
            TraceStep(
                actor: matcherActor, summary: "", rule: MatchRun.rule(of: fact).id, detail: nil,
                assumption: AASAExplanationContext.assumption(of: fact, prepared: prepared))
        }
        return .init(steps: steps, result: ending.result, detail: ending.detail)
    }

    private static func classify(_ result: AASAMatch, trace: inout TraceRecorder) -> (verdict: Verdict, detail: Int?) {
        for step in result.steps {
            trace.append(
                TraceStep(
                    actor: matcherActor, summary: step.summary, rule: step.rule, detail: step.detail,
                    assumption: step.assumption))
        }
        return (verdict(result.result), result.detail)
    }

    private static func verdict(_ result: AASAMatchResult) -> Verdict {
        switch result {
        case .match: return .match
        case .exclude: return .exclude
        case .noMatch: return .noMatch
        }
    }
}
