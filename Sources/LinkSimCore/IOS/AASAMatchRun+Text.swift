import Foundation

/// What one step of an explained match says, as data: which check, and where in the file (`detail`: an index into
/// `document.details`; `rule`: an index into the prepared file's rules). `MatchRun.rule(of:)` names its rule; its
/// text is written by `AASAExplanationContext` when it is read.
enum AASAStepFact: Sendable, Equatable {
    // The URL and the file.
    case safariEncoded, notAbsoluteURL, notWebScheme, otherHost, hostCaseFolded
    case noUniversalLinks, noAppLinksSection, legacyDictionary, noDetails, noEntryHits
    // A details entry.
    case readsAppIDOnly(detail: Int)
    case appIDsUnknown(detail: Int)
    case notListed(detail: Int)
    case listed(detail: Int)
    case componentsOverPaths(detail: Int)
    case componentsTooNew(detail: Int)
    case onlyComponents(detail: Int)
    case noRules(detail: Int)
    case defaultsIgnored
    case nextEntry(detail: Int, paths: Bool)
    // A component.
    case ignoredKeys(rule: Int)
    case caseSensitiveIgnored
    case caseInsensitive(rule: Int)
    case percentDecoded(rule: Int)
    case variablesUsed(rule: Int)
    case variablesPlain(rule: Int)
    case normalised(rule: Int)
    case queryIgnored(rule: Int)
    case queryItems(rule: Int)
    case inheritsDefaults
    case componentMatches(rule: Int)
    case componentExcludes(rule: Int)
    case componentFails(rule: Int, key: AASAFailedKey)
    case allKeysMustMatch
    // A legacy path.
    case pathsLegacy(detail: Int)
    case notPrefixPlain
    case pathMismatch(rule: Int)
    case pathExcludes(rule: Int)
    case pathMatches(rule: Int)
}

/// What the steps of one match share, to write their text when it is read: the prepared file (document, app, iOS
/// version, rules) and the URL as compared.
final class AASAExplanationContext: Sendable {
    let prepared: AASAMatcher.Prepared
    /// False when no trace is shown: steps keep their rules and assumptions, not their text.
    let explains: Bool
    /// The URL as compared (as Safari sends it).
    let text: String
    let url: AASAURL?
    /// The host the file was served for, when the caller gave one.
    let domain: String?

    init(prepared: AASAMatcher.Prepared, explains: Bool, text: String, url: AASAURL?, domain: String?) {
        self.prepared = prepared
        self.explains = explains
        self.text = text
        self.url = url
        self.domain = domain
    }

    var ios: OSVersion { prepared.ios }
    var appID: String { prepared.appID }
    var path: String { url?.path ?? "" }

    static let appIDsAssumption =
        "assumption: github.com/st-tech/universal-links-test (tested against swcutil) says appIDs wins over appID; github.com/sergii-ziborov/blazingly-aasa treats them as a union. linksim follows universal-links-test."

    func assumption(of fact: AASAStepFact) -> String? { Self.assumption(of: fact, prepared: prepared) }

