/// The activities of installed apps that a browsable VIEW intent for a URL resolves to, by the
/// AOSP matcher (IntentFilterMatcher), with the matcher's explanation for the trace.
enum AndroidHandlers {
    struct Search {
        var handlers: [CustomSchemeResolver.Handler]
        /// Steps explaining the filters that matched (and, for claiming apps, why others did not).
        var steps: [TraceStep]
        /// Filters that may or may not match, because a manifest value could not be resolved: the
        /// landing is unknown while there is one (rule linksim.manifest.unresolved-value).
        var unknown: [String] = []
    }

    static func search(url: String, world: World, caller: String?, browsable: Bool = true) -> Search {
        var steps = TraceRecorder(world.traceDetail)
        let found = search(url: url, world: world, caller: caller, browsable: browsable, trace: &steps)
        return Search(handlers: found.handlers, steps: steps.steps, unknown: found.unknown)
    }

    /// The same search, its steps written straight into `trace` (as `search(url:world:caller:)`'s steps
    /// would be appended there): no list of steps built and then copied (issue #14).
    ///
    /// `browsable: false`: the intent carries no category (`adb shell am start -a VIEW -d URL` without `-c`),
    /// so filters without BROWSABLE match it too (an intent's categories must all be in the filter's).
    static func search(
        url: String, world: World, caller: String?, browsable: Bool = true, trace steps: inout TraceRecorder
    ) -> (handlers: [CustomSchemeResolver.Handler], unknown: [String]) {
        var handlers: [CustomSchemeResolver.Handler] = []
        var unknown: [String] = []
        let api = world.device.os.apiLevel
        let explains = world.explains
        /// A step, with its text only when the trace is shown.
        func step(
            _ actor: String, _ summary: @autoclosure () -> String, rule: RuleID?, detail: @autoclosure () -> String? = nil
        ) -> TraceStep {
            explains
                ? TraceStep(actor: actor, summary: summary(), rule: rule, detail: detail())
                : TraceStep(actor: actor, summary: "", rule: rule)
        }
        let parts = world.parts(of: url)
        let scheme = parts?.scheme.lowercasedIfNeeded
        let host = parts?.normalizedHost
        // Parsed once for every app's manifest (and every search of this URL); the shell's intent without a category apart.
        let intent = browsable ? world.linkIntent(url) : ViewIntent(url: url, categories: [])
        // Reads the filter's `<data>` list alone: a whole filter handed over was copied (a retain and a release of
        // each of its lists) for every filter the lean walk met (issue #14).
        func relevant(_ data: [IntentFilterData]) -> Bool {
            data.contains { $0.scheme?.lowercasedIfNeeded == scheme || ($0.host != nil && $0.host?.lowercasedIfNeeded == host) }
        }
        for (appIndex, app) in world.apps.enumerated() where app.state.isInstalled && !app.activities.isEmpty {
            // Without trace text, an app whose filters hold no unresolved value takes the lean walk: the same
            // handlers and steps, without the report (issue #14).
            if !explains, browsable, !app.activities.contains(where: { $0.intentFilters.contains { !$0.unresolved.isEmpty } }) {
                // The answer is kept with the manifest (`ManifestCache`): every later simulation of this link reads it.
                let ownCall = caller == app.id
                let answer = app.manifestCache.handlerAnswer(api: api, url: url, ownCall: ownCall) {
                    leanAnswer(app, intent: intent, api: api, ownCall: ownCall, relevant: relevant)
                }
                for found in answer.handlers {
                    handlers.append(.init(appIndex: appIndex, activity: app.activities[found.activity], filterIndex: found.filter))
                }
                steps.append(contentsOf: answer.steps)
                continue
            }
            let manifest = AndroidManifest(package: app.id, targetSDK: app.targetSDK, activities: app.activities)
            // Only filters meant for this kind of link (its scheme, or its host) are explained when they
            // fail; the rest are decided by the verdict-only path (the trace never shows them).
            let (report, unknownFilters) = IntentFilterMatcher.evaluateWithUnknowns(
                manifest, packageName: app.id, url: url, api: api, explainMismatch: { relevant($0.data) || !$0.unresolved.isEmpty },
                explain: explains, intent: intent, filters: app.preparedFilters(api: api))
            for filter in unknownFilters {
                unknown.append("\(app.name): \(filter.reason)")
                steps.append(
                    step(
                        "Android", "\(filter.activity) filter #\(filter.filter) may match: it depends on values linksim could not resolve",
                        rule: Rule.linksimManifestUnresolvedValue.id, detail: filter.reason))
            }
            for step in report.packageSteps {
                steps.append(
                    TraceStep(actor: "Android", summary: explains ? "\(app.name): \(step.summary)" : "", rule: step.rule, detail: explains ? step.detail : nil))
            }
            for match in report.evaluations {
                guard app.activities.indices.contains(match.activityIndex) else { continue }
                let activity = app.activities[match.activityIndex]
                // An app may start its own non-exported (but enabled) activity.
                let ownCall = caller == app.id && match.outcome.isMatch && activity.enabled && !report.installBlocked
                let filter = activity.intentFilters.indices.contains(match.filter) ? activity.intentFilters[match.filter] : nil
                if unknownFilters.contains(where: { $0.activityIndex == match.activityIndex && $0.filter == match.filter }) { continue }
                guard match.isMatch || ownCall else {
                    // Explain filters that were meant for this kind of link (its scheme, or its host) and still failed.
                    guard let filter, relevant(filter.data) else { continue }
                    // A filter that matches on an activity that cannot be started: the activity-level step says why.
                    let decisive = match.decisiveStep
                    if let decisive {
                        steps.append(
                            step(
                                "Android", "\(match.activity) filter #\(match.filter) does not match: \(match.why)",
                                rule: decisive.rule, detail: decisive.detail))
                    }
                    continue
                }
                if handlers.contains(where: { $0.appIndex == appIndex && $0.activity == activity }) { continue }
                handlers.append(.init(appIndex: appIndex, activity: activity, filterIndex: match.filter))
                steps.append(step("Android", "\(match.activity) filter #\(match.filter) matches the VIEW intent", rule: nil))
                for matched in match.steps {
                    // Without trace text the matcher wrote none, except notes it keeps from preparing the filter.
                    steps.append(step("Android (intent filter)", matched.summary, rule: matched.rule, detail: matched.detail))
                }
                if let source = filter?.source {
                    steps.append(
                        step(
                            "Android (intent filter)", "The filter comes from \(source), merged into the app's manifest",
                            rule: Rule.androidManifestMerger.id))
                }
            }
        }
        return (handlers, unknown)
    }

