import Testing

@testable import LinkSimCore

/// `Device` keeps its fields in one copy-on-write box: every write is seen, a copy keeps its own
/// fields, equality compares fields, and a mirror (what decoding digests read) shows the fields as a
/// struct's own, in their order.
@Suite struct DeviceValueTests {
    @Test func everyWriteIsSeenAndACopyKeepsItsOwn() {
        var device = Device(platform: .android, os: OSVersion(androidAPI: 34))
        let original = device
        #expect(device.defaultBrowser == .chrome && device.network == "home" && device.online)
        device.platform = .ios
        device.os = OSVersion(ios: 17, 4)
        device.defaultBrowser = .firefox
        device.developerMode = true
        device.privateRelay = true
        device.att = .denied
        device.network = "cellular"
        device.clipboard = "https://example.com"
        device.online = false
        device.installedBrowsers = [.chrome]
        device.installedBrowsers?.append(.brave)
        device.managed = true
        device.attAnswerAfter = SimDuration(seconds: 3)
        device.appLinkVerificationDelay = SimDuration(seconds: 40)
        device.associationDelay = SimDuration(seconds: 5)
        device.safariPrefersBrowser.append("shop.example.com")
        device.schemeCollision = .lastInstalled
        #expect(device.platform == .ios && device.os == OSVersion(ios: 17, 4) && device.defaultBrowser == .firefox)
        #expect(device.developerMode && device.privateRelay && device.att == .denied && device.network == "cellular")
        #expect(device.clipboard == "https://example.com" && !device.online && device.installedBrowsers == [.chrome, .brave])
        #expect(device.managed && device.attAnswerAfter == SimDuration(seconds: 3))
        #expect(device.appLinkVerificationDelay == SimDuration(seconds: 40) && device.associationDelay == SimDuration(seconds: 5))
        #expect(device.safariPrefersBrowser == ["shop.example.com"] && device.schemeCollision == .lastInstalled)
        // The copy taken before the writes kept every default.
        #expect(original == Device(platform: .android, os: OSVersion(androidAPI: 34)))
        #expect(original.platform == .android && original.clipboard == nil && original.safariPrefersBrowser.isEmpty)
        #expect(original.installedBrowsers == nil && original.appLinkVerificationDelay == SimDuration(seconds: 20))
        #expect(device != original)
    }

    @Test func equalityComparesFieldsNotBoxes() {
        var a = Device(platform: .ios, os: OSVersion(ios: 16))
        var b = Device(platform: .ios, os: OSVersion(ios: 16), defaultBrowser: .safari)
        #expect(a == b)
        a.clipboard = "x"
        #expect(a != b)
        b.clipboard = "x"
        #expect(a == b)
        #expect(Device(platform: .ios, os: OSVersion(ios: 16)) != Device(platform: .ios, os: OSVersion(ios: 17)))
    }

    @Test func theMirrorShowsTheFieldsInOrder() {
        let labels = Mirror(reflecting: Device(platform: .ios, os: OSVersion(ios: 17))).children.map(\.label)
        #expect(
            labels == [
                "platform", "os", "defaultBrowser", "developerMode", "privateRelay", "att", "network", "clipboard", "online",
                "installedBrowsers", "managed", "attAnswerAfter", "appLinkVerificationDelay", "associationDelay",
                "safariPrefersBrowser", "schemeCollision",
            ])
    }
}

/// `Action` keeps its fields in one copy-on-write box: every write is seen, a copy keeps its own,
/// equality compares fields, and the mirror shows the fields in order.
@Suite struct ActionValueTests {
    @Test func everyWriteIsSeenAndACopyKeepsItsOwn() {
        var action = Action(kind: .wait(SimDuration(seconds: 5)))
        let original = action
        action.kind = .launch(appID: "com.example.shop")
        action.expect = Expectation(lands: .app)
        action.expect?.screen = "Home"
        action.location = SourceLocation(file: "a.yaml", line: 3, column: 5)
        #expect(action.kind == .launch(appID: "com.example.shop") && action.expect?.screen == "Home" && action.location?.line == 3)
        #expect(original.kind == .wait(SimDuration(seconds: 5)) && original.expect == nil && original.location == nil)
        #expect(original == Action(kind: .wait(SimDuration(seconds: 5))) && action != original)
        let labels = Mirror(reflecting: action).children.map(\.label)
        #expect(labels == ["kind", "expect", "location"])
    }
}

