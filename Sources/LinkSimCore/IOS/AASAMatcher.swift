import Foundation

/// The verdict for one app and one URL.
public enum AASAMatchResult: String, Sendable, Equatable {
    /// The URL opens the app as a universal link.
    case match
    /// An exclude rule hit first: the URL does not open the app.
    case exclude
    /// No rule for this app hit.
    case noMatch = "no_match"
}

/// Which rule set decided.
public enum AASAFormat: String, Sendable, Equatable {
    case components
    case paths
}

/// One step of the explanation, for a trainee reading why the URL matched or not.
public struct AASAMatchStep: Sendable, Equatable {
    public var summary: String
    public var detail: String?
    /// The `ios.aasa.*` rule (see `IOSAASARules`) this step applied.
    public var rule: String?
    /// Where linksim follows an undocumented or disputed reading (ios.md §10), it says so here.
    public var assumption: String?

    public init(summary: String, detail: String? = nil, rule: String? = nil, assumption: String? = nil) {
        self.summary = summary
        self.detail = detail
        self.rule = rule
        self.assumption = assumption
    }
}

public struct AASAMatch: Sendable, Equatable {
    public var result: AASAMatchResult
    /// 0-based index of the deciding `details` entry (nil for no_match).
    public var detail: Int?
    /// 0-based index of the deciding component or `paths` entry (nil for no_match).
    public var component: Int?
    public var format: AASAFormat?
    public var steps: [AASAMatchStep]

    public init(result: AASAMatchResult, detail: Int? = nil, component: Int? = nil, format: AASAFormat? = nil,
                steps: [AASAMatchStep] = []) {
        self.result = result
        self.detail = detail
        self.component = component
        self.format = format
        self.steps = steps
    }
}

/// One app's verdict, as returned by `AASAMatcher.firstMatch`.
public struct AASAAppMatch: Sendable, Equatable {
    public var appID: String
    public var match: AASAMatch
}

/// The parts of a URL the AASA matcher looks at, kept exactly as written (still percent-encoded).
public struct AASAURL: Sendable, Equatable {
    public var scheme: String
    public var host: String
    public var path: String
    /// nil when the URL has no `?`.
    public var query: String?
    /// nil when the URL has no `#`.
    public var fragment: String?

    /// Parses an absolute URL such as `https://example.com/buy/42?x=1#top`. Returns nil for text that
    /// is not an absolute URL with a host, or that contains spaces or control characters.
    public static func parse(_ text: String) -> AASAURL? {
        var text = text
        return text.withUTF8 { bytes in ranges(bytes).map { make(bytes, $0) } }
    }

    /// Where the parts are, as offsets into the URL's UTF-8 bytes.
    struct Ranges {
        var scheme: Range<Int>
        var host: Range<Int>
        var path: Range<Int>
        var query: Range<Int>?
        var fragment: Range<Int>?
    }

    /// `parse` without building any string. One pass over the UTF-8 bytes: every delimiter is ASCII,
    /// so every cut is at a character boundary (walking `Character`s, then `String` indices, was most
    /// of the cost of a verdict).
    static func ranges(_ b: UnsafeBufferPointer<UInt8>) -> Ranges? {
        let n = b.count
        var colon = -1
        for i in 0..<n {
            let byte = b[i]
            if byte <= 0x20 || byte == 0x7F { return nil }
            if colon < 0, byte == UInt8(ascii: ":") { colon = i }
        }
        guard colon > 0, URLParts.isASCIILetter(b[0]) else { return nil }
        for i in 1..<colon {
            let c = b[i]
            guard URLParts.isASCIILetter(c) || URLParts.isASCIIDigit(c) || c == UInt8(ascii: "+")
                    || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") else { return nil }
        }
        guard n >= colon + 3, b[colon + 1] == UInt8(ascii: "/"), b[colon + 2] == UInt8(ascii: "/") else { return nil }
        let start = colon + 3
        var end = n
        var fragment: Range<Int>?
        if let hash = (start..<end).first(where: { b[$0] == UInt8(ascii: "#") }) {
            fragment = (hash + 1)..<end
            end = hash
        }
        var query: Range<Int>?
        if let mark = (start..<end).first(where: { b[$0] == UInt8(ascii: "?") }) {
            query = (mark + 1)..<end
            end = mark
        }
        let authorityEnd = (start..<end).first(where: { b[$0] == UInt8(ascii: "/") }) ?? end
        var authorityStart = start
        if let at = (start..<authorityEnd).last(where: { b[$0] == UInt8(ascii: "@") }) { authorityStart = at + 1 }
        // Drop a port; IPv6 literals keep their brackets.
        var hostEnd = authorityEnd
        if let portColon = (authorityStart..<authorityEnd).last(where: { b[$0] == UInt8(ascii: ":") }),
           !(portColon..<authorityEnd).contains(where: { b[$0] == UInt8(ascii: "]") }) {
            hostEnd = portColon
        }
        guard hostEnd > authorityStart else { return nil }
        return Ranges(scheme: 0..<colon, host: authorityStart..<hostEnd, path: authorityEnd..<end, query: query,
                      fragment: fragment)
    }

    /// Whether the (ASCII) scheme is https or http, without regard to case.
    static func isWebScheme(_ b: UnsafeBufferPointer<UInt8>, _ scheme: Range<Int>) -> Bool {
        guard scheme.count == 4 || scheme.count == 5 else { return false }
        let expected: [UInt8] = Array("https".utf8)
        for (k, i) in scheme.enumerated() where (b[i] >= 0x41 && b[i] <= 0x5A ? b[i] | 0x20 : b[i]) != expected[k] {
            return false
        }
        return true
    }

