/// The activities of installed apps that a browsable VIEW intent for a URL resolves to.
enum AndroidHandlers {
    static func find(url: String, parts: URLParts, world: World, caller: String?) -> [CustomSchemeResolver.Handler] {
        var result: [CustomSchemeResolver.Handler] = []
        for (appIndex, app) in world.apps.enumerated() where app.state.isInstalled {
            for activity in app.activities where activity.enabled {
                // exported=false: other apps (and the browser) cannot start it.
                if activity.exported == false, caller != app.id { continue }
                for (filterIndex, filter) in activity.intentFilters.enumerated() where basicMatch(filter, parts) {
                    result.append(.init(appIndex: appIndex, activity: activity, filterIndex: filterIndex))
                    break
                }
            }
        }
        return result
    }

    /// VIEW + BROWSABLE + DEFAULT with the scheme, host and literal/prefix path. The exact AOSP
    /// matcher replaces this when the Android rule set lands.
    private static func basicMatch(_ filter: IntentFilter, _ parts: URLParts) -> Bool {
        guard filter.actions.contains(IntentFilter.actionView),
              filter.categories.contains(IntentFilter.categoryBrowsable),
              filter.categories.contains(IntentFilter.categoryDefault)
        else { return false }
        let schemes = filter.data.compactMap(\.scheme)
        guard schemes.contains(parts.scheme) else { return false }
        let hosts = filter.data.compactMap(\.host)
        if hosts.isEmpty { return true }
        let host = parts.normalizedHost
        guard hosts.contains(where: { $0 == host || ($0.hasPrefix("*.") && host.hasSuffix($0.dropFirst())) || $0 == "*" }) else {
            return false
        }
        let literal = filter.data.compactMap(\.path), prefixes = filter.data.compactMap(\.pathPrefix)
        if literal.isEmpty, prefixes.isEmpty { return true }
        let path = PercentDecoding.decode(parts.path)
        return literal.contains(path) || prefixes.contains { path.hasPrefix($0) }
    }
}
