/// One problem in an apple-app-site-association file.
package struct AASAFinding: Sendable, Equatable, CustomStringConvertible {
    package enum Severity: String, Sendable, Equatable {
        /// iOS will not read the file, or part of it does not do what it says.
        case error
        /// iOS reads the file, but something is probably not what the author meant.
        case warning
    }

    package var severity: Severity
    package var message: String
    /// 1-based line and column, when the problem has a place in the file.
    package var line: Int?
    package var column: Int?

    package init(_ severity: Severity, _ message: String, at position: AASATextPosition? = nil) {
        self.severity = severity
        self.message = message
        line = position?.line
        column = position?.column
    }

    /// `line:column: severity: message` (or `severity: message` without a position).
    package var description: String {
        if let line, let column { return "\(line):\(column): \(severity.rawValue): \(message)" }
        return "\(severity.rawValue): \(message)"
    }
}

/// Checks an AASA file for what iOS rejects or silently ignores.
/// Findings come in file order, except the size check, which comes first.
package enum AASAValidator {
    package static func validate(_ bytes: [UInt8]) -> [AASAFinding] {
        var findings: [AASAFinding] = []
        if bytes.count > AASADocument.sizeLimit {
            findings.append(
                AASAFinding(
                    .error, "the file is \(bytes.count) bytes; iOS 9.3.1 and later reject files over 128 KB (\(AASADocument.sizeLimit) bytes) uncompressed"))
        }
        let root: JSONNode
        do {
            root = try JSONNode.parse(bytes)
        } catch {
            findings.append(AASAFinding(.error, error.message, at: error.position))
            return findings
        }
        var walk = ValidationWalk()
        walk.checkRoot(root)
        return findings + walk.findings
    }
}

struct ValidationWalk {
    var findings: [AASAFinding] = []
    var variableNames: Set<String> = ["alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang"]

    static let services = ["applinks", "webcredentials", "appclips", "activitycontinuation"]
    static let applinksKeys = ["apps", "details", "defaults", "substitutionVariables"]
    static let detailKeys = ["appID", "appIDs", "components", "paths", "defaults", "comment"]
    static let predefinedVariables: Set<String> = ["alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang"]

    mutating func error(_ message: String, at position: AASATextPosition?) {
        findings.append(AASAFinding(.error, message, at: position))
    }

    mutating func warning(_ message: String, at position: AASATextPosition?) {
        findings.append(AASAFinding(.warning, message, at: position))
    }

    /// Reports unknown and duplicate keys of an object.
    mutating func checkKeys(_ members: [JSONNode.Member], known: [String], in place: String) {
        var seen: Set<String> = []
        for member in members {
            if !seen.insert(member.key).inserted {
                warning("duplicate key \"\(member.key)\" in \(place); the last one is used", at: member.keyPosition)
            }
            guard !known.contains(member.key) else { continue }
            var message = "unknown key \"\(member.key)\" in \(place) is ignored by iOS"
            if let suggestion = nearest(member.key, in: known) { message += "; did you mean \"\(suggestion)\"?" }
            warning(message, at: member.keyPosition)
        }
    }

