/// The intent a tapped link becomes: action VIEW, the URL as data, category BROWSABLE (the browser
/// adds it), no MIME type, resolved with MATCH_DEFAULT_ONLY (so filters need DEFAULT too).
///
/// Its fields live in one shared box copied only when a copy is changed (copy on write, as `App`'s): one
/// intent is read per URL and handed to every app's every filter, and copying its strings and list field
/// by field cost a retain and a release for each (issue #14). Setting the URL does not read the URI again.
package struct ViewIntent: Sendable, Equatable {
    struct Fields: Sendable, Equatable {
        var url: String
        var uri: AndroidURI
        var action: String?
        var categories: [String]
        var mimeType: String?
        var matchDefaultOnly: Bool
    }

    /// The fields, in a box shared until a copy writes (Model/CopyOnWriteBox.swift).
    private var storage: CopyOnWriteBox<Fields>

    package init(
        url: String, action: String? = IntentFilter.actionView,
        categories: [String] = [IntentFilter.categoryBrowsable],
        mimeType: String? = nil, matchDefaultOnly: Bool = true
    ) {
        storage = CopyOnWriteBox(
            Fields(
                url: url, uri: AndroidURI(url), action: action, categories: categories, mimeType: mimeType,
                matchDefaultOnly: matchDefaultOnly))
    }

    package static func == (lhs: ViewIntent, rhs: ViewIntent) -> Bool {
        CopyOnWriteBox.same(lhs.storage, rhs.storage)
    }

    private mutating func makeUnique() { CopyOnWriteBox.makeUnique(&storage) }

    package var url: String {
        get { storage.fields.url }
        _modify {
            makeUnique()
            yield &storage.fields.url
        }
    }
    package var uri: AndroidURI {
        get { storage.fields.uri }
        _modify {
            makeUnique()
            yield &storage.fields.uri
        }
    }
    package var action: String? {
        get { storage.fields.action }
        _modify {
            makeUnique()
            yield &storage.fields.action
        }
    }
    /// Full category names the intent carries.
    package var categories: [String] {
        get { storage.fields.categories }
        _modify {
            makeUnique()
            yield &storage.fields.categories
        }
    }
    /// The resolved MIME type: nil for a plain link.
    package var mimeType: String? {
        get { storage.fields.mimeType }
        _modify {
            makeUnique()
            yield &storage.fields.mimeType
        }
    }
    /// `PackageManager.MATCH_DEFAULT_ONLY`, which `startActivity` and Chrome use.
    package var matchDefaultOnly: Bool {
        get { storage.fields.matchDefaultOnly }
        _modify {
            makeUnique()
            yield &storage.fields.matchDefaultOnly
        }
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
