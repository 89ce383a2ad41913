import Testing

@testable import LinkSimCore

/// The JavaScript scheme-then-store landing page (issue #18 item 6).
@Suite struct LandingPageTests {
    static func scenario(page: String, state: String = "background", claimed: Bool = false) -> String {
        """
        linksim: 1
        name: t
        device: {platform: ios, os: "17.4"}
        apps:
          - id: com.example.shop
            name: Shop
            state: \(state)
            team_id: ABCDE12345
            url_schemes: [shopapp]
            associated_domains: ["applinks:shop.example.com"]
            routes: [{url: "shopapp://p/{id}", screen: P}, {path: "/open/{id}", screen: Web}]
        web:
          shop.example.com:
            \(claimed ? "aasa: {json: {applinks: {details: [{appIDs: [ABCDE12345.com.example.shop], components: [{\"/\": \"/open/*\"}]}]}}}" : "")
            fallback_pages: {"/open/*": \(page)}
        tap: https://shop.example.com/open/1
        from: notes
        """
    }

    @Test func theTimerBeatsASlowAnswer() throws {
        let r = try simulate(Self.scenario(page: "{try: \"shopapp://p/1\", fallback: \"https://apps.apple.com/app/id1\"}"))[0]
        #expect(r.landing?.kind == .store && r.extra["fallback_race"] == "timer")
        #expect(r.rules.contains(Rule.webJsFallbackRace.id) && r.rules.contains(Rule.iosSchemeSafariPrompt.id))
    }

    @Test func aQuickAnswerOnAFastDeviceOpensTheApp() throws {
        let r = try simulate(
            Self.scenario(page: "{try: \"shopapp://p/1\", fallback: \"https://apps.apple.com/app/id1\", prompt_answer_ms: 100, switch_ms: 100}"))[0]
        #expect(r.landing?.kind == .app && r.landing?.screen == "P" && r.extra["fallback_race"] == "app")
        // The same answer on a slow device loses.
        let slow = try simulate(
            Self.scenario(page: "{try: \"shopapp://p/1\", fallback: \"https://apps.apple.com/app/id1\", prompt_answer_ms: 100, switch_ms: 600}"))[0]
        #expect(slow.landing?.kind == .store)
    }

    @Test func beforeIOS9SafariDoesNotAsk() throws {
        let text = Self.scenario(page: "{try: \"shopapp://p/1\", fallback: \"https://apps.apple.com/app/id1\"}")
            .replacingOccurrences(of: "os: \"17.4\"", with: "os: \"8.4\"")
        let r = try simulate(text)[0]
        #expect(r.landing?.kind == .app && !r.rules.contains(Rule.iosSchemeSafariPrompt.id))
        #expect(r.rules.contains(Rule.iosSchemeNoPromptBefore9.id))
    }

    @Test func aWebFallbackShowsThePage() throws {
        let r = try simulate(
            Self.scenario(page: "{try: \"shopapp://p/1\", fallback: \"https://shop.example.com/web/1\"}", state: "not_installed"))[0]
        #expect(r.landing?.kind == .browser && r.landing?.url == "https://shop.example.com/web/1")
    }

    @Test func aClaimedLinkNeverLoadsThePage() throws {
        let r = try simulate(Self.scenario(page: "{try: \"shopapp://p/1\", fallback: \"https://apps.apple.com/app/id1\"}", claimed: true))[0]
        #expect(r.landing?.kind == .app && r.landing?.screen == "Web" && !r.rules.contains(Rule.webJsFallbackRace.id))
    }

    @Test func pagesAreChecked() {
        let missing = diagnostics(Self.scenario(page: "{try: \"shopapp://p/1\"}"))
        #expect(missing.first?.contains("fallback") == true)
        let typo = diagnostics(Self.scenario(page: "{try: \"shopapp://p/1\", fallback: \"https://x/\", timer: 5}"))
        #expect(typo.first?.contains("did you mean `timer_ms`") == true)
    }

    @Test func theWriterKeepsThePage() throws {
        let scenario = try loadScenario(Self.scenario(page: "{try: \"shopapp://p/1\", fallback: \"https://apps.apple.com/app/id1\", timer_ms: 900}"))
        let reread = try loadScenario(ScenarioWriter.yaml(scenario, expecting: nil))
        #expect(reread.web["shop.example.com"]?.fallbackPages == scenario.web["shop.example.com"]?.fallbackPages)
    }

    static func clip(os: String = "17.4", listed: Bool = true, state: String = "not_installed") -> String {
        """
        linksim: 1
        name: t
        device: {platform: ios, os: "\(os)"}
        apps:
          - {id: com.example.shop, name: Shop, state: \(state), team_id: ABCDE12345, associated_domains: ["applinks:shop.example.com"]}
        web:
          shop.example.com:
            app_clip: {parent: com.example.shop, clip: com.example.shop.Clip}
            aasa: {json: {applinks: {details: []}\(listed ? ", appclips: {apps: [ABCDE12345.com.example.shop.Clip]}" : "")}}
        tap: https://shop.example.com/c/1
        from: notes
        """
    }

    @Test func appClipCardNeedsTheAASAListingAndIOS14() throws {
        let card = try simulate(Self.clip())[0]
        #expect(card.landing?.app == "com.example.shop.Clip" && card.extra["app_clip"] == "true")
        #expect(try simulate(Self.clip(listed: false))[0].landing?.kind == .browser)
        #expect(try simulate(Self.clip(os: "13.7"))[0].landing?.kind == .browser)
        let full = try simulate(Self.clip(state: "background"))[0]
        #expect(full.landing?.app != "com.example.shop.Clip" && full.rules.contains(Rule.iosAppClipCard.id))
    }

    @Test func anUnknownParentIsUnknown() throws {
        let r = try simulate(Self.clip().replacingOccurrences(of: "parent: com.example.shop,", with: "parent: com.example.nope,"))[0]
        #expect(r.landing?.kind == .unknown)
    }

    @Test func appClipNeedsParentAndClip() {
        let d = diagnostics(Self.clip().replacingOccurrences(of: "parent: com.example.shop, ", with: ""))
        #expect(d.first?.contains("parent") == true)
    }
}
