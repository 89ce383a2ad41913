/// The AppsFlyer SDK integration of an app (`sdk:` options), with the defaults of knowledge/deferred.md §11.
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

    init(_ sdk: SDKConfig) {
        let o = sdk.options
        udl = o["udl"]?.boolValue ?? udl
        conversionData = o["conversion_data"]?.boolValue ?? conversionData
        eddl = o["eddl"]?.boolValue ?? eddl
        clipboardRecipe = o["clipboard_recipe"]?.boolValue ?? clipboardRecipe
        checkIsFirstLaunch = o["check_is_first_launch"]?.boolValue ?? checkIsFirstLaunch
        udlOnReinstall = o["udl_on_reinstall"]?.boolValue ?? udlOnReinstall
        if case .duration(let d)? = o["wait_for_att"] { waitForATT = d }
        if case .duration(let d)? = o["deep_link_timeout"] { deepLinkTimeoutMs = d.seconds * 1000 }
        if case .duration(let d)? = o["click_lookback"] { clickLookback = d }
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
    var fraction = String(rest)
    while fraction.count < 3 { fraction = "0" + fraction }
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(whole).\(fraction)s"
}
