import Foundation

// MARK: - One explained classification

/// The explaining matcher: the decisions of `Prepared.verdict`, in the same order, each written down as a fact
/// (`AASAStepFact`) that names the rule it applies (`rule(of:)`). What can be said of an entry or a rule before the
/// URL is seen is decided once, when the file is prepared (`evaluate(entry:…)`, `check`); the walk adds what the
/// URL decides. No text is written here: a step's summary and detail are written when they are read
/// (AASAMatchRun+Text.swift), so a trace that is not shown costs none.
struct MatchRun {
    let prepared: AASAMatcher.Prepared
    /// The steps, as facts in order. `classify` makes them `AASAMatchStep`s (sharing one explanation context) at
    /// the end; a verdict without trace text reads the facts themselves (`classifyFacts`), with no context and no
    /// step list made (issue #14).
    var facts: [AASAStepFact] = []

    mutating func note(_ fact: AASAStepFact) { facts.append(fact) }

    /// Where a run ends: the verdict and what decided it.
    struct Ending {
        var result: AASAMatchResult
        var detail: Int?
        var component: Int?
        var format: AASAFormat?
    }

    func verdict(_ result: AASAMatchResult, detail: Int? = nil, component: Int? = nil, format: AASAFormat? = nil) -> Ending {
        Ending(result: result, detail: detail, component: component, format: format)
    }

    // MARK: What an iOS version reads

    /// `components` are read from iOS 13 (with their first-hit-wins order).
    static func readsComponents(on ios: OSVersion) -> Bool { Rule.iosAasaComponentsFirstHit.applies(to: ios) }
    /// `defaults` are read from iOS 14.
    static func readsDefaults(on ios: OSVersion) -> Bool { Rule.iosAasaDefaults.applies(to: ios) }
    /// `caseSensitive` is read from iOS 13.5; before, matching is always case-sensitive.
    static func readsCaseSensitiveKey(on ios: OSVersion) -> Bool { Rule.iosAasaCaseSensitive.applies(to: ios) }
    /// `$(name)` substitution variables are read from iOS 13.5; before, they are plain text.
    static func readsSubstitutionVariables(on ios: OSVersion) -> Bool { Rule.iosAasaSubstitutionVariables.applies(to: ios) }
    /// `"NOT "` before a legacy path excludes from iOS 9.2; before, it is plain text.
    static func readsNotPrefix(on ios: OSVersion) -> Bool { Rule.iosAasaPathsNotExclude.applies(to: ios) }
    /// `appIDs` is read from iOS 13; before, only `appID` (or the legacy dictionary key) names an app.
    static func readsAppIDsKey(on ios: OSVersion) -> Bool { !Rule.iosAasaAppidsIos13.applies(to: ios) }
    /// Universal links exist from iOS 9.
    static func hasUniversalLinks(on ios: OSVersion) -> Bool { Rule.iosAasaApplinksSection.applies(to: ios) }

    /// Whether a file can claim URLs at all on `ios`: universal links exist (iOS 9+) and the file has an `applinks`
    /// section. The narrated run and the prepared matcher both ask this.
    static func appLinksActive(_ document: AASADocument, ios: OSVersion) -> Bool {
        hasUniversalLinks(on: ios) && document.hasAppLinks
    }

    /// Only http(s) URLs are checked against association files: a custom scheme goes to the app that registered it.
    static func tellNotWebURL(_ scheme: String, os: OSVersion, trace: inout TraceRecorder) {
        guard Rule.iosAasaWebUrlsOnly.applies(to: os) else { return }
        trace.add(
            "iOS", "\(scheme): is not http or https, so no association file can claim it; iOS looks for an app that registered the scheme",
            rule: Rule.iosAasaWebUrlsOnly)
    }

