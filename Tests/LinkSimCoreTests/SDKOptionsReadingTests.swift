import Testing

@testable import LinkSimCore

/// AppsFlyer's options are read in one pass over what the scenario wrote, and durations in
/// milliseconds are written on integers; both must read and write exactly as before.
@Suite struct SDKOptionsReadingTests {
    /// The former `formatMilliseconds` (text padding and trimming), kept as the reference.
    static func referenceMilliseconds(_ ms: Int64) -> String {
        let whole = ms / 1000
        let rest = ms % 1000
        guard rest != 0 else { return "\(whole)s" }
        var fraction = String(rest)
        while fraction.count < 3 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)s"
    }

    @Test func millisecondsAreWrittenAsBefore() {
        var values: [Int64] = Array(-3_000...12_000)
        values += [20_500, 3_007, 999_999_999, Int64.max, Int64.min + 1, 1_000_000_001]
        for ms in values {
            #expect(formatMilliseconds(ms) == Self.referenceMilliseconds(ms), "\(ms)")
        }
        #expect(formatMilliseconds(20_500) == "20.5s" && formatMilliseconds(3_007) == "3.007s" && formatMilliseconds(3_000) == "3s")
    }

    @Test func everyOptionIsReadAndOthersAreIgnored() {
        let defaults = AppsFlyerOptions(SDKConfig(provider: .appsflyer))
        #expect(defaults.udl && defaults.conversionData && defaults.eddl && !defaults.clipboardRecipe)
        #expect(defaults.checkIsFirstLaunch && defaults.udlOnReinstall && defaults.waitForATT == nil)
        #expect(defaults.deepLinkTimeoutMs == 3000 && defaults.clickLookback == .days(7) && defaults.version == nil)
        #expect(defaults.started && defaults.forwardsLinks && defaults.routesOnce && !defaults.debug && !defaults.testDevice)
        #expect(defaults.udlRequested)

        let all = AppsFlyerOptions(
            SDKConfig(
                provider: .appsflyer,
                options: [
                    "udl": .bool(true), "conversion_data": .bool(false), "eddl": .bool(false), "clipboard_recipe": .bool(true),
                    "check_is_first_launch": .bool(false), "udl_on_reinstall": .bool(false),
                    "wait_for_att": .duration(SimDuration(seconds: 30)), "deep_link_timeout": .duration(SimDuration(seconds: 5)),
                    "click_lookback": .duration(.days(1)), "version": .string("6.0.5"), "started": .bool(false),
                    "forwards_links": .bool(false), "routes_once": .bool(false), "debug": .bool(true), "test_device": .bool(true),
                    "unknown_key": .bool(false),
                ]))
        #expect(!all.conversionData && !all.eddl && all.clipboardRecipe && !all.checkIsFirstLaunch && !all.udlOnReinstall)
        #expect(all.waitForATT == SimDuration(seconds: 30) && all.deepLinkTimeoutMs == 5000 && all.clickLookback == .days(1))
        #expect(all.version == [6, 0, 5] && all.versionText == "6.0.5")
        #expect(!all.started && !all.forwardsLinks && !all.routesOnce && all.debug && all.testDevice)
        // 6.0.5 predates UDL: asked for, not available.
        #expect(all.udlRequested && !all.udl)

        // A value of the wrong kind leaves the default, as a lookup did.
        let odd = AppsFlyerOptions(
            SDKConfig(
                provider: .appsflyer,
                options: ["udl": .string("yes"), "wait_for_att": .bool(true), "version": .string("6.x"), "debug": .null]))
        #expect(odd.udl && odd.udlRequested && odd.waitForATT == nil && odd.version == nil && odd.versionText == "6.x" && !odd.debug)
        let off = AppsFlyerOptions(SDKConfig(provider: .appsflyer, options: ["udl": .bool(false), "version": .string("6.2")]))
        #expect(!off.udl && !off.udlRequested && off.version == [6, 2])
    }
}
