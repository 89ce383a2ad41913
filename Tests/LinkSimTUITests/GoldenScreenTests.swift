import LinkSimCore
import Testing

@testable import LinkSimTUI

/// `render` compared with golden text files (Tests/LinkSimTUITests/Golden/*.txt).
/// Re-record after an intended change: `LINKSIM_RECORD=1 swift test --filter LinkSimTUITests`.
/// Screens marked "live" use the real Simulator and will change when the engine lands.
@Suite struct GoldenScreenTests {
    let standard = Size(width: 120, height: 40)

    @Test func demoLive120x40() {
        let model = TUIModel.demo(size: standard, colorEnabled: false)
        Golden.check("demo-live-120x40", render(model, size: standard))
    }

    @Test func demoFake120x40() {
        Golden.check("demo-120x40", render(TUIModel.fakeDemo(), size: standard))
    }

    @Test func demoAtMinimumSize() {
        let size = Layout.minimum
        Golden.check("demo-80x24", render(TUIModel.fakeDemo(size), size: size))
    }

    @Test func demoAt200x60() {
        let size = Size(width: 200, height: 60)
        Golden.check("demo-200x60", render(TUIModel.fakeDemo(size), size: size))
    }

    @Test func tooSmall() {
        let size = Size(width: 60, height: 20)
        Golden.check("too-small-60x20", render(TUIModel.fakeDemo(size), size: size))
    }

    @Test func help() {
        Golden.check("help-120x40", render(TUIModel.fakeDemo().pressing(.char("?")), size: standard))
    }

    @Test func matrixAppState() {
        Golden.check("matrix-state-120x40", render(TUIModel.fakeDemo().pressing(.char("m")), size: standard))
    }

    @Test func matrixOSVersions() {
        Golden.check("matrix-os-120x40", render(TUIModel.fakeDemo().pressing(.char("m"), .tab), size: standard))
    }

    @Test func matrixAtMinimumSizeScrollsColumns() {
        let size = Layout.minimum
        let model = TUIModel.fakeDemo(size).pressing(
            .char("m"), .right, .right, .right, .right, .right, .right, .right,
            .right, .right, .right)
        Golden.check("matrix-80x24", render(model, size: size))
    }

    @Test func traceAndWhy() {
        let model = TUIModel.fakeDemo().pressing(.tab, .tab, .down)
        Golden.check("trace-why-120x40", render(model, size: standard))
    }

    /// The why pane with a rule from a catalog: title, versions, explanation and sources.
    @Test func whyWithARule() {
        let rule = Rule(
            id: "fake.aasa", title: "iOS reads the app-site association to decide",
            versions: [.ios(14), .ios(9, through: 13)],
            explanation: "When a universal link is tapped outside Safari's own domain, iOS looks up the "
                + "apple-app-site-association file it downloaded (through Apple's CDN since iOS 14) and opens "
                + "the app if a component matches the path.",
            sources: ["https://developer.apple.com/documentation/xcode/supporting-associated-domains [doc]"])
        let model = TUIModel.fakeDemo().pressing(.tab, .tab, .down, .tab)
        Golden.check("why-rule-120x40", render(model, size: standard) { $0 == rule.id ? rule : nil })
    }

    @Test func changedMarks() {
        let model = TUIModel.fakeDemo().onKnob(.appState(app: 0)).pressing(.left, .left, .left)
        Golden.check("changed-120x40", render(model, size: standard))
    }

    @Test func android() {
        let model = TUIModel.fakeDemo().onKnob(.platform).pressing(.right, .down, .down, .down, .down, .down, .down, .down)
        Golden.check("android-120x40", render(model, size: standard))
    }

    @Test func urlEditor() {
        let model = TUIModel.fakeDemo().pressing(.char("t")).typing("shop.example.com/cart")
        Golden.check("editor-120x40", render(model, size: standard))
    }

    @Test func confirmOverwrite() {
        var model = TUIModel.fakeDemo().pressing(.char("s"))
        model = update(model, .scenarioExists(path: "scenarios/ios-shop.yaml"), FakeSimulator.environment).0
        Golden.check("confirm-120x40", render(model, size: standard))
    }

