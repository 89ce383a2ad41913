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

/// The verdict-only twin of `MatchRun` in AASAMatcher.swift: the same decisions in the same order,
/// with no step, no explanation text and no allocation beyond the URL's parts. When a rule changes
/// there, it changes here; `AASAFastPathPropertyTests` compares the two over generated files and URLs.
struct AASAFastVerdict {
    let appID: String
    let document: AASADocument
    let ios: OSVersion
    /// What this iOS version reads of the file, asked of the catalog once (shared with `MatchRun`).
    let gates: AASAVersionGates

    init(appID: String, document: AASADocument, ios: OSVersion) {
        self.appID = appID
        self.document = document
        self.ios = ios
        gates = AASAVersionGates(ios)
    }

    func classify(url original: String, domain: String?) -> AASAVerdict {
        var text = original
        if let encoded = AASAURL.safariEncoded(original), AASAURL.parse(original) != nil { text = encoded }
        guard let url = AASAURL.parse(text), url.scheme == "https" || url.scheme == "http" else {
            return AASAVerdict(result: .noMatch)
        }
        if let domain, url.host.lowercased() != domain.lowercased() { return AASAVerdict(result: .noMatch) }
        guard MatchRun.appLinksActive(document, ios: ios) else { return AASAVerdict(result: .noMatch) }
        for (index, detail) in document.details.enumerated() where detail.appIDs(on: ios).contains(appID) {
            if gates.components, let components = detail.components {
                if let hit = evaluate(components: components, detail: detail, index: index, url: url) { return hit }
            } else if let paths = detail.paths {
                if let hit = evaluate(paths: paths, index: index, url: url) { return hit }
            }
        }
        return AASAVerdict(result: .noMatch)
    }

    func evaluate(components: [AASAComponent], detail: AASADetail, index: Int, url: AASAURL) -> AASAVerdict? {
        // The most specific level wins: component, then app defaults, then domain defaults.
        let appDefaults = gates.defaults ? detail.defaults : nil
        let domainDefaults = gates.defaults ? document.defaults : nil
        // Plain optional chains, not key paths: a key-path read costs tens of nanoseconds.
        for (position, component) in components.enumerated() {
            var caseSensitive = component.caseSensitive ?? appDefaults?.caseSensitive ?? domainDefaults?.caseSensitive ?? true
            if !gates.caseSensitiveKey { caseSensitive = true }
            let percentEncoded = component.percentEncoded ?? appDefaults?.percentEncoded ?? domainDefaults?.percentEncoded ?? true
            let options = GlobOptions(
                caseSensitive: caseSensitive,
                documentVariables: gates.variables ? document.substitutionVariables : nil)
            let matched = matches(
                path: component.path ?? appDefaults?.path ?? domainDefaults?.path,
                query: component.query ?? appDefaults?.query ?? domainDefaults?.query,
                fragment: component.fragment ?? appDefaults?.fragment ?? domainDefaults?.fragment,
                url: url, options: options, percentEncoded: percentEncoded)
            if matched {
                let exclude = component.exclude ?? appDefaults?.exclude ?? domainDefaults?.exclude ?? false
                return AASAVerdict(result: exclude ? .exclude : .match, detail: index, component: position, format: .components)
            }
        }
        return nil
    }

    /// Every key the component has (after inheriting from defaults) must match.
    func matches(
        path: String?, query: AASAQueryPattern?, fragment: String?, url: AASAURL, options: GlobOptions,
        percentEncoded: Bool
    ) -> Bool {
        let pathText = percentEncoded ? url.path : PercentDecoding.decode(url.path)
        guard PathCheck.matches(pattern: path ?? "*", urlPath: pathText, options: options) else { return false }
        return Self.matches(query: query, fragment: fragment, url: url, options: options, percentEncoded: percentEncoded)
    }

    /// The query and fragment keys of a component whose path matched.
    static func matches(
        query: AASAQueryPattern?, fragment: String?, url: AASAURL, options: GlobOptions,
        percentEncoded: Bool
    ) -> Bool {
        switch query {
        case nil, .ignored?:
            break
        case .whole(let pattern)?:
            let raw = url.query ?? ""
            guard globMatches(pattern, percentEncoded ? raw : PercentDecoding.decode(raw), options) else { return false }
        case .items(let predicates)?:
            let items = queryItems(url.query ?? "", percentEncoded: percentEncoded)
            for predicate in predicates {
                let name = options.caseSensitive ? predicate.name : predicate.name.lowercased()
                var sawOne = false
                for item in items where (options.caseSensitive ? item.name : item.name.lowercased()) == name {
                    sawOne = true
                    if !globMatches(predicate.pattern, item.value, options) { return false }
                }
                if !sawOne, !globMatches(predicate.pattern, "", options) { return false }
            }
        }
        if let fragment {
            let raw = url.fragment ?? ""
            guard globMatches(fragment, percentEncoded ? raw : PercentDecoding.decode(raw), options) else { return false }
        }
        return true
    }

    func evaluate(paths: [String], index: Int, url: AASAURL) -> AASAVerdict? {
        let options = GlobOptions(caseSensitive: true, documentVariables: nil)
        for (position, entry) in paths.enumerated() {
            var pattern = entry
            var excluding = false
            if gates.notPrefix, entry.hasPrefix("NOT ") {
                excluding = true
                pattern = String(entry.dropFirst(4))
            }
            if PathCheck.matches(pattern: pattern, urlPath: url.path, options: options) {
                return AASAVerdict(result: excluding ? .exclude : .match, detail: index, component: position, format: .paths)
            }
        }
        return nil
    }
}
