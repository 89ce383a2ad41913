import Foundation

// MARK: - One classification

/// The state of one `match` call: the inputs and the explanation being written.
struct MatchRun {
    let appID: String
    let document: AASADocument
    let ios: OSVersion
    /// What this iOS version reads of the file, asked of the catalog once per match.
    let gates: AASAVersionGates
    /// The steps written so far. Held by reference so `note` need not be `mutating`: its text arrives
    /// as autoclosures that read `self`, which a mutating call could not allow.
    final class Log {
        var steps: [AASAMatchStep] = []
    }
    let log = Log()
    var steps: [AASAMatchStep] { log.steps }
    /// False when no trace is shown: steps keep their rules and assumptions, not their text.
    let explains: Bool
    init(appID: String, document: AASADocument, ios: OSVersion, explains: Bool = true) {
        self.appID = appID
        self.document = document
        self.ios = ios
        self.explains = explains
        gates = AASAVersionGates(ios)
    }

    /// `components` are read from iOS 13 (with their first-hit-wins order).
    static func readsComponents(on ios: OSVersion) -> Bool { Rule.iosAasaComponentsFirstHit.applies(to: ios) }

    /// `defaults` are read from iOS 14.
    static func readsDefaults(on ios: OSVersion) -> Bool { Rule.iosAasaDefaults.applies(to: ios) }

    /// The step that says a component inherits keys from `defaults`.
    static let inheritsDefaultsStep = AASAMatchStep(
        summary: "Keys this component leaves out come from defaults (the more specific level wins)", rule: Rule.iosAasaDefaults)

    /// Whether a file can claim URLs at all on `ios`: universal links exist (iOS 9+) and the file has an `applinks`
    /// section. The narrated run, the fast verdict and the prepared matcher all ask this.
    static func appLinksActive(_ document: AASADocument, ios: OSVersion) -> Bool {
        Rule.iosAasaApplinksSection.applies(to: ios) && document.hasAppLinks
    }

    /// Only http(s) URLs are checked against association files: a custom scheme goes to the app that registered it.
    static func tellNotWebURL(_ scheme: String, os: OSVersion, trace: inout TraceRecorder) {
        guard Rule.iosAasaWebUrlsOnly.applies(to: os) else { return }
        trace.add(
            "iOS", "\(scheme): is not http or https, so no association file can claim it; iOS looks for an app that registered the scheme",
            rule: Rule.iosAasaWebUrlsOnly)
    }

    /// Entries are tried in order: one whose rules do not hit hands over to the next.
    mutating func nextEntry(_ index: Int, tried what: String) -> AASAMatch? {
        note("No \(what) of details[\(index)] hits; the next entry is tried", rule: Rule.iosAasaDetailsOrder)
        return nil
    }

    func note(
        _ summary: @autoclosure () -> String, detail: @autoclosure () -> String? = nil, rule: Rule?, assumption: String? = nil
    ) {
        log.steps.append(step(summary: summary(), detail: detail(), rule: rule, assumption: assumption))
    }

    /// A step made elsewhere, without its text when the run does not explain.
    func bare(_ made: AASAMatchStep) -> AASAMatchStep {
        guard !explains else { return made }
        var copy = made
        copy.summary = ""
        copy.detail = nil
        return copy
    }

    /// A step, with its text only when the run explains.
    func step(
        summary: @autoclosure () -> String, detail: @autoclosure () -> String? = nil, rule: Rule?, assumption: String? = nil
    ) -> AASAMatchStep {
        explains
            ? AASAMatchStep(summary: summary(), detail: detail(), rule: rule, assumption: assumption)
            : AASAMatchStep(summary: "", rule: rule, assumption: assumption)
    }

    mutating func verdict(
        _ result: AASAMatchResult, detail: Int? = nil, component: Int? = nil,
        format: AASAFormat? = nil
    ) -> AASAMatch {
        AASAMatch(result: result, detail: detail, component: component, format: format, steps: steps)
    }

