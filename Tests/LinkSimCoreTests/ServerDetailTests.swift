import Testing

@testable import LinkSimCore

/// Server details of the association hosts (issue #18 item 8): TLS certificates and the AASA Content-Type reading.
@Suite struct ServerDetailTests {
    static func ios(tls: String, domain: String = "applinks:shop.example.com", extra: String = "", contentType: String = "application/json") -> String {
        """
        linksim: 1
        name: t
        device: {platform: ios, os: "17.4", developer_mode: true}
        \(extra)
        apps:
          - id: com.example.shop
            name: Shop
            team_id: ABCDE12345
            build: development
            associated_domains: ["\(domain)"]
            state: background
            routes: [{path: "/p/{id}", screen: P}]
        web:
          shop.example.com:
            tls: \(tls)
            aasa: {json: {applinks: {details: [{appIDs: [ABCDE12345.com.example.shop], components: [{"/": "/p/*"}]}]}}, content_type: \(contentType)}
        tap: https://shop.example.com/p/1
        from: notes
        """
    }

    @Test func onlyAValidCertificateAssociates() throws {
        #expect(try simulate(Self.ios(tls: "valid"))[0].landing?.kind == .app)
        for bad in ["self_signed", "expired", "wrong_host"] {
            let r = try simulate(Self.ios(tls: bad))[0]
            #expect(r.landing?.kind == .browser && r.rules.contains(Rule.iosAasaHostTls.id), "\(bad)")
        }
    }

    @Test func developerModeAcceptsASelfSignedCertificateOnly() throws {
        let dev = "applinks:shop.example.com?mode=developer"
        #expect(try simulate(Self.ios(tls: "self_signed", domain: dev))[0].landing?.kind == .app)
        #expect(try simulate(Self.ios(tls: "expired", domain: dev))[0].landing?.kind == .browser)
        #expect(try simulate(Self.ios(tls: "wrong_host", domain: dev))[0].landing?.kind == .browser)
        // Without Developer Mode the developer entry is not used at all.
        let off = Self.ios(tls: "self_signed", domain: dev).replacingOccurrences(of: "developer_mode: true", with: "developer_mode: false")
        #expect(try simulate(off)[0].landing?.kind == .browser)
    }

    @Test func contentTypeIsAWarningUnlessTheStrictReadingIsOn() throws {
        let lenient = try simulate(Self.ios(tls: "valid", contentType: "text/html"))[0]
        #expect(lenient.landing?.kind == .app && lenient.rules.contains(Rule.iosAasaHostContentType.id))
        let strict = try simulate(Self.ios(tls: "valid", extra: "assumptions: {aasa_content_type_strict: true}", contentType: "text/html"))[0]
        #expect(strict.landing?.kind == .browser && strict.rules.contains(Rule.iosAasaHostContentTypeStrict.id))
        #expect(strict.assumptions.contains { $0.contains("aasa_content_type_strict") })
        // application/json with parameters is fine even under the strict reading.
        let charset = try simulate(
            Self.ios(tls: "valid", extra: "assumptions: {aasa_content_type_strict: true}", contentType: "\"application/json; charset=utf-8\""))[0]
        #expect(charset.landing?.kind == .app)
    }

    @Test func androidVerificationFailsOnABadCertificate() throws {
        let text = """
            linksim: 1
            name: t
            device: {platform: android, os: "14"}
            apps:
              - id: com.example.shop
                name: Shop
                state: terminated
                signing_sha256: ["AA:BB"]
                activities:
                  - name: .Main
                    exported: true
                    intent_filters:
                      - {auto_verify: true, actions: [VIEW], categories: [DEFAULT, BROWSABLE], data: [{scheme: https, host: shop.example.com}]}
            web:
              shop.example.com:
                tls: expired
                assetlinks: {json: [{relation: ["delegate_permission/common.handle_all_urls"], target: {namespace: android_app, package_name: com.example.shop, sha256_cert_fingerprints: ["AA:BB"]}}]}
            tap: https://shop.example.com/x
            from: mail
            """
        let r = try simulate(text)[0]
        #expect(r.landing?.kind == .browser && r.rules.contains(Rule.androidApplinksTls.id))
        #expect(r.trace.contains { $0.summary.contains("1028") })
        #expect(try simulate(text.replacingOccurrences(of: "tls: expired", with: "tls: valid"))[0].landing?.kind == .app)
    }

    @Test func aBadTLSValueIsAnErrorWithASuggestion() {
        let d = diagnostics(Self.ios(tls: "self-signed"))
        #expect(d.count == 1 && d[0].contains("did you mean `self_signed`"))
    }

    @Test func theWriterKeepsTLSAndTheAssumption() throws {
        let scenario = try loadScenario(Self.ios(tls: "wrong_host", extra: "assumptions: {aasa_content_type_strict: true}"))
        let reread = try loadScenario(ScenarioWriter.yaml(scenario, expecting: nil))
        #expect(reread.web["shop.example.com"]?.tls == .wrongHost && reread.assumptions.aasaContentTypeStrict)
    }

    static let chooser = """
        linksim: 1
        name: t
        device: {platform: android, os: "11"}
        apps:
          - id: com.example.shop
            name: Shop
            state: background
            activities:
              - name: .Main
                exported: true
                intent_filters:
                  - {actions: [VIEW], categories: [DEFAULT, BROWSABLE], data: [{scheme: https, host: shop.example.com}]}
        actions:
          - tap: https://shop.example.com/1
        """

    @Test func alwaysWithABrowserSticksUntilClearDefaults() throws {
        let r = try simulate(
            Self.chooser
                + "\n  - answer: chrome\n    always: true\n  - tap: https://shop.example.com/2\n  - clear_defaults: com.example.shop\n  - tap: https://shop.example.com/3\n  - clear_defaults: chrome\n  - tap: https://shop.example.com/4\n"
        )
        #expect(r[1].landing?.kind == .browser && r[2].landing?.kind == .browser)
        // Clearing another package's defaults changes nothing; clearing Chrome's brings the dialog back.
        #expect(r[4].landing?.kind == .browser && r[6].landing?.kind == .chooser)
        #expect(r[5].trace.first?.detail?.contains("https://shop.example.com") == true)
    }

    @Test func alwaysAndClearDefaultsAreChecked() {
        #expect(diagnostics(Self.chooser + "\n  - answer: cancel\n    always: true\n").first?.contains("needs `answer:` to name a chooser option") == true)
        #expect(diagnostics(Self.chooser + "\n  - wait: 1m\n    always: true\n").first?.contains("`always` goes with `answer` only") == true)
        #expect(diagnostics(Self.chooser + "\n  - clear_defaults: chrom\n").first?.contains("did you mean `chrome`") == true)
        let ios = Self.ios(tls: "valid").replacingOccurrences(
            of: "tap: https://shop.example.com/p/1\nfrom: notes", with: "actions:\n  - clear_defaults: chrome")
        #expect(diagnostics(ios).first?.contains("Clear defaults") == true)
    }

    @Test func theWriterKeepsAlwaysAndClearDefaults() throws {
        let scenario = try loadScenario(Self.chooser + "\n  - answer: chrome\n    always: true\n  - clear_defaults: chrome\n")
        let reread = try loadScenario(ScenarioWriter.yaml(scenario, expecting: nil))
        #expect(reread.actions.map(\.kind) == scenario.actions.map(\.kind))
    }
}
