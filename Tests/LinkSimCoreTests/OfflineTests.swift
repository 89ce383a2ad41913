import Testing

@testable import LinkSimCore

/// `device.online: false` takes the device off the network (contract §2.2): what needs a server fails, what does not
/// still works (rule `linksim.device-offline`). The library's offline scenarios show the flows; these pin the edges.
@Suite struct OfflineTests {
    static func world(_ platform: String, app: String, actions: String) -> String {
        """
        linksim: 1
        name: offline
        device: {platform: \(platform), os: "\(platform == "ios" ? "17.4" : "14")", online: false}
        apps: [\(app)]
        actions:
        \(actions)
        """
    }

    @Test func aStoreUpdateChangesNothingAndASideloadSaysWhatItAssumes() throws {
        let text = Self.world(
            "ios", app: "{id: com.example.shop, name: Shop, state: background, url_schemes: [shopapp]}",
            actions: "  - update: com.example.shop\n  - {install: {app: com.example.shop, source: sideload}}")
        let outcome = Simulator.run(try loadScenario(text))
        #expect(outcome.results[0].trace.map(\.summary) == ["The device is offline: The App Store cannot download Shop, so nothing is updated"])
        #expect(outcome.results[0].trace.first?.rule == Rule.linksimDeviceOffline.id)
        let sideload = outcome.results[1].trace
        #expect(sideload.first?.summary == "The device is offline: Shop installs from the file, but its association files cannot be fetched now")
        #expect(sideload.first?.assumption?.contains("not modelled") == true)
        #expect(sideload.contains { $0.summary.hasPrefix("Reinstalls Shop") })
    }

    /// Offline, a click tracker's redirect is never reached: the browser's offline error, not a redirect loop (the
    /// chain was not followed, so the final page still "redirected"), on both platforms.
    @Test(arguments: ["ios", "android"])
    func aRedirectOfflineIsTheOfflineErrorNotALoop(platform: String) throws {
        let text = """
            linksim: 1
            name: offline redirect
            device: {platform: \(platform), os: "\(platform == "ios" ? "17.4" : "14")", online: false}
            web:
              click.mailer.example: {redirects: {"/ls/click*": "https://shop.example.com/product/42"}}
            actions:
              - {tap: "https://click.mailer.example/ls/click?upn=42", from: messages}
            """
        let result = Simulator.run(try loadScenario(text)).results[0]
        #expect(result.landing?.kind == .error && result.landing?.via == .web)
        #expect(result.trace.contains { $0.rule == Rule.linksimDeviceOffline.id })
        #expect(!result.trace.contains { $0.rule == Rule.webRedirectLimit.id || $0.rule == Rule.linksimRedirectHop.id })
        #expect(!result.trace.contains { $0.summary.hasPrefix("Shows ") })
    }

    /// `update` is an update from the store: offline it changes nothing, even for an app first sideloaded.
    @Test func anUpdateOfASideloadedAppOfflineChangesNothing() throws {
        let text = Self.world(
            "ios", app: "{id: com.example.shop, name: Shop, state: background, install_source: sideload}", actions: "  - update: com.example.shop")
        let trace = Simulator.run(try loadScenario(text)).results[0].trace
        #expect(trace.map(\.summary) == ["The device is offline: The App Store cannot download Shop, so nothing is updated"])
    }

    /// Offline, a provider link with no installed app to take it tells nothing a server would answer (no link data,
    /// no click, no store redirect): the browser's offline error.
    @Test func aProviderLinkOfflineWithoutTheAppTellsNoServerAnswer() throws {
        let text = """
            linksim: 1
            name: offline branch
            device: {platform: android, os: "14", online: false}
            apps: [{id: com.example.shop, name: Shop, state: not_installed}]
            providers: {branch: {domain: acme.app.link, app: com.example.shop, links: {/summer: {data: {product_id: "42"}}}}}
            actions:
              - {tap: "https://acme.app.link/summer", from: chrome}
            """
        let result = Simulator.run(try loadScenario(text)).results[0]
        #expect(result.landing?.kind == .error)
        #expect(!result.trace.contains { $0.actor.hasPrefix("server ") }, "\(result.trace.map(\.summary))")
    }

    /// Back online, the same page loads: the error is the network's, not the link's.
    @Test func thePageLoadsOnceTheDeviceIsOnline() throws {
        let text = Self.world(
            "android", app: "{id: com.example.shop, state: background}",
            actions: """
                  - {tap: "https://news.example.org/a", from: messages}
                  - set: {device.online: true}
                  - {tap: "https://news.example.org/a", from: messages}
                """)
        let outcome = Simulator.run(try loadScenario(text))
        #expect(outcome.results[0].landing?.kind == .error && outcome.results[0].landing?.browser == .chrome)
        #expect(outcome.results[0].landing?.url == "https://news.example.org/a")
        #expect(outcome.results[2].landing?.kind == .browser)
        #expect(!outcome.results[2].trace.contains { $0.rule == Rule.linksimDeviceOffline.id })
    }
}