    mutating func checkRoot(_ root: JSONNode) {
        guard let members = root.members else {
            error("the file must be a JSON object with an \"applinks\" key, not \(root.typeName)", at: root.position)
            return
        }
        checkKeys(members, known: Self.services, in: "the top level")
        guard let applinks = root.member("applinks") else {
            warning("no \"applinks\" section: this file makes no universal links", at: root.position)
            return
        }
        guard let applinksMembers = applinks.members else {
            error("\"applinks\" must be an object, not \(applinks.typeName)", at: applinks.position)
            return
        }
        checkKeys(applinksMembers, known: Self.applinksKeys, in: "applinks")
        if let apps = applinks.member("apps") {
            if let list = apps.elements, !list.isEmpty {
                warning("\"apps\" must be an empty array (iOS 9–12 required it empty; later versions ignore it)", at: apps.position)
            } else if apps.elements == nil {
                error("\"apps\" must be an empty array, not \(apps.typeName)", at: apps.position)
            }
        }
        if let variables = applinks.member("substitutionVariables") { checkVariables(variables) }
        let domainDefaults = applinks.member("defaults")
        if let domainDefaults { checkComponent(domainDefaults, place: "applinks.defaults") }
        guard let details = applinks.member("details") else {
            warning("\"applinks\" has no \"details\": this file makes no universal links", at: applinks.position)
            return
        }
        if let entries = details.elements {
            if entries.isEmpty { warning("\"details\" is empty: this file makes no universal links", at: details.position) }
            // Apps for which an earlier entry already matches every URL (iOS 13+ reading).
            var settled: [String: Int] = [:]
            for (index, entry) in entries.enumerated() {
                let place = "details[\(index)]"
                let apps = AASADetail(node: entry, dictionaryKey: nil).appIDs
                if !apps.isEmpty, let earlier = apps.compactMap({ settled[$0] }).max(),
                    apps.allSatisfy({ settled[$0] != nil })
                {
                    warning(
                        "\(place) can never be reached: details[\(earlier)] before it already decides every URL for \(apps.count == 1 ? "its app" : "all its apps") on iOS 13 and later",
                        at: entry.position)
                }
                let decidesEverything = checkDetail(entry, place: place, appIDFromKey: nil, domainDefaults: domainDefaults)
                if decidesEverything { for app in apps where settled[app] == nil { settled[app] = index } }
            }
        } else if let members = details.members {
            warning(
                "\"details\" is the legacy object keyed by app ID; use an array of entries with \"appIDs\" (the order of object keys is undefined)",
                at: details.position)
            for member in members {
                checkAppID(member.key, at: member.keyPosition)
                _ = checkDetail(member.value, place: "details[\"\(member.key)\"]", appIDFromKey: member.key, domainDefaults: domainDefaults)
            }
        } else {
            error("\"details\" must be an array, not \(details.typeName)", at: details.position)
        }
    }

    mutating func checkVariables(_ node: JSONNode) {
        guard let members = node.members else {
            error("\"substitutionVariables\" must be an object of name: [strings], not \(node.typeName)", at: node.position)
            return
        }
        for member in members {
            if member.key.contains(where: { "$()".contains($0) }) || member.key.isEmpty {
                error("substitution variable name \"\(member.key)\" must not be empty or contain $, ( or )", at: member.keyPosition)
            }
            if Self.predefinedVariables.contains(member.key) {
                warning("substitution variable \"\(member.key)\" has the name of a predefined variable", at: member.keyPosition)
            }
            variableNames.insert(member.key)
            guard let values = member.value.elements else {
                error("substitution variable \"\(member.key)\" must be an array of strings, not \(member.value.typeName)", at: member.value.position)
                continue
            }
            if values.isEmpty {
                warning("substitution variable \"\(member.key)\" has no values, so a pattern using it never matches", at: member.value.position)
            }
            for value in values {
                guard let text = value.string else {
                    error("values of \"\(member.key)\" must be strings, not \(value.typeName)", at: value.position)
                    continue
                }
                if text.contains("$(") {
                    warning("substitution variable values cannot use other variables; \"\(text)\" is taken literally", at: value.position)
                }
            }
        }
    }

    mutating func checkAppID(_ appID: String, at position: AASATextPosition) {
        let parts = appID.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let teamID = parts.first ?? ""
        let looksRight =
            parts.count == 2 && teamID.count == 10
            && teamID.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
            && !parts[1].isEmpty
        if !looksRight {
            warning(
                "app ID \"\(appID)\" is not of the form TEAMID.bundle.id (a 10-character team ID, a dot, the bundle ID); it must equal the app's signed application identifier",
                at: position)
        }
    }

