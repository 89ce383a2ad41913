import Foundation
import LinkSimCore
import Testing

@testable import LinkSimTUI

/// A stand-in simulator with a few believable rules, so screens show landings, traces and a
/// varied matrix while the real engine is still a stub. Deterministic, like the real one.
enum FakeSimulator {
    static let environment = TUIEnvironment { run($0) }

    static func run(_ scenario: Scenario) -> ScenarioResult {
        var results: [ActionResult] = []
        var world = scenario
        for (index, action) in scenario.actions.enumerated() {
            let before = WorldSnapshot(device: world.device, apps: world.apps, clock: world.clock)
            defer {
                // Like the real simulator: the world just before and just after each action.
                results[results.count - 1].before = before
                results[results.count - 1].after = WorldSnapshot(device: world.device, apps: world.apps, clock: world.clock)
            }
            switch action.kind {
            case .tap(let tap):
                let (landing, trace) = land(tap, in: world)
                results.append(ActionResult(index: index, action: action, landing: landing, trace: trace, check: nil))
                if landing.kind == .app, let id = landing.app, let app = world.appIndex(id) { world.apps[app].state = .foreground }
            case .install(let id, _):
                if let app = world.appIndex(id) { world.apps[app].state = .installed }
                results.append(
                    ActionResult(
                        index: index, action: action, landing: nil,
                        trace: [TraceStep(actor: "Store", summary: "installs \(id)")], check: nil))
            default:
                results.append(ActionResult(index: index, action: action, landing: nil, trace: [], check: nil))
            }
        }
        return ScenarioResult(scenario: scenario, results: results)
    }

    static func land(_ tap: Tap, in world: Scenario) -> (Landing, [TraceStep]) {
        let app = world.apps.first
        let ios = world.device.platform == .ios
        var trace = [TraceStep(actor: tap.from.rawValue, summary: "user taps \(tap.url)")]
        guard let app, app.state.isInstalled else {
            trace.append(
                TraceStep(
                    actor: ios ? "iOS" : "Android", summary: "no app claims the link",
                    rule: RuleID(catalog: "fake.not-installed"), detail: "The app is not installed, so the browser opens."))
            return (Landing(kind: .browser, via: .web, browser: ios ? .safari : .chrome, url: tap.url), trace)
        }
        if tap.url.hasPrefix("shopapp:") {
            trace.append(
                TraceStep(
                    actor: ios ? "iOS" : "Android", summary: "custom scheme shopapp is registered by \(app.name)",
                    rule: RuleID(catalog: "fake.scheme")))
            return (Landing(kind: .app, app: app.id, screen: "ProductDetail", via: .customScheme), trace)
        }
        if tap.from == .inAppBrowser || tap.from.isAddressBar || tap.from == .webview {
            trace.append(
                TraceStep(
                    actor: tap.from.rawValue, summary: "the page loads inside the browser",
                    rule: RuleID(catalog: "fake.in-browser"), detail: "Links typed or opened inside web views stay on the web.",
                    assumption: "the in-app browser does not hand links to the system"))
            return (Landing(kind: .browser, via: .web, browser: tap.from == .inAppBrowser ? .inApp : .safari, url: tap.url), trace)
        }
        trace.append(
            TraceStep(
                actor: ios ? "iOS" : "Android", summary: "checks the association file",
                rule: ios ? RuleID(catalog: "fake.aasa") : RuleID(catalog: "fake.assetlinks")))
        trace.append(TraceStep(actor: app.name, summary: "routes /product/42 to ProductDetail", rule: RuleID(catalog: "fake.route")))
        let via: Via = ios ? .universalLink : .appLink
        return (
            Landing(
                kind: .app, app: app.id, screen: "ProductDetail", params: ["id": "42"], via: via,
                callback: ios ? "scene(_:continue:)" : "onNewIntent", delivered: true), trace
        )
    }
}

/// Golden screens: text files under Golden/, re-recorded with LINKSIM_RECORD=1.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var recording: Bool { ProcessInfo.processInfo.environment["LINKSIM_RECORD"] == "1" }

    static func check(_ name: String, _ grid: Grid, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let actual = PlainTextBackend.text(of: grid) + "\n"
        let url = directory.appendingPathComponent(name + ".txt")
        if recording {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            do { try actual.write(to: url, atomically: true, encoding: .utf8) } catch {
                Issue.record("could not record \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "missing golden screen \(name).txt — record it with LINKSIM_RECORD=1 swift test --filter LinkSimTUITests",
                sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
            var diff: [String] = []
            for index in 0..<max(expectedLines.count, actualLines.count) {
                let e = index < expectedLines.count ? String(expectedLines[index]) : "<none>"
                let a = index < actualLines.count ? String(actualLines[index]) : "<none>"
                if e != a { diff.append("line \(index + 1):\n  expected: \(e)\n  actual:   \(a)") }
            }
            let message =
                "golden screen \(name).txt differs (re-record with LINKSIM_RECORD=1 if intended):\n"
                + diff.prefix(8).joined(separator: "\n")
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }
}

/// Helpers to drive `update` like a user.
extension TUIModel {
    static func fakeDemo(_ size: Size = Size(width: 120, height: 40)) -> TUIModel {
        TUIModel.demo(size: size, colorEnabled: true, environment: FakeSimulator.environment)
    }

    func pressing(_ keys: Key..., environment: TUIEnvironment = FakeSimulator.environment) -> TUIModel {
        pressing(keys, environment: environment)
    }

    func pressing(_ keys: [Key], environment: TUIEnvironment = FakeSimulator.environment) -> TUIModel {
        var model = self
        for key in keys { model = update(model, .key(key), environment).0 }
        return model
    }

    func typing(_ text: String, environment: TUIEnvironment = FakeSimulator.environment) -> TUIModel {
        pressing(text.map { Key.char($0) }, environment: environment)
    }

    /// Moves the device-pane cursor to the knob with this id.
    func onKnob(_ id: KnobID) -> TUIModel {
        var model = self
        model.focus = .device
        if let index = model.knobs.firstIndex(where: { $0.id == id }) { model.knobCursor = index }
        return model
    }

    func knob(_ id: KnobID) -> Knob? { knobs.first { $0.id == id } }
}
