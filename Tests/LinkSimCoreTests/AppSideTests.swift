import Foundation
import Testing

@testable import LinkSimCore

/// Issue #18 items 1–3: what the app's code does with a link (readiness, screen state, back stack,
/// router constraints, unknown routes, crashes, framework presets).
@Suite struct AppSideTests {
    static func iosApp(
        _ extra: String, state: String = "background", routes: String = #"[{url: "shopapp://product/{id}", screen: ProductDetail}]"#
    )
        -> String
    {
        """
        linksim: 1
        name: t
        device: {platform: ios, os: "17.4"}
        apps:
          - id: com.example.shop
            state: \(state)
            url_schemes: [shopapp]
            routes: \(routes)
        \(extra.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
        """
    }

    @Test func constraintsAcceptAndReject() {
        #expect(RouteConstraint.digits.accepts("42"))
        #expect(!RouteConstraint.digits.accepts("4a"))
        #expect(!RouteConstraint.digits.accepts(""))
        #expect(!RouteConstraint.digits.accepts("٤٢"))  // Arabic-Indic digits are not ASCII digits
        #expect(RouteConstraint.alpha.accepts("shoes"))
        #expect(!RouteConstraint.alpha.accepts("shoes2"))
        #expect(RouteConstraint.word.accepts("red-shoes_2"))
        #expect(!RouteConstraint.word.accepts("red shoes"))
    }

    @Test func routerNamesTheRejectedConstraint() {
        var app = App(id: "a")
        app.routes = [
            Route(pattern: .url("x://p/{id:digits}"), screen: "ByID"),
            Route(pattern: .url("x://p/{slug:word}"), screen: "BySlug"),
        ]
        let bySlug = AppRouter.route("x://p/red-shoes", in: app, webLink: false)
        #expect(bySlug.screen == "BySlug")
        #expect(bySlug.params["slug"] == "red-shoes")
        #expect(bySlug.rejections == ["url x://p/{id:digits}: `red-shoes` is not digits (id)"])
        let byID = AppRouter.route("x://p/42", in: app, webLink: false)
        #expect(byID.screen == "ByID" && byID.rejections.isEmpty)
        #expect(AppRouter.route("x://p/a%20b", in: app, webLink: false).route == nil)
        // Without constraints, nothing changes: the first route takes any segment.
        #expect(AppRouter.match(pattern: "/p/{id}", path: "/p/abc") == ["id": "abc"])
    }

