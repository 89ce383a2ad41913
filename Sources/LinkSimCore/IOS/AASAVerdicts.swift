/// The seam between the universal-link engine and the AASA matcher: parse a served body, and
/// classify a URL for one app, with the matcher's explanation as trace steps.
enum AASAVerdicts {
    enum Verdict { case match, exclude, noMatch }

    struct Classification {
        var verdict: Verdict
        var detail: Int?
        var steps: [TraceStep]
    }

    static func parse(_ bytes: [UInt8]) -> Result<AASADocument, AASAParseError> {
        do throws(AASAParseError) {
            return .success(try AASADocument(bytes: bytes))
        } catch {
            return .failure(error)
        }
    }

    /// `domain`: the host the file was served for (nil for wildcard entries, whose file covers many hosts).
    static func match(
        url: String, appID: String, document: AASADocument, ios: OSVersion, domain: String?, explain: Bool = true
    ) -> Classification {
        classification(AASAMatcher.match(url: url, appID: appID, document: document, ios: ios, domain: domain, explain: explain))
    }

    /// The same, on a file already prepared for the app and iOS version (`ServedBody.prepared`).
    static func match(url: String, prepared: AASAMatcher.Prepared, domain: String?, explain: Bool) -> Classification {
        classification(prepared.match(url: url, domain: domain, explain: explain))
    }

    private static func classification(_ result: AASAMatch) -> Classification {
        let steps = result.steps.map { step in
            TraceStep(
                actor: "iOS (AASA matcher)", summary: step.summary, rule: step.rule, detail: step.detail,
                assumption: step.assumption)
        }
        let verdict: Verdict
        switch result.result {
        case .match: verdict = .match
        case .exclude: verdict = .exclude
        case .noMatch: verdict = .noMatch
        }
        return Classification(verdict: verdict, detail: result.detail, steps: steps)
    }
}
