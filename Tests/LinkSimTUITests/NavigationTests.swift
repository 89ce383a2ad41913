import Foundation
import LinkSimCore
import Testing

@testable import LinkSimTUI

/// Issue #16 as a state machine: search, zoom, paging without dead zones, undo/redo/reset,
/// timeline editing, the platform switch, save checks, details, export and state at an action.
@Suite struct NavigationTests {
    let size = Size(width: 120, height: 40)

    @Test func slashSearchesTheFocusedPaneAndNMovesBetweenMatches() {
        var model = TUIModel.fakeDemo().pressing(.tab, .tab)  // trace
        #expect(model.focus == .trace)
        model = model.pressing(.char("/"))
        guard case .editor(_, .search(over: nil), _) = model.overlay else {
            Issue.record("/ should open the search editor")
            return
        }
        model = model.typing("ASSOCIATION").pressing(.enter)
        #expect(model.overlay == nil)
        #expect(model.traceCursor == 1)  // "checks the association file", case-insensitive
        #expect(model.status?.text.contains("match 1 of 1") == true)
        model = model.pressing(.char("/"), .ctrl("u")).typing("e").pressing(.enter)
        let first = model.traceCursor
        model = model.pressing(.char("n"))
        #expect(model.traceCursor != first)
        model = model.pressing(.char("N"))
        #expect(model.traceCursor == first)
        // No match says so and moves nothing.
        model = model.pressing(.char("/"), .ctrl("u")).typing("zzz-nothing").pressing(.enter)
        #expect(model.status?.isError == true)
        #expect(model.traceCursor == first)
        // Esc clears the search; n then says there is none.
        model = model.pressing(.escape, .char("n"))
        #expect(model.search == nil)
        #expect(model.status?.text.contains("no search yet") == true)
    }

    @Test func searchInTheLinksPaneSelectsTheLinkAndInHelpScrolls() {
        var model = TUIModel.fakeDemo().pressing(.tab).pressing(.char("/")).typing("onelink").pressing(.enter)
        #expect(model.focus == .links)
        #expect(model.selectedTap?.url.contains("onelink") == true)
        model = model.pressing(.char("?"), .char("/"), .ctrl("u")).typing("Mouse").pressing(.enter)
        guard case .help(let scroll) = model.overlay else {
            Issue.record("the help should stay open after searching it")
            return
        }
        #expect(scroll > 0)
    }

    @Test func tKeyTypesAURLAndRefusesOneWithoutAScheme() {
        var model = TUIModel.fakeDemo().pressing(.char("t"), .ctrl("u")).typing("not a url").pressing(.enter)
        #expect(model.status?.isError == true)
        guard case .editor(_, .newURL, _) = model.overlay else {
            Issue.record("the editor should stay open on a bad URL")
            return
        }
        model = model.pressing(.escape)
        #expect(model.overlay == nil)
        #expect(model.world.actions.count == DemoWorld.links.count)
    }

    @Test func zoomGivesTheFocusedPaneTheScreenAndEscGoesBack() {
        var model = TUIModel.fakeDemo().pressing(.tab, .tab, .char("z"))
        #expect(model.zoomed)
        #expect(model.layout.trace.width == size.width)
        #expect(model.layout.device.width == 0)
        #expect(model.layout.landing.height == 0)
        model = model.pressing(.escape)
        #expect(!model.zoomed)
        #expect(model.layout.trace.width < size.width)
    }

    @Test func whyAndHelpScrollStopAtTheEndWithoutADeadZone() {
        var model = TUIModel.fakeDemo().pressing(.char("?"))
        for _ in 0..<500 { model = model.pressing(.down) }
        guard case .help(let bottom) = model.overlay else {
            Issue.record("help closed")
            return
        }
        // The lines as the box shows them, wrapped to its width.
        #expect(bottom == Keymap.helpLines(columns: Keymap.helpBoxWidth(screenWidth: size.width) - 4).count - (size.height - 4))
        model = model.pressing(.up)
        guard case .help(let oneUp) = model.overlay else { return }
        #expect(oneUp == bottom - 1, "one key up after the end must scroll at once")
        model = model.pressing(.home)
        #expect(model.overlay == .help(scroll: 0))
        model = model.pressing(.pageDown)
        guard case .help(let paged) = model.overlay else { return }
        #expect(paged > 10)

        var why = TUIModel.fakeDemo().pressing(.tab, .tab, .tab)
        #expect(why.focus == .why)
        for _ in 0..<50 { why = why.pressing(.down) }
        let end = why.whyScroll
        why = why.pressing(.up)
        #expect(why.whyScroll == max(0, end - 1))
    }

