import Synchronization

/// What the engine derives from one app's manifest (its activities, target SDK and package), made the
/// first time a simulation asks and kept with the `App` value it was derived from.
///
/// The readings are pure functions of those fields and of the API level asked for, so when they are
/// made changes nothing a simulation shows. `App` replaces its box with an empty one whenever one of
/// those fields changes (an update that ships another manifest, a decoder filling the app in), so a
/// box never outlives the values it describes; copies of an app (a world per simulation, the TUI's
/// worlds per key) share it, behind a lock, as `ServedBody` shares a parsed body (issue #14: the
/// handler search prepared every filter of every app again on every tap, and the verifier collected
/// the same hosts three times per tap).
package final class ManifestCache: Sendable, Equatable {
    private struct Readings: Sendable {
        var collections = ByAPI<AppLinkDomains.Collection>()
        var filters = ByAPI<[[IntentFilterMatcher.PreparedFilter]]>()
    }

    /// Readings per API level: a list, not a dictionary keyed by `Int` (a scenario asks for one or two levels,
    /// and the first `Int`-keyed dictionary a process makes costs ~400,000 instructions of the runtime's
    /// conformance lookups, a twentieth of `linksim run`; issue #14).
    private struct ByAPI<Value: Sendable>: Sendable {
        private var entries: [(api: Int, value: Value)] = []
        subscript(api: Int) -> Value? {
            get { entries.first { $0.api == api }?.value }
            set {
                entries.removeAll { $0.api == api }
                if let newValue { entries.append((api, newValue)) }
            }
        }
    }
    private let readings = Mutex(Readings())

    package init() {}

    /// Derived data is not part of an app's value: two apps with equal fields are equal.
    package static func == (lhs: ManifestCache, rhs: ManifestCache) -> Bool { true }

    /// `AppLinkDomains.collect` for `api`, made once.
    func collection(api: Int, make: () -> AppLinkDomains.Collection) -> AppLinkDomains.Collection {
        if let known = readings.withLock({ $0.collections[api] }) { return known }
        let made = make()
        readings.withLock { $0.collections[api] = made }
        return made
    }

    /// Every filter of every activity, prepared for `api` (indexed as `activities[i].intentFilters[j]`). Only
    /// `App.preparedFilters(api:)` asks, with the activities this box was made for.
    fileprivate func preparedFilters(api: Int, activities: [Activity]) -> [[IntentFilterMatcher.PreparedFilter]] {
        if let known = readings.withLock({ $0.filters[api] }) { return known }
        let made = activities.map { activity in activity.intentFilters.map { IntentFilterMatcher.PreparedFilter($0, api: api) } }
        readings.withLock { $0.filters[api] = made }
        return made
    }
}

extension App {
    /// Every filter of every activity, prepared for `api` once per manifest (indexed as `activities[i].intentFilters[j]`).
    func preparedFilters(api: Int) -> [[IntentFilterMatcher.PreparedFilter]] {
        manifestCache.preparedFilters(api: api, activities: activities)
    }
}
