import LinkSimCore
import Testing

@testable import LinkSimTUI

/// "What would make it land there?" (`f`): update-level tests with the fake simulator and one with
/// the real one, and golden screens at 80×24 and 120×40.
@Suite struct FixSearchTests {
    /// The demo with its app uninstalled: the first link opens the browser.
    static func uninstalled(_ size: Size = Size(width: 120, height: 40), environment: TUIEnvironment = FakeSimulator.environment) -> TUIModel {
        var world = DemoWorld.scenario
        world.apps[0].state = .notInstalled
        var model = TUIModel(world: world, mode: .independentLinks, size: size, colorEnabled: false)
        model.resimulate(environment, cause: nil)
        return model
    }

    static func fixState(_ model: TUIModel) -> FixState? {
        if case .fix(let state) = model.overlay { return state }
        return nil
    }

    @Test func fOpensTheSearchForTheSelectedActionWantingTheApp() throws {
        let model = Self.uninstalled()
        #expect(model.result?.landing?.kind == .browser)
        let opened = model.pressing(.char("f"))
        let state = try #require(Self.fixState(opened))
        #expect(state.want == LandingSearch.Want(kind: .app))
        #expect(state.action == 0)
        #expect(!state.outcome.alreadyThere)
        #expect(state.outcome.singlesTried > 0)
        // The user can install the app; every fix says who can make it and the rule that flips.
        let user = try #require(state.outcome.fixes.first { $0.steps.first?.who == .user })
        #expect(user.landing.kind == .app)
        #expect(user.ruleBefore == RuleID(catalog: "fake.not-installed"))
        #expect(user.ruleAfter != RuleID(catalog: "fake.not-installed"))
        let lines = opened.fixLines(state, width: 96).lines
        #expect(lines.contains { $0.contains(". the user: com.example.shop") })
        #expect(lines.contains { $0.hasPrefix("›1. ") })
        #expect(lines.contains { $0.contains("rule: fake.not-installed → ") })
        #expect(lines.contains { $0.hasPrefix("Want: [app] browser store") })
        #expect(opened.keyContext == .fix)
    }

    @Test func enterAppliesAFixAndUndoBringsTheWorldBack() throws {
        var model = Self.uninstalled().pressing(.char("f"))
        let state = try #require(Self.fixState(model))
        let index = try #require(state.outcome.fixes.firstIndex { $0.steps.first?.who == .user })
        model = model.pressing(Array(repeating: Key.down, count: index))
        #expect(Self.fixState(model)?.cursor == index)
        let before = model.world
        model = model.pressing(.enter)
        #expect(model.overlay == nil)
        #expect(model.world.apps[0].state != .notInstalled)
        #expect(model.result?.landing?.kind == .app)
        #expect(model.changes?.cause.hasPrefix("fix: com.example.shop") == true)
        model = model.pressing(.char("u"))
        #expect(model.world == before)
        #expect(model.result?.landing?.kind == .browser)
    }

