import Testing

@testable import LinkSimCore

/// Issue #11 items 4, 7 and 8: iOS app files, AASA fidelity, field evidence.
@Suite struct FieldEvidenceAndAASAFidelityTests {
    static let pmOutput = """
          com.example.shop:
            ID: 5f9a1c2e-6b1d-4c0e-9a51-3d2f7e8b9c10
            Signatures: [AA:BB]
            Domain verification state:
              shop.example.com: verified
              www.example.com: 1024
            User 0:
              Verification link handling allowed: false
              Selection state:
                Enabled:
                  www.example.com
                Disabled:
                  shop.example.com
          com.example.other:
            ID: 1
            Signatures: []
            Domain verification state:
              other.example.com: none
        """

    @Test func pmGetAppLinksIsParsedPerPackage() throws {
        let states = try FieldEvidence.appLinks(Self.pmOutput, file: "pm.txt")
        let shop = try #require(states["com.example.shop"])
        #expect(shop.domainStates == ["shop.example.com": "verified", "www.example.com": "1024"])
        #expect(shop.linkHandlingAllowed == false)
        #expect(shop.enabledDomains == ["www.example.com"])
        #expect(states["com.example.other"]?.domainStates == ["other.example.com": "none"])
        #expect(states["com.example.other"]?.enabledDomains == nil)
        #expect(throws: InputError.self) { _ = try FieldEvidence.appLinks("hello world\n", file: "pm.txt") }
    }

    @Test func curlTranscriptBecomesRedirectRules() throws {
        let transcript =
            "$ curl -sIL https://go.example.com/promo?c=1\r\nHTTP/2 302\r\nLocation: /landing\r\n\r\nHTTP/1.1 301 Moved Permanently\r\nlocation: https://shop.example.com/p/42\r\n\r\nHTTP/2 200\r\n\r\n"
        let hops = try FieldEvidence.redirectChain(Array(transcript.utf8), file: "curl.txt", url: nil)
        #expect(hops.map(\.status) == [302, 301, 200])
        #expect(hops[0].location == "https://go.example.com/landing")
        let rules = FieldEvidence.redirectRules(hops)
        #expect(rules.map(\.host) == ["go.example.com", "go.example.com"])
        #expect(rules[0].rule.pattern == "/promo?c=1")
        #expect(rules[1].rule.target == "https://shop.example.com/p/42")
        #expect(rules[1].rule.status == 301)
        // Without the curl line the first URL must be given.
        #expect(throws: InputError.self) { _ = try FieldEvidence.redirectChain(Array("HTTP/2 301\nlocation: /x\n".utf8), file: "c", url: nil) }
        #expect(throws: InputError.self) { _ = try FieldEvidence.redirectChain(Array("HTTP/2 abc\n".utf8), file: "c", url: "https://x/") }
    }

    @Test func harFileBecomesTheChainFromTheFirstRequest() throws {
        let har = """
            {"log": {"entries": [
              {"request": {"url": "https://go.example.com/a"}, "response": {"status": 301, "redirectURL": "https://shop.example.com/p/1", "headers": []}},
              {"request": {"url": "https://cdn.example.com/logo.png"}, "response": {"status": 200, "headers": []}},
              {"request": {"url": "https://shop.example.com/p/1"}, "response": {"status": 302, "headers": [{"name": "Location", "value": "/p/2"}]}},
              {"request": {"url": "https://shop.example.com/p/2"}, "response": {"status": 200, "headers": []}}
            ]}}
            """
        let hops = try FieldEvidence.redirectChain(Array(har.utf8), file: "x.har", url: nil)
        #expect(hops.map(\.url) == ["https://go.example.com/a", "https://shop.example.com/p/1", "https://shop.example.com/p/2"])
        #expect(hops[1].location == "https://shop.example.com/p/2")
    }

    // MARK: AASA

    @Test func safariEncodingTouchesOnlyWhatWebKitEncodes() {
        #expect(AASAURL.safariEncoded("https://example.com/plain?a=1#x") == nil)
        #expect(AASAURL.safariEncoded("https://ko.example.org/wiki/특수:최근") == "https://ko.example.org/wiki/%ED%8A%B9%EC%88%98:%EC%B5%9C%EA%B7%BC")
        #expect(AASAURL.safariEncoded("https://example.com/a{b}?q=é#é") == "https://example.com/a%7Bb%7D?q=%C3%A9#%C3%A9")
        #expect(AASAURL.safariEncoded("https://example.com/a?q='x'") == "https://example.com/a?q=%27x%27")
    }

