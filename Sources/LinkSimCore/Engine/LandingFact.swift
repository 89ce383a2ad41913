/// The facts a landing reports besides the contract's fixed keys: what a deep-link SDK told the app
/// and what the app's own code did with the link (issue #18). One
/// vocabulary for the engine, the JSON and text output, and `expect:` (each name is a key there).
package enum LandingFact: String, Sendable, CaseIterable, Comparable {
    // A deep-link SDK's answer.
    case matchType = "match_type"
    case deepLinkStatus = "deep_link_status"
    case isDeferred = "is_deferred"
    case afStatus = "af_status"
    case isFirstLaunch = "is_first_launch"
    case matchGuaranteed = "match_guaranteed"
    case sdkCallback = "sdk_callback"
    case deliveredAfter = "delivered_after"
    case pasteUI = "paste_ui"
    case routedTwice = "routed_twice"
    // Landing pages.
    case fallbackRace = "fallback_race"
    case appClip = "app_clip"
    // The app's side.
    case navigation
    case backStack = "back_stack"
    case routedAfter = "routed_after"
    case scene

    /// Output writes facts in the order of their names.
    package static func < (lhs: LandingFact, rhs: LandingFact) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Equality and hashing compare the case, not its name: the `RawRepresentable` defaults hashed the
    /// name's text on every lookup in a landing's facts (issue #14). Same answers, as the names are distinct.
    package static func == (lhs: LandingFact, rhs: LandingFact) -> Bool { lhs.ordinal == rhs.ordinal }
    package func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// The case's place in the declaration.
    var ordinal: UInt8 {
        switch self {
        case .matchType: 0
        case .deepLinkStatus: 1
        case .isDeferred: 2
        case .afStatus: 3
        case .isFirstLaunch: 4
        case .matchGuaranteed: 5
        case .sdkCallback: 6
        case .deliveredAfter: 7
        case .pasteUI: 8
        case .routedTwice: 9
        case .fallbackRace: 10
        case .appClip: 11
        case .navigation: 12
        case .backStack: 13
        case .routedAfter: 14
        case .scene: 15
        }
    }

    /// The facts of a deferred or provider open (`expect` keys).
    package static let deferred: [LandingFact] = [
        .matchType, .deepLinkStatus, .isDeferred, .afStatus, .isFirstLaunch, .matchGuaranteed, .sdkCallback, .deliveredAfter, .pasteUI,
        .routedTwice, .fallbackRace, .appClip,
    ]
    /// The facts of what the app did with the link.
    package static let appSide: [LandingFact] = [.navigation, .backStack, .routedAfter, .scene]
}
