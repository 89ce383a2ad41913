@testable import LinkSimCore

/// Builds the scenarios of knowledge/deferred.md §11: link L, routes apples → ApplesScreen, udl, conversion
/// data and eDDL on, ATT denied, same network, 500 ms latency, no ATT wait — each test changes what it needs.
enum DeferredFixture {
    static let link = "https://acme.onelink.me/H5hv?pid=Email&c=spring&deep_link_value=apples&deep_link_sub1=23"

    static func app(platform: String, state: String, sdk: String) -> String {
        let common = """
              - id: com.example.shop
                name: Shop
                state: \(state)
                url_schemes: [acme]
                home_screen: HomeScreen
                sdk: \(sdk)
                routes:
                  - {deep_link_value: apples, screen: ApplesScreen}
                  - {param: fruit_name, value: apples, screen: ApplesScreen}
                  - {param: product_id, value: "{id}", screen: ProductDetail}
                  - {url: "acme://apples", screen: ApplesScreen}
                  - {url: "example://apples", screen: ApplesScreen}
            """
        if platform == "ios" {
            return common + "\n    team_id: ABCDE12345\n    associated_domains: [\"applinks:acme.onelink.me\"]"
        }
        return common + """

                activities:
                  - name: .MainActivity
                    exported: true
                    intent_filters:
                      - auto_verify: true
                        actions: [VIEW]
                        categories: [DEFAULT, BROWSABLE]
                        data: [{scheme: https, host: acme.onelink.me}]
                      - actions: [VIEW]
                        categories: [DEFAULT, BROWSABLE]
                        data: [{scheme: acme}]
            """
    }

    /// A whole scenario. `actions` is the YAML list body (indented by two spaces).
    static func scenario(
        platform: String = "ios", os: String = "17.2", device: String = "att: denied",
        state: String = "not_installed", sdk: String = "{provider: appsflyer}",
        providers: String = "appsflyer: {domain: acme.onelink.me, template: H5hv, app: com.example.shop}",
        clock: String = "2026-03-02T10:00:00Z", actions: String
    ) -> String {
        """
        linksim: 1
        name: vector
        clock: \(clock)
        device: {platform: \(platform), os: "\(os)"\(device.isEmpty ? "" : ", " + device)}
        apps:
        \(app(platform: platform, state: state, sdk: sdk))
        providers:
          \(providers)
        actions:
        \(actions)
        """
    }

    /// Tap L (or `url`) from `from`, install, wait `wait`, launch.
    static func deferred(
        platform: String = "ios", os: String = "17.2", device: String = "att: denied",
        sdk: String = "{provider: appsflyer}",
        providers: String = "appsflyer: {domain: acme.onelink.me, template: H5hv, app: com.example.shop}",
        url: String = link, from: String? = nil, tapExtra: String = "", install: String = "com.example.shop",
        beforeLaunch: String = "", wait: String = "5m", after: String = ""
    ) -> String {
        let source = from ?? (platform == "ios" ? "safari" : "chrome")
        return scenario(
            platform: platform, os: os, device: device, sdk: sdk, providers: providers,
            actions: """
                  - tap: "\(url)"
                    from: \(source)\(tapExtra)
                  - install: \(install)
                  - wait: \(wait)\(beforeLaunch)
                  - launch: com.example.shop\(after)
                """)
    }
}

extension ActionResult {
    /// The landing's facts by their contract names.
    var extra: [String: String] { Dictionary(uniqueKeysWithValues: (landing?.extra ?? [:]).map { ($0.key.rawValue, $0.value) }) }
    var assumptions: [String] { trace.compactMap(\.assumption) }
}
