/// The model of an `apple-app-site-association` file, as Apple's matcher reads it.
///
/// The parser is lenient in the same places iOS is: unknown keys are ignored, a key with the wrong
/// type is ignored, `paths` and `components` may sit side by side. It only throws when the file
/// cannot be read as an AASA at all (bad JSON, a top level that is not an object, `applinks` or
/// `details` of the wrong type). `AASAValidator` reports everything the parser silently ignores.
package struct AASADocument: Sendable, Equatable {
    /// How `applinks.details` was written.
    package enum DetailsForm: String, Sendable, Equatable {
        /// The current form: an array of entries, evaluated in array order.
        case array
        /// The legacy form `{"TEAM.bundle": {"paths": [...]}}`, evaluated in sorted key order.
        case dictionary
    }

    /// iOS rejects files larger than 128 KB (uncompressed) from iOS 9.3.1.
    package static let sizeLimit = 131_072

    /// The rule by which iOS `ios` rejects a file of `byteCount` bytes for its size; nil when the size is accepted.
    /// The device's fetch and `linksim aasa match` both ask this.
    package static func sizeRejection(_ byteCount: Int, ios: OSVersion) -> Rule? {
        byteCount > sizeLimit && Rule.iosAasaSizeLimit.applies(to: ios) ? Rule.iosAasaSizeLimit : nil
    }

    /// Whether the file has an `applinks` object. Without it the file makes no universal links.
    package var hasAppLinks: Bool
    /// Top-level keys in file order (`applinks`, `webcredentials`, `appclips`...).
    package var services: [String]
    package var detailsForm: DetailsForm
    /// Entries in evaluation order (array order, or sorted keys for the dictionary form).
    package var details: [AASADetail]
    /// `applinks.defaults` (domain level, iOS 14+).
    package var defaults: AASAComponent?
    /// `applinks.substitutionVariables` (iOS 13.5+): name -> alternative strings.
    package var substitutionVariables: [String: [String]]

    package init(
        hasAppLinks: Bool = true, services: [String] = ["applinks"], detailsForm: DetailsForm = .array,
        details: [AASADetail] = [], defaults: AASAComponent? = nil,
        substitutionVariables: [String: [String]] = [:]
    ) {
        self.hasAppLinks = hasAppLinks
        self.services = services
        self.detailsForm = detailsForm
        self.details = details
        self.defaults = defaults
        self.substitutionVariables = substitutionVariables
    }

    /// Parses the body of an AASA file.
    package init(bytes: [UInt8]) throws(AASAParseError) {
        try self.init(root: try JSONNode.parse(bytes))
    }

    /// Convenience for tests and in-memory files.
    package init(json: String) throws(AASAParseError) {
        try self.init(bytes: Array(json.utf8))
    }

    init(root: JSONNode) throws(AASAParseError) {
        guard let topMembers = root.members else {
            throw AASAParseError("the file must be a JSON object with an \"applinks\" key", at: root.position)
        }
        services = topMembers.map(\.key)
        defaults = nil
        substitutionVariables = [:]
        details = []
        detailsForm = .array
        guard let applinks = root.member("applinks") else {
            hasAppLinks = false
            return
        }
        guard applinks.members != nil else {
            throw AASAParseError("\"applinks\" must be an object", at: applinks.position)
        }
        hasAppLinks = true
        defaults = applinks.member("defaults").flatMap(AASAComponent.init(node:))
        if let variables = applinks.member("substitutionVariables")?.members {
            for member in variables {
                // A value that is not an array of strings is ignored; the validator reports it.
                guard let values = member.value.elements else { continue }
                substitutionVariables[member.key] = values.compactMap(\.string)
            }
        }
        guard let detailsNode = applinks.member("details") else { return }
        if let entries = detailsNode.elements {
            details = entries.map { AASADetail(node: $0, dictionaryKey: nil) }
        } else if let members = detailsNode.members {
            detailsForm = .dictionary
            // Key order of a JSON object is undefined, so evaluate in sorted order (blazingly-aasa's decision, github.com/sergii-ziborov/blazingly-aasa).
            details = members.sorted { $0.key < $1.key }.map { AASADetail(node: $0.value, dictionaryKey: $0.key) }
        } else {
            throw AASAParseError(
                "\"applinks.details\" must be an array (or the legacy object keyed by app ID)",
                at: detailsNode.position)
        }
    }
}

