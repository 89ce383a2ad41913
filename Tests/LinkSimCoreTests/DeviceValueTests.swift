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
