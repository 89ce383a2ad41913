/// The activities of installed apps that a browsable VIEW intent for a URL resolves to, by the
/// AOSP matcher (IntentFilterMatcher), with the matcher's explanation for the trace.
enum AndroidHandlers {
    struct Search {
        var handlers: [CustomSchemeResolver.Handler]
        /// Steps explaining the filters that matched (and, for claiming apps, why others did not).
        var steps: [TraceStep]
    }

    static func find(url: String, parts: URLParts, world: World, caller: String?) -> [CustomSchemeResolver.Handler] {
        search(url: url, world: world, caller: caller).handlers
    }

    static func search(url: String, world: World, caller: String?) -> Search {
        var handlers: [CustomSchemeResolver.Handler] = []
        var steps: [TraceStep] = []
        let api = world.device.os.apiLevel
        for (appIndex, app) in world.apps.enumerated() where app.state.isInstalled && !app.activities.isEmpty {
            let manifest = AndroidManifest(package: app.id, targetSDK: app.targetSDK, activities: app.activities)
            let report = IntentFilterMatcher.evaluate(manifest, packageName: app.id, url: url, api: api)
            for step in report.packageSteps {
                steps.append(TraceStep(actor: "Android", summary: "\(app.name): \(step.summary)", rule: step.rule, detail: step.detail))
            }
            let scheme = URLParts(url)?.scheme.lowercased()
            for match in report.evaluations {
                // An app may start its own non-exported activity.
                let ownCall = caller == app.id && match.outcome.isMatch
                guard app.activities.indices.contains(match.activityIndex) else { continue }
                let filter = app.activities[match.activityIndex].intentFilters.indices.contains(match.filter)
                    ? app.activities[match.activityIndex].intentFilters[match.filter] : nil
                guard match.isMatch || ownCall else {
                    // Explain filters that were meant for this kind of link and still failed.
                    let relevant = filter?.data.contains { $0.scheme?.lowercased() == scheme } ?? false
                    if relevant, let decisive = match.steps.last(where: { !$0.rule.isEmpty }) {
                        steps.append(TraceStep(actor: "Android", summary: "\(match.activity) filter #\(match.filter) does not match: \(match.why)",
                                               rule: decisive.rule, detail: decisive.detail))
                    }
                    continue
                }
                if handlers.contains(where: { $0.appIndex == appIndex && $0.activity == app.activities[match.activityIndex] }) { continue }
                handlers.append(.init(appIndex: appIndex, activity: app.activities[match.activityIndex], filterIndex: match.filter))
                steps.append(TraceStep(actor: "Android", summary: "\(match.activity) filter #\(match.filter) matches the VIEW intent",
                                       rule: nil))
                for step in match.steps {
                    steps.append(TraceStep(actor: "Android (intent filter)", summary: step.summary, rule: step.rule, detail: step.detail))
                }
            }
        }
        return Search(handlers: handlers, steps: steps)
    }
}
