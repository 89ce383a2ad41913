/// The intent a tapped link becomes: action VIEW, the URL as data, category BROWSABLE (the browser
/// adds it), no MIME type, resolved with MATCH_DEFAULT_ONLY (so filters need DEFAULT too).
///
/// Its fields live in one shared immutable box: one intent is read per URL and handed to every app's
/// every filter, and copying its strings and list field by field cost a retain and a release for each
/// (issue #14). Setting a field builds a new box.
package struct ViewIntent: Sendable, Equatable {
    private final class Fields: Sendable {
        let url: String
        let uri: AndroidURI
        let action: String?
        let categories: [String]
        let mimeType: String?
        let matchDefaultOnly: Bool
        init(url: String, uri: AndroidURI, action: String?, categories: [String], mimeType: String?, matchDefaultOnly: Bool) {
            self.url = url
            self.uri = uri
            self.action = action
            self.categories = categories
            self.mimeType = mimeType
            self.matchDefaultOnly = matchDefaultOnly
        }
    }
    private var fields: Fields

    package var url: String {
        get { fields.url }
        set { update(url: newValue) }
    }
    package var uri: AndroidURI {
        get { fields.uri }
        set { update(uri: newValue) }
    }
    package var action: String? {
        get { fields.action }
        set { update(action: .some(newValue)) }
    }
    /// Full category names the intent carries.
    package var categories: [String] {
        get { fields.categories }
        set { update(categories: newValue) }
    }
    /// The resolved MIME type: nil for a plain link.
    package var mimeType: String? {
        get { fields.mimeType }
        set { update(mimeType: .some(newValue)) }
    }
    /// `PackageManager.MATCH_DEFAULT_ONLY`, which `startActivity` and Chrome use.
    package var matchDefaultOnly: Bool {
        get { fields.matchDefaultOnly }
        set { update(matchDefaultOnly: newValue) }
    }

    package init(
        url: String, action: String? = IntentFilter.actionView,
        categories: [String] = [IntentFilter.categoryBrowsable],
        mimeType: String? = nil, matchDefaultOnly: Bool = true
    ) {
        fields = Fields(
            url: url, uri: AndroidURI(url), action: action, categories: categories, mimeType: mimeType, matchDefaultOnly: matchDefaultOnly)
    }

    /// The same fields with the given ones changed, in a new box (as a stored field's write was: the
    /// URI is not read again when the URL is set).
    private mutating func update(
        url: String? = nil, uri: AndroidURI? = nil, action: String?? = nil, categories: [String]? = nil, mimeType: String?? = nil,
        matchDefaultOnly: Bool? = nil
    ) {
        fields = Fields(
            url: url ?? fields.url, uri: uri ?? fields.uri, action: action ?? fields.action, categories: categories ?? fields.categories,
            mimeType: mimeType ?? fields.mimeType, matchDefaultOnly: matchDefaultOnly ?? fields.matchDefaultOnly)
    }

    package static func == (lhs: ViewIntent, rhs: ViewIntent) -> Bool {
        if lhs.fields === rhs.fields { return true }
        return lhs.url == rhs.url && lhs.uri == rhs.uri && lhs.action == rhs.action && lhs.categories == rhs.categories
            && lhs.mimeType == rhs.mimeType && lhs.matchDefaultOnly == rhs.matchDefaultOnly
    }
}