    /// A fact's assumption, read from the prepared file alone: a verdict without trace text keeps assumptions
    /// without making an explanation context (`MatchRun.classifyFacts`).
    static func assumption(of fact: AASAStepFact, prepared: AASAMatcher.Prepared) -> String? {
        let appID = prepared.appID
        switch fact {
        case .legacyDictionary:
            return
                "assumption: JSON key order is undefined; linksim sorts the keys, as the blazingly-aasa matcher does (github.com/sergii-ziborov/blazingly-aasa docs/semantics.md)"
        case .notListed(let index): return prepared.document.details[index].ignoredAppID == appID ? Self.appIDsAssumption : nil
        case .listed(let index): return prepared.document.details[index].ignoredAppID != nil ? Self.appIDsAssumption : nil
        case .queryIgnored:
            return "assumption: an ignored \"?\" dictionary matches every query; it does not fall back to a \"?\" from defaults (not oracle-tested)."
        case .queryItems(let index):
            let rule = prepared.rules[index]
            return
                "assumption: undocumented by Apple, linksim compares item names and values \(rule.percentEncoded ? "as written (not decoded)" : "percent-decoded, as percentEncoded is false"), treats \"+\" as a plain character, and \(rule.options.caseSensitive ? "compares names case-sensitively" : "compares names without regard to case too (blazingly-aasa's reading)")."
        case .pathsLegacy:
            return
                "assumption: linksim applies the components path normalisation (trailing slashes, optional leading slash) to paths too; it was measured for components only."
        default: return nil
        }
    }

    func detail(of fact: AASAStepFact) -> String? {
        switch fact {
        case .ignoredKeys:
            return
                "Only /, ?, #, exclude, caseSensitive, percentEncoded and comment have a meaning (with the right type); a misspelling such as \"casesensitive\" has no effect."
        case .componentMatches(let index), .componentExcludes(let index), .componentFails(let index, _): return explanation(rule: index)
        default: return nil
        }
    }

    func summary(of fact: AASAStepFact) -> String {
        let document = prepared.document
        switch fact {
        case .safariEncoded: return "Safari sends the URL percent-encoded: \(text)"
        case .notAbsoluteURL: return "\(text) is not an absolute URL, so no file can claim it"
        case .notWebScheme:
            return "\(url?.scheme ?? ""): URLs are not web links; only https/http URLs are checked against the file"
        case .otherHost: return "The URL's host \(url?.host ?? "") is not \(domain ?? ""), the host this file was served for"
        case .hostCaseFolded: return "Host \(url?.host ?? "") is \(domain ?? "") compared without regard to case"
        case .noUniversalLinks: return "iOS \(ios) has no universal links (they arrived in iOS 9)"
        case .noAppLinksSection:
            return "The file has no \"applinks\" section (it has: \(document.services.joined(separator: ", "))), so it claims no URLs"
        case .legacyDictionary:
            return
                "applinks.details is the legacy dictionary keyed by app ID; its keys are tried in sorted order and numbered 0, 1, … in that order"
        case .noDetails: return "applinks.details has no entries, so the file claims no URLs"
        case .noEntryHits:
            return "No details entry for \(appID) has a rule that hits \(describedURL): no_match, so the URL does not open this app"
        case .readsAppIDOnly(let index):
            return "details[\(index)]: iOS \(ios) does not know appIDs (iOS 13+); it reads appID, which names \(appID)"
        case .appIDsUnknown(let index):
            let detail = document.details[index]
            return "details[\(index)] skipped: it names its apps in appIDs [\(listed(index))], which iOS \(ios) does not know (iOS 13+)"
                + (detail.ignoredAppID.map { "; its appID is \"\($0)\"" } ?? ", and it has no appID")
        case .notListed(let index): return "details[\(index)] skipped: it \(reason(index))"
        case .listed(let index): return "details[\(index)] lists \(appID) \(via(index))"
        case .componentsOverPaths(let index):
            return "details[\(index)] has both components and paths; iOS \(ios) uses components and ignores paths"
        case .componentsTooNew(let index):
            return "details[\(index)] has components, but iOS \(ios) predates them (iOS 13), so its paths are used"
        case .onlyComponents(let index):
            return "details[\(index)] has only components, which iOS \(ios) does not understand (they need iOS 13): skipped"
        case .noRules(let index): return "details[\(index)] has neither components nor paths: skipped"
        case .defaultsIgnored: return "defaults are ignored: iOS \(ios) predates them (iOS 14)"
        case .nextEntry(let index, let paths): return "No \(paths ? "path" : "component") of details[\(index)] hits; the next entry is tried"
        default: return componentSummary(of: fact)
        }
    }

    func componentSummary(of fact: AASAStepFact) -> String {
        switch fact {
        case .ignoredKeys(let index):
            let keys = component(index).ignoredKeys.map { "\"\($0)\"" }.joined(separator: ", ")
            return "Key(s) \(keys) are not understood here and are ignored"
        case .caseSensitiveIgnored:
            return "caseSensitive: false is ignored on iOS \(ios) (the key arrived in iOS 13.5); matching is case-sensitive"
        case .caseInsensitive(let index):
            return "Comparing without regard to case (caseSensitive: false\(from(\.caseSensitive, index)))"
        case .percentDecoded(let index):
            return "The URL is percent-decoded before comparing (percentEncoded: false\(from(\.percentEncoded, index)))"
        case .variablesUsed(let index):
            return "Pattern \"\(prepared.rules[index].path)\" uses substitution variables; each $(name) matches one of its alternatives"
        case .variablesPlain(let index):
            return "Substitution variables in \"\(prepared.rules[index].path)\" are plain text on iOS \(ios) (they arrived in iOS 13.5)"
        case .normalised(let index):
            let rule = prepared.rules[index]
            let pathText = rule.percentEncoded ? path : PercentDecoding.decode(path)
            return PathCheck(pattern: rule.path, urlPath: pathText, options: rule.options).normalisationNote ?? ""
        case .queryIgnored(let index):
            return "The \"?\" dictionary\(from(\.query, index)) holds a non-string value, so iOS ignores it and any query matches"
        case .queryItems:
            return "Query items are compared by name; every occurrence of a named item must match, a missing one reads as \"\""
        case .inheritsDefaults: return "Keys this component leaves out come from defaults (the more specific level wins)"
        case .componentMatches(let index): return componentName(index) + " matches: match, the first hit wins"
        case .componentExcludes(let index):
            let from = origin(of: prepared.rules[index].origins.exclude, prepared.rules[index].detail).map { " (exclude comes from \($0))" } ?? ""
            return componentName(index) + " matches and excludes\(from): exclude, the URL does not open the app"
        case .componentFails(let index, _): return componentName(index) + " does not match"
        case .allKeysMustMatch:
            return "Its path matches, but a component hits only when every key it has (\"/\", \"?\", \"#\") matches"
        case .pathsLegacy(let index):
            return
                "details[\(index)] uses legacy paths: only the URL path \"\(path.isEmpty ? "/" : path)\" is compared (query and fragment ignored), case-sensitively"
        case .notPrefixPlain: return "\"NOT \" is plain text on iOS \(ios) (it arrived in iOS 9.2)"
        case .pathMismatch(let index): return pathName(index) + " does not match the path"
        case .pathExcludes(let index): return pathName(index) + " matches and starts with \"NOT \": exclude, the URL does not open the app"
        case .pathMatches(let index): return pathName(index) + " matches: match, the first hit wins"
        default: return ""
        }
    }

    // MARK: Pieces

    var describedURL: String {
        guard let url else { return "/" }
        var text = url.path.isEmpty ? "/" : url.path
        if let query = url.query { text += "?" + query }
        if let fragment = url.fragment { text += "#" + fragment }
        return text
    }

    func listed(_ index: Int) -> String { prepared.document.details[index].appIDs.map { "\"\($0)\"" }.joined(separator: ", ") }

    func reason(_ index: Int) -> String {
        let detail = prepared.document.details[index]
        switch detail.appIDSource {
        case .none:
            if let key = detail.wrongTypeKey {
                return "has \(key), but not as \(key == "appIDs" ? "a list of strings" : "a string"), so it applies to no app"
            }
            return "has neither appID nor appIDs, so it applies to no app"
        case .appIDs where detail.ignoredAppID == appID:
            return "names \(appID) only in appID, which is ignored because appIDs [\(listed(index))] is present"
        default:
            let listed = listed(index)
            return "does not list \(appID) (it lists \(listed.isEmpty ? "no app" : listed))"
        }
    }

    func via(_ index: Int) -> String {
        switch prepared.document.details[index].appIDSource {
        case .appIDs: return prepared.gates.appIDsKey ? "in appIDs" : "as its appID"
        case .appID: return "as its appID"
        case .dictionaryKey: return "as its key"
        case .none: return ""
        }
    }

    /// The component a rule was made from.
    func component(_ index: Int) -> AASAComponent {
        let rule = prepared.rules[index]
        return prepared.document.details[rule.detail].components?[rule.position] ?? AASAComponent()
    }

    func componentName(_ index: Int) -> String {
        let rule = prepared.rules[index]
        var written = TextBuilder(capacity: 160)
        written.add("details[")
        written.add(String(rule.detail))
        written.add("].components[")
        written.add(String(rule.position))
        written.add("] ")
        component(index).writeSummary(into: &written)
        return written.text
    }

    func pathName(_ index: Int) -> String {
        let rule = prepared.rules[index]
        let entry = prepared.document.details[rule.detail].paths?[rule.position] ?? rule.path
        return "details[\(rule.detail)].paths[\(rule.position)] \"\(entry)\""
    }

    /// The level a key's value came from, named as in the file; nil for the component itself or the built-in default.
    func origin(of origin: AASAOrigin, _ detail: Int) -> String? {
        switch origin {
        case .builtIn, .component: return nil
        case .detailDefaults: return "details[\(detail)].defaults"
        case .fileDefaults: return "applinks.defaults"
        }
    }

    /// " (from <level>)" for a key of a rule made from `details[detail]` whose value comes from defaults, or "".
    func from(_ origin: AASAOrigin, _ detail: Int) -> String {
        self.origin(of: origin, detail).map { " (from \($0))" } ?? ""
    }

    /// `from` for a key of rule `index` (a summary names one origin; the explanation names several, without key paths).
    func from(_ key: KeyPath<AASAOrigins, AASAOrigin>, _ index: Int) -> String {
        let rule = prepared.rules[index]
        return from(rule.origins[keyPath: key], rule.detail)
    }
}