    static func make(_ b: UnsafeBufferPointer<UInt8>, _ r: Ranges) -> AASAURL {
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: b[range]), as: UTF8.self)
        }
        let scheme = String(unsafeUninitializedCapacity: r.scheme.count) { out in
            for i in r.scheme { out[i] = b[i] >= 0x41 && b[i] <= 0x5A ? b[i] | 0x20 : b[i] }
            return r.scheme.count
        }
        return AASAURL(scheme: scheme, host: string(r.host), path: string(r.path), query: r.query.map(string),
                       fragment: r.fragment.map(string))
    }
}

/// Apple's apple-app-site-association matching (ios.md §2, reference algorithm §2.11).
///
/// Pure and deterministic: the same inputs give the same verdict and the same steps. Patterns are
/// matched by a small hand-written glob matcher (no regular expressions), so one match costs
/// microseconds.
public enum AASAMatcher {
    /// Classifies `url` for the app `appID` against `document`, as iOS `ios` would.
    ///
    /// - Parameter domain: the host the file was served for. When given, a URL on another host never
    ///   matches (compared case-insensitively). The CLI passes nil: it assumes the file belongs to the
    ///   URL's host (contract §1.1).
    public static func match(url: String, appID: String, document: AASADocument, ios: OSVersion,
                             domain: String? = nil) -> AASAMatch {
        var run = MatchRun(appID: appID, document: document, ios: ios)
        return run.classify(url: url, domain: domain)
    }

    /// The verdict alone, as `match` would give it, without building any explanation: the fast path
    /// for callers that show no trace (matrices, benchmarks). A property test keeps the two equal.
    public static func verdict(url: String, appID: String, document: AASADocument, ios: OSVersion,
                               domain: String? = nil) -> AASAVerdict {
        Prepared(document: document, appID: appID, ios: ios).verdict(url: url, domain: domain)
    }

    /// Picks the app that opens `url` when several apps may claim it (ios.md §2.10, [I]).
    ///
    /// Every app in `appIDs` (typically the installed apps whose entitlement is verified for the host)
    /// is classified on its own. Among those whose verdict is `match`, the winner is the one whose
    /// deciding `details` entry comes first in the file; within one entry, the app listed first in that
    /// entry wins, then the order of `appIDs`. Returns nil when no app gets `match` (an exclude for one
    /// app does not stop another app's entry from matching).
    public static func firstMatch(url: String, appIDs: [String], document: AASADocument, ios: OSVersion,
                                  domain: String? = nil) -> AASAAppMatch? {
        let verdicts = matchAll(url: url, appIDs: appIDs, document: document, ios: ios, domain: domain)
        var best: (rank: (Int, Int, Int), verdict: AASAAppMatch)?
        for (order, verdict) in verdicts.enumerated() where verdict.match.result == .match {
            let detailIndex = verdict.match.detail ?? Int.max
            let positionInEntry = document.details.indices.contains(detailIndex)
                ? (document.details[detailIndex].appIDs.firstIndex(of: verdict.appID) ?? Int.max) : Int.max
            let rank = (detailIndex, positionInEntry, order)
            if best == nil || rank < (best?.rank ?? rank) { best = (rank, verdict) }
        }
        return best?.verdict
    }

    /// The verdict for every app in `appIDs`, in the same order.
    public static func matchAll(url: String, appIDs: [String], document: AASADocument, ios: OSVersion,
                                domain: String? = nil) -> [AASAAppMatch] {
        appIDs.map { AASAAppMatch(appID: $0, match: match(url: url, appID: $0, document: document, ios: ios, domain: domain)) }
    }
}

// MARK: - One classification

/// The state of one `match` call: the inputs and the explanation being written.
private struct MatchRun {
    let appID: String
    let document: AASADocument
    let ios: OSVersion
    var steps: [AASAMatchStep] = []
    init(appID: String, document: AASADocument, ios: OSVersion) {
        self.appID = appID
        self.document = document
        self.ios = ios
    }

    // Version gates (data, not scattered ifs).
    var componentsSupported: Bool { ios >= OSVersion(ios: 13) }
    var defaultsSupported: Bool { ios >= OSVersion(ios: 14) }
    var caseSensitiveKeySupported: Bool { ios >= OSVersion(ios: 13, 5) }
    var variablesSupported: Bool { ios >= OSVersion(ios: 13, 5) }
    var notPrefixSupported: Bool { ios >= OSVersion(ios: 9, 2) }

    mutating func note(_ summary: String, detail: String? = nil, rule: String?, assumption: String? = nil) {
        steps.append(AASAMatchStep(summary: summary, detail: detail, rule: rule, assumption: assumption))
    }

    mutating func verdict(_ result: AASAMatchResult, detail: Int? = nil, component: Int? = nil,
                          format: AASAFormat? = nil) -> AASAMatch {
        AASAMatch(result: result, detail: detail, component: component, format: format, steps: steps)
    }