    @Test func theWantedLandingCyclesAndAssumptionsAreMarked() throws {
        // Installed: the link opens the app; want the browser instead.
        var model = TUIModel.fakeDemo().pressing(.char("f"))
        #expect(Self.fixState(model)?.outcome.alreadyThere == true)
        model = model.pressing(.right)
        let state = try #require(Self.fixState(model))
        #expect(state.want.kind == .browser)
        #expect(state.outcome.alreadyThere == false)
        // The fake in-app browser rests on an assumption: such a fix is marked, and ranked after sourced ones.
        let assumed = try #require(state.outcome.fixes.firstIndex { if case .assumption = $0.certainty { return true } else { return false } })
        if let sourced = state.outcome.fixes.firstIndex(where: { $0.certainty == .sourced }) { #expect(sourced < assumed) }
        let (lines, starts) = model.fixLines(state, width: 96)
        let block = lines[starts[assumed]..<(starts.indices.contains(assumed + 1) ? starts[assumed + 1] : lines.count)]
        #expect(block.contains { $0.contains("≈ ASSUMPTION") })
        #expect(Self.fixState(model.pressing(.left))?.want.kind == .app)
        #expect(Self.fixState(model.pressing(.left, .left, .left))?.want.kind == .browser)
        #expect(Self.fixState(model.pressing(.char("h")))?.want.kind == .app)
        #expect(model.pressing(.escape).overlay == nil)
        #expect(model.pressing(.char("f")).overlay == nil)
    }

    @Test func withTwoAppsEachCanBeWanted() throws {
        var world = DemoWorld.scenario
        var other = world.apps[0]
        other.id = "com.example.other"
        other.name = "Other"
        world.apps.append(other)
        var model = TUIModel(world: world, mode: .independentLinks, size: Size(width: 120, height: 40), colorEnabled: false)
        model.resimulate(FakeSimulator.environment, cause: nil)
        #expect(FixState.wantable(world).map(FixState.label) == ["app", "app com.example.shop", "app com.example.other", "browser", "store"])
        model = model.pressing(.char("f"), .right)
        #expect(Self.fixState(model)?.want == LandingSearch.Want(kind: .app, app: "com.example.shop"))
        #expect(Self.fixState(model)?.outcome.alreadyThere == true)
        model = model.pressing(.right)
        let state = try #require(Self.fixState(model))
        #expect(state.want.app == "com.example.other")
        // The fake simulator always opens the first app: nothing it can change opens the other one.
        #expect(!state.outcome.alreadyThere)
        #expect(state.outcome.fixes.isEmpty)
        #expect(model.fixLines(state, width: 96).lines.contains { $0.hasPrefix("No change found that lands there") })
        #expect(model.pressing(.enter).status?.text == "no fix to apply")
    }

    /// A landing no sourced rule decides is shown as unknown, never as an ordinary result; a fix
    /// whose landing would be unknown is no fix.
    @Test func unknownIsVisibleAndNeverAFix() throws {
        let unknown = TUIEnvironment { scenario in
            var result = FakeSimulator.run(scenario)
            for index in result.results.indices where result.results[index].landing?.kind == .browser {
                result.results[index].landing = Landing(kind: .unknown, reason: "not modelled in this test")
                result.results[index].trace.append(TraceStep(actor: "linksim", summary: "no sourced rule", rule: ResultFacts.notModelledRule))
            }
            return result
        }
        var model = TUIModel(world: DemoWorld.scenario, mode: .independentLinks, size: Size(width: 120, height: 40), colorEnabled: false)
        model.world.apps[0].state = .notInstalled
        model.resimulate(unknown, cause: nil)
        model = model.pressing([.char("f")], environment: unknown)
        let state = try #require(Self.fixState(model))
        #expect(state.outcome.fixes.allSatisfy { if case .unknown = $0.certainty { return false } else { return true } })
        let lines = model.fixLines(state, width: 300).lines
        #expect(lines.contains { $0.hasPrefix("Now: ") && $0.contains("? UNKNOWN: no sourced rule (not modelled in this test)") })
        // Wanting the browser: every way there is unknown here, so none is offered.
        let browser = try #require(Self.fixState(model.pressing([.right], environment: unknown)))
        #expect(browser.outcome.fixes.isEmpty)
    }

    @Test func aTimelineSearchSeesTheActionsBefore() throws {
        // install, then tap: the search runs on the timeline, so the install counts.
        var world = DemoWorld.scenario
        world.apps[0].state = .notInstalled
        world.actions = [Action(kind: .install(appID: "com.example.shop", source: .store)), world.actions[0]]
        var model = TUIModel.opening(
            world, path: nil, size: Size(width: 120, height: 40), colorEnabled: false,
            environment: FakeSimulator.environment)
        model.focus = .links
        model = model.pressing(.down, .char("f"))
        let state = try #require(Self.fixState(model))
        #expect(state.action == 1)
        #expect(state.outcome.alreadyThere)
    }

    @Test func needsATap() {
        var world = DemoWorld.scenario
        world.actions = [Action(kind: .wait(SimDuration(seconds: 60)))]
        let model = TUIModel.opening(
            world, path: nil, size: Size(width: 120, height: 40), colorEnabled: false,
            environment: FakeSimulator.environment
        ).pressing(.char("f"))
        #expect(model.overlay == nil)
        #expect(model.status?.isError == true)
        #expect(model.status?.text.contains("needs a tap") == true)
    }

    @Test func theKeyIsInTheKeymapAndHelp() {
        #expect(Keymap.command(for: .char("f"), in: .trace) == .openFixSearch)
        #expect(Keymap.command(for: .enter, in: .fix) == .activate)
        #expect(Keymap.command(for: .char("w"), in: .fix) == nil)
        let help = Keymap.helpLines()
        #expect(help.contains { $0.hasPrefix("  f ") && $0.contains("what would make it land there") })
        #expect(help.contains("What would make it land there? (f)"))
    }

    @Test func withTheRealSimulator() throws {
        let model = Self.uninstalled(environment: .live).pressing([.char("f")], environment: .live)
        let state = try #require(Self.fixState(model))
        #expect(state.outcome.current?.landing?.kind != .app)
        #expect(!state.outcome.fixes.isEmpty)
        #expect(state.outcome.fixes.allSatisfy { $0.landing.kind == .app })
        let applied = model.pressing([.enter], environment: .live)
        #expect(applied.result?.landing?.kind == .app)
    }

    static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40)]

    @Test(arguments: sizes) func goldenFixes(size: Size) {
        let model = Self.uninstalled(size).pressing(.char("f"))
        Golden.check("fix-app-\(size.width)x\(size.height)", render(model, size: size))
    }

    @Test(arguments: sizes) func goldenFixesWantingTheBrowser(size: Size) {
        let model = TUIModel.fakeDemo(size).pressing(.char("f"), .right, .down)
        Golden.check("fix-browser-\(size.width)x\(size.height)", render(model, size: size))
    }
}