    @Test func pageKeysWorkInTheTraceAndLinksPanes() {
        var model = TUIModel.fakeDemo().pressing(.tab, .pageDown)
        #expect(model.selectedAction == DemoWorld.links.count - 1)
        model = model.pressing(.pageUp)
        #expect(model.selectedAction == 0)
        model = model.pressing(.tab, .pageDown)
        #expect(model.traceCursor == model.trace.count - 1)
    }

    @Test func mouseWheelScrollsThePaneUnderThePointer() {
        let model = TUIModel.fakeDemo()
        let links = model.layout.links.inner
        let (scrolled, _) = update(model, .mouseWheel(x: links.x + 2, y: links.y, up: false), FakeSimulator.environment)
        #expect(scrolled.focus == .links)
        #expect(scrolled.selectedAction == 3)
        let (back, _) = update(scrolled, .mouseWheel(x: links.x + 2, y: links.y, up: true), FakeSimulator.environment)
        #expect(back.selectedAction == 0)
    }

    @Test func undoRedoAndResetOfKnobChanges() {
        var model = TUIModel.fakeDemo().onKnob(.appState(app: 0))
        let opened = model.world
        model = model.pressing(.left)
        let changed = model.world
        #expect(changed != opened)
        model = model.pressing(.char("u"))
        #expect(model.world == opened)
        model = model.pressing(.ctrl("r"))
        #expect(model.world == changed)
        model = model.pressing(.left, .left, .char("R"))
        #expect(model.world == opened)
        #expect(model.changes?.cause.contains("reset") == true)
        model = model.pressing(.char("u"))
        #expect(model.world != opened, "u undoes a reset")
        model = TUIModel.fakeDemo().pressing(.char("u"))
        #expect(model.status?.text == "nothing to undo")
    }

    @Test func timelineActionsAreAddedRemovedAndReordered() {
        var model = TUIModel.fakeDemo().pressing(.tab, .char("a"))
        guard case .editor(_, .addAction(after: 0), _) = model.overlay else {
            Issue.record("a should open the action editor")
            return
        }
        model = model.typing("instal com.example.shop").pressing(.enter)
        #expect(model.status?.isError == true, "a misspelled action is refused")
        #expect(model.status?.text.contains("install") == true, "with a did-you-mean")
        model = model.pressing(.ctrl("u")).typing("install com.example.shop").pressing(.enter)
        #expect(model.overlay == nil)
        #expect(model.mode == .timeline, "a non-tap action makes the demo's links a timeline")
        #expect(model.world.actions[1].kind == .install(appID: "com.example.shop", source: .store))
        #expect(model.selectedAction == 1)
        for text in [
            "wait: 20m", "answer open", "launch: com.example.shop", "uninstall com.example.shop",
            "update: com.example.shop", "serve: {shop.example.com: {aasa: {status: 404}}}",
            "{long_press: https://shop.example.com/product/42, choose: open_in_safari}",
        ] {
            model = model.pressing(.char("a")).typing(text).pressing(.enter)
            #expect(model.overlay == nil, "\(text) should be accepted: \(model.status?.text ?? "")")
        }
        let count = model.world.actions.count
        #expect(count == DemoWorld.links.count + 8)
        let last = model.world.actions[model.selectedAction]
        model = model.pressing(.char("K"))
        #expect(model.world.actions[model.selectedAction] == last)
        #expect(model.world.actions[model.selectedAction + 1] != last)
        model = model.pressing(.char("J"))
        #expect(model.world.actions[model.selectedAction] == last)
        model = model.pressing(.char("x"))
        #expect(model.world.actions.count == count - 1)
        model = model.pressing(.char("u"))
        #expect(model.world.actions.count == count)
    }