    /// Checks one details entry. Returns true when, on iOS 13 and later, one of its rules matches
    /// every URL, so later entries for the same apps are never consulted.
    mutating func checkDetail(_ node: JSONNode, place: String, appIDFromKey: String?, domainDefaults: JSONNode?) -> Bool {
        guard let members = node.members else {
            error("\(place) must be an object, not \(node.typeName)", at: node.position)
            return false
        }
        var componentsCatchAll = false
        var pathsCatchAll = false
        checkKeys(members, known: Self.detailKeys, in: place)
        if appIDFromKey == nil {
            let appID = node.member("appID")
            let appIDs = node.member("appIDs")
            if let appIDs {
                if let list = appIDs.elements {
                    if list.isEmpty { warning("\(place): \"appIDs\" is empty, so this entry applies to no app", at: appIDs.position) }
                    for item in list {
                        if let text = item.string {
                            checkAppID(text, at: item.position)
                        } else {
                            error("\(place): \"appIDs\" must hold strings, not \(item.typeName)", at: item.position)
                        }
                    }
                } else {
                    error("\(place): \"appIDs\" must be an array of strings, not \(appIDs.typeName)", at: appIDs.position)
                }
                if let appID {
                    warning("\(place) has both \"appID\" and \"appIDs\": iOS uses \"appIDs\" and ignores \"appID\"", at: appID.position)
                }
                if appID == nil, node.member("paths") != nil {
                    warning(
                        "\(place) relies on \"appIDs\" with legacy \"paths\": iOS 12 and earlier know only \"appID\", so there these paths apply to no app; add \"appID\" for iOS 12 clients (rule ios.aasa.appids-ios13)",
                        at: appIDs.position)
                }
            } else if let appID {
                if let text = appID.string {
                    checkAppID(text, at: appID.position)
                } else {
                    error("\(place): \"appID\" must be a string, not \(appID.typeName)", at: appID.position)
                }
            } else {
                warning("\(place) has neither \"appID\" nor \"appIDs\", so it applies to no app", at: node.position)
            }
        }
        let components = node.member("components")
        let paths = node.member("paths")
        if components != nil, paths != nil {
            warning(
                "\(place) mixes \"components\" and \"paths\": iOS 13 and later ignore \"paths\" here; Apple advises not to mix the formats (keep \"paths\" only for iOS 12 clients)",
                at: (paths ?? node).position)
        }
        if components == nil, paths == nil {
            warning("\(place) has neither \"components\" nor \"paths\", so it matches no URL", at: node.position)
        }
        let appDefaults = node.member("defaults")
        if let appDefaults { checkComponent(appDefaults, place: "\(place).defaults") }
        if let components {
            if let list = components.elements {
                var catchAll: Int?
                var shadows = ShadowIndex(defaults: [domainDefaults, appDefaults])
                for (index, component) in list.enumerated() {
                    let name = "\(place).components[\(index)]"
                    defer { shadows.add(component, index: index) }
                    if let catchAll {
                        let excludes = component.member("exclude")?.bool == true
                        warning(
                            "\(name) can never be reached: \(place).components[\(catchAll)] before it already matches every URL"
                                + (excludes ? ", so this exclude never applies" : ""),
                            at: component.position)
                    } else if let earlier = shadows.firstShadowing(component) {
                        let excludes = component.member("exclude")?.bool == true
                        warning(
                            "\(name) can never be reached: every URL it matches is already decided by \(place).components[\(earlier)] before it"
                                + (excludes ? ", so this exclude never applies" : ""), at: component.position)
                    }
                    checkComponent(component, place: name)
                    if catchAll == nil, matchesEverything(component, defaults: [domainDefaults, appDefaults]) { catchAll = index }
                }
                componentsCatchAll = catchAll != nil
            } else {
                error("\(place): \"components\" must be an array, not \(components.typeName)", at: components.position)
            }
        }
        if let paths {
            if let list = paths.elements {
                var catchAll: Int?
                for (index, entry) in list.enumerated() {
                    guard let text = entry.string else {
                        error("\(place).paths[\(index)] must be a string, not \(entry.typeName)", at: entry.position)
                        continue
                    }
                    if let catchAll {
                        warning(
                            "\(place).paths[\(index)] \"\(text)\" can never be reached: paths[\(catchAll)] before it already matches every path",
                            at: entry.position)
                    }
                    let pattern = text.hasPrefix("NOT ") ? String(text.dropFirst(4)) : text
                    checkPathPattern(pattern, place: "\(place).paths[\(index)]", at: entry.position)
                    if catchAll == nil, isCatchAllPath(pattern) { catchAll = index }
                }
                pathsCatchAll = catchAll != nil
            } else {
                error("\(place): \"paths\" must be an array of strings, not \(paths.typeName)", at: paths.position)
            }
        }
        // On iOS 13+ components replace paths when both are present.
        return components?.elements != nil ? componentsCatchAll : pathsCatchAll
    }

