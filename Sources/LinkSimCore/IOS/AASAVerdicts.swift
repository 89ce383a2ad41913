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

    /// The same, on a file already prepared for the app and iOS version (`ServedBody.prepared`).
    static func match(
        url: String, prepared: AASAMatcher.Prepared, domain: String?, explain: Bool, trace: inout TraceRecorder
    ) -> (verdict: Verdict, detail: Int?) {
        classify(prepared.match(url: url, domain: domain, explain: explain), trace: &trace)
    }

    private static func classify(_ result: AASAMatch, trace: inout TraceRecorder) -> (verdict: Verdict, detail: Int?) {
        for step in result.steps {
            trace.append(
                TraceStep(
                    actor: "iOS (AASA matcher)", summary: step.summary, rule: step.rule, detail: step.detail,
                    assumption: step.assumption))
        }
        let verdict: Verdict
        switch result.result {
        case .match: verdict = .match
        case .exclude: verdict = .exclude
        case .noMatch: verdict = .noMatch
        }
        return (verdict, result.detail)
    }
}