/// One `applinks.details` entry.
package struct AASADetail: Sendable, Equatable {
    /// Where the entry's app list came from.
    package enum AppIDSource: String, Sendable, Equatable {
        case appIDs, appID
        /// The key of the legacy dictionary form of `details`.
        case dictionaryKey
        /// Neither `appID` nor `appIDs`: the entry applies to no app.
        case none
    }

    /// The apps this entry applies to, compared as plain strings.
    package var appIDs: [String]
    package var appIDSource: AppIDSource
    /// An `appID` that is ignored because the entry also has `appIDs`.
    package var ignoredAppID: String?
    /// With no app list: the key that is present but of the wrong type (`appIDs` not a list, `appID` not a string).
    package var wrongTypeKey: String?
    /// `components` (iOS 13+), nil when absent or not an array.
    package var components: [AASAComponent]?
    /// Legacy `paths`, nil when absent or not an array. Non-string entries are dropped.
    package var paths: [String]?
    /// `details[].defaults` (app level, iOS 14+).
    package var defaults: AASAComponent?
    /// False when the entry was not a JSON object (it then applies to no app).
    package var isObject: Bool

    package init(
        appIDs: [String], appIDSource: AppIDSource = .appIDs, ignoredAppID: String? = nil,
        components: [AASAComponent]? = nil, paths: [String]? = nil, defaults: AASAComponent? = nil
    ) {
        self.appIDs = appIDs
        self.appIDSource = appIDSource
        self.ignoredAppID = ignoredAppID
        self.components = components
        self.paths = paths
        self.defaults = defaults
        self.isObject = true
    }

    init(node: JSONNode, dictionaryKey: String?) {
        isObject = node.members != nil
        let appIDNode = node.member("appID")
        let appIDsNode = node.member("appIDs")
        if let dictionaryKey {
            appIDs = [dictionaryKey]
            appIDSource = .dictionaryKey
            ignoredAppID = nil
        } else if let list = appIDsNode?.elements {
            // `appIDs` wins over `appID`, even when empty (github.com/st-tech/universal-links-test, run against swcutil in CI).
            appIDs = list.compactMap(\.string)
            appIDSource = .appIDs
            ignoredAppID = appIDNode?.string
        } else if let single = appIDNode?.string {
            appIDs = [single]
            appIDSource = .appID
            ignoredAppID = nil
        } else {
            appIDs = []
            appIDSource = .none
            ignoredAppID = nil
            wrongTypeKey = appIDsNode != nil ? "appIDs" : appIDNode != nil ? "appID" : nil
        }
        components = node.member("components")?.elements?.map { AASAComponent(node: $0) ?? AASAComponent() }
        paths = node.member("paths")?.elements?.compactMap(\.string)
        defaults = node.member("defaults").flatMap(AASAComponent.init(node:))
    }
}

