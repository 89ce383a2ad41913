import Foundation
import LinkSimCore
import Testing
import Yams

@testable import LinkSimTUI

@Suite struct ScenarioWriterTests {
    func parse(_ text: String) throws -> [String: Any] {
        guard let object = try Yams.load(yaml: text) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return object
    }

    @Test func demoWorldWritesValidContractYAML() throws {
        var scenario = DemoWorld.scenario
        scenario.actions = [scenario.actions[0]]
        let landing = Landing(
            kind: .app, app: "com.example.shop", screen: "ProductDetail", params: ["id": "42"],
            via: .universalLink, callback: "scene(_:continue:)", delivered: true)
        let text = ScenarioWriter.yaml(scenario, expecting: landing)
        let yaml = try parse(text)
        #expect(yaml["linksim"] as? Int == 1)
        let device = try #require(yaml["device"] as? [String: Any])
        #expect(device["platform"] as? String == "ios")
        #expect(device["os"] as? String == "18.4")
        let apps = try #require(yaml["apps"] as? [[String: Any]])
        #expect(apps.first?["id"] as? String == "com.example.shop")
        #expect(apps.first?["state"] as? String == "background")
        let web = try #require(yaml["web"] as? [String: Any])
        let shop = try #require(web["shop.example.com"] as? [String: Any])
        let aasa = try #require(shop["aasa"] as? [String: Any])
        #expect(aasa["json"] is [String: Any])
        let actions = try #require(yaml["actions"] as? [[String: Any]])
        #expect(actions.count == 1)
        #expect(actions[0]["tap"] as? String == "https://shop.example.com/product/42")
        #expect(actions[0]["from"] as? String == "notes")
        let expect = try #require(actions[0]["expect"] as? [String: Any])
        #expect(expect["lands"] as? String == "app")
        #expect(expect["via"] as? String == "universal_link")
        #expect((expect["params"] as? [String: Any])?["id"] as? String == "42")
        #expect(expect["delivered"] as? Bool == true)
    }

    @Test func androidAppWritesItsIntentFilters() throws {
        var scenario = DemoWorld.scenario
        scenario.device = DemoWorld.androidPhone
        scenario.apps[0].domainVerification = ["shop.example.com": .denied]
        let yaml = try parse(ScenarioWriter.yaml(scenario, expecting: nil))
        let device = try #require(yaml["device"] as? [String: Any])
        #expect(device["os"] as? String == "api35")
        let apps = try #require(yaml["apps"] as? [[String: Any]])
        let activity = try #require((apps[0]["activities"] as? [[String: Any]])?.first)
        #expect(activity["launch_mode"] as? String == "singleTask")
        let filter = try #require((activity["intent_filters"] as? [[String: Any]])?.first)
        #expect(filter["auto_verify"] as? Bool == true)
        let data = try #require(filter["data"] as? [[String: Any]])
        #expect(data.first?["path_prefix"] as? String == "/product/")
        #expect((apps[0]["domain_verification"] as? [String: Any])?["shop.example.com"] as? String == "denied")
    }

    @Test func hostileStringsStayStrings() throws {
        let nasty = "a\"b\\c\nd: e # f\u{1B}[0m\u{2028}g"
        let quoted = ScenarioWriter.quote(nasty)
        #expect(!quoted.contains("\n"))
        #expect(!quoted.contains("\u{1B}"))
        let yaml = try parse("value: \(quoted)\n")
        #expect(yaml["value"] as? String == nasty)
        var scenario = DemoWorld.scenario
        scenario.name = nasty
        scenario.actions = [Action(kind: .tap(Tap(url: "https://x.example/?a=1&b=\"2\"#top", from: .qrCode)))]
        let written = try parse(ScenarioWriter.yaml(scenario, expecting: nil))
        #expect(written["name"] as? String == nasty)
        #expect((written["actions"] as? [[String: Any]])?.first?["tap"] as? String == "https://x.example/?a=1&b=\"2\"#top")
    }

    @Test func tuiSavesTheCurrentLinkWithItsLandingAsExpect() throws {
        let model = TUIModel.fakeDemo().pressing(.tab, .down)
        let yaml = try parse(model.scenarioText())
        let actions = try #require(yaml["actions"] as? [[String: Any]])
        #expect(actions.count == 1)
        #expect(actions[0]["tap"] as? String == "shopapp://product/42")
        #expect((actions[0]["expect"] as? [String: Any])?["via"] as? String == "custom_scheme")
    }

    @Test func atomicWriteNeverOverwritesWithoutBeingAsked() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("linksim-tui-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("nested/s.yaml").path
        #expect(ScenarioFileSaver.write("one\n", to: path, overwrite: false) == .scenarioWritten(path: path))
        #expect(ScenarioFileSaver.write("two\n", to: path, overwrite: false) == .scenarioExists(path: path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\n")
        #expect(ScenarioFileSaver.write("three\n", to: path, overwrite: true) == .scenarioWritten(path: path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "three\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("nested").path)
        #expect(leftovers == ["s.yaml"])
    }
}