    /// The rule a step applies.
    static func rule(of fact: AASAStepFact) -> Rule {
        switch fact {
        case .safariEncoded: return Rule.iosAasaSafariPercentEncodes
        case .notAbsoluteURL, .notWebScheme: return Rule.iosAasaWebUrlsOnly
        case .otherHost, .hostCaseFolded: return Rule.iosAasaHostCaseInsensitive
        case .noUniversalLinks, .noAppLinksSection, .noDetails: return Rule.iosAasaApplinksSection
        case .legacyDictionary: return Rule.iosAasaDetailsDictionary
        case .noEntryHits, .noRules, .nextEntry: return Rule.iosAasaDetailsOrder
        case .readsAppIDOnly, .appIDsUnknown: return Rule.iosAasaAppidsIos13
        case .notListed, .listed: return Rule.iosAasaAppidsPrecedence
        case .componentsOverPaths, .componentsTooNew, .onlyComponents: return Rule.iosAasaComponentsOverPaths
        case .defaultsIgnored, .inheritsDefaults: return Rule.iosAasaDefaults
        case .ignoredKeys: return Rule.iosAasaUnknownKeysIgnored
        case .caseSensitiveIgnored, .caseInsensitive: return Rule.iosAasaCaseSensitive
        case .percentDecoded: return Rule.iosAasaPercentEncoded
        case .variablesUsed, .variablesPlain: return Rule.iosAasaSubstitutionVariables
        case .normalised: return Rule.iosAasaPathNormalisation
        case .queryIgnored: return Rule.iosAasaQueryNonstringIgnored
        case .queryItems: return Rule.iosAasaQueryAllItems
        case .componentMatches: return Rule.iosAasaComponentsFirstHit
        case .componentExcludes: return Rule.iosAasaExclude
        case .componentFails(_, let key):
            switch key {
            case .path: return Rule.iosAasaPatternWildcards
            case .query: return Rule.iosAasaQueryString
            case .queryItem: return Rule.iosAasaQueryAllItems
            case .fragment: return Rule.iosAasaFragment
            }
        case .allKeysMustMatch: return Rule.iosAasaAllKeysMustMatch
        case .pathMismatch: return Rule.iosAasaPatternWildcards
        case .pathsLegacy, .pathMatches: return Rule.iosAasaPathsLegacy
        case .notPrefixPlain, .pathExcludes: return Rule.iosAasaPathsNotExclude
        }
    }

    // MARK: Decided once, when the file is prepared

    /// What is said of details entry `index` before its rules are tried (whether it applies to the app, which rule
    /// set iOS reads), and the rule set tried: nil when the entry is skipped.
    static func evaluate(
        entry detail: AASADetail, index: Int, appID: String, document: AASADocument, gates: AASAVersionGates,
        notes: inout [AASAStepFact]
    ) -> AASAFormat? {
        if !gates.appIDsKey, detail.appIDSource == .appIDs {
            // appIDs arrived with iOS 13: an older iOS reads only appID.
            guard let single = detail.ignoredAppID, single == appID else {
                notes.append(.appIDsUnknown(detail: index))
                return nil
            }
            notes.append(.readsAppIDOnly(detail: index))
        } else if !detail.appIDs.contains(appID) {
            notes.append(.notListed(detail: index))
            return nil
        }
        notes.append(.listed(detail: index))
        if gates.components, detail.components != nil {
            if detail.paths != nil { notes.append(.componentsOverPaths(detail: index)) }
            if !gates.defaults, document.defaults != nil || detail.defaults != nil { notes.append(.defaultsIgnored) }
            return .components
        }
        if detail.paths != nil {
            if detail.components != nil { notes.append(.componentsTooNew(detail: index)) }
            notes.append(.pathsLegacy(detail: index))
            return .paths
        }
        notes.append(detail.components != nil ? .onlyComponents(detail: index) : .noRules(detail: index))
        return nil
    }

    /// What is said of component rule `index` before its path is compared: keys ignored, and how it compares.
    static func check(
        _ component: AASAComponent, rule: AASAMatcher.Prepared.Rule, index: Int, givenCaseSensitive: Bool,
        mentionsVariable: Bool, gates: AASAVersionGates, notes: inout [AASAStepFact]
    ) {
        if !component.ignoredKeys.isEmpty { notes.append(.ignoredKeys(rule: index)) }
        if !givenCaseSensitive && !gates.caseSensitiveKey { notes.append(.caseSensitiveIgnored) }
        if !rule.options.caseSensitive { notes.append(.caseInsensitive(rule: index)) }
        if !rule.percentEncoded { notes.append(.percentDecoded(rule: index)) }
        if mentionsVariable, PathCheck.usesVariables(rule.path, options: rule.options) {
            notes.append(gates.variables ? .variablesUsed(rule: index) : .variablesPlain(rule: index))
        }
    }

