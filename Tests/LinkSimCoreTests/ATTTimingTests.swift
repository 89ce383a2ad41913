import Testing

@testable import LinkSimCore

/// An ad click is ID-matched only when the IDFA the SDK sent was readable: the user authorized ATT before the SDK
/// sent its first request (at launch, or after `waitForATTUserAuthorization` returned). deferred.md §2.6, §10.2.
@Suite struct ATTTimingTests {
    static func firstOpen(answerAfter: String?, waitForATT: String?) throws -> ActionResult {
        let answer = answerAfter.map { ", att_answer_after: \($0)" } ?? ""
        let wait = waitForATT.map { ", wait_for_att: \($0)" } ?? ""
        let results = try simulate(
            """
            linksim: 1
            name: att timing
            clock: 2026-03-02T10:00:00Z
            device: {platform: ios, os: "17.2", att: authorized, private_relay: true\(answer)}
            apps:
              - {id: com.example.shop, name: Shop, state: not_installed, team_id: ABCDE12345,
                 routes: [{deep_link_value: apples, screen: ApplesScreen}], home_screen: HomeScreen,
                 sdk: {provider: appsflyer\(wait)}}
            providers: {appsflyer: {domain: acme.onelink.me, template: H5hv, app: com.example.shop}}
            actions:
              - {tap: "https://acme.onelink.me/H5hv?pid=ads&deep_link_value=apples", from: safari, ad_click: true}
              - install: com.example.shop
              - wait: 5m
              - launch: com.example.shop
            """)
        return results[3]
    }

    @Test(
        arguments: [
            // (answer, wait, ID-matched): the answer at the very end of the wait still counts; a second later does not.
            ("60s", "60s", true), ("61s", "60s", false), ("2m", "60s", false), ("20s", "60s", true),
            // Without the wait the SDK sends at launch: only an answer given before (none written) is readable.
            (nil, nil, true), ("20s", nil, false), ("0s", nil, true),
        ] as [(String?, String?, Bool)])
    func theIDFAIsReadOnlyIfAuthorizedBeforeTheSDKSent(answer: String?, wait: String?, matched: Bool) throws {
        let result = try Self.firstOpen(answerAfter: answer, waitForATT: wait)
        #expect((result.landing?.extra[.matchType] == "id_matching") == matched, "\(String(describing: result.landing?.extra))")
        #expect((result.landing?.screen == "ApplesScreen") == matched)
        // The wait is told before the server's match, as the SDK waits before it sends.
        let waitStep = result.trace.firstIndex { $0.rule == Rule.deferredAfAttWait.id }
        let matchStep = result.trace.firstIndex { $0.rule == Rule.deferredMatchId.id }
        if wait != nil, let waitStep, let matchStep { #expect(waitStep < matchStep) }
        #expect(matchStep != nil)
    }

    /// Deterministic methods take priority (deferred.md §2.5): an ID match on the same network does not rest on A7,
    /// the assumption about the probabilistic candidate; the same click without the ID does.
    @Test(arguments: [("0s", false), ("20s", true)])
    func aDeterministicMatchDoesNotRestOnTheProbabilisticAssumption(answer: String, restsOnA7: Bool) throws {
        let results = try simulate(
            """
            linksim: 1
            name: deterministic first
            clock: 2026-03-02T10:00:00Z
            device: {platform: ios, os: "17.2", att: authorized, att_answer_after: \(answer)}
            apps:
              - {id: com.example.shop, name: Shop, state: not_installed, team_id: ABCDE12345,
                 routes: [{deep_link_value: apples, screen: ApplesScreen}], home_screen: HomeScreen, sdk: {provider: appsflyer}}
            providers: {appsflyer: {domain: acme.onelink.me, template: H5hv, app: com.example.shop}}
            actions:
              - {tap: "https://acme.onelink.me/H5hv?pid=ads&deep_link_value=apples", from: messages, ad_click: true}
              - install: com.example.shop
              - wait: 5m
              - launch: com.example.shop
            """)
        let firstOpen = results[3]
        #expect(firstOpen.landing?.screen == "ApplesScreen")
        let a7 = firstOpen.trace.contains { $0.assumption?.hasPrefix("assumption A7") == true }
        #expect(a7 == restsOnA7, "\(firstOpen.trace.compactMap(\.assumption))")
    }
}
