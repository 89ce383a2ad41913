import Foundation

/// The fast verdict and the helpers shared with the narrated match.
extension DataMatcher {
    /// `match(intent:)` without its steps: the same decisions in the same order (the fast path).
    func verdict(uri: AndroidURI, mimeType: String?) -> FilterMatchOutcome.Result {
        if types.isEmpty && schemes.isEmpty { return .failed(.data) }
        var category = MatchCategory.empty
        if !schemes.isEmpty {
            let wanted = uri.scheme ?? ""
            guard schemes.contains(where: { $0.scheme == wanted }) else { return .failed(.data) }
            category = .scheme
            var sspMatched = false
            if !ssps.isEmpty, ssps.contains(where: { $0.matcher.matches(units: uri.schemeSpecificPartUnits, escapedDot: escapedDot) }) {
                sspMatched = true
                category = .schemeSpecificPart
            }
            if !sspMatched && !authorities.isEmpty {
                guard let authorityCategory = authorityCategory(uri) else { return .failed(.data) }
                if paths.isEmpty && groups.isEmpty {
                    category = authorityCategory
                } else {
                    let pathMatched =
                        uri.pathUnits.map { units in
                            paths.contains { $0.matcher.matches(units: units, escapedDot: escapedDot) }
                        } ?? false
                    if !pathMatched {
                        guard groupsAllow(uri) else { return .failed(.data) }
                    }
                    category = .path
                }
            } else if !sspMatched, !ssps.isEmpty {
                return .failed(.data)
            }
        } else if let scheme = uri.scheme, !scheme.isEmpty, scheme != "content", scheme != "file" {
            return .failed(.data)
        }
        if !types.isEmpty {
            guard let type = mimeType, types.contains(where: { Self.mimeType(type, matches: $0) }) else { return .failed(.type) }
            category = .type
        } else if mimeType != nil {
            return .failed(.type)
        }
        return .matched(category)
    }

    // MARK: Host and port

    /// `AuthorityEntry.match`: first entry in declaration order.
    func matchAuthority(_ uri: AndroidURI) -> (Authority, MatchCategory)? {
        guard let uriHost = uri.hostUnits else { return nil }
        for authority in authorities where Self.hostMatches(uriHost, authority) {
            switch authority.port {
            case nil: return (authority, .host)
            case let declared??:
                if declared == uri.port { return (authority, .port) }
            case .some(nil):
                continue  // not a number: AOSP would not even parse the manifest
            }
        }
        return nil
    }

    /// `matchAuthority`'s category alone, for the verdict-only path. The entries are read in place: copying each
    /// `Authority` (four strings and an array) to compare its host cost more than the comparison (issue #14).
    func authorityCategory(_ uri: AndroidURI) -> MatchCategory? {
        guard let uriHost = uri.hostUnits else { return nil }
        let port = uri.port
        return uriHost.withUnsafeBufferPointer { host in
            authorities.withUnsafeBufferPointer { entries -> MatchCategory? in
                for index in entries.indices {
                    let wild = entries[index].wild
                    guard entries[index].hostUnits.withUnsafeBufferPointer({ Self.hostMatches(host, $0, wild: wild) }) else { continue }
                    switch entries[index].port {
                    case nil: return .host
                    case let declared??:
                        if declared == port { return .port }
                    case .some(nil):
                        continue
                    }
                }
                return nil
            }
        }
    }

    static func hostMatches(_ uriHost: String, _ authority: Authority) -> Bool {
        hostMatches(Array(uriHost.utf16), authority)
    }

    static func hostMatches(_ host: [UInt16], _ authority: Authority) -> Bool {
        host.withUnsafeBufferPointer { h in
            authority.hostUnits.withUnsafeBufferPointer { stored in hostMatches(h, stored, wild: authority.wild) }
        }
    }

    /// `AuthorityEntry.match`'s host test: equal ignoring case, or (`wild`, a declared `*.host`) ending with it.
    @inline(__always)
    static func hostMatches(_ h: UnsafeBufferPointer<UInt16>, _ stored: UnsafeBufferPointer<UInt16>, wild: Bool) -> Bool {
        if wild {
            if h.count < stored.count { return false }
            return equalIgnoringCase(UnsafeBufferPointer(rebasing: h[(h.count - stored.count)...]), stored)
        }
        return equalIgnoringCase(h, stored)
    }

    /// `String.compareToIgnoreCase` per UTF-16 unit (upper, then lower case), ASCII and BMP letters.
    static func equalIgnoringCase(_ lhs: [UInt16], _ rhs: [UInt16]) -> Bool {
        equalIgnoringCase(lhs[...], rhs[...])
    }

    static func equalIgnoringCase(_ lhs: ArraySlice<UInt16>, _ rhs: ArraySlice<UInt16>) -> Bool {
        lhs.withUnsafeBufferPointer { l in rhs.withUnsafeBufferPointer { r in equalIgnoringCase(l, r) } }
    }

    /// The same on buffers: no slice or iterator to reference-count in the loop.
    static func equalIgnoringCase(_ lhs: UnsafeBufferPointer<UInt16>, _ rhs: UnsafeBufferPointer<UInt16>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for i in 0..<lhs.count where lhs[i] != rhs[i] {
            let a = lhs[i]
            let b = rhs[i]
            // ASCII letters differ by 0x20 only; other ASCII never equals ignoring case.
            if a < 0x80 && b < 0x80 {
                let la = a >= 0x41 && a <= 0x5A ? a | 0x20 : a
                let lb = b >= 0x41 && b <= 0x5A ? b | 0x20 : b
                if la == lb { continue }
                return false
            }
            guard let sa = Unicode.Scalar(a), let sb = Unicode.Scalar(b) else { return false }
            let upperA = String(sa).uppercased()
            let upperB = String(sb).uppercased()
            if upperA == upperB { continue }
            if String(sa).lowercased() == String(sb).lowercased() { continue }
            return false
        }
        return true
    }

