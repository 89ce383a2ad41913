import Testing

@testable import LinkSimCore

/// Input a scenario cannot mean is refused where it is written, never carried on as something else.
@Suite struct InputChecksTests {
    static func scenario(_ device: String = #"{platform: ios, os: "17.4"}"#, clock: String = "2026-01-01T00:00:00Z", actions: String) -> String {
        """
        linksim: 1
        name: checks
        clock: \(clock)
        device: \(device)
        apps: [{id: com.example.shop, state: background, url_schemes: [shopapp]}]
        actions:
        \(actions)
        """
    }

    /// `2026-02-30` is refused with the month's length, not moved to March 2; February 29 exists only in leap years.
    @Test func aDayTheMonthDoesNotHaveIsRefused() throws {
        #expect(SimInstant.parse("2026-02-30T00:00:00Z") == nil)
        #expect(SimInstant.parse("2026-02-29") == nil)
        #expect(SimInstant.parse("2028-02-29") != nil)
        #expect(SimInstant.parse("2026-04-31") == nil && SimInstant.parse("2026-04-30") != nil)
        #expect(SimInstant.parse("2100-02-29") == nil && SimInstant.parse("2000-02-29") != nil)
        #expect(SimInstant.parse("2026-12-31T23:59:59Z") != nil)
        // Nor a leap second or an offset no clock has, which would move the time as silently.
        #expect(SimInstant.parse("2026-02-28T23:59:60Z") == nil)
        #expect(SimInstant.parse("2026-02-28T10:00:00+99:99") == nil && SimInstant.parse("2026-02-28T10:00:00+24:00") == nil)
        #expect(SimInstant.parse("2026-02-28T10:00:00+14:00") != nil && SimInstant.parse("2026-02-28T10:00:00-09:30") != nil)
        let errors = diagnostics(Self.scenario(clock: "2026-02-30", actions: "  - wait: 1m"))
        #expect(errors.count == 1)
        #expect(errors.first?.hasSuffix("got `2026-02-30` (2026-02 has 28 days)") == true, "\(errors)")
    }

    @Test func longPressIsIOSOnly() throws {
        let text = Self.scenario(
            #"{platform: android, os: "14"}"#, actions: "  - {long_press: \"https://shop.example.com/p/2\", from: chrome, choose: open_in_safari}")
        let errors = diagnostics(text)
        #expect(errors.count == 1)
        #expect(errors.first?.contains("is iOS's long-press menu") == true, "\(errors)")
        #expect(errors.first?.contains("this scenario's device is android: use `tap`") == true)
        #expect(diagnostics(Self.scenario(actions: "  - {long_press: \"https://shop.example.com/p/2\", from: notes, choose: open_in_safari}")).isEmpty)
    }

    /// `set:` checks a value as the file's own key does: `target_sdk` is 1…99 in both.
    @Test func setChecksTargetSDKAsTheAppsKeyDoes() throws {
        let android = #"{platform: android, os: "14"}"#
        #expect(diagnostics(Self.scenario(android, actions: "  - set: {apps.0.target_sdk: 99}")).isEmpty)
        #expect(diagnostics(Self.scenario(android, actions: "  - set: {apps.0.target_sdk: \"34\"}")).isEmpty, "quoted, as the apps key takes it")
        let errors = diagnostics(Self.scenario(android, actions: "  - set: {apps.0.target_sdk: 99999999999}"))
        #expect(errors.count == 1 && errors.first?.contains("between 1 and 99") == true, "\(errors)")
    }

    /// A duplicate key in a flow mapping is reported at its second writing, with the first's place, as in a block.
    @Test func aDuplicateKeyInAFlowMappingNamesBothPlaces() throws {
        let text = """
            linksim: 1
            name: x
            device: {platform: ios, os: "17.4", os: "16"}
            tap: shopapp://x
            from: notes
            """
        #expect(diagnostics(text) == ["test.yaml:3:37: error: key `os` appears more than once in the same mapping (first at line 3, column 25)"])
        let quoted = """
            linksim: 1
            name: x
            device: {platform: ios, os: "17.4"}
            web:
              a.com: {redirects: {"/a": "https://b.com", x: {"/a": 1}, "/a": "https://c.com"}}
            tap: shopapp://x
            from: notes
            """
        let expected = "test.yaml:5:60: error: key `/a` appears more than once in the same mapping (first at line 5, column 23)"
        #expect(diagnostics(quoted) == [expected])
    }

    /// An Android `update` to a build Android refuses to install (target 31+, a filtered activity without
    /// android:exported) changes nothing, as `install` of it does: the old build stays.
    @Test func anAndroidUpdateToABuildAndroidRefusesChangesNothing() throws {
        let text = """
            linksim: 1
            name: refused update
            device: {platform: android, os: "14"}
            apps:
              - {id: com.example.shop, name: Shop, state: background, target_sdk: 30,
                 activities: [{name: .MainActivity, intent_filters: [{actions: [VIEW], categories: [DEFAULT, BROWSABLE], data: [{scheme: shopapp}]}]}]}
            actions:
              - set: {apps.0.target_sdk: 34}
              - update: com.example.shop
            """
        let result = Simulator.run(try loadScenario(text)).results[1]
        #expect(result.trace.count == 1)
        #expect(result.trace.first?.summary.hasPrefix("Refuses to install this build of Shop, so nothing changes") == true)
    }

    /// `update` of an app that is not installed changes nothing, and says so (it said it updated, and on Android that
    /// the update kept the user state the uninstall had deleted).
    @Test func updatingAnUninstalledAppChangesNothing() throws {
        for device in [#"{platform: ios, os: "17.4"}"#, #"{platform: android, os: "14"}"#] {
            let world = try loadScenario(
                Self.scenario(device, actions: "  - uninstall: com.example.shop\n  - update: com.example.shop\n  - launch: com.example.shop"))
            let outcome = Simulator.run(world)
            let update = outcome.results[1].trace.map(\.summary)
            #expect(update == ["com.example.shop is not installed, so there is nothing to update (the store offers Install); nothing changes"], "\(update)")
            #expect(outcome.results[2].landing?.kind == .nowhere)
        }
    }
}
