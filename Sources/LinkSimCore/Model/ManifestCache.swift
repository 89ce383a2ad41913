import Synchronization

/// What the engine derives from one app's manifest (its activities, target SDK and package) and its router
/// (routes and home screen), made the first time a simulation asks and kept with the `App` value it was
/// derived from.
///
/// The readings are pure functions of those fields and of what is asked (an API level, a link), so when
/// they are made changes nothing a simulation shows. `App` replaces its box with an empty one whenever one
/// of those fields changes (an update that ships another manifest, a decoder filling the app in), so a
/// box never outlives the values it describes; copies of an app (a world per simulation, the TUI's
/// worlds per key) share it, behind a lock, as `ServedBody` shares a parsed body (issue #14: the
/// handler search prepared every filter of every app again on every tap, and the verifier collected
/// the same hosts three times per tap).
package final class ManifestCache: Sendable, Equatable {
    private struct Readings: Sendable {
        var collections = ByAPI<AppLinkDomains.Collection>()
        var filters = ByAPI<[[IntentFilterMatcher.PreparedFilter]]>()
        /// The lean handler search's answers, per link, API level and whether the app is the caller.
        var handlerAnswers = KeptAnswers<HandlerQuestion, HandlerAnswer>()
        /// The router's outcomes (`AppRouter.route`), per link and whether it is a web link.
        var routes = KeptAnswers<Bool, AppRouter.Outcome>()
    }

    /// What `AndroidHandlers` finds in one app for a link without trace text: the activities and filters that
    /// handle it, and the bare steps the trace gets. A pure function of the manifest (activities, target SDK,
    /// package), the API level, the link and whether the app starts it itself, so it is kept here with the
    /// prepared filters it is read from (issue #14: the search was a fifth of a simulation, and its answer is
    /// the same for every simulation of a scenario, and for every matrix cell that keeps the manifest).
    struct HandlerQuestion: Equatable, Sendable {
        var api: Int
        var ownCall: Bool
    }

    struct HandlerAnswer: Sendable, Equatable {
        struct Found: Sendable, Equatable {
            var activity: Int
            var filter: Int
        }
        var handlers: [Found] = []
        var steps: [TraceStep] = []
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

    /// `AndroidHandlers`' lean answer for `url` at `api`, made once by `make`.
    func handlerAnswer(api: Int, url: String, ownCall: Bool, make: () -> HandlerAnswer) -> HandlerAnswer {
        let question = HandlerQuestion(api: api, ownCall: ownCall)
        if let known = readings.withLock({ $0.handlerAnswers.value(for: url, question) }) { return known }
        let made = make()
        readings.withLock { $0.handlerAnswers.keep(made, for: url, question) }
        return made
    }

    /// `AppRouter.route` of `url` in this box's app, made once by `make` (issue #14: matching every route
    /// pattern again was ~3,500 instructions a simulation).
    func route(_ url: String, webLink: Bool, make: () -> AppRouter.Outcome) -> AppRouter.Outcome {
        if let known = readings.withLock({ $0.routes.value(for: url, webLink) }) { return known }
        let made = make()
        readings.withLock { $0.routes.keep(made, for: url, webLink) }
        return made
    }

    /// The links this box keeps routes for, in the order kept (tests).
    var keptRouteURLs: [String] { readings.withLock { $0.routes.urls } }

    /// The links this box keeps handler answers for, in the order kept (tests).
    var keptHandlerAnswerURLs: [String] { readings.withLock { $0.handlerAnswers.urls } }

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