    @Test func aDeferredFlowCanBeBuiltFromScratchAndSaved() {
        var model = TUIModel.demo(size: size, colorEnabled: false)
        model.focus = .links
        model.selectedAction = 3  // the OneLink tapped in Instagram
        model = model.onKnob(.appState(app: 0)).pressing(.home)
        model.focus = .links
        for text in ["wait: 10m", "install com.example.shop", "launch com.example.shop"] {
            model = model.pressing([.char("a")], environment: .live).typing(text, environment: .live).pressing([.enter], environment: .live)
        }
        #expect(model.mode == .timeline)
        let text = model.scenarioText()
        #expect(ScenarioCheck.problem(in: text) == nil, "the saved flow must load: \(ScenarioCheck.problem(in: text) ?? "")")
        #expect(text.contains("- install: \"com.example.shop\"") || text.contains("install:"))
    }

    /// The demo carries both platforms' settings (for the platform knob); a link saved from it is a scenario for
    /// one platform, which loads without "has no effect on iOS/Android" warnings, on either platform, and still
    /// lands where the TUI showed.
    @Test func aLinkSavedFromTheDemoHasOnlyItsPlatformsSettings() throws {
        for platform in [Platform.ios, .android] {
            var model = TUIModel.demo(size: size, colorEnabled: false)
            if model.world.device.platform != platform { model = model.onKnob(.platform).pressing(.right) }
            #expect(model.world.device.platform == platform)
            let text = model.scenarioText()
            let reread = try ScenarioLoader.parse(text, file: "saved.yaml", baseDirectory: nil)
            #expect(reread.warnings.isEmpty, "\(platform): \(reread.warnings.map(\.description))")
            let outcome = Simulator.run(reread)
            #expect(outcome.results.first?.landing == model.result?.landing, "\(platform)")
            #expect(outcome.results.first?.check?.passed == true, "\(platform)")
            // The world in the TUI keeps both platforms' settings.
            #expect(!model.world.apps[0].activities.isEmpty && model.world.apps[0].teamID != nil)
        }
    }

    /// A timeline is saved whole, whichever action is selected, each action with its own `expect`.
    @Test func aTimelineIsSavedWholeWithItsExpectations() throws {
        let file = """
            linksim: 1
            name: t
            device: {platform: ios, os: "17.4"}
            apps: [{id: com.example.shop, name: Shop, state: terminated, url_schemes: [shopapp]}]
            actions:
              - tap: shopapp://p/1
                from: notes
                expect: {lands: app, app: com.example.shop, rule: ios.scheme.from-app}
              - wait: 1m
              - tap: shopapp://p/2
                from: notes
                expect: {lands: app, via: custom_scheme}
            """
        let world = try ScenarioLoader.parse(file, file: "t.yaml", baseDirectory: nil)
        var model = TUIModel(world: world, mode: .timeline, size: size, colorEnabled: false)
        model.selectedAction = 0
        let text = model.scenarioText()
        #expect(ScenarioCheck.problem(in: text) == nil)
        let reread = try ScenarioLoader.parse(text, file: "saved.yaml", baseDirectory: nil)
        #expect(reread.actions.count == 3)
        #expect(reread.actions.map { $0.expect?.rule?.rawValue } == ["ios.scheme.from-app", nil, nil])
        #expect(reread.actions[2].expect?.via == .customScheme)
    }

    @Test func platformSwitchGivesALoadableWorldOrIsRefused() {
        var model = TUIModel.fakeDemo().onKnob(.platform).pressing(.right)
        #expect(model.world.device.platform == .android)
        #expect(ScenarioCheck.problem(in: ScenarioWriter.yaml(model.world, expecting: nil)) == nil)
        // A `pm:` action exists only on Android: switching back to iOS would give a world the loader
        // rejects, so the switch is refused and the world stays as it was.
        var android = model.pressing(.tab, .char("a")).typing("pm: reset-app-links com.example.shop").pressing(.enter)
        #expect(android.overlay == nil, "the pm action should be accepted on Android: \(android.status?.text ?? "")")
        let before = android.world
        android = android.onKnob(.platform).pressing(.right)
        #expect(android.world == before)
        #expect(android.status?.text.contains("cannot switch the platform") == true)
        model = model.pressing(.char("u"))
        #expect(model.world.device.platform == .ios)
    }

    @Test func saveRefusesTextTheLoaderWouldReject() {
        var model = TUIModel.fakeDemo()
        // A world only code could build: two apps with one id, which the loader rejects.
        model.world.apps.append(model.world.apps[0])
        model = model.pressing(.char("s"))
        #expect(model.overlay == nil)
        #expect(model.status?.text.hasPrefix("not saved") == true)
    }