    mutating func classify(url text: String, domain: String?) -> AASAMatch {
        guard let url = AASAURL.parse(text) else {
            note("\(text) is not an absolute URL, so no file can claim it", rule: IOSAASARules.webURLsOnly)
            return verdict(.noMatch)
        }
        guard url.scheme == "https" || url.scheme == "http" else {
            note("\(url.scheme): URLs are not web links; only https/http URLs are checked against the file",
                 rule: IOSAASARules.webURLsOnly)
            return verdict(.noMatch)
        }
        if let domain {
            guard url.host.lowercased() == domain.lowercased() else {
                note("The URL's host \(url.host) is not \(domain), the host this file was served for",
                     rule: IOSAASARules.hostCaseInsensitive)
                return verdict(.noMatch)
            }
            if url.host != domain {
                note("Host \(url.host) is \(domain) compared without regard to case", rule: IOSAASARules.hostCaseInsensitive)
            }
        }
        guard ios >= OSVersion(ios: 9) else {
            note("iOS \(ios) has no universal links (they arrived in iOS 9)", rule: IOSAASARules.applinksSection)
            return verdict(.noMatch)
        }
        guard document.hasAppLinks else {
            note("The file has no \"applinks\" section (it has: \(document.services.joined(separator: ", "))), so it claims no URLs",
                 rule: IOSAASARules.applinksSection)
            return verdict(.noMatch)
        }
        if document.detailsForm == .dictionary {
            note("applinks.details is the legacy dictionary keyed by app ID; its keys are tried in sorted order and numbered 0, 1, … in that order",
                 rule: IOSAASARules.detailsDictionary,
                 assumption: "JSON key order is undefined; linksim sorts the keys (R-BA's decision, ios.md §2.1)")
        }
        if document.details.isEmpty {
            note("applinks.details has no entries, so the file claims no URLs", rule: IOSAASARules.applinksSection)
            return verdict(.noMatch)
        }
        let parts = MatchedURLParts(url: url)
        for (index, detail) in document.details.enumerated() {
            if let hit = evaluate(detail: detail, index: index, parts: parts) { return hit }
        }
        note("No details entry for \(appID) has a rule that hits \(describe(url)): no_match, so the URL does not open this app",
             rule: IOSAASARules.detailsOrder)
        return verdict(.noMatch)
    }

    func describe(_ url: AASAURL) -> String {
        var text = url.path.isEmpty ? "/" : url.path
        if let query = url.query { text += "?" + query }
        if let fragment = url.fragment { text += "#" + fragment }
        return text
    }

    /// Tries one details entry; returns the verdict when one of its rules hits.
    mutating func evaluate(detail: AASADetail, index: Int, parts: MatchedURLParts) -> AASAMatch? {
        let name = "details[\(index)]"
        let listed = detail.appIDs.map { "\"\($0)\"" }.joined(separator: ", ")
        guard detail.appIDs.contains(appID) else {
            let reason: String
            switch detail.appIDSource {
            case .none: reason = "has neither appID nor appIDs, so it applies to no app"
            case .appIDs where detail.ignoredAppID == appID:
                reason = "names \(appID) only in appID, which is ignored because appIDs [\(listed)] is present"
            default: reason = "does not list \(appID) (it lists \(listed.isEmpty ? "no app" : listed))"
            }
            note("\(name) skipped: it \(reason)", rule: IOSAASARules.appIDsPrecedence,
                 assumption: detail.ignoredAppID == appID ? appIDsAssumption : nil)
            return nil
        }
        let via: String
        switch detail.appIDSource {
        case .appIDs: via = "in appIDs"
        case .appID: via = "as its appID"
        case .dictionaryKey: via = "as its key"
        case .none: via = ""
        }
        note("\(name) lists \(appID) \(via)", rule: IOSAASARules.appIDsPrecedence,
             assumption: detail.ignoredAppID != nil ? appIDsAssumption : nil)

        if componentsSupported, let components = detail.components {
            if detail.paths != nil {
                note("\(name) has both components and paths; iOS \(ios) uses components and ignores paths",
                     rule: IOSAASARules.componentsOverPaths)
            }
            return evaluate(components: components, detail: detail, index: index, parts: parts)
        }
        if let paths = detail.paths {
            if detail.components != nil {
                note("\(name) has components, but iOS \(ios) predates them (iOS 13), so its paths are used",
                     rule: IOSAASARules.componentsOverPaths)
            }
            return evaluate(paths: paths, index: index, parts: parts)
        }
        if detail.components != nil {
            note("\(name) has only components, which iOS \(ios) does not understand (they need iOS 13): skipped",
                 rule: IOSAASARules.componentsOverPaths)
        } else {
            note("\(name) has neither components nor paths: skipped", rule: IOSAASARules.detailsOrder)
        }
        return nil
    }

    let appIDsAssumption = "R-ST (tested against swcutil) says appIDs wins over appID; R-BA treats them as a union. linksim follows R-ST (ios.md §10)."

    // MARK: components

    mutating func evaluate(components: [AASAComponent], detail: AASADetail, index: Int, parts: MatchedURLParts) -> AASAMatch? {
        let layers: [(name: String, component: AASAComponent)] = defaultsSupported
            ? [("applinks.defaults", document.defaults), ("details[\(index)].defaults", detail.defaults)]
                .compactMap { layer in layer.1.map { (layer.0, $0) } }
            : []
        if !defaultsSupported, document.defaults != nil || detail.defaults != nil {
            note("defaults are ignored: iOS \(ios) predates them (iOS 14)", rule: IOSAASARules.defaults)
        }
        for (position, component) in components.enumerated() {
            let effective = EffectiveComponent(component: component, layers: layers)
            let outcome = check(effective, parts: parts)
            let name = "details[\(index)].components[\(position)] \(component.summary)"
            for extra in outcome.notes { steps.append(extra) }
            if outcome.matched {
                let excluded = effective.exclude.value
                if excluded {
                    let origin = effective.exclude.origin.map { " (exclude comes from \($0))" } ?? ""
                    note("\(name) matches and excludes\(origin): exclude, the URL does not open the app",
                         detail: outcome.explanation, rule: IOSAASARules.exclude)
                    return verdict(.exclude, detail: index, component: position, format: .components)
                }
                note("\(name) matches: match, the first hit wins", detail: outcome.explanation,
                     rule: IOSAASARules.componentsFirstHit)
                return verdict(.match, detail: index, component: position, format: .components)
            }
            note("\(name) does not match", detail: outcome.explanation, rule: outcome.failedRule)
            if let failed = outcome.failedRule, failed != IOSAASARules.patternWildcards {
                note("Its path matches, but a component hits only when every key it has (\"/\", \"?\", \"#\") matches",
                     rule: IOSAASARules.allKeysMustMatch)
            }
        }
        note("No component of details[\(index)] hits; the next entry is tried", rule: IOSAASARules.detailsOrder)
        return nil
    }

