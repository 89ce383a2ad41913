/// A deferred deep-link provider a link belongs to.
/// A provider link that reaches the app some other way (its URI-scheme fallback): the SDK still
/// reports the link's data when the app opens.
struct ProviderLinkContext: Sendable, Equatable {
    var provider: LinkProvider
    var params: [String: String]
    var url: String
    var firstLaunch: Bool
    /// The scheme URL the app receives.
    var deliveredURL: String

    var routing: (Int, inout World, inout TraceRecorder) -> SDKRoutedLink {
        DirectOpen.routing(provider: provider, params: params, url: url, firstLaunch: firstLaunch, deliveredURL: deliveredURL)
    }
}

enum LinkProvider: String, Sendable, Equatable {
    case appsflyer, branch, adjust, firebase

    var displayName: String {
        switch self {
        case .appsflyer: return "AppsFlyer OneLink"
        case .branch: return "Branch"
        case .adjust: return "Adjust"
        case .firebase: return "Firebase Dynamic Links"
        }
    }

    /// The SDK in the app that understands this provider's links.
    var sdk: SDKProvider? {
        switch self {
        case .appsflyer: return .appsflyer
        case .branch: return .branch
        case .adjust: return .adjust
        case .firebase: return nil
        }
    }
}

/// What the provider's server recorded when the user tapped its link: the inputs of first-open
/// matching.
struct ProviderClick: Sendable, Equatable {
    var provider: LinkProvider
    /// The app the link is for (from `providers.<name>.app`, else the app whose SDK matches).
    var appID: String?
    var url: String
    /// The link's data: query parameters (long links), resolved short-link data, or Branch link data.
    var params: [String: String]
    var time: SimInstant
    /// The network the device was on at the click (probabilistic matching compares it at first open).
    var network: String
    /// True when the click reached the provider through iCloud Private Relay (Safari on iOS 15+).
    var relayed: Bool
    /// The click carried the device's advertising ID (`ad_click: true`).
    var adClick: Bool
    /// The click was reported by a self-reporting network (`srn: true`).
    var srn: Bool
    /// The click sent the user to Google Play with the click in the `referrer` parameter.
    var wentToPlayWithReferrer: Bool
}

/// The deferred-link memory of the simulated world: provider clicks, install history and the
/// conversion data each SDK cached.
struct DeferredState: Sendable, Equatable {
    var clicks: [ProviderClick] = []
    /// The latest install time of each app installed during the simulation (`lastInstall(of:)` reads it).
    var lastInstall: [String: SimInstant] = [:]
    /// The apps installed when the simulation starts, and when (their `installed_at`, else the scenario's clock).
    /// A short list read in order: a dictionary of them cost some 1,000 instructions per simulation to build
    /// (issue #14), for the few simulations that read it.
    var initialInstalls: [InitialInstall] = []
    struct InitialInstall: Sendable, Equatable {
        var appID: String
        var at: SimInstant
    }

    /// The latest install time of `appID`: its last install during the simulation, else its install at the start.
    func lastInstall(of appID: String) -> SimInstant? {
        lastInstall[appID] ?? initialInstalls.first { $0.appID == appID }?.at
    }
    /// The install before the latest one, for reinstalls.
    var previousInstall: [String: SimInstant] = [:]
    /// AppsFlyer conversion data cached on the first launch of the current install.
    var conversion: [String: [String: String]] = [:]

    /// The most recent click on a link for `appID` from `provider`.
    func latestClick(for appID: String, provider: LinkProvider) -> ProviderClick? {
        clicks.last { $0.appID == appID && $0.provider == provider }
    }

    mutating func noteInstall(_ appID: String, at time: SimInstant) {
        if let last = lastInstall(of: appID) { previousInstall[appID] = last }
        lastInstall[appID] = time
        // The SDK's local state (cached conversion data) goes with the old install.
        conversion[appID] = nil
    }
}
