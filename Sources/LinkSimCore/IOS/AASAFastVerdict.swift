/// What `AASAMatcher.verdict` returns: the verdict and what decided it, without the explanation.
package struct AASAVerdict: Sendable, Equatable {
    package var result: AASAMatchResult
    /// 0-based index of the deciding `details` entry (nil for no_match).
    package var detail: Int?
    /// 0-based index of the deciding component or `paths` entry (nil for no_match).
    package var component: Int?
    package var format: AASAFormat?

    package init(result: AASAMatchResult, detail: Int? = nil, component: Int? = nil, format: AASAFormat? = nil) {
        self.result = result
        self.detail = detail
        self.component = component
        self.format = format
    }

    /// The verdict part of an explained match.
    package init(_ match: AASAMatch) {
        self.init(result: match.result, detail: match.detail, component: match.component, format: match.format)
    }
}

/// The query and fragment keys of a component, compared once its path matched: one implementation for the
/// verdict-only path (`Prepared.verdict`) and the explaining walk (`MatchRun`), so they cannot disagree.
enum AASAFastVerdict {
    /// The query and fragment keys of a component whose path matched.
    static func matches(
        query: AASAQueryPattern?, fragment: String?, url: AASAURL, options: GlobOptions,
        percentEncoded: Bool
    ) -> Bool {
        failedKey(query: query, fragment: fragment, url: url, options: options, percentEncoded: percentEncoded) == nil
    }

    /// The first of the query and fragment keys of a component whose path matched that does not match (nil when
    /// both do): what both the verdict and the explaining walk decide by.
    static func failedKey(
        query: AASAQueryPattern?, fragment: String?, url: AASAURL, options: GlobOptions,
        percentEncoded: Bool
    ) -> AASAFailedKey? {
        switch query {
        case nil, .ignored?:
            break
        case .whole(let pattern)?:
            let raw = url.query ?? ""
            guard globMatches(pattern, percentEncoded ? raw : PercentDecoding.decode(raw), options) else { return .query }
        case .items(let predicates)?:
            let items = queryItems(url.query ?? "", percentEncoded: percentEncoded)
            for predicate in predicates {
                let name = options.caseSensitive ? predicate.name : predicate.name.lowercased()
                var sawOne = false
                for item in items where (options.caseSensitive ? item.name : item.name.lowercased()) == name {
                    sawOne = true
                    if !globMatches(predicate.pattern, item.value, options) { return .queryItem }
                }
                if !sawOne, !globMatches(predicate.pattern, "", options) { return .queryItem }
            }
        }
        if let fragment {
            let raw = url.fragment ?? ""
            guard globMatches(fragment, percentEncoded ? raw : PercentDecoding.decode(raw), options) else { return .fragment }
        }
        return nil
    }
}

/// The key of a component that did not match the URL.
enum AASAFailedKey: UInt8, Sendable {
    case path, query, queryItem, fragment
}
