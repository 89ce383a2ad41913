/// The AppsFlyer SDK integration of an app (`sdk:` options), with their defaults.
struct AppsFlyerOptions {
    var udl = true
    var conversionData = true
    /// Extended DDL: the app also routes from conversion data when UDL has nothing [AF-eDDL].
    var eddl = true
    var clipboardRecipe = false
    /// Whether the app's conversion-data handler checks is_first_launch before routing [AF-Issue-319].
    var checkIsFirstLaunch = true
    /// Assumption A4 (undocumented): UDL still returns a deferred deep link on a reinstall.
    var udlOnReinstall = true
    var waitForATT: SimDuration?
    var deepLinkTimeoutMs: Int64 = 3000
    /// The click lookback configured for referrer and ID matching (default 7 days) [AF-Lookback].
    var clickLookback: SimDuration = .days(7)

    /// The app asked for UDL (`udl:`); `udl` is false when its SDK is too old to have it.
    var udlRequested = true
    /// The SDK version the app ships (`version: "6.0.5"`): nil when not given (a current SDK).
    var version: [Int]?
    var versionText: String?
    /// `started: false`: the app never calls start() (issue #18 item 7).
    var started = true
    /// `forwards_links: false`: the app does not pass the opened link to the SDK.
    var forwardsLinks = true
    /// `routes_once: false`: UDL and conversion data both route (no "processed" flag).
    var routesOnce = true
    var debug = false
    var testDevice = false

    /// UDL exists from this SDK version on (see `tellUDLMissing`).
    static let udlMinimumVersion = [6, 1]

    /// Whether the app's SDK has Unified Deep Linking (no version given: yes).
    var udlAvailable: Bool {
        guard let version else { return true }
        return !version.lexicographicallyPrecedes(Self.udlMinimumVersion)
    }

    init(_ sdk: SDKConfig) {
        // One pass over what the scenario wrote (usually nothing or a key or two), not a lookup per option.
        for (key, value) in sdk.options {
            switch key {
            case "udl": udl = value.boolValue ?? udl
            case "conversion_data": conversionData = value.boolValue ?? conversionData
            case "eddl": eddl = value.boolValue ?? eddl
            case "clipboard_recipe": clipboardRecipe = value.boolValue ?? clipboardRecipe
            case "check_is_first_launch": checkIsFirstLaunch = value.boolValue ?? checkIsFirstLaunch
            case "udl_on_reinstall": udlOnReinstall = value.boolValue ?? udlOnReinstall
            case "wait_for_att": if case .duration(let d) = value { waitForATT = d }
            case "deep_link_timeout": if case .duration(let d) = value { deepLinkTimeoutMs = d.seconds * 1000 }
            case "click_lookback": if case .duration(let d) = value { clickLookback = d }
            case "version":
                if case .string(let text) = value {
                    versionText = text
                    let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
                    if !parts.isEmpty, parts.allSatisfy({ $0 != nil }) { version = parts.compactMap { $0 } }
                }
            case "started": started = value.boolValue ?? started
            case "forwards_links": forwardsLinks = value.boolValue ?? forwardsLinks
            case "routes_once": routesOnce = value.boolValue ?? routesOnce
            case "debug": debug = value.boolValue ?? debug
            case "test_device": testDevice = value.boolValue ?? testDevice
            default: break
            }
        }
        udlRequested = udl
        udl = udl && udlAvailable
    }
}

/// The Branch SDK integration of an app.
struct BranchOptions {
    var checkPasteboardOnInstall = false
    var matchDuration: SimDuration = .hours(2)

    init(_ sdk: SDKConfig) {
        checkPasteboardOnInstall = sdk.options["check_pasteboard_on_install"]?.boolValue ?? false
        if case .duration(let d)? = sdk.options["match_duration"] { matchDuration = d }
    }
}

/// The Adjust SDK integration of an app.
struct AdjustOptions {
    var linkMe = false
    var probabilisticWindow: SimDuration = .hours(6)
    var deviceMatchingWindow: SimDuration = .days(7)
    var launchDeferredDeeplink = true

    init(_ sdk: SDKConfig) {
        linkMe = sdk.options["link_me"]?.boolValue ?? false
        launchDeferredDeeplink = sdk.options["launch_deferred_deeplink"]?.boolValue ?? true
        if case .duration(let d)? = sdk.options["probabilistic_window"] { probabilisticWindow = d }
        if case .duration(let d)? = sdk.options["device_matching_window"] { deviceMatchingWindow = d }
    }
}

/// Milliseconds as the trace shows them: `20.5s`, `3s`.
func formatMilliseconds(_ ms: Int64) -> String {
    let whole = ms / 1000
    let rest = ms % 1000
    guard rest != 0 else { return "\(whole)s" }
    guard rest > 0 else {
        // A negative duration (not one linksim makes): the digits as they always were written.
        var fraction = String(rest)
        while fraction.count < 3 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)s"
    }
    // Three digits with their leading zeros, without the trailing ones (20500 -> "20.5s", 3007 -> "3.007s").
    var digits = rest
    var width = 3
    while digits % 10 == 0 {
        digits /= 10
        width -= 1
    }
    let text = String(digits)
    return "\(whole)." + String(repeating: "0", count: width - text.utf8.count) + text + "s"
}

extension AppsFlyerOptions {
    /// The app asks for Unified Deep Linking but ships an SDK older than 6.1: only the legacy callbacks run.
    func tellUDLMissing(trace: inout TraceRecorder) {
        guard udlRequested, !udlAvailable else { return }
        trace.add(
            "AppsFlyer SDK",
            "The app ships AppsFlyer SDK \(versionText ?? "?"), older than 6.1: Unified Deep Linking does not exist there, so only the legacy callbacks (onAppOpenAttribution, onConversionDataSuccess) run",
            rule: Rule.deferredAfUdlNeedsSdk61)
    }
}