    static let korean = ##"{"applinks":{"details":[{"appIDs":["T.app"],"components":[{"/":"/wiki/%ED%8A%B9%EC%88%98:*","exclude":true},{"/":"/wiki/*"}]}]}}"##

    @Test func nonASCIIURLsAreMatchedEncodedInEveryPath() throws {
        let document = try AASADocument(json: Self.korean)
        let url = "https://ko.example.org/wiki/특수:최근바뀜"
        let match = AASAMatcher.match(url: url, appID: "T.app", document: document, ios: OSVersion(ios: 17))
        #expect(match.result == .exclude)
        #expect(match.steps.first?.rule == Rule.iosAasaSafariPercentEncodes.id)
        #expect(AASAMatcher.verdict(url: url, appID: "T.app", document: document, ios: OSVersion(ios: 17)).result == .exclude)
        #expect(AASAMatcher.match(url: "https://ko.example.org/wiki/서울", appID: "T.app", document: document, ios: OSVersion(ios: 17)).result == .match)
    }

    @Test func appIDsCountsOnlyFromIOS13() throws {
        let both = try AASADocument(json: ##"{"applinks":{"details":[{"appIDs":["T.new"],"appID":"T.old","paths":["*"]}]}}"##)
        #expect(AASAMatcher.match(url: "https://x.com/a", appID: "T.new", document: both, ios: OSVersion(ios: 12, 4)).result == .noMatch)
        #expect(AASAMatcher.match(url: "https://x.com/a", appID: "T.old", document: both, ios: OSVersion(ios: 12, 4)).result == .match)
        #expect(AASAMatcher.verdict(url: "https://x.com/a", appID: "T.old", document: both, ios: OSVersion(ios: 12, 4)).result == .match)
        #expect(AASAMatcher.match(url: "https://x.com/a", appID: "T.new", document: both, ios: OSVersion(ios: 13)).result == .match)
        #expect(AASAMatcher.match(url: "https://x.com/a", appID: "T.old", document: both, ios: OSVersion(ios: 13)).result == .noMatch)
    }

    @Test func validatorReportsShadowedRulesLegacyAppIDsAndOneCharacterQueries() {
        let file = ##"""
            {"applinks": {"details": [
              {"appIDs": ["ABCDE12345.com.example.app"], "paths": ["/a/*"]},
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [
                {"/": "/wiki/*"},
                {"/": "/wiki/Special:*", "exclude": true},
                {"/": "/p/*", "?": {"ref": "?"}},
                {"/": "/p/*", "?": {"ref": "?"}}
              ]}
            ]}}
            """##
        let messages = AASAValidator.validate(Array(file.utf8)).map(\.description)
        #expect(messages.contains { $0.hasPrefix("2:14: warning: details[0] relies on \"appIDs\" with legacy \"paths\"") })
        #expect(
            messages.contains {
                $0.hasPrefix(
                    "5:5: warning: details[1].components[1] can never be reached: every URL it matches is already decided by details[1].components[0] before it, so this exclude never applies"
                )
            })
        #expect(messages.contains { $0.contains("query item \"ref\": \"?\" matches only a value of exactly 1 character") })
        #expect(messages.contains { $0.hasPrefix("7:5: warning: details[1].components[3] can never be reached") })
        // Different query conditions are not shadowing.
        let distinct = ##"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [{"/": "/p/*", "?": {"a": "1"}}, {"/": "/p/x"}]}]}}"##
        #expect(!AASAValidator.validate(Array(distinct.utf8)).contains { $0.message.contains("never be reached") })
    }

    // MARK: iOS app files

    static let entitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>com.apple.developer.associated-domains</key>
          <array><string>applinks:shop.example.com</string><string>applinks:*.example.com?mode=developer</string></array>
          <key>application-identifier</key><string>ABCDE12345.com.example.shop</string>
        </dict></plist>
        """
    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array><string>shopapp</string></array></dict></array>
          <key>LSApplicationQueriesSchemes</key><array><string>fb</string></array>
          <key>com.apple.developer.associated-domains</key><array><string>applinks:x.example.com</string></array>
        </dict></plist>
        """

    @Test func entitlementsAndInfoPlistAreRead() throws {
        let files = try IOSAppFiles.read(
            entitlements: (Array(Self.entitlements.utf8), "Shop.entitlements"),
            infoPlist: (Array(Self.infoPlist.utf8), "Info.plist"))
        #expect(files.associatedDomains == ["applinks:shop.example.com", "applinks:*.example.com?mode=developer"])
        #expect(files.teamID == "ABCDE12345")
        #expect(files.bundleID == "com.example.shop")
        #expect(files.urlSchemes == ["shopapp"])
        #expect(files.queriedSchemes == ["fb"])
        #expect(
            files.warnings.map(\.description).contains {
                $0.hasPrefix("Info.plist:") && $0.contains("warning: com.apple.developer.associated-domains is an entitlement")
            }, "\(files.warnings)")
        #expect(files.applinksEntry(for: "shop.example.com").entry?.raw == "applinks:shop.example.com")
        #expect(files.applinksEntry(for: "beta.example.com").note.contains("mode=developer"))
        #expect(files.applinksEntry(for: "other.org").entry == nil)
    }

    // MARK: init

    @Test func seedWritesOneTapPerClaimedPatternWithTodaysLanding() throws {
        var app = App(id: "com.example.shop", name: "Shop")
        app.teamID = "ABCDE12345"
        app.associatedDomains = ["applinks:shop.example.com"]
        app.urlSchemes = ["shopapp"]
        var host = WebHost(host: "shop.example.com")
        host.aasa = WebResource(
            body: Array(
                ##"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.shop"],"components":[{"/":"/account/*","exclude":true},{"/":"/p/*"}]}]}}"##.utf8),
            origin: "aasa")
        let web = Web(hosts: ["shop.example.com": host])
        let (scenario, yaml) = ScenarioSeed.build(name: "Shop", device: Device(platform: .ios, os: OSVersion(ios: 17, 4)), apps: [app], web: web)
        let taps = scenario.actions.compactMap { action -> String? in if case .tap(let tap) = action.kind { return tap.url } else { return nil } }
        #expect(taps == ["https://shop.example.com/account/example", "https://shop.example.com/p/example", "shopapp://open"])
        #expect(scenario.actions.map { $0.expect?.lands } == [.browser, .app, .app])
        let reloaded = try ScenarioLoader.parse(yaml, file: "seed.yaml", baseDirectory: nil)
        #expect(Simulator.run(reloaded).passed)
        #expect(reloaded.actions.count == 3)
        #expect(ScenarioSeed.sample(glob: "/items/[0-9]+/.*") == "/items/1/example")
        #expect(ScenarioSeed.sample(glob: "/$(lang)/*") == "/example/example")
    }

    struct MemoryFiles: FileReader {
        var files: [String: String]
        func read(_ path: String) throws -> [UInt8] {
            guard let text = files[path] else { throw InputError(file: path, "missing") }
            return Array(text.utf8)
        }
        func exists(_ path: String) -> Bool { files[path] != nil }
    }

    @Test func scenarioKeysTakeTheEvidenceAndTheTeamFromEntitlements() throws {
        let files = MemoryFiles(files: [
            "s/pm.txt": Self.pmOutput,
            "s/App.entitlements": Self.entitlements,
            "s/curl.txt": "$ curl -sIL https://go.example.com/x\nHTTP/2 301\nlocation: https://shop.example.com/p/1\n\nHTTP/2 200\n",
        ])
        let android = """
            linksim: 1
            name: evidence
            device: {platform: android, os: "14"}
            apps:
              - id: com.example.shop
                pm_app_links: pm.txt
                link_handling_allowed: true
            web:
              go.example.com:
                redirect_evidence: curl.txt
            tap: https://go.example.com/x
            from: mail
            """
        let scenario = try ScenarioLoader.parse(android, file: "s/a.yaml", baseDirectory: "s", reader: files)
        let app = try #require(scenario.apps.first)
        #expect(app.domainVerification["shop.example.com"] == DomainVerificationState("verified"))
        #expect(app.domainVerification["www.example.com"] == DomainVerificationState("1024"))
        #expect(app.linkHandlingAllowed)  // the scenario's own key wins
        #expect(app.userSelectedDomains == ["www.example.com"])
        #expect(scenario.web.hosts["go.example.com"]?.redirects.first?.target == "https://shop.example.com/p/1")
        let wrongApp = android.replacingOccurrences(of: "id: com.example.shop", with: "id: com.example.shopp")
        #expect(throws: InputError.self) { _ = try ScenarioLoader.parse(wrongApp, file: "s/a.yaml", baseDirectory: "s", reader: files) }
        let ios = """
            linksim: 1
            name: team
            device: {platform: ios, os: "17.4"}
            apps:
              - id: com.example.shop
                entitlements: App.entitlements
            tap: https://shop.example.com/x
            from: notes
            """
        let iosScenario = try ScenarioLoader.parse(ios, file: "s/i.yaml", baseDirectory: "s", reader: files)
        #expect(iosScenario.apps.first?.teamID == "ABCDE12345")
    }
}
