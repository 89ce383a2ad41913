/// AOSP `IntentFilter.match()` for links, plus the resolver's MATCH_DEFAULT_ONLY and `exported` checks.
package enum IntentFilterMatcher {
    /// Matches one filter against an intent on a device of API level `api`.
    /// With `explain: false` the steps keep their rules but no text, and `why` is empty (the same verdict).
    package static func match(_ filter: IntentFilter, intent: ViewIntent, api: Int, explain: Bool = true) -> FilterMatchOutcome {
        match(filter, intent: intent, api: api, explain: explain, data: nil)
    }

    /// `data`: the filter's `<data>` already prepared for `api` (a `PreparedFilter`'s), so it is not sorted again.
    static func match(
        _ filter: IntentFilter, intent: ViewIntent, api: Int, explain: Bool, data prepared: DataMatcher?
    ) -> FilterMatchOutcome {
        match(actions: filter.actions, categories: filter.categories, intent: intent, explain: explain) { intent in
            // A prepared matcher that already explains as asked is read in place: a copy of it (to set
            // `explains`) retained each of its lists, which belong to the scenario and are rarely in the cache (issue #14).
            if let prepared, prepared.explains == explain { return prepared.match(intent: intent) }
            var data = prepared ?? DataMatcher(filter: filter, api: api)
            data.explains = explain
            return data.match(intent: intent)
        }
    }

    /// The same match of a filter's `actions` and `categories`, with the `<data>` step answered by `matchData`
    /// (asked only once the action is listed): a caller holding a prepared filter reads its lists and matcher in
    /// place, where handing over the filter and an optional matcher copied both (a retain and a release of each
    /// of their lists, for every filter; issue #14).
    static func match(
        actions: [String], categories: [String], intent: ViewIntent, explain: Bool, matchData: (ViewIntent) -> DataMatcher.Result
    ) -> FilterMatchOutcome {
        var steps: [FilterMatchStep] = []
        // The action, the data's steps, the categories, DEFAULT and the verdict, in one buffer.
        steps.reserveCapacity(10)
        func step(summary: @autoclosure () -> String, detail: @autoclosure () -> String? = nil, rule: Rule) -> FilterMatchStep {
            explain ? FilterMatchStep(summary: summary(), detail: detail(), rule: rule) : FilterMatchStep(summary: "", rule: rule)
        }
        func fail(
            _ reason: FilterMismatch, _ why: @autoclosure () -> String, rule: Rule, detail: @autoclosure () -> String? = nil
        ) -> FilterMatchOutcome {
            let why = explain ? why() : ""
            steps.append(step(summary: why, detail: detail(), rule: rule))
            return FilterMatchOutcome(result: .failed(reason), why: why, steps: steps)
        }

        // 1. Action.
        if let action = intent.action {
            guard actions.contains(action) else {
                var listed: String {
                    actions.isEmpty
                        ? "it declares no <action> at all"
                        : "it declares \(actions.map(shortName).joined(separator: ", "))"
                }
                return fail(
                    .action, "the filter does not list action \(shortName(action)): \(listed)",
                    rule: Rule.androidFilterActionViewRequired)
            }
            steps.append(
                step(
                    summary: "action \(shortName(action)) is listed",
                    rule: Rule.androidFilterActionViewRequired))
        }

        // 2. Data.
        let dataResult = matchData(intent)
        steps.append(contentsOf: dataResult.steps)
        let category: MatchCategory
        switch dataResult.result {
        case .failed(let reason):
            return FilterMatchOutcome(
                result: .failed(reason), why: explain ? dataResult.steps.last?.summary ?? reason.aospName : "",
                steps: steps)
        case .matched(let matched):
            category = matched
        }

        // 3. Categories: every category of the intent must be listed.
        for intentCategory in intent.categories where !categories.contains(intentCategory) {
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
                step(
                    summary: intent.categories.count == 1
                        ? "category \(shortName(intent.categories[0])) is listed"
                        : "categories \(intent.categories.map(shortName).joined(separator: ", ")) are listed",
                    rule: intent.categories.contains(IntentFilter.categoryBrowsable)
                        ? Rule.androidFilterBrowsableRequired : Rule.androidFilterMatchOrder))
        }

        // 4. The resolver's MATCH_DEFAULT_ONLY.
        if intent.matchDefaultOnly {
            guard categories.contains(IntentFilter.categoryDefault) else {
                return fail(
                    .missingDefaultCategory,
                    "the filter matches but lacks category DEFAULT, so startActivity (MATCH_DEFAULT_ONLY) ignores it",
                    rule: Rule.androidFilterDefaultCategoryRequired)
            }
            steps.append(
                step(
                    summary: "category DEFAULT is listed (required by MATCH_DEFAULT_ONLY)",
                    rule: Rule.androidFilterDefaultCategoryRequired))
        }

        let why = explain ? "matches (\(category.aospName))" : ""
        steps.append(
            step(
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
            /// `data` without step text (`explains` false; the same lists), for `match(…, explain: false, data:)`.
            let quietData: DataMatcher
            let listsDefault: Bool
            init(_ filter: IntentFilter, api: Int) {
                self.filter = filter
                data = DataMatcher(filter: filter, api: api)
                var quiet = data
                quiet.explains = false
                quietData = quiet
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

    /// The activity-level steps `evaluate` adds that keep another app from starting a matching activity: not
    /// exported, disabled, or an explicit `android:exported` required. `FilterEvaluation.decisiveStep` looks for them.
    static let activityBlockers: Set<RuleID> = [
        Rule.androidFilterExported.id, Rule.androidFilterDisabledComponent.id, Rule.androidFilterExportedExplicitRequired.id,
    ]

    /// Every filter of every activity and alias, evaluated for `url`.
    /// `packageName` qualifies relative activity names (the application id or the manifest's package).
    ///
    /// `explainMismatch`: when given, a filter for which it returns false is first decided by the
    /// verdict-only path (`PreparedFilter`); if it does not match, its evaluation carries the verdict
    /// alone (empty `why` and `steps`), because the caller will not show it. Matching filters, and
    /// filters the predicate accepts, are explained in full as without it.
    package static func evaluate(
        _ manifest: AndroidManifest, packageName: String, url: String, api: Int,
        explainMismatch: ((IntentFilter) -> Bool)? = nil, explain: Bool = true, intent prepared: ViewIntent? = nil,
        filters preparedFilters: [[PreparedFilter]]? = nil
    ) -> ManifestMatchReport {
        // `prepared`: the same intent, parsed once by a caller that evaluates many manifests for one URL.
        let intent = prepared ?? ViewIntent(url: url)
        var packageSteps: [FilterMatchStep] = []
        let target = manifest.targetSDK
        let blocking = activityBlockingInstall(manifest.activities, targetSDK: target, api: api)
        let installBlocked = blocking != nil
        if let first = blocking {
            packageSteps.append(installBlockedStep(first, packageName: packageName, targetSDK: target, explain: true))
        }

        var evaluations: [ActivityFilterMatch] = []
        for (activityIndex, activity) in manifest.activities.enumerated() {
            let name = qualify(activity.name, packageName)
            let checks = activityChecks(
                activity, name: name, packageName: packageName, installBlocked: installBlocked, targetSDK: target, api: api,
                explain: true)
            let activitySteps = checks.steps
            let blocker = checks.blocker
            for (filterIndex, filter) in activity.intentFilters.enumerated() {
                // `preparedFilters`: the same filters, prepared once for `api` by a caller that keeps them (ManifestCache).
                let preparedFilter = preparedFilters?[activityIndex][filterIndex]
                if let explainMismatch, !explainMismatch(filter),
                    case .failed(let reason) = (preparedFilter ?? PreparedFilter(filter, api: api)).verdict(intent)
                {
                    let outcome = FilterMatchOutcome(result: .failed(reason), why: "", steps: [])
                    evaluations.append(
                        ActivityFilterMatch(
                            activity: name, activityIndex: activityIndex, filter: filterIndex, autoVerify: filter.autoVerify,
                            targetActivity: activity.targetActivity.map { qualify($0, packageName) },
                            outcome: outcome, isMatch: false, steps: [], why: ""))
                    continue
                }
                let outcome = match(
                    filter, intent: intent, api: api, explain: explain,
                    data: explain ? preparedFilter?.storage.data : preparedFilter?.storage.quietData)
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
                        outcome: outcome, isMatch: isMatch, steps: activitySteps.isEmpty ? outcome.steps : activitySteps + outcome.steps, why: why))
            }
        }
        return ManifestMatchReport(
            url: url, api: api, evaluations: evaluations, packageSteps: packageSteps,
            installBlocked: installBlocked)
    }

    /// Android 12+ refuses to install an app targeting API 31+ whose filtered activity leaves `android:exported`
    /// implicit: the first such activity, when the app does not install on a device of API level `api`.
    static func activityBlockingInstall(_ activities: [Activity], targetSDK: Int?, api: Int) -> Activity? {
        let rule = Rule.androidFilterExportedExplicitRequired
        guard let target = targetSDK, rule.applies(toSDK: OSVersion(androidAPI: target)), rule.applies(to: OSVersion(androidAPI: api))
        else { return nil }
        return activities.first { $0.exported == nil && !$0.intentFilters.isEmpty }
    }

    /// An `install` (or `update`) of an app Android refuses to install: says so and returns true, so the action
    /// changes nothing (before, the install was narrated as done and only each later tap said the app does not install).
    static func tellInstallRefused(_ app: App, api: Int, trace: inout TraceRecorder) -> Bool {
        guard let first = activityBlockingInstall(app.activities, targetSDK: app.targetSDK, api: api) else { return false }
        let step = installBlockedStep(first, packageName: app.manifestPackage ?? app.id, targetSDK: app.targetSDK, explain: trace.explains)
        trace.add(
            "Android",
            "Refuses to install this build of \(app.name), so nothing changes: it targets API \(app.targetSDK) and \(qualify(first.name, app.manifestPackage ?? app.id)) has intent filters but no android:exported",
            rule: Rule.androidFilterExportedExplicitRequired, detail: step.detail)
        return true
    }

    /// The package-level step `evaluate` gives when the app does not install (`activityBlockingInstall`).
    static func installBlockedStep(_ first: Activity, packageName: String, targetSDK target: Int?, explain: Bool) -> FilterMatchStep {
        guard explain else { return FilterMatchStep(summary: "", rule: Rule.androidFilterExportedExplicitRequired) }
        return FilterMatchStep(
            summary:
                "the app does not install: it targets API \(target ?? 0) and \(qualify(first.name, packageName)) has intent filters but no android:exported",
            detail:
                "INSTALL_PARSE_FAILED_MANIFEST_MALFORMED: Targeting S+ (version 31 and above) requires that an explicit value for android:exported be defined when intent filters are present",
            rule: Rule.androidFilterExportedExplicitRequired)
    }

    /// The activity-level part of `evaluate`: the steps every filter of `activity` starts with (a relative
    /// name, then whether another app may start it), and why it cannot be started, whatever its filters
    /// say (nil when it can). `name`: the qualified name, read only when `explain` (without it the steps
    /// keep their rules, and a blocker is "").
    static func activityChecks(
        _ activity: Activity, name: @autoclosure () -> String, packageName: String, installBlocked: Bool, targetSDK target: Int?,
        api: Int, explain: Bool
    ) -> (steps: [FilterMatchStep], blocker: String?) {
        var steps: [FilterMatchStep] = []
        func words(_ text: @autoclosure () -> String) -> String { explain ? text() : "" }
        if (activity.name.utf8.first == UInt8(ascii: ".") && activity.name.hasPrefix(".")) || !activity.name.utf8.contains(UInt8(ascii: ".")),
            !packageName.isEmpty
        {
            steps.append(FilterMatchStep(summary: words("\(activity.name) means \(name())"), rule: Rule.androidFilterActivityName))
        }
        // Why the activity cannot be started by a link, whatever its filters say.
        var blocker: String?
        if installBlocked {
            blocker = words("the app does not install (android:exported missing while targeting API 31+)")
            steps.append(FilterMatchStep(summary: blocker ?? "", rule: Rule.androidFilterExportedExplicitRequired))
        } else if !activity.enabled {
            blocker = words("\(name()) is declared android:enabled=\"false\"")
            steps.append(FilterMatchStep(summary: blocker ?? "", rule: Rule.androidFilterDisabledComponent))
        } else {
            switch activity.exported {
            case false?:
                blocker = words("\(name()) is android:exported=\"false\": other apps cannot start it")
                steps.append(FilterMatchStep(summary: blocker ?? "", rule: Rule.androidFilterExported))
            case true?:
                break
            case nil where !activity.intentFilters.isEmpty:
                let summary: String
                if !explain {
                    summary = ""
                } else if let target {
                    summary =
                        target >= 31
                        ? "android:exported is missing; API \(api) (below Android 12) does not enforce the API 31 requirement and treats the activity as exported because it has intent filters"
                        : "android:exported is missing; with intent filters and target API \(target) it defaults to true"
                } else {
                    summary =
                        "android:exported is missing and the target SDK is unknown: assuming exported (the default below target API 31); an app targeting 31+ would fail to install"
                }
                steps.append(FilterMatchStep(summary: summary, rule: Rule.androidFilterExported))
            case nil:
                break
            }
        }
        return (steps, blocker)
    }

    /// The (activity, filter) pairs that match `url` and can be started by another app, in manifest order.
    package static func matchingActivities(
        in manifest: AndroidManifest, packageName: String, url: String,
        api: Int
    ) -> [ActivityFilterMatch] {
        evaluate(manifest, packageName: packageName, url: url, api: api).matches
    }

    /// A leading `.` or a name without any dot is relative to the package.
    static func qualify(_ name: String, _ packageName: String) -> String {
        guard !packageName.isEmpty else { return name }
        return Activity.qualifiedName(name, package: packageName)
    }

    /// `android.intent.action.VIEW` → `VIEW`, for readable messages.
    static func shortName(_ name: String) -> String {
        for prefix in ["android.intent.action.", "android.intent.category."] where name.hasPrefix(prefix) {
            return String(name.dropFirst(prefix.count))
        }
        return name
    }
}

extension IntentFilterMatcher {
    /// An intent with CATEGORY_BROWSABLE reaches only filters that list it (a link from a browser or another app).
    static func tellBrowsableMissing(_ actor: String, _ summary: @autoclosure () -> String, trace: inout TraceRecorder) {
        trace.add(actor, summary(), rule: Rule.androidFilterBrowsableRequired)
    }
}
