import Foundation

/// Checking one effective component against the URL's parts, with the narrated outcome.
extension MatchRun {
    func check(_ component: EffectiveComponent, parts: MatchedURLParts) -> Outcome {
        var notes: [AASAMatchStep] = []
        var lines = ExplanationLines(on: explains)
        if !component.ignoredKeys.isEmpty {
            let keys = component.ignoredKeys.map { "\"\($0)\"" }.joined(separator: ", ")
            notes.append(
                step(
                    summary: "Key(s) \(keys) are not understood here and are ignored",
                    detail:
                        "Only /, ?, #, exclude, caseSensitive, percentEncoded and comment have a meaning (with the right type); a misspelling such as \"casesensitive\" has no effect.",
                    rule: Rule.iosAasaUnknownKeysIgnored))
        }
        var caseSensitive = component.caseSensitive.value
        if !caseSensitive && !gates.caseSensitiveKey {
            caseSensitive = true
            notes.append(
                step(
                    summary: "caseSensitive: false is ignored on iOS \(ios) (the key arrived in iOS 13.5); matching is case-sensitive",
                    rule: Rule.iosAasaCaseSensitive))
        }
        let percentEncoded = component.percentEncoded.value
        // Written piece by piece into the explanation (one string per component, not one per part).
        lines.start("Comparing with caseSensitive ")
        lines.add(caseSensitive ? "true" : "false")
        lines.add(origin(component.caseSensitive.origin))
        lines.add(", percentEncoded ")
        lines.add(percentEncoded ? "true" : "false")
        lines.add(origin(component.percentEncoded.origin))
        lines.add(".")
        if !caseSensitive {
            notes.append(
                step(
                    summary: "Comparing without regard to case (caseSensitive: false\(origin(component.caseSensitive.origin)))",
                    rule: Rule.iosAasaCaseSensitive))
        }
        if !percentEncoded {
            notes.append(
                step(
                    summary: "The URL is percent-decoded before comparing (percentEncoded: false\(origin(component.percentEncoded.origin)))",
                    rule: Rule.iosAasaPercentEncoded))
        }
        let options = GlobOptions(caseSensitive: caseSensitive, documentVariables: gates.variables ? document.substitutionVariables : nil)

        // Path.
        let pathPattern = component.path.value ?? "*"
        let pathText = percentEncoded ? parts.path : PercentDecoding.decode(parts.path)
        let path = PathCheck(pattern: pathPattern, urlPath: pathText, options: options)
        func addPathLabel() {
            if component.path.value == nil {
                lines.add("\"*\" (no \"/\" key)")
            } else {
                lines.add("\"")
                lines.add(pathPattern)
                lines.add("\"")
                lines.add(origin(component.path.origin))
            }
        }
        if path.usedVariables && gates.variables {
            notes.append(
                step(
                    summary: "Pattern \"\(pathPattern)\" uses substitution variables; each $(name) matches one of its alternatives",
                    rule: Rule.iosAasaSubstitutionVariables))
        } else if path.usedVariables {
            notes.append(
                step(
                    summary: "Substitution variables in \"\(pathPattern)\" are plain text on iOS \(ios) (they arrived in iOS 13.5)",
                    rule: Rule.iosAasaSubstitutionVariables))
        }
        if let normalisation = path.normalisationNote {
            notes.append(bare(Self.normalisationStep(normalisation)))
        }
        if !path.matched {
            lines.start("Path \"")
            lines.add(pathText.isEmpty ? "/" : pathText)
            lines.add("\" does not match ")
            addPathLabel()
            lines.add(".")
            return Outcome(
                matched: false, explanation: lines.text,
                failedRule: Rule.iosAasaPatternWildcards,
                notes: notes)
        }
        lines.start("Path \"")
        lines.add(pathText.isEmpty ? "/" : pathText)
        lines.add("\" matches ")
        addPathLabel()
        lines.add(".")

        // Query.
        var queryOrigin: String { origin(component.query.origin) }
        switch component.query.value {
        case nil:
            lines.append("No \"?\" key: any query matches.")
        case .ignored?:
            notes.append(
                step(
                    summary: "The \"?\" dictionary\(queryOrigin) holds a non-string value, so iOS ignores it and any query matches",
                    rule: Rule.iosAasaQueryNonstringIgnored,
                    assumption: "An ignored \"?\" dictionary matches every query; it does not fall back to a \"?\" from defaults (not oracle-tested)."))
            lines.append("\"?\" ignored: any query matches.")
        case .whole(let pattern)?:
            let raw = parts.query ?? ""
            let text = percentEncoded ? raw : PercentDecoding.decode(raw)
            var described: String { parts.query == nil ? "The missing query (read as \"\")" : "The whole query \"\(text)\"" }
            if globMatches(pattern, text, options) {
                lines.append("\(described) matches \"\(pattern)\"\(queryOrigin).")
            } else {
                lines.append("\(described) does not match \"\(pattern)\"\(queryOrigin).")
                return Outcome(
                    matched: false, explanation: lines.text,
                    failedRule: Rule.iosAasaQueryString, notes: notes)
            }
        case .items(let predicates)?:
            let items = queryItems(parts.query ?? "", percentEncoded: percentEncoded)
            for predicate in predicates {
                let name = caseSensitive ? predicate.name : predicate.name.lowercased()
                let values = items.filter { (caseSensitive ? $0.name : $0.name.lowercased()) == name }.map(\.value)
                let checked = values.isEmpty ? [""] : values
                let failing = checked.first { !globMatches(predicate.pattern, $0, options) }
                var shown: String { values.isEmpty ? "absent (read as \"\")" : values.map { "\"\($0)\"" }.joined(separator: ", ") }
                if let failing {
                    lines.append("Query item \"\(predicate.name)\" = \(shown): \"\(failing)\" does not match \"\(predicate.pattern)\"\(queryOrigin).")
                    return Outcome(
                        matched: false, explanation: lines.text,
                        failedRule: Rule.iosAasaQueryAllItems, notes: notes + [queryAssumptionStep(percentEncoded, caseSensitive)])
                }
                lines.append("Query item \"\(predicate.name)\" = \(shown) matches \"\(predicate.pattern)\"\(queryOrigin).")
            }
            notes.append(queryAssumptionStep(percentEncoded, caseSensitive))
        }

        // Fragment.
        let fragmentPattern = component.fragment.value ?? "*"
        let fragmentRaw = parts.fragment ?? ""
        let fragmentText = percentEncoded ? fragmentRaw : PercentDecoding.decode(fragmentRaw)
        var fragmentDescribed: String { parts.fragment == nil ? "missing fragment (read as \"\")" : "fragment \"\(fragmentText)\"" }
        if component.fragment.value == nil {
            lines.append("No \"#\" key: any fragment matches.")
        } else if globMatches(fragmentPattern, fragmentText, options) {
            lines.append("The \(fragmentDescribed) matches \"\(fragmentPattern)\"\(origin(component.fragment.origin)).")
        } else {
            lines.append("The \(fragmentDescribed) does not match \"\(fragmentPattern)\"\(origin(component.fragment.origin)).")
            return Outcome(matched: false, explanation: lines.text, failedRule: Rule.iosAasaFragment, notes: notes)
        }
        if component.path.origin != nil || component.query.origin != nil || component.fragment.origin != nil
            || component.exclude.origin != nil || component.caseSensitive.origin != nil || component.percentEncoded.origin != nil
        {
            notes.append(bare(Self.inheritsDefaultsStep))
        }
        return Outcome(matched: true, explanation: lines.text, failedRule: nil, notes: notes)
    }