    @Test func picker() {
        let model = update(
            TUIModel.fakeDemo(),
            .scenarioList(
                directory: "scenarios",
                files: [
                    "scenarios/android/app-links-verified.yaml", "scenarios/ios/safari-preference.yaml",
                ]), FakeSimulator.environment
        ).0
        Golden.check("picker-120x40", render(model, size: standard))
    }

    @Test func timeline() {
        var scenario = DemoWorld.scenario
        scenario.name = "Install after tapping"
        scenario.apps[0].state = .notInstalled
        let tap = Tap(url: "https://shop.example.com/product/42", from: .messages)
        scenario.actions = [
            Action(kind: .tap(tap)), Action(kind: .wait(.minutes(20))),
            Action(kind: .install(appID: DemoWorld.shopID, source: .store)), Action(kind: .tap(tap)),
        ]
        let model = TUIModel.opening(
            scenario, path: "scenarios/ios/install.yaml", size: standard, colorEnabled: false,
            environment: FakeSimulator.environment
        ).pressing(.tab, .char("G"))
        Golden.check("timeline-120x40", render(model, size: standard))
    }

    /// A hostile scenario: escape sequences and bidi overrides in names and URLs are shown escaped.
    @Test func hostileTextIsEscaped() {
        var scenario = DemoWorld.scenario
        scenario.name = "evil\u{1B}[2J\u{1B}]0;pwned\u{07} name"
        scenario.apps[0].name = "Sh\u{202E}po"
        scenario.actions = [Action(kind: .tap(Tap(url: "https://shop.example.com/\u{1B}[31mred\u{9B}1m", from: .notes)))]
        let model = TUIModel.opening(
            scenario, path: "evil.yaml", size: standard, colorEnabled: false,
            environment: FakeSimulator.environment)
        let grid = render(model, size: standard)
        Golden.check("hostile-120x40", grid)
        for cell in grid.cells {
            #expect(cell.scalar.value >= 0x20 && !(0x7F..<0xA0).contains(cell.scalar.value) && cell.scalar != "\u{202E}")
        }
    }

    // MARK: Issue #16 views, at the minimum size and at 120×40

    static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40)]

    static func name(_ base: String, _ size: Size) -> String { "\(base)-\(size.width)x\(size.height)" }

    @Test(arguments: sizes) func details(size: Size) {
        var world = DemoWorld.scenario
        world.description = "The shop's links, one by one: a universal link, a custom scheme, a tracking redirect."
        let model = TUIModel.opening(
            world, path: "demo.yaml", size: size, colorEnabled: false,
            environment: FakeSimulator.environment
        ).pressing(.char("d"))
        Golden.check(Self.name("details", size), render(model, size: size))
    }

    @Test(arguments: sizes) func zoomedTrace(size: Size) {
        let model = TUIModel.fakeDemo(size).pressing(.tab, .tab, .char("]"), .char("z"))
        Golden.check(Self.name("zoom-trace", size), render(model, size: size))
    }

    @Test(arguments: sizes) func searchInTheTrace(size: Size) {
        let model = TUIModel.fakeDemo(size).pressing(.tab, .tab, .char("/")).typing("route").pressing(.enter)
        Golden.check(Self.name("search-trace", size), render(model, size: size))
    }

    @Test(arguments: sizes) func timelineBuiltFromTheDemo(size: Size) {
        let model = TUIModel.fakeDemo(size).pressing(.tab, .char("a")).typing("install com.example.shop").pressing(.enter)
            .pressing(.char("a")).typing("wait: 20m").pressing(.enter, .char("b"))
        Golden.check(Self.name("timeline-edit", size), render(model, size: size))
    }

    @Test(arguments: sizes) func addActionEditor(size: Size) {
        let model = TUIModel.fakeDemo(size).pressing(.tab, .char("a")).typing("answer: open")
        Golden.check(Self.name("add-action", size), render(model, size: size))
    }
}
