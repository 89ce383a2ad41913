/// The intent a tapped link becomes: action VIEW, the URL as data, category BROWSABLE (the browser
/// adds it), no MIME type, resolved with MATCH_DEFAULT_ONLY (so filters need DEFAULT too).
package struct ViewIntent: Sendable, Equatable {
    package var url: String
    package var uri: AndroidURI
    package var action: String?
    /// Full category names the intent carries.
    package var categories: [String]
    /// The resolved MIME type: nil for a plain link.
    package var mimeType: String?
    /// `PackageManager.MATCH_DEFAULT_ONLY`, which `startActivity` and Chrome use.
    package var matchDefaultOnly: Bool

    package init(
        url: String, action: String? = IntentFilter.actionView,
        categories: [String] = [IntentFilter.categoryBrowsable],
        mimeType: String? = nil, matchDefaultOnly: Bool = true
    ) {
        self.url = url
        self.uri = AndroidURI(url)
        self.action = action
        self.categories = categories
        self.mimeType = mimeType
        self.matchDefaultOnly = matchDefaultOnly
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
        let blockers: Set<RuleID> = [
            Rule.androidFilterExported.id, Rule.androidFilterDisabledComponent.id,
            Rule.androidFilterExportedExplicitRequired.id,
        ]
        return steps.first { blockers.contains($0.rule) }
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

/// AOSP `IntentFilter.match()` for links, plus the resolver's MATCH_DEFAULT_ONLY and `exported` checks.
package enum IntentFilterMatcher {
    /// Matches one filter against an intent on a device of API level `api`.
    package static func match(_ filter: IntentFilter, intent: ViewIntent, api: Int) -> FilterMatchOutcome {
        var steps: [FilterMatchStep] = []
        func fail(_ reason: FilterMismatch, _ why: String, rule: Rule, detail: String? = nil) -> FilterMatchOutcome {
            steps.append(FilterMatchStep(summary: why, detail: detail, rule: rule))
            return FilterMatchOutcome(result: .failed(reason), why: why, steps: steps)
        }

        // 1. Action.
        if let action = intent.action {
            guard filter.actions.contains(action) else {
                let listed =
                    filter.actions.isEmpty
                    ? "it declares no <action> at all"
                    : "it declares \(filter.actions.map(shortName).joined(separator: ", "))"
                return fail(
                    .action, "the filter does not list action \(shortName(action)): \(listed)",
                    rule: Rule.androidFilterActionViewRequired)
            }
            steps.append(
                FilterMatchStep(
                    summary: "action \(shortName(action)) is listed",
                    rule: Rule.androidFilterActionViewRequired))
        }

        // 2. Data.
        let data = DataMatcher(filter: filter, api: api)
        let dataResult = data.match(intent: intent)
        steps.append(contentsOf: dataResult.steps)
        let category: MatchCategory
        switch dataResult.result {
        case .failed(let reason):
            return FilterMatchOutcome(
                result: .failed(reason), why: dataResult.steps.last?.summary ?? reason.aospName,
                steps: steps)
        case .matched(let matched):
            category = matched
        }

        // 3. Categories: every category of the intent must be listed.
        for intentCategory in intent.categories where !filter.categories.contains(intentCategory) {
            let rule: Rule
            switch intentCategory {
            case IntentFilter.categoryBrowsable: rule = Rule.androidFilterBrowsableRequired
            case IntentFilter.categoryDefault: rule = Rule.androidFilterDefaultCategoryRequired
            default: rule = Rule.androidFilterMatchOrder
            }
            return fail(
                .category,
                "the data matches, but the filter does not list category \(shortName(intentCategory)), which the intent carries",
                rule: rule)
        }
        if !intent.categories.isEmpty {
            steps.append(
                FilterMatchStep(
                    summary: intent.categories.count == 1
                        ? "category \(shortName(intent.categories[0])) is listed"
                        : "categories \(intent.categories.map(shortName).joined(separator: ", ")) are listed",
                    rule: intent.categories.contains(IntentFilter.categoryBrowsable)
                        ? Rule.androidFilterBrowsableRequired : Rule.androidFilterMatchOrder))
        }

        // 4. The resolver's MATCH_DEFAULT_ONLY.
        if intent.matchDefaultOnly {
            guard filter.categories.contains(IntentFilter.categoryDefault) else {
                return fail(
                    .missingDefaultCategory,
                    "the filter matches but lacks category DEFAULT, so startActivity (MATCH_DEFAULT_ONLY) ignores it",
                    rule: Rule.androidFilterDefaultCategoryRequired)
            }
            steps.append(
                FilterMatchStep(
                    summary: "category DEFAULT is listed (required by MATCH_DEFAULT_ONLY)",
                    rule: Rule.androidFilterDefaultCategoryRequired))
        }

        let why = "matches (\(category.aospName))"
        steps.append(
            FilterMatchStep(
                summary: "the filter matches with \(category.aospName)",
                detail: "IntentFilter.match() returns 0x\(String(category.matchValue, radix: 16))",
                rule: Rule.androidFilterMatchOrder))
        return FilterMatchOutcome(result: .matched(category), why: why, steps: steps)
    }

    /// The verdict alone, as `match` would give it, with no explanation built.
    package static func verdict(_ filter: IntentFilter, intent: ViewIntent, api: Int) -> FilterMatchOutcome.Result {
        PreparedFilter(filter, api: api).verdict(intent)
    }

    /// A filter made ready for many verdicts on one API level: its `<data>` entries are sorted into
    /// schemes, authorities and compiled patterns once, so each verdict only compares.
    package struct PreparedFilter: Sendable {
        /// Immutable and shared: copying a prepared filter (into a loop variable, an array) costs
        /// one reference count, not one per string and array inside it.
        final class Storage: Sendable {
            let filter: IntentFilter
            let data: DataMatcher
            let listsDefault: Bool
            init(_ filter: IntentFilter, api: Int) {
                self.filter = filter
                data = DataMatcher(filter: filter, api: api)
                listsDefault = filter.categories.contains(IntentFilter.categoryDefault)
            }
        }
        let storage: Storage
        package var filter: IntentFilter { storage.filter }

        package init(_ filter: IntentFilter, api: Int) {
            storage = Storage(filter, api: api)
        }

        /// The same verdict as `IntentFilterMatcher.match(filter, intent:api:).result`.
        package func verdict(_ intent: ViewIntent) -> FilterMatchOutcome.Result {
            let storage = self.storage
            if let action = intent.action, !storage.filter.actions.contains(action) { return .failed(.action) }
            let result = storage.data.verdict(uri: intent.uri, mimeType: intent.mimeType)
            guard case .matched = result else { return result }
            for category in intent.categories where !storage.filter.categories.contains(category) { return .failed(.category) }
            if intent.matchDefaultOnly && !storage.listsDefault { return .failed(.missingDefaultCategory) }
            return result
        }
    }

    /// Every filter of every activity and alias, evaluated for `url`.
    /// `packageName` qualifies relative activity names (the application id or the manifest's package).
    ///
    /// `explainMismatch`: when given, a filter for which it returns false is first decided by the
    /// verdict-only path (`PreparedFilter`); if it does not match, its evaluation carries the verdict
    /// alone (empty `why` and `steps`), because the caller will not show it. Matching filters, and
    /// filters the predicate accepts, are explained in full as without it.
    package static func evaluate(
        _ manifest: AndroidManifest, packageName: String, url: String, api: Int,
        explainMismatch: ((IntentFilter) -> Bool)? = nil
    ) -> ManifestMatchReport {
        let intent = ViewIntent(url: url)
        var packageSteps: [FilterMatchStep] = []
        let target = manifest.targetSDK
        // Android 12+ refuses to install an app targeting 31+ with an implicit `exported` on a filtered activity.
        let offending = manifest.activities.filter { $0.exported == nil && !$0.intentFilters.isEmpty }
        var installBlocked = false
        let rule = Rule.androidFilterExportedExplicitRequired
        if let target, rule.applies(toSDK: OSVersion(androidAPI: target)), rule.applies(to: OSVersion(androidAPI: api)), let first = offending.first {
            installBlocked = true
            packageSteps.append(
                FilterMatchStep(
                    summary:
                        "the app does not install: it targets API \(target) and \(qualify(first.name, packageName)) has intent filters but no android:exported",
                    detail:
                        "INSTALL_PARSE_FAILED_MANIFEST_MALFORMED: Targeting S+ (version 31 and above) requires that an explicit value for android:exported be defined when intent filters are present",
                    rule: Rule.androidFilterExportedExplicitRequired))
        }

        var evaluations: [ActivityFilterMatch] = []
        for (activityIndex, activity) in manifest.activities.enumerated() {
            let name = qualify(activity.name, packageName)
            var activitySteps: [FilterMatchStep] = []
            if activity.name.hasPrefix(".") || !activity.name.contains("."), !packageName.isEmpty {
                activitySteps.append(
                    FilterMatchStep(
                        summary: "\(activity.name) means \(name)",
                        rule: Rule.androidFilterActivityName))
            }
            // Why the activity cannot be started by a link, whatever its filters say.
            var blocker: String?
            if installBlocked {
                blocker = "the app does not install (android:exported missing while targeting API 31+)"
                activitySteps.append(FilterMatchStep(summary: blocker ?? "", rule: Rule.androidFilterExportedExplicitRequired))
            } else if !activity.enabled {
                blocker = "\(name) is declared android:enabled=\"false\""
                activitySteps.append(FilterMatchStep(summary: blocker ?? "", rule: Rule.androidFilterDisabledComponent))
            } else {
                switch activity.exported {
                case false?:
                    blocker = "\(name) is android:exported=\"false\": other apps cannot start it"
                    activitySteps.append(FilterMatchStep(summary: blocker ?? "", rule: Rule.androidFilterExported))
                case true?:
                    break
                case nil where !activity.intentFilters.isEmpty:
                    let summary: String
                    if let target {
                        summary =
                            target >= 31
                            ? "android:exported is missing; API \(api) (below Android 12) does not enforce the API 31 requirement and treats the activity as exported because it has intent filters"
                            : "android:exported is missing; with intent filters and target API \(target) it defaults to true"
                    } else {
                        summary =
                            "android:exported is missing and the target SDK is unknown: assuming exported (the default below target API 31); an app targeting 31+ would fail to install"
                    }
                    activitySteps.append(FilterMatchStep(summary: summary, rule: Rule.androidFilterExported))
                case nil:
                    break
                }
            }
            for (filterIndex, filter) in activity.intentFilters.enumerated() {
                if let explainMismatch, !explainMismatch(filter),
                    case .failed(let reason) = PreparedFilter(filter, api: api).verdict(intent)
                {
                    let outcome = FilterMatchOutcome(result: .failed(reason), why: "", steps: [])
                    evaluations.append(
                        ActivityFilterMatch(
                            activity: name, activityIndex: activityIndex, filter: filterIndex, autoVerify: filter.autoVerify,
                            targetActivity: activity.targetActivity.map { qualify($0, packageName) },
                            outcome: outcome, isMatch: false, steps: [], why: ""))
                    continue
                }
                let outcome = match(filter, intent: intent, api: api)
                let isMatch = outcome.isMatch && blocker == nil
                let why: String
                if outcome.isMatch, let blocker {
                    why = "the filter matches, but \(blocker)"
                } else {
                    why = outcome.why
                }
                evaluations.append(
                    ActivityFilterMatch(
                        activity: name, activityIndex: activityIndex, filter: filterIndex, autoVerify: filter.autoVerify,
                        targetActivity: activity.targetActivity.map { qualify($0, packageName) },
                        outcome: outcome, isMatch: isMatch, steps: activitySteps + outcome.steps, why: why))
            }
        }
        return ManifestMatchReport(
            url: url, api: api, evaluations: evaluations, packageSteps: packageSteps,
            installBlocked: installBlocked)
    }

    /// The (activity, filter) pairs that match `url` and can be started by another app, in manifest order.
    package static func matchingActivities(
        in manifest: AndroidManifest, packageName: String, url: String,
        api: Int
    ) -> [ActivityFilterMatch] {
        evaluate(manifest, packageName: packageName, url: url, api: api).matches
    }

    /// A leading `.` or a name without any dot is relative to the package (android.md §6.4).
    static func qualify(_ name: String, _ packageName: String) -> String {
        guard !packageName.isEmpty else { return name }
        return Activity(name: name).qualifiedName(package: packageName)
    }

    /// `android.intent.action.VIEW` → `VIEW`, for readable messages.
    static func shortName(_ name: String) -> String {
        for prefix in ["android.intent.action.", "android.intent.category."] where name.hasPrefix(prefix) {
            return String(name.dropFirst(prefix.count))
        }
        return name
    }
}