    /// A component with the values it inherits from `defaults`, and where each came from.
    struct EffectiveComponent {
        struct Field<Value> {
            var value: Value
            /// nil for the component itself or the built-in default.
            var origin: String?
        }
        var path: Field<String?>
        var query: Field<AASAQueryPattern?>
        var fragment: Field<String?>
        var exclude: Field<Bool>
        var caseSensitive: Field<Bool>
        var percentEncoded: Field<Bool>
        var ignoredKeys: [String]

        init(component: AASAComponent, layers: [(name: String, component: AASAComponent)]) {
            // The most specific level wins: component, then app defaults, then domain defaults (ios.md §2.9).
            // Closures, not key paths: a key-path read costs tens of nanoseconds.
            func pick<Value>(_ key: (AASAComponent) -> Value?) -> Field<Value?> {
                if let own = key(component) { return Field(value: own, origin: nil) }
                for layer in layers.reversed() {
                    if let inherited = key(layer.component) { return Field(value: inherited, origin: layer.name) }
                }
                return Field(value: nil, origin: nil)
            }
            path = pick { $0.path }
            query = pick { $0.query }
            fragment = pick { $0.fragment }
            let excludeField = pick { $0.exclude }
            exclude = Field(value: excludeField.value ?? false, origin: excludeField.origin)
            let caseField = pick { $0.caseSensitive }
            caseSensitive = Field(value: caseField.value ?? true, origin: caseField.origin)
            let percentField = pick { $0.percentEncoded }
            percentEncoded = Field(value: percentField.value ?? true, origin: percentField.origin)
            ignoredKeys = component.ignoredKeys
        }
    }

    struct Outcome {
        var matched: Bool
        var explanation: String
        var failedRule: String?
        var notes: [AASAMatchStep]
    }