    @Test func detailsShowEveryLandingFactAndTheDescription() {
        var world = DemoWorld.scenario
        world.description = "A long description\nwith two lines."
        var model = TUIModel.opening(world, path: "x.yaml", size: size, colorEnabled: false, environment: FakeSimulator.environment)
        model = model.pressing(.char("d"))
        #expect(model.overlay == .details(scroll: 0))
        let lines = model.detailLines(width: 80).joined(separator: "\n")
        #expect(lines.contains("A long description"))
        #expect(lines.contains("callback: scene(_:continue:)"))
        #expect(lines.contains("params.id: 42"))
        #expect(lines.contains("Expectation: none"))
        model = model.pressing(.char("d"))
        #expect(model.overlay == nil)
    }

    @Test func timelineMarksExpectationsPassAndFail() {
        var world = DemoWorld.scenario
        var pass = Expectation(lands: .app)
        pass.app = "com.example.shop"
        world.actions[0].expect = pass
        world.actions[1].expect = Expectation(lands: .browser)
        let model = TUIModel.opening(world, path: nil, size: size, colorEnabled: false)
        #expect(model.results[0].check?.passed == true)
        #expect(model.results[1].check?.passed == false)
        let text = PlainTextBackend.text(of: render(model, size: size))
        #expect(text.contains("expect ✓ held"))
        #expect(text.contains("1✓tap"))
        #expect(text.contains("2✗tap"))
        // One of two held: the title says so, without a ✓.
        #expect(text.contains("Timeline — expect 1/2 held ✗"))
        #expect(!text.contains("1/2 ✓"))
    }

    @Test func deviceShowsTheWorldBeforeOrAfterTheSelectedAction() {
        var world = DemoWorld.scenario
        world.apps[0].state = .notInstalled
        world.actions = [Action(kind: .install(appID: "com.example.shop", source: .store)), world.actions[0]]
        var model = TUIModel.opening(world, path: nil, size: size, colorEnabled: false, environment: FakeSimulator.environment)
        func state(_ m: TUIModel) -> String? { m.knobs.first { $0.id == .appState(app: 0) }?.value }
        #expect(state(model) == "not_installed")
        model = model.pressing(.tab, .down)
        #expect(model.shownWorldLabel == "before action 2")
        #expect(state(model) == "installed")
        model = model.pressing(.char("b"))
        #expect(model.shownWorldLabel == "after action 2")
        #expect(state(model) == "foreground")
        // An edit changes the world as opened, and says so.
        model = model.onKnob(.appState(app: 0)).pressing(.right)
        #expect(model.world.apps[0].state == .installed)
        #expect(model.changes?.cause.contains("in the world as opened") == true)
    }

    @Test func exportWritesMarkdownOrMermaidAndCopiesWithOSC52() throws {
        var model = TUIModel.fakeDemo().pressing(.char("w"))
        guard case .editor(let editor, .exportPath, _) = model.overlay else {
            Issue.record("w should ask for a path")
            return
        }
        #expect(editor.string.hasSuffix(".md"))
        model = model.pressing(.ctrl("u")).typing("out/trace.mmd")
        let (_, effects) = update(model, .key(.enter), FakeSimulator.environment)
        guard case .writeExport(let path, let text)? = effects.first else {
            Issue.record("Enter should write the export")
            return
        }
        #expect(path == "out/trace.mmd")
        #expect(text.contains("\nsequenceDiagram\n"))
        #expect(text.contains("->>"))
        // Exactly what the CLI's renderer gives for the same action.
        #expect(text == TraceExport.mermaid(model.exportResult()))
        let (_, copy) = update(TUIModel.fakeDemo(), .key(.char("y")), FakeSimulator.environment)
        guard case .copyToClipboard(let markdown)? = copy.first else {
            Issue.record("y should copy")
            return
        }
        #expect(markdown.contains("| # | who | what happened | rule |"))
        #expect(markdown.contains("`fake.aasa`"))
        #expect(markdown == TraceExport.markdown(TUIModel.fakeDemo().exportResult()))

        // The effect goes through the one atomic writer.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("linksim-export-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let target = directory.appendingPathComponent("t.md").path
        #expect(EffectRunner.perform(.writeExport(path: target, text: markdown)) == .exportWritten(path: target))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == markdown)
        let folder = EffectRunner.perform(.writeExport(path: directory.path, text: markdown))
        guard case .exportFailed? = folder else {
            Issue.record("writing onto a folder must fail, got \(String(describing: folder))")
            return
        }
    }

