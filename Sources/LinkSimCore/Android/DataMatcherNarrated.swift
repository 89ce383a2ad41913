import Foundation

/// The narrated data match: every decision with its step and rule (`match(intent:)`).
extension DataMatcher {

    func match(intent: ViewIntent) -> Result {
        var steps = notes
        // A match writes a scheme, an authority and a path step, and a note or two: room for them at once
        // instead of three regrowths.
        steps.reserveCapacity(notes.count + 6)
        func fail(
            _ reason: FilterMismatch, _ summary: @autoclosure () -> String, rule: Rule, detail: @autoclosure () -> String? = nil
        ) -> Result {
            steps.append(step(summary: summary(), detail: detail(), rule: rule))
            return Result(result: .failed(reason), steps: steps)
        }
        let uri = intent.uri
        let scheme = uri.scheme

        if types.isEmpty && schemes.isEmpty {
            if authorities.isEmpty && paths.isEmpty {
                return fail(
                    .data, "the filter declares no <data> scheme, so it only matches intents without a URL",
                    rule: Rule.androidFilterSchemeRequired)
            }
            return fail(
                .data, "the filter declares a host or path but no android:scheme, so it matches no URL at all",
                rule: Rule.androidFilterSchemeRequired)
        }

        var category = MatchCategory.empty
        var matchedScheme: (scheme: String, dataIndex: Int)?
        var matchedAuthority: Authority?
        var matchedPath: PathEntry?
        if !schemes.isEmpty {
            let wanted = scheme ?? ""
            guard let found = schemes.first(where: { $0.scheme == wanted }) else {
                var declared: String { schemes.map { "\"\($0.scheme)\"" }.joined(separator: ", ") }
                if let sameIgnoringCase = schemes.first(where: { $0.scheme.lowercased() == wanted.lowercased() }) {
                    return fail(
                        .data,
                        "scheme \"\(wanted)\" differs from the declared \"\(sameIgnoringCase.scheme)\" only in case, and schemes are compared case-sensitively",
                        rule: Rule.androidFilterSchemeCaseSensitive)
                }
                let what = scheme == nil ? "the URL has no scheme" : "scheme \"\(wanted)\" is not declared"
                return fail(.data, "\(what) (the filter declares \(declared))", rule: Rule.androidFilterSchemeCaseSensitive)
            }
            matchedScheme = found
            category = .scheme
            steps.append(step(summary: "scheme \"\(found.scheme)\" is declared", rule: Rule.androidFilterSchemeCaseSensitive))

            var sspMatched = false
            if !ssps.isEmpty {
                let ssp = uri.schemeSpecificPart
                if let entry = ssps.first(where: { $0.matcher.matches(ssp, escapedDot: escapedDot) }) {
                    sspMatched = true
                    category = .schemeSpecificPart
                    steps.append(
                        step(
                            summary:
                                "scheme-specific part \"\(ssp)\" matches \(entry.matcher.kind.attribute(part: "ssp")) \"\(entry.matcher.pattern)\"; host and path are not checked",
                            rule: Rule.androidFilterSchemeSpecificPart))
                } else {
                    steps.append(
                        step(
                            summary: "scheme-specific part \"\(ssp)\" matches no ssp entry"
                                + (authorities.isEmpty ? "" : "; falling back to the host and path entries"),
                            rule: Rule.androidFilterSchemeSpecificPart))
                }
            }

            if !sspMatched && !authorities.isEmpty {
                guard let (authority, authorityCategory) = matchAuthority(uri) else {
                    return fail(.data, authorityFailure(uri), rule: authorityRule(uri))
                }
                matchedAuthority = authority
                steps.append(authorityStep(authority, uri: uri, category: authorityCategory))
                if paths.isEmpty && groups.isEmpty {
                    category = authorityCategory
                } else {
                    let path = uri.path
                    var pathSteps: [FilterMatchStep] = []
                    if let entry = paths.first(where: { $0.matcher.matches(path, escapedDot: escapedDot) }) {
                        matchedPath = entry
                        category = .path
                        steps.append(
                            step(
                                summary: "path \(quoted(path)) matches \(entry.attribute) \"\(entry.matcher.pattern)\"",
                                detail: pathDetail(uri), rule: rule(for: entry.matcher.kind)))
                        if let note = escapedDotNote(entry.matcher) { steps.append(note) }
                        steps.append(patternTypeNote(entry.attribute, entry.matcher))
                        if let note = manifestEscapeNote(entry.matcher) { steps.append(note) }
                    } else {
                        for entry in paths {
                            pathSteps.append(
                                step(
                                    summary: "path \(quoted(path)) does not match \(entry.attribute) \"\(entry.matcher.pattern)\"",
                                    detail: entry.matcher.parseError.map { "invalid advanced pattern: \($0)" },
                                    rule: rule(for: entry.matcher.kind)))
                            if let note = escapedDotNote(entry.matcher) { pathSteps.append(note) }
                        }
                        steps.append(contentsOf: pathSteps)
                        let groupResult = matchGroups(uri)
                        steps.append(contentsOf: groupResult.steps)
                        guard groupResult.allowed else {
                            let summary: String
                            if groups.isEmpty {
                                summary = "path \(quoted(path)) matches none of the filter's \(paths.count) path entr\(paths.count == 1 ? "y" : "ies")"
                            } else if let decider = groupResult.decidingGroup {
                                summary = "<uri-relative-filter-group> #\(decider + 1) (allow=\"false\") blocks the URL"
                            } else {
                                summary = "no path entry and no <uri-relative-filter-group> allows the URL"
                            }
                            return fail(
                                .data, summary, rule: groupFailureRule() ?? Rule.androidFilterPathMatch,
                                detail: pathDetail(uri))
                        }
                        category = .path
                    }
                }
            } else if !sspMatched {
                if !ssps.isEmpty {
                    return fail(
                        .data, "the scheme-specific part matches no ssp entry and the filter has no host to fall back to",
                        rule: Rule.androidFilterSchemeSpecificPart)
                }
                if !paths.isEmpty || !groups.isEmpty {
                    steps.append(
                        step(
                            summary: "the filter has no android:host, so its path attributes are ignored: every \"\(found.scheme):\" URL matches",
                            rule: Rule.androidFilterPathNeedsHost))
                }
            }
        } else if let scheme, !scheme.isEmpty, scheme != "content", scheme != "file" {
            return fail(
                .data, "the filter declares only MIME types and no scheme, so it matches content: and file: URIs only",
                rule: Rule.androidFilterMimeTypeBreaksLinks)
        }

        if !types.isEmpty {
            guard let type = intent.mimeType else {
                return fail(
                    .type,
                    "the filter declares android:mimeType \(types.map { "\"\($0)\"" }.joined(separator: ", ")); a tapped link carries no MIME type, so it never matches",
                    rule: Rule.androidFilterMimeTypeBreaksLinks)
            }
            guard types.contains(where: { Self.mimeType(type, matches: $0) }) else {
                return fail(.type, "MIME type \"\(type)\" is not declared", rule: Rule.androidFilterMimeTypeBreaksLinks)
            }
            category = .type
        } else if let type = intent.mimeType {
            return fail(.type, "the intent has MIME type \"\(type)\" but the filter declares none", rule: Rule.androidFilterMimeTypeBreaksLinks)
        }

        if let note = crossProductNote(scheme: matchedScheme, authority: matchedAuthority, path: matchedPath) {
            steps.append(note)
        }
        return Result(result: .matched(category), steps: steps)
    }

    func authorityStep(_ authority: Authority, uri: AndroidURI, category: MatchCategory) -> FilterMatchStep {
        let host = uri.host ?? ""
        if category == .port {
            return step(
                summary: "host \"\(host)\" and port \(uri.port) match \"\(authority.declared)\":\(authority.portText ?? "")",
                rule: Rule.androidFilterPortExact)
        }
        var how: String {
            authority.wild ? " (wildcard: only the leading * is special)" : (host == authority.declared ? "" : " (hosts are compared ignoring case)")
        }
        return step(summary: "host \"\(host)\" matches \"\(authority.declared)\"\(how)", rule: Rule.androidFilterHostMatch)
    }

    func authorityRule(_ uri: AndroidURI) -> Rule {
        guard let host = uri.host else { return Rule.androidFilterHostMatch }
        let hostMatchesSomewhere = authorities.contains { Self.hostMatches(host, $0) }
        return hostMatchesSomewhere ? Rule.androidFilterPortExact : Rule.androidFilterHostMatch
    }

    func authorityFailure(_ uri: AndroidURI) -> String {
        let declared = authorities.map { entry in
            entry.portText.map { "\"\(entry.declared)\":\($0)" } ?? "\"\(entry.declared)\""
        }.joined(separator: ", ")
        guard let host = uri.host else {
            return "the URL has no host, and the filter requires one of \(declared)"
        }
        if authorities.contains(where: { Self.hostMatches(host, $0) }) {
            let port = uri.port == -1 ? "no explicit port" : "port \(uri.port)"
            return "host \"\(host)\" is declared only with a port, and the URL has \(port) (declared: \(declared))"
        }
        var hint = ""
        if let apexWildcard = authorities.first(where: { $0.wild && $0.host.hasPrefix(".") && $0.host.dropFirst().lowercased() == host.lowercased() }) {
            hint = "; \"\(apexWildcard.declared)\" does not cover the apex domain itself"
        }
        return "host \"\(host)\" is not declared (the filter declares \(declared))\(hint)"
    }

    // MARK: Paths and groups

    func rule(for kind: PatternMatcher.Kind) -> Rule {
        switch kind {
        case .literal, .prefix, .suffix: return Rule.androidFilterPathMatch
        case .simpleGlob: return Rule.androidFilterSimpleGlobNoBacktracking
        case .advancedGlob: return Rule.androidFilterAdvancedGlobGreedy
        }
    }

    /// Which PatternMatcher type the attribute became (path → LITERAL, pathPrefix → PREFIX...).
    func patternTypeNote(_ attribute: String, _ matcher: PatternMatcher) -> FilterMatchStep {
        step(
            summary: "android:\(attribute) is a \(matcher.kind.aospName) pattern",
            rule: Rule.androidFilterPatternTypes)
    }

    /// A backslash in a pattern came from the manifest's own escaping (`\\*` in XML is a literal `*`).
    func manifestEscapeNote(_ matcher: PatternMatcher) -> FilterMatchStep? {
        guard matcher.pattern.contains("\\") else { return nil }
        return step(
            summary: "the backslashes in \"\(matcher.pattern)\" are what is left after the manifest's XML unescaping",
            detail: "In the manifest a literal * is written \\\\* and a literal backslash \\\\\\\\.",
            rule: Rule.androidFilterManifestEscaping)
    }

    func escapedDotNote(_ matcher: PatternMatcher) -> FilterMatchStep? { escapedDot.note(for: matcher) }

    func pathDetail(_ uri: AndroidURI) -> String? {
        var notes: [String] = []
        if uri.path == "" {
            notes.append("the URL has an empty path (nothing after the host); Chrome would send \"/\"")
        }
        if let encoded = uri.encodedPath, let decoded = uri.path, encoded != decoded {
            notes.append("the path is matched decoded: \"\(encoded)\" → \"\(decoded)\"")
        }
        if uri.encodedQuery != nil || uri.encodedFragment != nil {
            notes.append("the query and fragment do not take part in path matching")
        }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }

    struct GroupResult {
        var allowed: Bool
        var decidingGroup: Int?
        var steps: [FilterMatchStep]
    }

}

extension DataMatcher {
    /// Schemes compare case-sensitively: an intent whose web scheme is not lower-case matches no web filter.
    static func tellSchemeCase(_ actor: String, _ summary: @autoclosure () -> String, trace: inout TraceRecorder) {
        trace.add(actor, summary(), rule: Rule.androidFilterSchemeCaseSensitive)
    }

    /// `android:pathAdvancedPattern` and the other API 31 attributes are read from Android 12 (API 31).
    static func knowsAPI31Attributes(api: Int) -> Bool { Rule.androidFilterAdvancedGlobGreedy.applies(to: OSVersion(androidAPI: api)) }
}