    /// `<uri-relative-filter-group>` is read from Android 15 (API 35).
    static func readsGroups(api: Int) -> Bool { Rule.androidFilterUriRelativeFilterGroup.applies(to: OSVersion(androidAPI: api)) }

    /// The rule that decided a path the groups did not allow; nil when there are no groups (the path entries decided).
    func groupFailureRule() -> Rule? { groups.isEmpty ? nil : Rule.androidFilterUriRelativeFilterGroup }

    /// `UriRelativeFilterGroup.matchGroupsToUri`: the first group whose conditions all hold decides.
    /// `matchGroups(uri).allowed` without building its steps: the first group whose conditions all
    /// hold decides; none means not allowed.
    func groupsAllow(_ uri: AndroidURI) -> Bool {
        for group in groups where group.conditions.allSatisfy({ conditionHolds($0, uri) }) { return group.allow }
        return false
    }

    func matchGroups(_ uri: AndroidURI) -> GroupResult {
        var steps: [FilterMatchStep] = []
        for group in groups {
            let failing = group.conditions.first { !conditionHolds($0, uri) }
            var label: String { "<uri-relative-filter-group> #\(group.index + 1) (\(group.allow ? "allow" : "block"))" }
            if let failing {
                steps.append(
                    step(
                        summary: "\(label) does not apply: \(failing.part.rawValue) does not match \(failing.attribute) \"\(failing.matcher.pattern)\"",
                        rule: Rule.androidFilterUriRelativeFilterGroup))
                continue
            }
            var conditions: String { group.conditions.map { "\($0.attribute) \"\($0.matcher.pattern)\"" }.joined(separator: ", ") }
            steps.append(
                step(
                    summary: "\(label) matches (\(conditions)) and \(group.allow ? "allows" : "blocks") the URL",
                    rule: Rule.androidFilterUriRelativeFilterGroup))
            return GroupResult(allowed: group.allow, decidingGroup: group.index, steps: steps)
        }
        return GroupResult(allowed: false, decidingGroup: nil, steps: steps)
    }

    func conditionHolds(_ condition: RelativeCondition, _ uri: AndroidURI) -> Bool {
        switch condition.part {
        case .path: return condition.matcher.matches(uri.path, escapedDot: escapedDot)
        case .fragment: return condition.matcher.matches(uri.fragment, escapedDot: escapedDot)
        case .query:
            // `UriRelativeFilter.matchQuery`: decoded query split on `&`, or on `;` if that gives one piece.
            guard let query = uri.query else { return false }
            var pieces = Self.javaSplit(query, on: "&")
            if pieces.count == 1 { pieces = Self.javaSplit(query, on: ";") }
            return pieces.contains { condition.matcher.matches($0, escapedDot: escapedDot) }
        }
    }

    /// Java `String.split` with a one-character separator: trailing empty pieces are removed.
    static func javaSplit(_ text: String, on separator: Character) -> [String] {
        guard text.contains(separator) else { return [text] }
        var pieces = text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        while let last = pieces.last, last.isEmpty { pieces.removeLast() }
        return pieces
    }

    // MARK: Types and provenance

    static func mimeType(_ type: String, matches declared: String) -> Bool {
        if declared == type || declared == "*" || declared == "*/*" { return true }
        if declared.hasSuffix("/*") {
            return type.split(separator: "/").first == declared.split(separator: "/").first
        }
        return false
    }

    static func value(of kind: PatternMatcher.Kind, in data: IntentFilterData) -> String? {
        switch kind {
        case .literal: return data.path
        case .prefix: return data.pathPrefix
        case .simpleGlob: return data.pathPattern
        case .advancedGlob: return data.pathAdvancedPattern
        case .suffix: return data.pathSuffix
        }
    }

    /// When the matching scheme, host and path come from different `<data>` elements, say so.
    func crossProductNote(scheme: (scheme: String, dataIndex: Int)?, authority: Authority?, path: PathEntry?) -> FilterMatchStep? {
        guard let scheme, authority != nil || path != nil else { return nil }
        let declaredTogether = declaredData.contains { data in
            data.scheme == scheme.scheme
                && (authority.map { data.host == $0.declared && data.port == $0.portText } ?? true)
                && (path.map { Self.value(of: $0.matcher.kind, in: data) == $0.matcher.pattern } ?? true)
        }
        guard !declaredTogether else { return nil }
        guard explains else { return FilterMatchStep(summary: "", rule: Rule.androidFilterDataCrossProduct) }
        var parts = ["scheme \"\(scheme.scheme)\" from <data> #\(scheme.dataIndex + 1)"]
        if let authority { parts.append("host \"\(authority.declared)\" from <data> #\(authority.dataIndex + 1)") }
        if let path { parts.append("\(path.attribute) \"\(path.matcher.pattern)\" from <data> #\(path.dataIndex + 1)") }
        return FilterMatchStep(
            summary: "this combination is not written on one <data>: \(parts.joined(separator: ", "))",
            detail: "all <data> elements of one filter are merged, so every scheme × host × path combination matches",
            rule: Rule.androidFilterDataCrossProduct)
    }
}

func quoted(_ path: String?) -> String {
    path.map { "\"\($0)\"" } ?? "(none)"
}