/// `Expectation` keeps its fields in a copy-on-write box (issue #14): a write is seen, the second write too,
/// a copy keeps its own fields, equality compares fields, and the mirror lists them in declaration order.
@Suite struct ExpectationValueTests {
    @Test func everyWriteIsSeenAndACopyKeepsItsOwn() {
        var expect = Expectation(lands: .app)
        let original = expect
        expect.app = "com.example.shop"
        expect.options = ["open", "cancel"]
        expect.screen = "Product"
        expect.screen = "Cart"
        expect.params = ["id": "42"]
        expect.params?["ref"] = "mail"
        expect.via = .universalLink
        expect.browser = "safari"
        expect.url = "https://shop.example/p/42"
        expect.callback = "onDeepLinking"
        expect.delivered = true
        expect.rule = Rule.iosUlNoRuleMatches.id
        expect.extra[.matchType] = "srn"
        expect.location = SourceLocation(file: "a.yaml", line: 7, column: 9)
        expect.lands = .browser
        #expect(expect.lands == .browser && expect.app == "com.example.shop" && expect.options == ["open", "cancel"])
        #expect(expect.screen == "Cart" && expect.params == ["id": "42", "ref": "mail"] && expect.via == .universalLink)
        #expect(expect.browser == "safari" && expect.url == "https://shop.example/p/42" && expect.callback == "onDeepLinking")
        #expect(expect.delivered == true && expect.rule == Rule.iosUlNoRuleMatches.id && expect.extra == [.matchType: "srn"])
        #expect(expect.location?.line == 7)
        #expect(original.lands == .app && original.app == nil && original.screen == nil && original.extra.isEmpty)
        #expect(original == Expectation(lands: .app) && expect != original)
        var same = Expectation(lands: .app)
        same.screen = "Cart"
        var other = Expectation(lands: .app)
        other.screen = "Cart"
        #expect(same == other)
        let labels = Mirror(reflecting: expect).children.map(\.label)
        #expect(
            labels == [
                "lands", "app", "options", "screen", "params", "via", "browser", "url", "callback", "delivered", "rule", "extra", "location",
            ])
    }
}

/// `Scenario` keeps its fields in a copy-on-write box (issue #14): a write is seen, the second write too, a
/// write into a list element is seen, a copy keeps its own fields, equality compares fields, and the
/// mirror lists the fields in declaration order (what the decoding digest reads).
@Suite struct ScenarioValueTests {
    @Test func everyWriteIsSeenAndACopyKeepsItsOwn() {
        var scenario = Scenario(name: "a", device: Device(platform: .ios, os: OSVersion(ios: 17, 4)))
        let original = scenario
        scenario.version = 2
        scenario.name = "b"
        scenario.name = "c"
        scenario.description = "why"
        scenario.tags = ["x"]
        scenario.tags.append("y")
        scenario.clock = scenario.clock + .minutes(5)
        scenario.device.online = false
        scenario.apps = [App(id: "com.example.shop")]
        scenario.apps[0].state = .foreground
        scenario.web.hosts["shop.example"] = WebHost(host: "shop.example")
        scenario.actions.append(Action(kind: .wait(SimDuration(seconds: 1))))
        scenario.file = "a.yaml"
        #expect(scenario.version == 2 && scenario.name == "c" && scenario.description == "why" && scenario.tags == ["x", "y"])
        #expect(scenario.clock == original.clock + .minutes(5) && scenario.device.online == false)
        #expect(scenario.apps.map(\.state) == [.foreground] && scenario.web.hosts.keys.sorted() == ["shop.example"])
        #expect(scenario.actions.count == 1 && scenario.file == "a.yaml")
        #expect(original.version == 1 && original.name == "a" && original.description == nil && original.tags.isEmpty)
        #expect(original.device.online && original.apps.isEmpty && original.web.hosts.isEmpty && original.actions.isEmpty && original.file == nil)
        #expect(original == Scenario(name: "a", device: Device(platform: .ios, os: OSVersion(ios: 17, 4))) && scenario != original)
        let labels = Mirror(reflecting: scenario).children.map(\.label)
        #expect(
            labels == [
                "version", "name", "description", "warnings", "tags", "clock", "device", "apps", "web", "providers", "assumptions", "actions", "file",
            ])
    }
}

/// An app's application identifier (`TEAMID.bundle`) is kept in step with its team ID and id by their setters
/// (issue #14: a universal-link check no longer builds it), and it is not part of the app as written.
@Suite struct AppApplicationIDTests {
    @Test func followsTeamIDAndIDWrites() {
        var app = App(id: "com.example.shop")
        #expect(app.applicationID == nil)
        app.teamID = "ABCDE12345"
        #expect(app.applicationID == "ABCDE12345.com.example.shop")
        app.id = "com.example.other"
        #expect(app.applicationID == "ABCDE12345.com.example.other")
        app.teamID = "ZZZZZ99999"
        #expect(app.applicationID == "ZZZZZ99999.com.example.other")
        let copy = app
        app.teamID = nil
        #expect(app.applicationID == nil && copy.applicationID == "ZZZZZ99999.com.example.other")
        #expect(UniversalLinkResolver.appID(copy) == copy.teamID.map { "\($0).\(copy.id)" })
        #expect(!Mirror(reflecting: app).children.contains { $0.label == "applicationID" })
    }
}