    func check(_ component: EffectiveComponent, parts: MatchedURLParts) -> Outcome {
        var notes: [AASAMatchStep] = []
        var lines: [String] = []
        if !component.ignoredKeys.isEmpty {
            let keys = component.ignoredKeys.map { "\"\($0)\"" }.joined(separator: ", ")
            notes.append(AASAMatchStep(summary: "Key(s) \(keys) are not understood here and are ignored",
                                       detail: "Only /, ?, #, exclude, caseSensitive, percentEncoded and comment have a meaning (with the right type); a misspelling such as \"casesensitive\" has no effect.",
                                       rule: IOSAASARules.unknownKeysIgnored))
        }
        var caseSensitive = component.caseSensitive.value
        if !caseSensitive && !caseSensitiveKeySupported {
            caseSensitive = true
            notes.append(AASAMatchStep(summary: "caseSensitive: false is ignored on iOS \(ios) (the key arrived in iOS 13.5); matching is case-sensitive",
                                       rule: IOSAASARules.caseSensitive))
        }
        let percentEncoded = component.percentEncoded.value
        let modes = "caseSensitive \(caseSensitive)\(origin(component.caseSensitive.origin)), percentEncoded \(percentEncoded)\(origin(component.percentEncoded.origin))"
        lines.append("Comparing with \(modes).")
        if !caseSensitive {
            notes.append(AASAMatchStep(summary: "Comparing without regard to case (caseSensitive: false\(origin(component.caseSensitive.origin)))",
                                       rule: IOSAASARules.caseSensitive))
        }
        if !percentEncoded {
            notes.append(AASAMatchStep(summary: "The URL is percent-decoded before comparing (percentEncoded: false\(origin(component.percentEncoded.origin)))",
                                       rule: IOSAASARules.percentEncoded))
        }
        let options = GlobOptions(caseSensitive: caseSensitive, documentVariables: variablesSupported ? document.substitutionVariables : nil)

        // Path.
        let pathPattern = component.path.value ?? "*"
        let pathText = percentEncoded ? parts.path : percentDecoded(parts.path)
        let path = PathCheck(pattern: pathPattern, urlPath: pathText, options: options)
        let pathLabel = component.path.value == nil ? "\"*\" (no \"/\" key)" : "\"\(pathPattern)\"\(origin(component.path.origin))"
        if path.usedVariables && variablesSupported {
            notes.append(AASAMatchStep(summary: "Pattern \"\(pathPattern)\" uses substitution variables; each $(name) matches one of its alternatives",
                                       rule: IOSAASARules.substitutionVariables))
        } else if path.usedVariables {
            notes.append(AASAMatchStep(summary: "Substitution variables in \"\(pathPattern)\" are plain text on iOS \(ios) (they arrived in iOS 13.5)",
                                       rule: IOSAASARules.substitutionVariables))
        }
        if let normalisation = path.normalisationNote {
            notes.append(AASAMatchStep(summary: normalisation, rule: IOSAASARules.pathNormalisation))
        }
        if !path.matched {
            lines.append("Path \"\(pathText.isEmpty ? "/" : pathText)\" does not match \(pathLabel).")
            return Outcome(matched: false, explanation: lines.joined(separator: " "),
                           failedRule: IOSAASARules.patternWildcards,
                           notes: notes)
        }
        lines.append("Path \"\(pathText.isEmpty ? "/" : pathText)\" matches \(pathLabel).")

        // Query.
        let queryOrigin = origin(component.query.origin)
        switch component.query.value {
        case nil:
            lines.append("No \"?\" key: any query matches.")
        case .ignored?:
            notes.append(AASAMatchStep(summary: "The \"?\" dictionary\(queryOrigin) holds a non-string value, so iOS ignores it and any query matches",
                                       rule: IOSAASARules.queryNonStringIgnored,
                                       assumption: "An ignored \"?\" dictionary matches every query; it does not fall back to a \"?\" from defaults (not oracle-tested)."))
            lines.append("\"?\" ignored: any query matches.")
        case .whole(let pattern)?:
            let raw = parts.query ?? ""
            let text = percentEncoded ? raw : percentDecoded(raw)
            let described = parts.query == nil ? "The missing query (read as \"\")" : "The whole query \"\(text)\""
            if globMatches(pattern, text, options) {
                lines.append("\(described) matches \"\(pattern)\"\(queryOrigin).")
            } else {
                lines.append("\(described) does not match \"\(pattern)\"\(queryOrigin).")
                return Outcome(matched: false, explanation: lines.joined(separator: " "),
                               failedRule: IOSAASARules.queryString, notes: notes)
            }
        case .items(let predicates)?:
            let items = queryItems(parts.query ?? "", percentEncoded: percentEncoded)
            for predicate in predicates {
                let name = caseSensitive ? predicate.name : predicate.name.lowercased()
                let values = items.filter { (caseSensitive ? $0.name : $0.name.lowercased()) == name }.map(\.value)
                let checked = values.isEmpty ? [""] : values
                let failing = checked.first { !globMatches(predicate.pattern, $0, options) }
                let shown = values.isEmpty ? "absent (read as \"\")" : values.map { "\"\($0)\"" }.joined(separator: ", ")
                if let failing {
                    lines.append("Query item \"\(predicate.name)\" = \(shown): \"\(failing)\" does not match \"\(predicate.pattern)\"\(queryOrigin).")
                    return Outcome(matched: false, explanation: lines.joined(separator: " "),
                                   failedRule: IOSAASARules.queryAllItems, notes: notes + [queryAssumptionStep(percentEncoded, caseSensitive)])
                }
                lines.append("Query item \"\(predicate.name)\" = \(shown) matches \"\(predicate.pattern)\"\(queryOrigin).")
            }
            notes.append(queryAssumptionStep(percentEncoded, caseSensitive))
        }

        // Fragment.
        let fragmentPattern = component.fragment.value ?? "*"
        let fragmentRaw = parts.fragment ?? ""
        let fragmentText = percentEncoded ? fragmentRaw : percentDecoded(fragmentRaw)
        let fragmentDescribed = parts.fragment == nil ? "missing fragment (read as \"\")" : "fragment \"\(fragmentText)\""
        if component.fragment.value == nil {
            lines.append("No \"#\" key: any fragment matches.")
        } else if globMatches(fragmentPattern, fragmentText, options) {
            lines.append("The \(fragmentDescribed) matches \"\(fragmentPattern)\"\(origin(component.fragment.origin)).")
        } else {
            lines.append("The \(fragmentDescribed) does not match \"\(fragmentPattern)\"\(origin(component.fragment.origin)).")
            return Outcome(matched: false, explanation: lines.joined(separator: " "), failedRule: IOSAASARules.fragment, notes: notes)
        }
        if component.path.origin != nil || component.query.origin != nil || component.fragment.origin != nil
            || component.exclude.origin != nil || component.caseSensitive.origin != nil || component.percentEncoded.origin != nil {
            notes.append(AASAMatchStep(summary: "Keys this component leaves out come from defaults (the more specific level wins)",
                                       rule: IOSAASARules.defaults))
        }
        return Outcome(matched: true, explanation: lines.joined(separator: " "), failedRule: nil, notes: notes)
    }