/// `IntentFilter.MATCH_CATEGORY_*`: how specific a data match was (higher is better).
package enum MatchCategory: Int, Sendable, CaseIterable, Comparable {
    case empty = 0x100000
    case scheme = 0x200000
    case host = 0x300000
    case port = 0x400000
    case path = 0x500000
    case schemeSpecificPart = 0x580000
    case type = 0x600000

    /// What `IntentFilter.match` returns: the category plus MATCH_ADJUSTMENT_NORMAL.
    package var matchValue: Int { rawValue + 0x8000 }

    package var aospName: String {
        switch self {
        case .empty: return "MATCH_CATEGORY_EMPTY"
        case .scheme: return "MATCH_CATEGORY_SCHEME"
        case .host: return "MATCH_CATEGORY_HOST"
        case .port: return "MATCH_CATEGORY_PORT"
        case .path: return "MATCH_CATEGORY_PATH"
        case .schemeSpecificPart: return "MATCH_CATEGORY_SCHEME_SPECIFIC_PART"
        case .type: return "MATCH_CATEGORY_TYPE"
        }
    }

    package static func < (lhs: MatchCategory, rhs: MatchCategory) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Why a filter did not match: `IntentFilter.NO_MATCH_*`, or the MATCH_DEFAULT_ONLY drop.
package enum FilterMismatch: Sendable, Equatable, CaseIterable {
    case type, data, action, category
    /// The filter matched but has no category DEFAULT, and the intent was resolved with MATCH_DEFAULT_ONLY.
    case missingDefaultCategory

    /// The AOSP constant (`NO_MATCH_DATA`...), or `MATCH_DEFAULT_ONLY` for the resolver drop.
    package var aospName: String {
        switch self {
        case .type: return "NO_MATCH_TYPE"
        case .data: return "NO_MATCH_DATA"
        case .action: return "NO_MATCH_ACTION"
        case .category: return "NO_MATCH_CATEGORY"
        case .missingDefaultCategory: return "MATCH_DEFAULT_ONLY"
        }
    }

    /// `IntentFilter`'s negative result code (nil for the resolver drop, which is not one).
    package var code: Int? {
        switch self {
        case .type: return -1
        case .data: return -2
        case .action: return -3
        case .category: return -4
        case .missingDefaultCategory: return nil
        }
    }
}

/// One explained step of matching, citing the rule that decided it.
package struct FilterMatchStep: Sendable, Equatable {
    package var summary: String
    package var detail: String?
    package var rule: RuleID

    package init(summary: String, detail: String? = nil, rule: Rule) {
        self.summary = summary
        self.detail = detail
        self.rule = rule.id
    }
}

/// The result of matching one intent filter, with the steps that explain it.
package struct FilterMatchOutcome: Sendable, Equatable {
    package enum Result: Sendable, Equatable {
        case matched(MatchCategory)
        case failed(FilterMismatch)
    }

    package var result: Result
    /// One plain-English sentence: why it matched, or why not.
    package var why: String
    package var steps: [FilterMatchStep]

    package var isMatch: Bool { if case .matched = result { return true } else { return false } }
    package var category: MatchCategory? { if case .matched(let category) = result { return category } else { return nil } }
    package var mismatch: FilterMismatch? { if case .failed(let reason) = result { return reason } else { return nil } }
}

/// One (activity, intent filter) pair of a manifest, evaluated against a link.
package struct ActivityFilterMatch: Sendable, Equatable {
    /// Fully qualified class name (for an alias: the alias's name).
    package var activity: String
    /// Index in `AndroidManifest.activities` (activities and aliases in manifest order).
    package var activityIndex: Int
    /// 0-based index of the `<intent-filter>` within the activity.
    package var filter: Int
    package var autoVerify: Bool
    /// For `<activity-alias>`: the fully qualified activity it launches.
    package var targetActivity: String?
    /// The filter's own result (`IntentFilter.match` + MATCH_DEFAULT_ONLY).
    package var outcome: FilterMatchOutcome
    /// True when the filter matches and the activity can be started by another app.
    package var isMatch: Bool
    /// Activity-level steps (exported, enabled) followed by the filter's steps.
    package var steps: [FilterMatchStep]
    /// Why it is (not) a candidate, in one sentence.
    package var why: String

    /// The step that decided a non-candidate: for a filter that matches on an activity another app cannot start,
    /// the activity-level step that blocks it (not exported, disabled, explicit-export required); otherwise the
    /// filter's last step. The CLI and the engine both explain a failed match with it.
    package var decisiveStep: FilterMatchStep? {
        guard outcome.isMatch else { return outcome.steps.last }
        return steps.first { IntentFilterMatcher.activityBlockers.contains($0.rule) }
    }
}

/// Every filter of a manifest evaluated against one link.
package struct ManifestMatchReport: Sendable, Equatable {
    package var url: String
    package var api: Int
    /// Every (activity, filter) pair, in manifest order.
    package var evaluations: [ActivityFilterMatch]
    /// Package-level findings (e.g. the app cannot be installed), before any filter.
    package var packageSteps: [FilterMatchStep]
    /// True when the app would not even install, so nothing matches.
    package var installBlocked: Bool

    package var matches: [ActivityFilterMatch] { evaluations.filter(\.isMatch) }
}