    mutating func classify(url original: String, domain: String?) -> AASAMatch {
        var text = original
        if let encoded = AASAURL.safariEncoded(original), AASAURL.parse(original) != nil {
            note("Safari sends the URL percent-encoded: \(encoded)", rule: Rule.iosAasaSafariPercentEncodes)
            text = encoded
        }
        guard let url = AASAURL.parse(text) else {
            note("\(text) is not an absolute URL, so no file can claim it", rule: Rule.iosAasaWebUrlsOnly)
            return verdict(.noMatch)
        }
        guard url.scheme == "https" || url.scheme == "http" else {
            note(
                "\(url.scheme): URLs are not web links; only https/http URLs are checked against the file",
                rule: Rule.iosAasaWebUrlsOnly)
            return verdict(.noMatch)
        }
        if let domain {
            guard url.host.lowercased() == domain.lowercased() else {
                note(
                    "The URL's host \(url.host) is not \(domain), the host this file was served for",
                    rule: Rule.iosAasaHostCaseInsensitive)
                return verdict(.noMatch)
            }
            if url.host != domain {
                note("Host \(url.host) is \(domain) compared without regard to case", rule: Rule.iosAasaHostCaseInsensitive)
            }
        }
        guard Rule.iosAasaApplinksSection.applies(to: ios) else {
            note("iOS \(ios) has no universal links (they arrived in iOS 9)", rule: Rule.iosAasaApplinksSection)
            return verdict(.noMatch)
        }
        guard document.hasAppLinks else {
            note(
                "The file has no \"applinks\" section (it has: \(document.services.joined(separator: ", "))), so it claims no URLs",
                rule: Rule.iosAasaApplinksSection)
            return verdict(.noMatch)
        }
        if document.detailsForm == .dictionary {
            note(
                "applinks.details is the legacy dictionary keyed by app ID; its keys are tried in sorted order and numbered 0, 1, … in that order",
                rule: Rule.iosAasaDetailsDictionary,
                assumption:
                    "JSON key order is undefined; linksim sorts the keys, as the blazingly-aasa matcher does (github.com/sergii-ziborov/blazingly-aasa docs/semantics.md)"
            )
        }
        if document.details.isEmpty {
            note("applinks.details has no entries, so the file claims no URLs", rule: Rule.iosAasaApplinksSection)
            return verdict(.noMatch)
        }
        let parts = MatchedURLParts(url: url)
        for (index, detail) in document.details.enumerated() {
            if let hit = evaluate(detail: detail, index: index, parts: parts) { return hit }
        }
        note(
            "No details entry for \(appID) has a rule that hits \(describe(url)): no_match, so the URL does not open this app",
            rule: Rule.iosAasaDetailsOrder)
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
        // Computed when a step's text is written (not at all when the run does not explain).
        var name: String { "details[\(index)]" }
        var listed: String { detail.appIDs.map { "\"\($0)\"" }.joined(separator: ", ") }
        if Rule.iosAasaAppidsIos13.applies(to: ios), detail.appIDSource == .appIDs {
            // appIDs arrived with iOS 13: an older iOS reads only appID.
            if let single = detail.ignoredAppID, single == appID {
                note(
                    "\(name): iOS \(ios) does not know appIDs (iOS 13+); it reads appID, which names \(appID)",
                    rule: Rule.iosAasaAppidsIos13)
            } else {
                note(
                    "\(name) skipped: it names its apps in appIDs [\(listed)], which iOS \(ios) does not know (iOS 13+)"
                        + (detail.ignoredAppID.map { "; its appID is \"\($0)\"" } ?? ", and it has no appID"),
                    rule: Rule.iosAasaAppidsIos13)
                return nil
            }
        } else if !detail.appIDs.contains(appID) {
            var reason: String {
                switch detail.appIDSource {
                case .none: return "has neither appID nor appIDs, so it applies to no app"
                case .appIDs where detail.ignoredAppID == appID:
                    return "names \(appID) only in appID, which is ignored because appIDs [\(listed)] is present"
                default: return "does not list \(appID) (it lists \(listed.isEmpty ? "no app" : listed))"
                }
            }
            note(
                "\(name) skipped: it \(reason)", rule: Rule.iosAasaAppidsPrecedence,
                assumption: detail.ignoredAppID == appID ? appIDsAssumption : nil)
            return nil
        }
        var via: String {
            switch detail.appIDSource {
            case .appIDs: return Rule.iosAasaAppidsIos13.applies(to: ios) ? "as its appID" : "in appIDs"
            case .appID: return "as its appID"
            case .dictionaryKey: return "as its key"
            case .none: return ""
            }
        }
        note(
            "\(name) lists \(appID) \(via)", rule: Rule.iosAasaAppidsPrecedence,
            assumption: detail.ignoredAppID != nil ? appIDsAssumption : nil)

        if gates.components, let components = detail.components {
            if detail.paths != nil {
                note(
                    "\(name) has both components and paths; iOS \(ios) uses components and ignores paths",
                    rule: Rule.iosAasaComponentsOverPaths)
            }
            return evaluate(components: components, detail: detail, index: index, parts: parts)
        }
        if let paths = detail.paths {
            if detail.components != nil {
                note(
                    "\(name) has components, but iOS \(ios) predates them (iOS 13), so its paths are used",
                    rule: Rule.iosAasaComponentsOverPaths)
            }
            return evaluate(paths: paths, index: index, parts: parts)
        }
        if detail.components != nil {
            note(
                "\(name) has only components, which iOS \(ios) does not understand (they need iOS 13): skipped",
                rule: Rule.iosAasaComponentsOverPaths)
        } else {
            note("\(name) has neither components nor paths: skipped", rule: Rule.iosAasaDetailsOrder)
        }
        return nil
    }