    func queryAssumptionStep(_ percentEncoded: Bool, _ caseSensitive: Bool) -> AASAMatchStep {
        AASAMatchStep(summary: "Query items are compared by name; every occurrence of a named item must match, a missing one reads as \"\"",
                      rule: IOSAASARules.queryAllItems,
                      assumption: "Undocumented (ios.md §2.6, §10): linksim compares item names and values \(percentEncoded ? "as written (not decoded)" : "percent-decoded, as percentEncoded is false"), treats \"+\" as a plain character, and \(caseSensitive ? "compares names case-sensitively" : "compares names without regard to case too (R-BA's reading)").")
    }

    func origin(_ origin: String?) -> String { origin.map { " (from \($0))" } ?? "" }

    // MARK: paths

    mutating func evaluate(paths: [String], index: Int, parts: MatchedURLParts) -> AASAMatch? {
        note("details[\(index)] uses legacy paths: only the URL path \"\(parts.path.isEmpty ? "/" : parts.path)\" is compared (query and fragment ignored), case-sensitively",
             rule: IOSAASARules.pathsLegacy,
             assumption: "linksim applies the components path normalisation (trailing slashes, optional leading slash) to paths too; it was measured for components only.")
        let options = GlobOptions(caseSensitive: true, documentVariables: nil)
        for (position, entry) in paths.enumerated() {
            var pattern = entry
            var excluding = false
            if entry.hasPrefix("NOT ") {
                if notPrefixSupported {
                    excluding = true
                    pattern = String(entry.dropFirst(4))
                } else {
                    note("\"NOT \" is plain text on iOS \(ios) (it arrived in iOS 9.2)", rule: IOSAASARules.pathsNotExclude)
                }
            }
            let check = PathCheck(pattern: pattern, urlPath: parts.path, options: options)
            let name = "details[\(index)].paths[\(position)] \"\(entry)\""
            if let normalisation = check.normalisationNote {
                note(normalisation, rule: IOSAASARules.pathNormalisation)
            }
            guard check.matched else {
                note("\(name) does not match the path", rule: IOSAASARules.patternWildcards)
                continue
            }
            if excluding {
                note("\(name) matches and starts with \"NOT \": exclude, the URL does not open the app",
                     rule: IOSAASARules.pathsNotExclude)
                return verdict(.exclude, detail: index, component: position, format: .paths)
            }
            note("\(name) matches: match, the first hit wins", rule: IOSAASARules.pathsLegacy)
            return verdict(.match, detail: index, component: position, format: .paths)
        }
        note("No path of details[\(index)] hits; the next entry is tried", rule: IOSAASARules.detailsOrder)
        return nil
    }

}

/// The URL parts in the form the matcher compares them.
private struct MatchedURLParts {
    var path: String
    var query: String?
    var fragment: String?
    init(url: AASAURL) {
        path = url.path
        query = url.query
        fragment = url.fragment
    }
}

// MARK: - Path normalisation (ios.md §2.5)

struct PathCheck {
    var matched: Bool
    var normalisationNote: String?
    var usedVariables: Bool

    init(pattern: String, urlPath: String, options: GlobOptions) {
        let text = Self.normaliseURLPath(urlPath)
        let normalisedPattern = Self.normalisePattern(pattern)
        // Before iOS 13.5 there are no variables, but the step still says "$(...)" was read as text.
        usedVariables = Self.mentionsVariable(pattern)
            && (options.documentVariables == nil || GlobToken.tokens(of: Array(normalisedPattern.unicodeScalars), variables: options.variables).usedVariable)
        if globMatches(normalisedPattern, text, options) {
            matched = true
            let shownURL = urlPath.isEmpty ? "/" : urlPath
            // Only worth a step when normalising made the difference.
            if !globMatches(pattern, urlPath, options) {
                normalisationNote = "Slashes at the ends are normalised: pattern \"\(pattern)\" is read as \"\(normalisedPattern.isEmpty ? "/" : normalisedPattern)\" and path \"\(shownURL)\" as \"\(text.isEmpty ? "/" : text)\""
            }
            return
        }
        // A pattern ending in "/*" also matches its parent path: "/buy/*" matches "/buy".
        if normalisedPattern.hasSuffix("/*") {
            let parent = Self.stripTrailingSlashes(String(normalisedPattern.dropLast(2)))
            if globMatches(parent, text, options) {
                matched = true
                normalisationNote = "Pattern \"\(pattern)\" ends in \"/*\", so it also matches its parent path \"\(parent.isEmpty ? "/" : parent)\""
                return
            }
        }
        matched = false
        normalisationNote = nil
    }

    /// The verdict alone, with no note (the fast path). Variable-free patterns are normalised and
    /// matched in place on their UTF-8 bytes; the rest go through the String path below.
    static func matches(pattern: String, urlPath: String, options: GlobOptions) -> Bool {
        var pattern = pattern, urlPath = urlPath
        let decided: Bool? = pattern.withUTF8 { p in
            urlPath.withUTF8 { t in
                if options.documentVariables != nil, ByteGlob.mentionsVariable(p) { return nil }
                if !options.caseSensitive, !ByteGlob.isASCII(p) || !ByteGlob.isASCII(t) { return nil }
                return ByteGlob.matchesNormalisedPath(pattern: p, path: t, fold: !options.caseSensitive)
            }
        }
        if let decided { return decided }
        return matchesAsText(pattern: pattern, urlPath: urlPath, options: options)
    }

    static func matchesAsText(pattern: String, urlPath: String, options: GlobOptions) -> Bool {
        let text = normaliseURLPath(urlPath)
        let normalisedPattern = normalisePattern(pattern)
        if globMatches(normalisedPattern, text, options) { return true }
        if normalisedPattern.hasSuffix("/*") {
            return globMatches(stripTrailingSlashes(String(normalisedPattern.dropLast(2))), text, options)
        }
        return false
    }

    /// Whether the text contains "$(" (a byte scan; Foundation's `contains` is much slower).
    static func mentionsVariable(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == UInt8(ascii: "$") && byte == UInt8(ascii: "(") { return true }
            previous = byte
        }
        return false
    }

    /// An empty path reads as "/", and a trailing run of slashes is dropped ("/" becomes "").
    static func normaliseURLPath(_ path: String) -> String {
        stripTrailingSlashes(path)
    }

    /// The leading slash is optional and a leading run collapses to one; trailing slashes are dropped.
    static func normalisePattern(_ pattern: String) -> String {
        let withoutLeading = pattern.drop { $0 == "/" }
        return stripTrailingSlashes("/" + withoutLeading)
    }

    static func stripTrailingSlashes(_ text: String) -> String {
        var result = Substring(text)
        while result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}

/// Decodes %XX escapes as UTF-8; malformed escapes stay as written.
func percentDecoded(_ text: String) -> String {
    guard text.contains("%") else { return text }
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
    while i < bytes.count {
        if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
           let high = hex(bytes[i + 1]), let low = hex(bytes[i + 2]) {
            out.append(high << 4 | low)
            i += 3
        } else {
            out.append(bytes[i])
            i += 1
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// Splits a raw query into items; an item without "=" has the empty value.
func queryItems(_ query: String, percentEncoded: Bool) -> [(name: String, value: String)] {
    query.split(separator: "&", omittingEmptySubsequences: true).map { piece in
        let name: Substring
        let value: Substring
        if let equals = piece.firstIndex(of: "=") {
            name = piece[..<equals]
            value = piece[piece.index(after: equals)...]
        } else {
            name = piece
            value = ""
        }
        return percentEncoded ? (String(name), String(value)) : (percentDecoded(String(name)), percentDecoded(String(value)))
    }
}

// MARK: - The glob matcher

/// Simple one-to-one case folding; ASCII takes the fast path.
func foldCase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar.isASCII {
        if ("A"..."Z").contains(scalar), let lower = Unicode.Scalar(scalar.value + 32) { return lower }
        return scalar
    }
    let mapping = scalar.properties.lowercaseMapping.unicodeScalars
    return mapping.count == 1 ? (mapping.first ?? scalar) : scalar
}

struct GlobOptions: Sendable {
    var caseSensitive: Bool
    /// The file's `substitutionVariables`; nil when variables are not supported (before iOS 13.5):
    /// `$(x)` is plain text then.
    var documentVariables: [String: [String]]?

    /// The variables a pattern may use: the file's own, then the predefined ones. Built only for a
    /// pattern that mentions `$(`, so ordinary patterns never pay for it.
    var variables: [String: GlobVariable]? {
        guard let documentVariables else { return nil }
        var table = PredefinedVariables.table
        for (name, values) in documentVariables {
            // Values may contain * and ? but not other variables (S-SUB).
            table[name] = .of(values.map { GlobToken.tokens(of: Array($0.unicodeScalars), variables: nil).tokens })
        }
        return table
    }
}

/// Whether `text` matches the AASA `pattern`. Patterns without substitution variables (and, when
/// matching without regard to case, ASCII text) take `ByteGlob`, linear in practice and allocation
/// free; the rest take `PatternGlob`, the token-set matcher (O(tokens × length), no backtracking).
func globMatches(_ pattern: String, _ text: String, _ options: GlobOptions) -> Bool {
    let needsTokens = options.documentVariables != nil && PathCheck.mentionsVariable(pattern)
    if !needsTokens, let verdict = ByteGlob.matches(pattern, text, caseSensitive: options.caseSensitive) {
        return verdict
    }
    let glob = PatternGlob(pattern, options: options)
    let scalars = Array(text.unicodeScalars)
    return glob.matches(options.caseSensitive ? scalars : scalars.map(foldCase))
}

enum GlobVariable: Sendable {
    /// A predefined one-character class.
    case characterClass(CharacterClass)
    /// A list of alternatives, each a small pattern.
    case alternatives([[GlobToken]])
    /// A list of plain-text alternatives.
    case literals(LiteralSet)

    static func of(_ values: [[GlobToken]]) -> GlobVariable {
        LiteralSet(values).map { .literals($0) } ?? .alternatives(values)
    }
}

enum CharacterClass: Sendable {
    case alpha, upper, lower, alnum, digit, xdigit

    func contains(_ scalar: Unicode.Scalar, caseSensitive: Bool) -> Bool {
        let tests: [Unicode.Scalar] = caseSensitive ? [scalar] : [scalar, upperASCII(scalar)]
        return tests.contains { s in
            switch self {
            case .alpha: return ("a"..."z").contains(s) || ("A"..."Z").contains(s)
            case .upper: return ("A"..."Z").contains(s)
            case .lower: return ("a"..."z").contains(s)
            case .alnum: return ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s)
            case .digit: return ("0"..."9").contains(s)
            case .xdigit: return ("0"..."9").contains(s) || ("a"..."f").contains(s) || ("A"..."F").contains(s)
            }
        }
    }

    private func upperASCII(_ s: Unicode.Scalar) -> Unicode.Scalar {
        ("a"..."z").contains(s) ? (Unicode.Scalar(s.value - 32) ?? s) : s
    }
}

private enum PredefinedVariables {
    /// Foundation's ISO lists, as Apple documents for $(region) and $(lang). Numeric UN M.49 areas
    /// ("001") are not ISO 3166 region codes, so they are left out.
    static let regions: [String] = Locale.Region.isoRegions.map(\.identifier)
        .filter { $0.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) } }
    static let languages: [String] = Locale.LanguageCode.isoLanguageCodes.map(\.identifier)

    static let table: [String: GlobVariable] = [
        "alpha": .characterClass(.alpha), "upper": .characterClass(.upper), "lower": .characterClass(.lower),
        "alnum": .characterClass(.alnum), "digit": .characterClass(.digit), "xdigit": .characterClass(.xdigit),
        "region": .of(regions.map { $0.unicodeScalars.map { GlobToken.literal($0) } }),
        "lang": .of(languages.map { $0.unicodeScalars.map { GlobToken.literal($0) } }),
    ]
}

/// Alternatives that are plain text (the predefined $(region) and $(lang), most custom variables),
/// looked up by hash instead of being matched one by one.
struct LiteralSet: Sendable {
    var lengths: [Int]
    var members: Set<String>
    /// The members case-folded, for caseSensitive: false.
    var folded: Set<String>

