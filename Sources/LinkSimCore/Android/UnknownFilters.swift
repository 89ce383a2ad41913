/// A filter that may or may not match a link, because a value it depends on could not be resolved.
package struct UnknownFilter: Sendable, Equatable {
    /// Fully qualified class name of the activity (or alias).
    package var activity: String
    package var activityIndex: Int
    /// 0-based index of the `<intent-filter>` within the activity.
    package var filter: Int
    package var unresolved: [UnresolvedAttribute]

    /// One sentence for traces and reports.
    package var reason: String {
        let values = unresolved.map(\.description).joined(separator: ", ")
        return "\(activity) filter #\(filter) depends on \(values), which linksim could not resolve: \(unresolved.first?.reason ?? "")"
    }
}

/// Matching with unresolved values: a filter that has some is evaluated with every unresolved
/// value replaced by one that lets the filter match as much as it can (scheme = the link's, host
/// `*`, a path pattern `.*`, the intent's action and categories, exported and enabled, no
/// relative-filter groups). If even that does not match, the unknown value cannot change the
/// verdict, which is a confident non-match. If it matches, the real value decides, so the filter
/// is *unknown* for this link: never reported as a match or a non-match.
/// Rule `android.manifest.unresolved-value`.
extension IntentFilterMatcher {
    package static func evaluateWithUnknowns(
        _ manifest: AndroidManifest, packageName: String, url: String, api: Int,
        explainMismatch: ((IntentFilter) -> Bool)? = nil, explain: Bool = true, intent prepared: ViewIntent? = nil,
        filters: [[PreparedFilter]]? = nil
    )
        -> (report: ManifestMatchReport, unknown: [UnknownFilter])
    {
        var report = evaluate(
            manifest, packageName: packageName, url: url, api: api, explainMismatch: explainMismatch, explain: explain, intent: prepared,
            filters: filters)
        guard manifest.activities.contains(where: { $0.intentFilters.contains { !$0.unresolved.isEmpty } }) else {
            return (report, [])
        }
        let intent = prepared ?? ViewIntent(url: url)
        var unknown: [UnknownFilter] = []
        for index in report.evaluations.indices {
            let evaluation = report.evaluations[index]
            guard manifest.activities.indices.contains(evaluation.activityIndex) else { continue }
            let activity = manifest.activities[evaluation.activityIndex]
            guard activity.intentFilters.indices.contains(evaluation.filter) else { continue }
            let filter = activity.intentFilters[evaluation.filter]
            guard !filter.unresolved.isEmpty else { continue }
            var optimisticActivity = activity
            optimisticActivity.intentFilters = [optimistic(filter, uri: intent.uri)]
            for value in filter.unresolved where value.scope == .activity {
                if value.attribute == "exported" { optimisticActivity.exported = true }
                if value.attribute == "enabled" { optimisticActivity.enabled = true }
            }
            let single = AndroidManifest(package: manifest.package, targetSDK: manifest.targetSDK, activities: [optimisticActivity])
            let couldMatch = evaluate(single, packageName: packageName, url: url, api: api).evaluations.first?.isMatch ?? false
            if couldMatch {
                let entry = UnknownFilter(
                    activity: evaluation.activity, activityIndex: evaluation.activityIndex,
                    filter: evaluation.filter, unresolved: filter.unresolved)
                unknown.append(entry)
                report.evaluations[index].isMatch = false
                report.evaluations[index].why = "unknown: \(entry.reason)"
                report.evaluations[index].steps.append(
                    FilterMatchStep(
                        summary: "unknown: the filter could match this link, depending on values linksim could not resolve",
                        detail: entry.reason, rule: .linksimManifestUnresolvedValue))
            } else if report.evaluations[index].isMatch {
                // Cannot happen (the optimistic filter matches whenever the real one does), but a
                // filter with unresolved values is never a confident match.
                report.evaluations[index].isMatch = false
            }
        }
        return (report, unknown)
    }

    /// The filter with each unresolved value replaced by the most permissive one for `uri`.
    static func optimistic(_ filter: IntentFilter, uri: AndroidURI) -> IntentFilter {
        var result = filter
        result.unresolved = []
        for value in filter.unresolved {
            switch value.scope {
            case .activity:
                continue
            case .relativeGroup:
                result.uriRelativeFilterGroups = []
            case .filter:
                switch value.attribute {
                case "name":
                    // An action or category name: the intent's own are the permissive choice.
                    if !result.actions.contains(IntentFilter.actionView) { result.actions.append(IntentFilter.actionView) }
                    for category in [IntentFilter.categoryBrowsable, IntentFilter.categoryDefault] where !result.categories.contains(category) {
                        result.categories.append(category)
                    }
                default:
                    continue  // autoVerify: does not change matching
                }
            case .data:
                guard let index = value.dataIndex, result.data.indices.contains(index) else { continue }
                switch value.attribute {
                case "scheme": result.data[index].scheme = uri.scheme?.lowercased() ?? "https"
                case "host": result.data[index].host = "*"
                case "port": result.data[index].port = nil
                case "path", "pathPrefix", "pathPattern", "pathAdvancedPattern", "pathSuffix":
                    result.data[index].path = nil
                    result.data[index].pathPrefix = nil
                    result.data[index].pathSuffix = nil
                    result.data[index].pathAdvancedPattern = nil
                    result.data[index].pathPattern = ".*"
                case "ssp", "sspPrefix", "sspPattern", "sspAdvancedPattern", "sspSuffix":
                    result.data[index].ssp = nil
                    result.data[index].sspPrefix = nil
                    result.data[index].sspSuffix = nil
                    result.data[index].sspAdvancedPattern = nil
                    result.data[index].sspPattern = ".*"
                case "mimeType": result.data[index].mimeType = nil
                default: continue
                }
            }
        }
        return result
    }
}