    /// What is said of legacy path rule `index` before it is compared: a "NOT " that is plain text on this iOS.
    static func check(
        pathEntry rule: AASAMatcher.Prepared.Rule, index: Int, gates: AASAVersionGates, document: AASADocument,
        notes: inout [AASAStepFact]
    ) {
        if !gates.notPrefix, document.details[rule.detail].paths?[rule.position].hasPrefix("NOT ") == true {
            notes.append(.notPrefixPlain)
        }
    }

    // MARK: Decided by the URL

    /// Classifies `url` on the prepared file, writing down each step.
    static func classify(url original: String, domain: String?, prepared: AASAMatcher.Prepared, explains: Bool) -> AASAMatch {
        let (ending, facts, text, url) = run(url: original, domain: domain, prepared: prepared)
        let context = AASAExplanationContext(prepared: prepared, explains: explains, text: text, url: url, domain: domain)
        return AASAMatch(
            result: ending.result, detail: ending.detail, component: ending.component, format: ending.format,
            steps: facts.map { AASAMatchStep(fact: $0, context: context) })
    }

    /// `classify` without the explanation: the verdict and the facts, in the same order (a trace without text
    /// reads each fact's rule, `rule(of:)`, and assumption, `AASAExplanationContext.assumption(of:prepared:)`).
    static func classifyFacts(url original: String, domain: String?, prepared: AASAMatcher.Prepared) -> (ending: Ending, facts: [AASAStepFact]) {
        let (ending, facts, _, _) = run(url: original, domain: domain, prepared: prepared)
        return (ending, facts)
    }

    /// The decisions of `classify`, in order: the ending, the facts, and the URL as compared (text and parts).
    private static func run(
        url original: String, domain: String?, prepared: AASAMatcher.Prepared
    ) -> (ending: Ending, facts: [AASAStepFact], text: String, url: AASAURL?) {
        var text = original
        var encoded = false
        if let safari = AASAURL.safariEncoded(original), AASAURL.parse(original) != nil {
            text = safari
            encoded = true
        }
        let url = AASAURL.parse(text)
        var run = MatchRun(prepared: prepared)
        run.facts.reserveCapacity(prepared.facts.count + 2 * prepared.rules.count + 4)
        let ending = run.decide(url, encoded: encoded, domain: domain)
        return (ending, run.facts, text, url)
    }

    private mutating func decide(_ url: AASAURL?, encoded: Bool, domain: String?) -> Ending {
        if encoded { note(.safariEncoded) }
        guard let url else {
            note(.notAbsoluteURL)
            return verdict(.noMatch)
        }
        guard url.scheme == "https" || url.scheme == "http" else {
            note(.notWebScheme)
            return verdict(.noMatch)
        }
        if let domain {
            guard url.host.lowercasedIfNeeded == domain.lowercasedIfNeeded else {
                note(.otherHost)
                return verdict(.noMatch)
            }
            if url.host != domain { note(.hostCaseFolded) }
        }
        let document = prepared.document
        guard prepared.gates.universalLinks else {
            note(.noUniversalLinks)
            return verdict(.noMatch)
        }
        guard document.hasAppLinks else {
            note(.noAppLinksSection)
            return verdict(.noMatch)
        }
        if document.detailsForm == .dictionary { note(.legacyDictionary) }
        if document.details.isEmpty {
            note(.noDetails)
            return verdict(.noMatch)
        }
        if let hit = walk(url) { return hit }
        note(.noEntryHits)
        return verdict(.noMatch)
    }

    /// Entries are tried in order: one whose rules do not hit hands over to the next (`nextEntry`).
    mutating func walk(_ url: AASAURL) -> Ending? {
        var path = url.path
        // Read through a copy: a non-mutating call on `self` inside the closure copied the whole run for each rule.
        let prepared = prepared
        return path.withUTF8 { pathBytes in
            let pathIsASCII = ByteGlob.isASCII(pathBytes)
            let pathHasPercent = pathBytes.contains(UInt8(ascii: "%"))
            let trimmed = ByteGlob.trimmedCount(pathBytes)
            for entry in prepared.entries {
                for index in entry.notes { note(prepared.facts[index]) }
                guard let format = entry.format else { continue }
                for index in entry.rules {
                    let (matched, noted) = Self.pathOutcome(
                        prepared, index, pathBytes, ascii: pathIsASCII, percent: pathHasPercent, trimmed: trimmed, url: url)
                    let hit =
                        format == .components
                        ? evaluate(component: index, matched: matched, noted: noted, url: url)
                        : evaluate(path: index, matched: matched, noted: noted)
                    if let hit { return hit }
                }
                note(.nextEntry(detail: entry.detail, paths: format == .paths))
            }
            return nil
        }
    }

