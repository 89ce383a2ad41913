/// An inclusive range of OS versions a rule applies to, per platform. `nil` bounds are open.
package struct VersionRange: Sendable, Equatable {
    package var platform: Platform
    package var from: OSVersion?
    package var through: OSVersion?

    package init(_ platform: Platform, from: OSVersion? = nil, through: OSVersion? = nil) {
        self.platform = platform
        self.from = from
        self.through = through
    }

    package static func ios(_ from: Int? = nil, through: Int? = nil) -> VersionRange {
        // `through: 13` covers every 13.x release.
        VersionRange(.ios, from: from.map { OSVersion(ios: $0) }, through: through.map { OSVersion(ios: $0, 99, 99) })
    }

    /// An iOS range with minor versions (`from: OSVersion(ios: 13, 5)`); `through` covers every patch of that version.
    package static func ios(from: OSVersion, through: OSVersion? = nil) -> VersionRange {
        VersionRange(.ios, from: from, through: through.map { OSVersion(ios: $0.major, $0.components.count > 1 ? $0.components[1] : 99, 99) })
    }

    package static func android(api from: Int? = nil, through: Int? = nil) -> VersionRange {
        VersionRange(.android, from: from.map { OSVersion(androidAPI: $0) }, through: through.map { OSVersion(androidAPI: $0) })
    }

    package func contains(_ version: OSVersion) -> Bool {
        guard version.platform == platform else { return false }
        if let from, version < from { return false }
        if let through, through < version { return false }
        return true
    }

    package var description: String {
        let name = platform.displayName
        func label(_ v: OSVersion) -> String {
            guard platform == .ios else { return "API \(v.apiLevel)" }
            // 13.5 and 9.3.1 are shown as such; an open-ended 13.99.99 bound reads as 13.
            let rest = v.components.dropFirst().prefix { $0 != 99 }
            return ([v.major] + rest).reversed().drop { $0 == 0 }.reversed().map(String.init).joined(separator: ".")
        }
        switch (from, through) {
        case (nil, nil): return "\(name), all versions"
        case (let f?, nil): return "\(name) \(label(f))+"
        case (nil, let t?): return "\(name) up to \(label(t))"
        case (let f?, let t?): return f == t || label(f) == label(t) ? "\(name) \(label(f))" : "\(name) \(label(f))–\(label(t))"
        }
    }
}

/// A rule's dotted identifier, e.g. `ios.scheme.safari-prompt`. Platform rules start with `ios.`/`android.`/`deferred.`,
/// browser rules shared by both platforms with `web.`; rules about linksim itself start with `linksim.`.
///
/// Only the catalog writes an identifier as text (`Rule(id: "…")`). Code cites a rule by its catalog entry —
/// `trace.add(…, rule: .iosSchemeSafariPrompt)` — so a misspelt rule does not compile, and one jump from a
/// citation lands on the rule's title, versions, explanation and sources.
package struct RuleID: Hashable, Sendable, Comparable, CustomStringConvertible {
    package let rawValue: String

    package init(catalog rawValue: String) { self.rawValue = rawValue }

    package var description: String { rawValue }

    /// The first part of the ID: `ios`, `android`, `web`, `deferred` or `linksim` (rules about linksim's own model).
    package var namespace: Substring { rawValue.prefix { $0 != "." } }

    package static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Identifiers are ASCII (only the catalog makes them; `RuleIDEqualityTests` checks every one), so
    /// texts of different lengths differ: a rule sought among a trace's citations (`expect: rule:`, each
    /// step's check for `linksim.not-modelled`) is told apart by length before its text is compared (issue #14).
    package static func == (lhs: RuleID, rhs: RuleID) -> Bool {
        lhs.rawValue.utf8.count == rhs.rawValue.utf8.count && lhs.rawValue == rhs.rawValue
    }
}

/// One named platform behaviour (or linksim behaviour) that the engine cites in the trace.
///
/// The fields live in one shared, immutable box: the engine reads rules from the catalog's constants and
/// carries them in steps and outcomes, and copying six strings and arrays field by field cost a retain
/// and a release each, about a dozen per citation (issue #14). Reads look as they did.
package struct Rule: Sendable, Equatable, Identifiable, CustomReflectable {
    private final class Fields: Sendable {
        let id: RuleID
        let title: String
        let versions: [VersionRange]
        let sdk: [VersionRange]
        let explanation: String
        let sources: [String]
        init(id: RuleID, title: String, versions: [VersionRange], sdk: [VersionRange], explanation: String, sources: [String]) {
            self.id = id
            self.title = title
            self.versions = versions
            self.sdk = sdk
            self.explanation = explanation
            self.sources = sources
        }
    }
    private let fields: Fields

    package var id: RuleID { fields.id }
    package var title: String { fields.title }
    package var versions: [VersionRange] { fields.versions }
    /// For behaviour an app opts into by the SDK it is built with (iOS SDK, Android targetSdkVersion): the SDK
    /// versions it needs. Empty: any SDK.
    package var sdk: [VersionRange] { fields.sdk }
    /// A plain explanation a new developer understands.
    package var explanation: String { fields.explanation }
    /// Public sources, with their evidence tag: a URL, or a public repository and path; `[linksim model]` for linksim's own model.
    package var sources: [String] { fields.sources }

    package init(
        id: String, title: String, versions: [VersionRange], sdk: [VersionRange] = [], explanation: String,
        sources: [String]
    ) {
        fields = Fields(id: RuleID(catalog: id), title: title, versions: versions, sdk: sdk, explanation: explanation, sources: sources)
    }

    package static func == (lhs: Rule, rhs: Rule) -> Bool {
        lhs.fields === rhs.fields
            || (lhs.id == rhs.id && lhs.title == rhs.title && lhs.versions == rhs.versions && lhs.sdk == rhs.sdk
                && lhs.explanation == rhs.explanation && lhs.sources == rhs.sources)
    }

    /// The fields, as a struct's own (what test digests and debuggers read).
    package var customMirror: Mirror {
        Mirror(
            self,
            children: [
                ("id", id as Any), ("title", title), ("versions", versions), ("sdk", sdk), ("explanation", explanation), ("sources", sources),
            ], displayStyle: .struct)
    }

    /// Whether the rule holds on `os`: the one place the engine asks "does this behaviour exist on this device?".
    /// Version cut-offs live in the catalog's `versions`, so moving a cut-off there moves the behaviour.
    package func applies(to os: OSVersion) -> Bool {
        versions.contains { $0.contains(os) }
    }

    /// Whether an app built with `sdk` (the iOS SDK, or Android's targetSdkVersion) opts into the rule.
    package func applies(toSDK sdk: OSVersion) -> Bool {
        self.sdk.isEmpty || self.sdk.contains { $0.contains(sdk) }
    }

    package var platforms: [Platform] {
        var seen: [Platform] = []
        for range in versions where !seen.contains(range.platform) { seen.append(range.platform) }
        return seen
    }
}