    @Test func crashLandingCarriesItsReasonInJSON() throws {
        let results = try simulate(
            Self.iosApp("", routes: #"[{url: "shopapp://order", screen: OrderDetail, force_unwrap: [id]}]"#) + """

                actions:
                  - tap: shopapp://order?x=1
                    from: messages
                    expect: {lands: crash}
                """)
        let landing = try #require(results.first?.landing)
        #expect(landing.kind == .crash)
        #expect(landing.reason?.contains("force-unwraps `id`") == true)
        #expect(results.first?.check?.passed == true)
        let json = JSONValueEncoder.render(ContractJSON.LandingReport(landing))
        #expect(json.contains(#""kind":"crash""#) || json.contains(#""kind": "crash""#))
        #expect(json.contains("reason"))
    }

    @Test func backStackIsReportedOnlyWhenAPolicyIsSet() throws {
        let plain = try simulate(Self.iosApp("") + "\ntap: shopapp://product/1\nfrom: messages\nexpect: {lands: app}")
        #expect(plain.first?.landing?.extra.isEmpty == true)
        let pushed = try simulate(
            Self.iosApp("back_stack: push\ncurrent_screen: Cart") + "\ntap: shopapp://product/1\nfrom: messages\nexpect: {lands: app}")
        #expect(pushed.first?.landing?.extra[.backStack] == "Home > Cart > ProductDetail")
        #expect(pushed.first?.landing?.extra[.navigation] == "routed")
    }

    @Test func earlyLinkWarmBeforeReadyIsStillEarly() throws {
        let results = try simulate(
            Self.iosApp("startup: {ready_after: 10s, early_links: drop}", state: "terminated") + """

                actions:
                  - tap: shopapp://product/1
                    from: messages
                    expect: {lands: app, screen: Home, navigation: dropped}
                  - wait: 9s
                  - tap: shopapp://product/2
                    from: messages
                    expect: {lands: app, screen: Home, navigation: dropped}
                  - wait: 1s
                  - tap: shopapp://product/3
                    from: messages
                    expect: {lands: app, screen: ProductDetail, navigation: routed}
                """)
        #expect(results.allSatisfy { $0.check?.passed ?? true })
        #expect(results.compactMap(\.check).count == 3)
    }

    static let oneTap = "\ntap: shopapp://product/1\nfrom: messages\n"

    @Test func decoderErrorsAreLocatedWithSuggestions() {
        #expect(
            diagnostics(Self.iosApp("", routes: #"[{url: "shopapp://p/{id:digit}", screen: P}]"#) + Self.oneTap)
                == [
                    "test.yaml:8:20: error: `apps[0].routes[0].url`: `digit` is not a placeholder constraint; did you mean `digits`?; use one of: digits, alpha, word (e.g. {id:digits})"
                ])
        let wrongFramework = diagnostics(Self.iosApp("framework: flutter\npitfalls: [initial_url_only]") + Self.oneTap)
        #expect(wrongFramework.count == 1)
        #expect(wrongFramework.first?.contains("`initial_url_only` is a react_native pitfall, but the app's framework is flutter") == true)
        let unknown = diagnostics(Self.iosApp("framework: react_native\npitfalls: [initial_url]") + Self.oneTap)
        #expect(unknown.first?.contains("did you mean `initial_url_only`?") == true)
        let policy = diagnostics(Self.iosApp("screen_state: {showing: modal, policy: dismis}") + Self.oneTap)
        #expect(policy.first?.contains("did you mean `dismiss`?") == true)
        let missing = diagnostics(Self.iosApp("screen_state: {showing: modal}") + Self.oneTap)
        #expect(missing.first?.contains("missing required key `policy`") == true)
        // A framework preset that disagrees with an explicit life cycle is a warning (the TUI may switch the life cycle).
        #expect(diagnostics(Self.iosApp("framework: swiftui\nlifecycle: scenes") + Self.oneTap).isEmpty)
        let warned = try? loadScenario(Self.iosApp("framework: swiftui\nlifecycle: scenes") + Self.oneTap)
        #expect(warned?.warnings.first?.description.contains("goes with `lifecycle: swiftui`") == true)
    }

    /// `confirm` waits for the user's answer in the app's own dialog; `queue` with `done_after` routes when done.
    @Test func screenStateAnswersAndDoneAfter() throws {
        let confirm =
            Self.iosApp("current_screen: Sell\nscreen_state: {showing: process, policy: confirm}") + """

                actions:
                  - tap: shopapp://product/1
                    from: messages
                  - answer: cancel
                  - tap: shopapp://product/2
                    from: messages
                  - answer: open
                  - answer: open
                """
        let r = try simulate(confirm)
        #expect(r[0].landing?.kind == .prompt && r[0].landing?.options == [.open, .cancel])
        #expect(r[1].landing?.screen == "Sell" && r[1].landing?.extra[.navigation] == "dropped")
        #expect(r[2].landing?.kind == .prompt)
        #expect(r[3].landing?.screen == "ProductDetail" && r[3].landing?.params?["id"] == "2")
        #expect(r[4].rules.contains(Rule.linksimAnswerNothingPending.id))
        let done = try simulate(Self.iosApp("screen_state: {showing: modal, policy: queue, done_after: 8s}") + Self.oneTap)[0]
        #expect(done.landing?.screen == "ProductDetail" && done.landing?.extra[.routedAfter] == "8s")
        #expect(done.landing?.extra[.navigation] == "replayed")
        let ignored = try loadScenario(Self.iosApp("screen_state: {showing: modal, policy: dismiss, done_after: 8s}") + Self.oneTap)
        #expect(ignored.warnings.first?.description.contains("only matters with `policy: queue`") == true)
    }

    @Test func writerRoundTripsEveryAppSideKey() throws {
        let text =
            Self.iosApp(
                """
                startup: {phase: login, ready_after: 5s, early_links: drop}
                screen_state: {showing: form, policy: queue, done_after: 1m}
                back_stack: synthetic
                unknown_route: browser
                framework: react_native
                pitfalls: [url_event_only]
                scenes: [{name: Inbox, prefers: [compose], allows: ["*"]}]
                """,
                routes: #"[{url: "shopapp://product/{id:digits}", screen: P, force_unwrap: [ref], parents: [Catalog]}]"#) + Self.oneTap
        let original = try loadScenario(text)
        let reread = try loadScenario(ScenarioWriter.yaml(original, expecting: nil))
        #expect(reread.apps == original.apps)
        #expect(original.apps.first?.behaviour.startup == AppStartup(phase: .login, readyAfter: SimDuration(seconds: 5), earlyLinks: .drop))
        #expect(original.apps.first?.routes.first?.parents == ["Catalog"])
    }

    @Test func infoPlistQueriedSchemesFeedCanOpenURL() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>LSApplicationQueriesSchemes</key><array><string>shopapp</string></array>
            </dict></plist>
            """
        let text = """
            linksim: 1
            name: t
            device: {platform: ios, os: "17.4"}
            apps:
              - id: com.example.shop
                url_schemes: [shopapp]
              - id: com.example.news
                state: foreground
                info_plist: Info.plist
                link_check: {api: can_open_url, fallback: "https://example.com/"}
            tap: shopapp://product/1
            from: other_app
            caller: com.example.news
            expect: {lands: app, app: com.example.shop, rule: ios.app.can-open-url}
            """
        let scenario = try loadScenario(text, files: ["dir/Info.plist": plist])
        #expect(scenario.apps[1].behaviour.queries.schemes == ["shopapp"])
        let result = Simulator.run(scenario).results[0]
        #expect(result.check?.passed == true, "\(result.check?.mismatches ?? [])")
        // Without the plist's declaration the same check says no and the fallback opens in Safari.
        let undeclared = try simulate(text.replacingOccurrences(of: "    info_plist: Info.plist\n", with: ""))
        #expect(undeclared[0].landing?.kind == .browser)
        #expect(undeclared[0].rules.contains(Rule.iosAppCanOpenURLUndeclared.id))
    }

    @Test func linkCheckAPIMustFitThePlatform() {
        let text = Self.iosApp("link_check: {api: resolve_activity}") + Self.oneTap
        #expect(diagnostics(text).first?.contains("is an Android API; on iOS use can_open_url") == true)
    }

    @Test func androidQueriesRoundTrip() throws {
        let text = """
            linksim: 1
            name: t
            device: {platform: android, os: "14"}
            apps:
              - id: com.example.news
                queries: [{package: com.example.shop}, {scheme: https}]
                query_all_packages: true
                link_check: {api: query_intent_activities, fallback: "https://example.com/"}
            tap: https://example.com/
            from: mail
            """
        let original = try loadScenario(text)
        #expect(original.apps[0].behaviour.queries.queries == [.package("com.example.shop"), .scheme("https")])
        let reread = try loadScenario(ScenarioWriter.yaml(original, expecting: nil))
        #expect(reread.apps == original.apps)
    }

    @Test func sceneMatchingFollowsSwiftUIsRules() {
        #expect(AppScenes.matches(["*"], "x://anything"))
        #expect(AppScenes.matches(["compose"], "mail://compose?to=a"))
        #expect(!AppScenes.matches([""], "mail://compose"))
        #expect(!AppScenes.matches([], "mail://compose"))
        #expect(!AppScenes.matches(["sketch"], "mail://compose"))
    }
}