    /// For a search without BROWSABLE (adb's intent): each handler whose filter lacks the category is reached only
    /// because the intent has none; a link tapped in a browser or another app would not reach it.
    static func tellShellOnly(_ handlers: [CustomSchemeResolver.Handler], world: World, trace: inout TraceRecorder) {
        for handler in handlers
        where handler.activity.intentFilters.indices.contains(handler.filterIndex)
            && !handler.activity.intentFilters[handler.filterIndex].categories.contains(IntentFilter.categoryBrowsable)
        {
            let app = world.apps[handler.appIndex]
            IntentFilterMatcher.tellBrowsableMissing(
                "adb",
                "\(handler.activity.qualifiedName(package: app.package))'s filter has no BROWSABLE category: adb's intent has none either, so it matches here; a link tapped in a browser carries BROWSABLE and would not reach it",
                trace: &trace)
        }
    }

    /// One app's part of `search` without trace text, for an app whose filters hold no unresolved value:
    /// the steps (actors and rules) and handlers the report path gives, from `IntentFilterMatcher`'s own
    /// pieces (`activityBlockingInstall`, `installBlockedStep`, `activityChecks`, `match`, `PreparedFilter`), without building
    /// the report (a qualified name, a step list and a record for every filter). `TraceDetailEquivalenceTests`
    /// holds it to the report path over the whole library, and
    /// `SpeedFastPathTests.leanHandlerSearchGivesTheReportPathsHandlersAndSteps` over 800 generated Android worlds.
    ///
    /// Its answer depends on the manifest, `api`, the link and `ownCall` alone, so `search` keeps it in the
    /// app's `ManifestCache`; `SpeedFastPathTests` holds a kept answer to a new one.
    static func leanAnswer(
        _ app: App, intent: ViewIntent, api: Int, ownCall isCaller: Bool, relevant: ([IntentFilterData]) -> Bool
    ) -> ManifestCache.HandlerAnswer {
        var answer = ManifestCache.HandlerAnswer()
        var trace = TraceRecorder(.verdicts)
        let blocking = IntentFilterMatcher.activityBlockingInstall(app.activities, targetSDK: app.targetSDK, api: api)
        let installBlocked = blocking != nil
        if let blocking {
            let step = IntentFilterMatcher.installBlockedStep(blocking, packageName: app.id, targetSDK: app.targetSDK, explain: false)
            trace.append(TraceStep(actor: "Android", summary: "", rule: step.rule))
        }
        let prepared = app.preparedFilters(api: api)
        // Activities and filters are read in place, by index: a copy of each (a loop variable) retained every
        // name and list in it, which belong to the scenario and are rarely in the cache (issue #14).
        let activities = app.activities
        for activityIndex in activities.indices {
            var checks: (steps: [FilterMatchStep], blocker: String?)?
            for filterIndex in prepared[activityIndex].indices {
                let preparedFilter = prepared[activityIndex][filterIndex]
                let isRelevant = relevant(preparedFilter.storage.filter.data)
                // A filter the trace would not explain is decided by the verdict alone; it is a handler only if it matches.
                if !isRelevant, case .failed = preparedFilter.verdict(intent) { continue }
                let storage = preparedFilter.storage
                let outcome = IntentFilterMatcher.match(
                    actions: storage.filter.actions, categories: storage.filter.categories, intent: intent, explain: false
                ) { storage.quietData.match(intent: $0) }
                let activityLevel =
                    checks
                    ?? IntentFilterMatcher.activityChecks(
                        activities[activityIndex], name: "", packageName: app.id, installBlocked: installBlocked, targetSDK: app.targetSDK,
                        api: api, explain: false)
                checks = activityLevel
                // An app may start its own non-exported (but enabled) activity.
                let ownCall = isCaller && outcome.isMatch && activities[activityIndex].enabled && !installBlocked
                guard (outcome.isMatch && activityLevel.blocker == nil) || ownCall else {
                    guard isRelevant else { continue }
                    // As `ActivityFilterMatch.decisiveStep`: the activity-level blocker, or the filter's last step.
                    let decisive =
                        outcome.isMatch
                        ? activityLevel.steps.first { IntentFilterMatcher.activityBlockers.contains($0.rule) } : outcome.steps.last
                    if let decisive { trace.append(TraceStep(actor: "Android", summary: "", rule: decisive.rule)) }
                    continue
                }
                if answer.handlers.contains(where: { activities[$0.activity] == activities[activityIndex] }) { continue }
                answer.handlers.append(.init(activity: activityIndex, filter: filterIndex))
                trace.append(TraceStep(actor: "Android", summary: "", rule: RuleID?.none))
                for matched in activityLevel.steps { trace.append(TraceStep(actor: "Android (intent filter)", summary: "", rule: matched.rule)) }
                for matched in outcome.steps { trace.append(TraceStep(actor: "Android (intent filter)", summary: "", rule: matched.rule)) }
                if preparedFilter.storage.filter.source != nil {
                    trace.append(TraceStep(actor: "Android (intent filter)", summary: "", rule: Rule.androidManifestMerger.id))
                }
            }
        }
        answer.steps = trace.steps
        return answer
    }
}