    let appIDsAssumption =
        "github.com/st-tech/universal-links-test (tested against swcutil) says appIDs wins over appID; github.com/sergii-ziborov/blazingly-aasa treats them as a union. linksim follows universal-links-test."

    // MARK: components

    mutating func evaluate(components: [AASAComponent], detail: AASADetail, index: Int, parts: MatchedURLParts) -> AASAMatch? {
        let layers: [(name: String, component: AASAComponent)] =
            gates.defaults
            ? [("applinks.defaults", document.defaults), ("details[\(index)].defaults", detail.defaults)]
                .compactMap { layer in layer.1.map { (layer.0, $0) } }
            : []
        if !gates.defaults, document.defaults != nil || detail.defaults != nil {
            note("defaults are ignored: iOS \(ios) predates them (iOS 14)", rule: Rule.iosAasaDefaults)
        }
        for (position, component) in components.enumerated() {
            let effective = EffectiveComponent(component: component, layers: layers)
            let outcome = check(effective, parts: parts)
            var written = TextBuilder(capacity: explains ? 160 : 0)
            if explains {
                written.add("details[")
                written.add(String(index))
                written.add("].components[")
                written.add(String(position))
                written.add("] ")
                component.writeSummary(into: &written)
            }
            let name = written.text
            log.steps.append(contentsOf: outcome.notes)
            if outcome.matched {
                let excluded = effective.exclude.value
                if excluded {
                    let origin = effective.exclude.origin.map { " (exclude comes from \($0))" } ?? ""
                    note(
                        "\(name) matches and excludes\(origin): exclude, the URL does not open the app",
                        detail: outcome.explanation, rule: Rule.iosAasaExclude)
                    return verdict(.exclude, detail: index, component: position, format: .components)
                }
                note(
                    "\(name) matches: match, the first hit wins", detail: outcome.explanation,
                    rule: Rule.iosAasaComponentsFirstHit)
                return verdict(.match, detail: index, component: position, format: .components)
            }
            if explains { written.add(" does not match") }
            note(written.text, detail: outcome.explanation, rule: outcome.failedRule)
            if outcome.failedOnAnotherKey {
                note(
                    "Its path matches, but a component hits only when every key it has (\"/\", \"?\", \"#\") matches",
                    rule: Rule.iosAasaAllKeysMustMatch)
            }
        }
        return nextEntry(index, tried: "component")
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
            // The most specific level wins: component, then app defaults, then domain defaults.
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
        var failedRule: Rule?
        var notes: [AASAMatchStep]
    }
}

extension AASADetail {
    /// The apps this entry applies to on `ios`: `appIDs` arrived with iOS 13 (with `components`);
    /// before, only `appID` (or the legacy dictionary key) names an app. The narrated run and both fast matchers ask this.
    package func appIDs(on ios: OSVersion) -> [String] {
        guard Rule.iosAasaAppidsIos13.applies(to: ios) else { return appIDs }
        switch appIDSource {
        case .appID, .dictionaryKey: return appIDs
        case .appIDs: return ignoredAppID.map { [$0] } ?? []
        case .none: return []
        }
    }
}