    /// Checks a component or a defaults dictionary (same keys).
    mutating func checkComponent(_ node: JSONNode, place: String) {
        guard let members = node.members else {
            error("\(place) must be an object, not \(node.typeName)", at: node.position)
            return
        }
        checkKeys(members, known: AASAComponent.knownKeys, in: place)
        for member in members {
            let value = member.value
            switch member.key {
            case "/", "#":
                if let text = value.string {
                    checkVariables(in: text, at: value.position)
                    if member.key == "/" { checkPathPattern(text, place: place, at: value.position) }
                } else {
                    error("\(place): \"\(member.key)\" must be a string pattern, not \(value.typeName); iOS ignores it", at: value.position)
                }
            case "?":
                if let text = value.string {
                    checkVariables(in: text, at: value.position)
                } else if let items = value.members {
                    if let bad = items.first(where: { $0.value.string == nil }) {
                        error(
                            "\(place): query item \"\(bad.key)\" is \(bad.value.typeName), not a string; iOS then ignores the whole \"?\" dictionary, so it matches every query",
                            at: bad.value.position)
                    }
                    for item in items {
                        guard let text = item.value.string else { continue }
                        checkVariables(in: text, at: item.value.position)
                        if text == "?" {
                            warning(
                                "\(place): query item \"\(item.key)\": \"\(text)\" matches only a value of exactly \(text.count) character\(text.count == 1 ? "" : "s") (\"?\" is a one-character wildcard); use \"*\" for any value",
                                at: item.value.position)
                        }
                    }
                } else {
                    error("\(place): \"?\" must be a string or a dictionary of strings, not \(value.typeName); iOS ignores it", at: value.position)
                }
            case "exclude", "caseSensitive", "percentEncoded":
                if value.bool == nil {
                    error("\(place): \"\(member.key)\" must be true or false, not \(value.typeName); iOS ignores it", at: value.position)
                }
            case "comment":
                if value.string == nil { warning("\(place): \"comment\" should be a string", at: value.position) }
            default:
                break
            }
        }
    }

    /// Path patterns that look like they include a query or a fragment.
    mutating func checkPathPattern(_ pattern: String, place: String, at position: AASATextPosition) {
        if pattern.contains("#") {
            warning(
                "\(place): the path pattern \"\(pattern)\" contains \"#\", but a URL path never does (\"#\" starts the fragment), so it can never match as written; match fragments with the \"#\" key",
                at: position)
        }
        if let mark = pattern.firstIndex(of: "?"), pattern[mark...].contains("=") {
            warning(
                "\(place): in the path pattern \"\(pattern)\", \"?\" is a one-character wildcard, not the start of a query; the path never includes the query (use the \"?\" key of components)",
                at: position)
        }
    }

    /// Warns about `$(name)` references to variables the file does not define.
    mutating func checkVariables(in pattern: String, at position: AASATextPosition) {
        var rest = Substring(pattern)
        while let start = rest.range(of: "$(") {
            let afterOpen = rest[start.upperBound...]
            guard let close = afterOpen.firstIndex(of: ")") else { break }
            let name = String(afterOpen[..<close])
            if !variableNames.contains(name) {
                warning("\"$(\(name))\" is not a defined substitution variable, so it is matched as plain text", at: position)
            }
            rest = afterOpen[afterOpen.index(after: close)...]
        }
    }
}