    init?(_ alternatives: [[GlobToken]]) {
        var texts: [String] = []
        for option in alternatives {
            var text = String.UnicodeScalarView()
            for token in option {
                guard case .literal(let scalar) = token else { return nil }
                text.append(scalar)
            }
            texts.append(String(text))
        }
        members = Set(texts)
        folded = Set(texts.map { String(String.UnicodeScalarView($0.unicodeScalars.map(foldCase))) })
        lengths = Array(Set(texts.map { $0.unicodeScalars.count })).sorted()
    }
}

indirect enum GlobToken: Sendable {
    case literal(Unicode.Scalar)
    case literalSet(LiteralSet)
    /// `?`: exactly one character.
    case anyOne
    /// `*`: any run of characters, including none.
    case anyRun
    case characterClass(CharacterClass)
    case alternatives([[GlobToken]])

    /// Splits a pattern into tokens. `$(name)` becomes a variable only when `variables` knows the name;
    /// otherwise it stays plain text (so the URL text "$(food)" can only match a literal pattern).
    static func tokens(of pattern: [Unicode.Scalar], variables: [String: GlobVariable]?) -> (tokens: [GlobToken], usedVariable: Bool) {
        var tokens: [GlobToken] = []
        var used = false
        var i = 0
        while i < pattern.count {
            let scalar = pattern[i]
            if scalar == "*" {
                tokens.append(.anyRun)
            } else if scalar == "?" {
                tokens.append(.anyOne)
            } else if scalar == "$", let variables, i + 1 < pattern.count, pattern[i + 1] == "(",
                      let close = pattern[(i + 2)...].firstIndex(of: ")") {
                let name = String(String.UnicodeScalarView(pattern[(i + 2)..<close]))
                if let variable = variables[name] {
                    used = true
                    switch variable {
                    case .characterClass(let set): tokens.append(.characterClass(set))
                    case .alternatives(let options): tokens.append(.alternatives(options))
                    case .literals(let set): tokens.append(.literalSet(set))
                    }
                    i = close + 1
                    continue
                }
                tokens.append(.literal(scalar))
            } else {
                tokens.append(.literal(scalar))
            }
            i += 1
        }
        return (tokens, used)
    }
}

/// A pattern ready to match. Matching tracks the set of text positions reachable after each token,
/// so it takes O(tokens × length) time with no backtracking, even with many `*` or variables.
struct PatternGlob: Sendable {
    var tokens: [GlobToken]
    var caseSensitive: Bool
    /// True when the pattern has `$(name)` with a name that is defined (and variables are supported).
    var usedVariables: Bool