    /// `caseSensitive` is read from iOS 13.5; before, matching is always case-sensitive.
    static func readsCaseSensitiveKey(on ios: OSVersion) -> Bool { Rule.iosAasaCaseSensitive.applies(to: ios) }

    /// `$(name)` substitution variables are read from iOS 13.5; before, they are plain text.
    static func readsSubstitutionVariables(on ios: OSVersion) -> Bool { Rule.iosAasaSubstitutionVariables.applies(to: ios) }

    /// The step that says how a path was normalised before it was compared (components and legacy paths alike).
    static func normalisationStep(_ summary: String) -> AASAMatchStep {
        AASAMatchStep(summary: summary, rule: Rule.iosAasaPathNormalisation)
    }

    /// The step that says a legacy path pattern does not match.
    static func pathMismatchStep(_ name: String) -> AASAMatchStep {
        AASAMatchStep(summary: "\(name) does not match the path", rule: Rule.iosAasaPatternWildcards)
    }

    func queryAssumptionStep(_ percentEncoded: Bool, _ caseSensitive: Bool) -> AASAMatchStep {
        step(
            summary: "Query items are compared by name; every occurrence of a named item must match, a missing one reads as \"\"",
            rule: Rule.iosAasaQueryAllItems,
            assumption:
                "Undocumented by Apple: linksim compares item names and values \(percentEncoded ? "as written (not decoded)" : "percent-decoded, as percentEncoded is false"), treats \"+\" as a plain character, and \(caseSensitive ? "compares names case-sensitively" : "compares names without regard to case too (blazingly-aasa's reading)")."
        )
    }

    func origin(_ origin: String?) -> String { origin.map { " (from \($0))" } ?? "" }
}

extension MatchRun.Outcome {
    /// The component's path matched but another of its keys failed (a component hits only when every key matches).
    /// (Rule IDs are compared: comparing whole `Rule` values compares their texts.)
    var failedOnAnotherKey: Bool {
        guard let failedRule else { return false }
        return failedRule.id != Rule.iosAasaPatternWildcards.id
    }
}
