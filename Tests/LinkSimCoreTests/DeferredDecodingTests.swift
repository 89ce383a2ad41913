import Testing

@testable import LinkSimCore

/// The scenario keys the deferred rule set adds: decoded strictly, with located errors and did-you-mean.
@Suite struct DeferredDecodingTests {
    @Test func newKeysDecode() throws {
        let s = try loadScenario(
            """
            linksim: 1
            name: keys
            device: {platform: ios, os: "17.2", att_answer_after: 20s}
            apps:
              - {id: com.example.shop, sdk: {provider: appsflyer, check_is_first_launch: false, wait_for_att: 60s}}
            providers:
              appsflyer: {domain: Acme.onelink.me, copy_to_clipboard: true, server_latency_ms: 4000}
              branch: {domain: acme.app.link, copy_to_clipboard: true}
              adjust: {domain: brand.go.link, copy_to_clipboard: false}
            actions:
              - tap: https://acme.onelink.me/H5hv
                srn: true
              - set: {device.att_answer_after: 5s}
              - launch: com.example.shop
                expect: {lands: app, match_type: srn, is_deferred: true, delivered_after: 60.5s}
            """)
        #expect(s.device.attAnswerAfter == SimDuration(seconds: 20))
        #expect(s.apps[0].sdk.options["check_is_first_launch"] == .bool(false))
        #expect(s.providers.appsflyer?.domain == "acme.onelink.me")
        #expect(s.providers.appsflyer?.options["server_latency_ms"] == .int(4000))
        #expect(s.providers.branch?.options["copy_to_clipboard"] == .bool(true))
        #expect(s.providers.adjust?.options["copy_to_clipboard"] == .bool(false))
        guard case .tap(let tap) = s.actions[0].kind else {
            Issue.record("not a tap")
            return
        }
        #expect(tap.srn)
        #expect(s.actions[2].expect?.extra == [.matchType: "srn", .isDeferred: "true", .deliveredAfter: "60.5s"])
    }

    @Test func mistakesAreLocatedWithSuggestions() {
        let problems = diagnostics(
            """
            linksim: 1
            name: bad
            device: {platform: ios, os: "17.2", att_answer_after: soon}
            apps:
              - {id: com.example.shop, sdk: {provider: appsflyer, check_is_first_lanch: false}}
            providers:
              appsflyer: {domain: acme.onelink.me, copy_to_clipbaord: true, server_latency_ms: fast}
              adjust: {domain: x.go.link, copy_to_clipboard: maybe}
              firebase: {domain: acme.page.link, copy_to_clipboard: true}
            actions:
              - tap: https://acme.onelink.me/H5hv
                srn: yes please
              - launch: com.example.shop
                expect: {lands: app, match_typ: srn}
            """)
        #expect(
            problems == [
                "test.yaml:3:55: error: `device.att_answer_after` must be a duration such as 30s, 20m, 36h or 8d, got `soon`",
                "test.yaml:5:55: error: unknown key `check_is_first_lanch` in apps[0].sdk for provider appsflyer (options: check_is_first_launch, click_lookback, clipboard_recipe, conversion_data, debug, deep_link_timeout, eddl, forwards_links, routes_once, started, test_device, udl, udl_on_reinstall, version, wait_for_att); did you mean `check_is_first_launch`?",
                "test.yaml:7:40: error: unknown key `copy_to_clipbaord` in providers.appsflyer; did you mean `copy_to_clipboard`?",
                "test.yaml:7:84: error: `providers.appsflyer.server_latency_ms` must be a whole number, got `fast`",
                "test.yaml:8:50: error: `providers.adjust.copy_to_clipboard` must be true or false, got `maybe`",
                "test.yaml:9:38: error: unknown key `copy_to_clipboard` in providers.firebase",
                "test.yaml:12:10: error: `actions[0].srn` must be true or false, got `yes please`",
                "test.yaml:14:26: error: unknown key `match_typ` in actions[1].expect; did you mean `match_type`?",
            ])
    }

    @Test func setReachesTheDeferredInputs() throws {
        let r = try simulate(
            """
            linksim: 1
            name: set
            device: {platform: ios, os: "17.2", att: denied}
            apps:
              - {id: com.example.shop, state: not_installed, sdk: {provider: appsflyer, wait_for_att: 60s}, routes: [{deep_link_value: apples, screen: Apples}]}
            providers:
              appsflyer: {domain: acme.onelink.me, app: com.example.shop}
            actions:
              - tap: https://acme.onelink.me/H5hv?deep_link_value=apples
                from: safari
              - install: com.example.shop
              - set: {device.att_answer_after: 5s, device.network: cellular}
              - launch: com.example.shop
            """)
        #expect(r[3].extra["delivered_after"] == "5.5s")
        #expect(r[3].landing?.screen == "Home")  // the network changed: no probabilistic match
    }
}