    /// Whether rule `index`'s path matches (as `Prepared.verdict` decides), and whether normalising its slashes made
    /// the difference (then a step says how it was read).
    static func pathOutcome(
        _ prepared: AASAMatcher.Prepared, _ index: Int, _ pathBytes: UnsafeBufferPointer<UInt8>, ascii: Bool, percent: Bool,
        trimmed: Int, url: AASAURL
    ) -> (matched: Bool, noted: Bool) {
        let head = prepared.heads[index]
        if head.bytesDecide, head.percentEncoded || !percent, head.caseSensitive || (head.patternIsASCII && ascii) {
            return prepared.patternBytes.withUnsafeBufferPointer { all in
                if ByteGlob.missesPrefix(
                    UnsafeBufferPointer(rebasing: all[head.prefixStart..<head.prefixEnd]), path: pathBytes,
                    trimmed: trimmed, fold: !head.caseSensitive)
                {
                    return (false, false)
                }
                let pattern = UnsafeBufferPointer(rebasing: all[head.start..<head.end])
                switch ByteGlob.normalisedPathMatch(pattern: pattern, path: pathBytes, fold: !head.caseSensitive) {
                case .miss: return (false, false)
                case .parent: return (true, true)
                case .whole: return (true, !ByteGlob.matches(pattern, pathBytes, fold: !head.caseSensitive))
                }
            }
        }
        let rule = prepared.rules[index]
        let pathText = rule.percentEncoded ? url.path : PercentDecoding.decode(url.path)
        return PathCheck.outcome(pattern: rule.path, urlPath: pathText, options: rule.options)
    }

    /// One component: it hits when every key it has matches; the first hit decides (match, or exclude).
    mutating func evaluate(component index: Int, matched: Bool, noted: Bool, url: AASAURL) -> Ending? {
        let said = prepared.said[index]
        for fact in said.notes { note(prepared.facts[fact]) }
        if noted { note(.normalised(rule: index)) }
        guard matched else {
            note(.componentFails(rule: index, key: .path))
            return nil
        }
        if said.queryIgnored { note(.queryIgnored(rule: index)) }
        if prepared.heads[index].checksRest {
            let rule = prepared.rules[index]
            let failed = AASAFastVerdict.failedKey(
                query: rule.query, fragment: rule.fragment, url: url, options: rule.options, percentEncoded: rule.percentEncoded)
            // The query-items reading is said whether the items matched or not (before a fragment that fails).
            if said.queryIsItems { note(.queryItems(rule: index)) }
            if let failed {
                note(.componentFails(rule: index, key: failed))
                note(.allKeysMustMatch)
                return nil
            }
        }
        if said.inherits { note(.inheritsDefaults) }
        note(said.exclude ? .componentExcludes(rule: index) : .componentMatches(rule: index))
        return verdict(said.exclude ? .exclude : .match, detail: said.detail, component: said.position, format: .components)
    }

    /// One legacy path: the first that matches decides (match, or exclude with "NOT ").
    mutating func evaluate(path index: Int, matched: Bool, noted: Bool) -> Ending? {
        for fact in prepared.said[index].notes { note(prepared.facts[fact]) }
        if noted { note(.normalised(rule: index)) }
        guard matched else {
            note(.pathMismatch(rule: index))
            return nil
        }
        let said = prepared.said[index]
        note(said.exclude ? .pathExcludes(rule: index) : .pathMatches(rule: index))
        return verdict(said.exclude ? .exclude : .match, detail: said.detail, component: said.position, format: .paths)
    }
}

extension AASADetail {
    /// The apps this entry applies to on `ios`: `appIDs` arrived with iOS 13 (with `components`);
    /// before, only `appID` (or the legacy dictionary key) names an app. `firstMatch` and the fast verdict ask this.
    package func appIDs(on ios: OSVersion) -> [String] {
        guard Rule.iosAasaAppidsIos13.applies(to: ios) else { return appIDs }
        switch appIDSource {
        case .appID, .dictionaryKey: return appIDs
        case .appIDs: return ignoredAppID.map { [$0] } ?? []
        case .none: return []
        }
    }
}
