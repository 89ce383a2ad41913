import LinkSimCore
import Testing

/// Keys that are valid but do nothing on the simulated platform are warnings, never silently ignored.
@Suite struct NoEffectWarningTests {
    func warnings(_ yaml: String) throws -> [String] {
        try ScenarioLoader.parse(yaml, file: "w.yaml", baseDirectory: nil).warnings.map(\.description)
    }

    @Test func iosKeysOnAnAndroidScenarioAndUncollectedHostsAreWarned() throws {
        let found = try warnings(
            """
            linksim: 1
            name: warnings
            device: {platform: android, os: "14", developer_mode: true}
            apps:
              - id: com.example.shop
                name: Shop
                team_id: ABCDE12345
                activities:
                  - name: .MainActivity
                    exported: true
                    intent_filters:
                      - {auto_verify: true, actions: [VIEW], categories: [DEFAULT, BROWSABLE], data: [{scheme: https, host: shop.example.com}]}
                domain_verification: {shop.example.com: verified, other.example.com: verified}
            tap: https://shop.example.com/x
            """)
        #expect(
            found == [
                "w.yaml:3:39: warning: `device.developer_mode` has no effect on Android (it is an iOS setting)",
                "w.yaml:7:5: warning: `apps[0].team_id` has no effect on Android (it is an iOS setting)",
                "w.yaml:13:5: warning: `apps[0].domain_verification.other.example.com` has no effect: no autoVerify filter of com.example.shop collects other.example.com, so the verifier never checks it (see rule android.applinks.collected-hosts)",
            ])
    }

    @Test func androidKeysOnAnIOSScenarioAreWarned() throws {
        let found = try warnings(
            """
            linksim: 1
            name: warnings
            device: {platform: ios, os: "17.4", browsers: [chrome]}
            apps:
              - {id: com.example.shop, name: Shop, url_schemes: [shopapp], target_sdk: 34}
            tap: shopapp://x
            """)
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.contains("has no effect on iOS (it is an Android setting)") })
    }

    @Test func aCleanScenarioHasNoWarnings() throws {
        // A clean scenario has no warnings at all.
        let found = try warnings(
            """
            linksim: 1
            name: clean
            device: {platform: ios, os: "17.4"}
            apps: [{id: com.example.shop, name: Shop, url_schemes: [shopapp]}]
            tap: shopapp://x
            """)
        #expect(found.isEmpty)
    }
}
