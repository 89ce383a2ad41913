import LinkSimCore
import Testing

/// A situation without a sourced rule is `unknown`, never a confident `nowhere`.
@Suite struct UnknownLandingTests {
    static let webviewScheme = """
        linksim: 1
        name: scheme in a WKWebView
        device: {platform: ios, os: "17.4"}
        apps:
          - {id: com.example.shop, name: Shop, state: background, url_schemes: [shopapp]}
        tap: shopapp://product/42
        from: webview
        page: https://news.example.org/article
        expect: {lands: EXPECTED}
        """

    func run(expecting kind: String) throws -> ActionResult {
        let scenario = try ScenarioLoader.parse(
            Self.webviewScheme.replacingOccurrences(of: "EXPECTED", with: kind),
            file: "unknown.yaml", baseDirectory: nil)
        let result = Simulator.run(scenario)
        return try #require(result.results.last)
    }

    @Test func aCustomSchemeInAWebViewIsUnknownWithAReason() throws {
        let action = try run(expecting: "unknown")
        let landing = try #require(action.landing)
        #expect(landing.kind == .unknown)
        #expect(landing.reason?.contains("no sourced rule") == true)
        #expect(action.trace.contains { $0.rule == Rule.linksimNotModelled.id })
        #expect(action.check?.passed == true)
        #expect(Describe.landing(landing).hasPrefix("unknown: "))
    }

    @Test func expectingNowhereForAnUnknownFails() throws {
        let action = try run(expecting: "nowhere")
        let check = try #require(action.check)
        #expect(!check.passed)
        #expect(check.mismatches.first?.description == "lands: expected nowhere, got unknown")
    }

    @Test func aLandingThatRestsOnAnAssumptionSaysSo() throws {
        let yaml = """
            linksim: 1
            name: SFSafariViewController tap (assumption)
            device: {platform: ios, os: "17.4"}
            apps:
              - id: com.example.shop
                name: Shop
                state: background
                team_id: ABCDE12345
                associated_domains: ["applinks:shop.example.com"]
            web:
              shop.example.com:
                aasa: {json: '{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/*"}]}]}}'}
            tap: https://shop.example.com/p/1
            from: sfsafariviewcontroller
            page: https://news.example.org/
            """
        let result = Simulator.run(try ScenarioLoader.parse(yaml, file: "a.yaml", baseDirectory: nil))
        let action = try #require(result.results.last)
        #expect(action.restsOnAssumption)
        #expect(action.assumptions.allSatisfy { $0.hasPrefix("assumption:") })
        #expect(!action.assumptions.isEmpty)
    }
}