    @Test func mermaidAndMarkdownEscapeScenarioText() {
        var result = ActionResult(
            index: 0, action: Action(kind: .wait(SimDuration(seconds: 1))), landing: nil,
            trace: [TraceStep(actor: "A;B", summary: "x | y # z \u{1B}[31m", rule: RuleID(catalog: "r"))], check: nil)
        result.trace.append(TraceStep(actor: "C", summary: "quote \" here"))
        let scenario = ScenarioResult(scenario: DemoWorld.scenario, results: [result])
        let markdown = ExportFormat.markdown.render(scenario)
        #expect(markdown.contains("x \\| y"))
        #expect(!markdown.unicodeScalars.contains("\u{1B}"))
        let mermaid = ExportFormat.mermaid.render(scenario)
        #expect(!mermaid.contains("x | y # z"))
        #expect(mermaid.contains("#35;"))
        #expect(!mermaid.unicodeScalars.contains("\u{1B}"))
    }

    /// The demo's export is what `linksim run --format …` prints for the scenario `s` saves (one link),
    /// and a timeline action's export is that action's report from the whole file, as the CLI renders it.
    @Test func exportIsTheCLIRendering() {
        let demo = TUIModel.fakeDemo()
        var single = demo.world
        single.actions = [demo.world.actions[demo.selectedAction]]
        let cli = FakeSimulator.run(single)
        #expect(demo.exportText(.markdown) == TraceExport.markdown(cli))
        #expect(demo.exportText(.mermaid) == TraceExport.mermaid(cli))
        #expect(ExportFormat(path: "a.MMD") == .mermaid)
        #expect(ExportFormat(path: "a.mermaid") == .mermaid)
        #expect(ExportFormat(path: "a.md") == .markdown)

        var scenario = DemoWorld.scenario
        scenario.actions = [scenario.actions[0], scenario.actions[1]]
        var timeline = TUIModel.opening(
            scenario, path: nil, size: Size(width: 120, height: 40), colorEnabled: false,
            environment: FakeSimulator.environment)
        timeline.focus = .links
        timeline = timeline.pressing(.down)
        let full = FakeSimulator.run(scenario)
        let second = ScenarioResult(scenario: scenario, results: [full.results[1]])
        #expect(timeline.exportText(.markdown) == TraceExport.markdown(second))
        #expect(timeline.exportText(.markdown).contains("## #2 "))
        #expect(!timeline.exportText(.markdown).contains("## #1 "))
    }

    @Test func dumbTerminalTokensGiveEveryModeAWayOut() {
        #expect(PlainTextBackend.keys(forLine: ":esc") == [.escape])
        #expect(PlainTextBackend.keys(forLine: ":pgdn") == [.pageDown])
        #expect(PlainTextBackend.keys(forLine: ":quit") == nil)
        #expect(PlainTextBackend.keys(forLine: "") == [.enter])
        #expect(PlainTextBackend.keys(forLine: "\u{1B}") == [.escape])
        #expect(PlainTextBackend.keys(forLine: "ab") == [.char("a"), .char("b")])
    }

    @Test func unknownAndAssumedLandingsAreMarked() {
        var model = TUIModel.fakeDemo()
        // The fake simulator's in-app-browser landing rests on an assumption.
        model = model.onKnob(.tapSource)
        let sources = LinkMatrix.sources(for: .ios)
        let target = sources.firstIndex(of: .inAppBrowser) ?? 0
        let current = sources.firstIndex(of: model.selectedTap?.from ?? .notes) ?? 0
        model = model.pressing(Array(repeating: Key.right, count: (target - current + sources.count) % sources.count))
        #expect(model.result?.restsOnAssumption == true)
        #expect(PlainTextBackend.text(of: render(model, size: size)).contains("≈ASSUMED"))
        model = model.pressing(.char("m"))
        guard case .matrix(let matrix) = model.overlay else {
            Issue.record("no matrix")
            return
        }
        #expect(matrix.assumed.flatMap { $0 }.contains(true))
        #expect(PlainTextBackend.text(of: render(model, size: size)).contains("≈"))
        var unknown = model
        unknown.overlay = nil
        unknown.result?.landing = .unknown("no sourced rule for this")
        #expect(PlainTextBackend.text(of: render(unknown, size: size)).contains("UNKNOWN"))
    }
}