/// One `components` dictionary (or a `defaults` dictionary, which has the same keys).
/// A nil field means the key is absent, so a less specific level or the built-in default applies.
package struct AASAComponent: Sendable, Equatable {
    /// The keys Apple documents for a component (S-COMP).
    package static let knownKeys: [String] = ["/", "?", "#", "exclude", "comment", "caseSensitive", "percentEncoded"]

    package var path: String?
    package var query: AASAQueryPattern?
    package var fragment: String?
    package var exclude: Bool?
    package var caseSensitive: Bool?
    package var percentEncoded: Bool?
    package var comment: String?
    /// Keys iOS ignores here: unknown or misspelled keys, and known keys with a value of the wrong type.
    package var ignoredKeys: [String]

    package init(
        path: String? = nil, query: AASAQueryPattern? = nil, fragment: String? = nil, exclude: Bool? = nil,
        caseSensitive: Bool? = nil, percentEncoded: Bool? = nil, comment: String? = nil,
        ignoredKeys: [String] = []
    ) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.comment = comment
        self.ignoredKeys = ignoredKeys
    }

    /// Nil when the node is not an object.
    init?(node: JSONNode) {
        guard let members = node.members else { return nil }
        self.init()
        for member in members {
            let value = member.value
            var understood = true
            switch member.key {
            case "/": if let text = value.string { path = text } else { understood = false }
            case "#": if let text = value.string { fragment = text } else { understood = false }
            case "?":
                if let text = value.string {
                    query = .whole(text)
                } else if let items = value.members {
                    // Any non-string value makes iOS ignore the whole dictionary (swcutil, as recorded in github.com/sergii-ziborov/blazingly-aasa).
                    if items.allSatisfy({ $0.value.string != nil }) {
                        query = .items(items.map { AASAQueryItemPattern(name: $0.key, pattern: $0.value.string ?? "") })
                    } else {
                        query = .ignored
                    }
                } else {
                    understood = false
                }
            case "exclude": if let flag = value.bool { exclude = flag } else { understood = false }
            case "caseSensitive": if let flag = value.bool { caseSensitive = flag } else { understood = false }
            case "percentEncoded": if let flag = value.bool { percentEncoded = flag } else { understood = false }
            case "comment": comment = value.string
            default: understood = false
            }
            if !understood { ignoredKeys.append(member.key) }
        }
    }

    /// A compact rendering for explanations, e.g. `{"/": "/buy/*", "exclude": true}`.
    /// Written into one string (no array of parts, no `joined`): the explaining matcher names every
    /// component it tries.
    package var summary: String {
        var out = TextBuilder(capacity: 64)
        writeSummary(into: &out)
        return out.text
    }

    /// Appends `summary` to `out`.
    func writeSummary(into out: inout TextBuilder) {
        out.add("{")
        var first = true
        func key(_ name: String) {
            if !first { out.add(", ") }
            first = false
            out.add(name)
        }
        func text(_ value: String) {
            out.add("\"")
            out.add(value)
            out.add("\"")
        }
        if let path {
            key("\"/\": ")
            text(path)
        }
        switch query {
        case .whole(let pattern)?:
            key("\"?\": ")
            text(pattern)
        case .items(let items)?:
            key("\"?\": {")
            for (index, item) in items.enumerated() {
                if index > 0 { out.add(", ") }
                text(item.name)
                out.add(": ")
                text(item.pattern)
            }
            out.add("}")
        case .ignored?: key("\"?\": {…non-string value…}")
        case nil: break
        }
        if let fragment {
            key("\"#\": ")
            text(fragment)
        }
        if let exclude { key(exclude ? "\"exclude\": true" : "\"exclude\": false") }
        if let caseSensitive { key(caseSensitive ? "\"caseSensitive\": true" : "\"caseSensitive\": false") }
        if let percentEncoded { key(percentEncoded ? "\"percentEncoded\": true" : "\"percentEncoded\": false") }
        for name in ignoredKeys {
            key("")
            text(name)
            out.add(": …")
        }
        out.add("}")
    }

}

/// The `?` key of a component.
package enum AASAQueryPattern: Sendable, Equatable {
    /// `"?": "a=1"`: a pattern for the whole raw query string.
    case whole(String)
    /// `"?": {"name": "pattern"}`: one pattern per named query item, in file order.
    case items([AASAQueryItemPattern])
    /// A dictionary holding a non-string value: iOS ignores it, so it matches every query.
    case ignored
}

package struct AASAQueryItemPattern: Sendable, Equatable {
    package var name: String
    package var pattern: String
    package init(name: String, pattern: String) {
        self.name = name
        self.pattern = pattern
    }
}

/// A position in the AASA file: 1-based line and column (in bytes), and the 0-based byte offset.
package struct AASATextPosition: Sendable, Equatable, Hashable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package var offset: Int
    package init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }
    package var description: String { "\(line):\(column)" }
}

/// The file cannot be read as an AASA file (exit code 65 in the CLI).
package struct AASAParseError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String
    package var position: AASATextPosition?
    package init(_ message: String, at position: AASATextPosition?) {
        self.message = message
        self.position = position
    }
    package var description: String {
        position.map { "\($0): \(message)" } ?? message
    }
}