    init(_ pattern: String, options: GlobOptions) {
        // Tokenise before folding: variable names are case-sensitive even when matching is not.
        let tokenised = GlobToken.tokens(of: Array(pattern.unicodeScalars), variables: options.variables)
        var tokens = tokenised.tokens
        if !options.caseSensitive { tokens = tokens.map(Self.fold) }
        usedVariables = tokenised.usedVariable
        self.tokens = tokens
        caseSensitive = options.caseSensitive
    }

    /// Folds literals, including those inside variable alternatives (literal sets carry a folded copy).
    static func fold(_ token: GlobToken) -> GlobToken {
        switch token {
        case .literal(let s): return .literal(foldCase(s))
        case .alternatives(let options): return .alternatives(options.map { $0.map(fold) })
        default: return token
        }
    }

    /// `text` must already be case-folded when matching without regard to case.
    func matches(_ text: [Unicode.Scalar]) -> Bool {
        var start = [Bool](repeating: false, count: text.count + 1)
        start[0] = true
        return Self.reachable(tokens, from: start, text: text, caseSensitive: caseSensitive)[text.count]
    }

    static func reachable(_ tokens: [GlobToken], from start: [Bool], text: [Unicode.Scalar], caseSensitive: Bool) -> [Bool] {
        let n = text.count
        // Two buffers swapped after each token, so a match allocates twice, not once per token.
        var current = start
        var next = [Bool](repeating: false, count: n + 1)
        for token in tokens {
            for p in 0...n { next[p] = false }
            var any = false
            switch token {
            case .literal(let scalar):
                for p in 0..<n where current[p] && text[p] == scalar { next[p + 1] = true; any = true }
            case .anyOne:
                for p in 0..<n where current[p] { next[p + 1] = true; any = true }
            case .characterClass(let set):
                for p in 0..<n where current[p] && set.contains(text[p], caseSensitive: caseSensitive) {
                    next[p + 1] = true
                    any = true
                }
            case .anyRun:
                if let first = current.firstIndex(of: true) {
                    for p in first...n { next[p] = true }
                    any = true
                }
            case .literalSet(let set):
                let members = caseSensitive ? set.members : set.folded
                for p in 0..<n where current[p] {
                    for length in set.lengths where p + length <= n {
                        if members.contains(String(String.UnicodeScalarView(text[p..<(p + length)]))) {
                            next[p + length] = true
                            any = true
                        }
                    }
                }
            case .alternatives(let options):
                for option in options {
                    let reached = reachable(option, from: current, text: text, caseSensitive: caseSensitive)
                    for p in 0...n where reached[p] { next[p] = true; any = true }
                }
            }
            swap(&current, &next)
            if !any { return current }
        }
        return current
    }
}
