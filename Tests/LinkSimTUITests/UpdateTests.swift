import LinkSimCore
import Testing

@testable import LinkSimTUI

/// `update` as a state machine: events in, model and effects out, nothing drawn.
@Suite struct UpdateTests {
    @Test func demoStartsOnTheFirstLinkWithItsLanding() {
        let model = TUIModel.fakeDemo()
        #expect(model.selectedAction == 0)
        #expect(model.focus == .device)
        #expect(model.result?.landing?.kind == .app)
        #expect(model.result?.landing?.via == .universalLink)
        #expect(model.world.actions.count == DemoWorld.links.count)
    }

    @Test func liveSimulatorDrivesTheDemo() {
        // The real engine: the demo's first link is a universal link that opens the running Shop app.
        var model = TUIModel.demo(size: Size(width: 120, height: 40), colorEnabled: false)
        #expect(model.result?.landing?.kind == .app)
        #expect(model.result?.landing?.via == .universalLink)
        #expect(model.result?.trace.isEmpty == false)
        model = model.pressing([.char("]"), .char("["), .tab, .down, .tab, .down, .char("m")], environment: .live)
        #expect(model.selectedAction == 1)
        #expect(model.result?.landing != nil)
        _ = render(model, size: model.size)
    }

    @Test func qQuitsAndCtrlCQuitsEvenFromTheEditor() {
        let (quitModel, effects) = update(TUIModel.fakeDemo(), .key(.char("q")), FakeSimulator.environment)
        #expect(effects == [.quit])
        #expect(quitModel.wantsQuit)
        let editing = TUIModel.fakeDemo().pressing(.char("t"))
        #expect(editing.keyContext == .editor)
        let (_, ctrlC) = update(editing, .key(.ctrl("c")), FakeSimulator.environment)
        #expect(ctrlC == [.quit])
    }

    @Test func qClosesAnOverlayBeforeQuitting() {
        let help = TUIModel.fakeDemo().pressing(.char("?"))
        #expect(help.overlay == .help(scroll: 0))
        let (closed, effects) = update(help, .key(.char("q")), FakeSimulator.environment)
        #expect(effects.isEmpty)
        #expect(closed.overlay == nil)
        #expect(help.pressing(.escape).overlay == nil)
        #expect(help.pressing(.char("?")).overlay == nil)
    }

    @Test func tabCyclesPanesBothWays() {
        let model = TUIModel.fakeDemo()
        #expect(model.pressing(.tab).focus == .links)
        #expect(model.pressing(.tab, .tab, .tab).focus == .why)
        #expect(model.pressing(.tab, .tab, .tab, .tab).focus == .device)
        #expect(model.pressing(.backTab).focus == .why)
    }

    @Test func changingAKnobResimulatesAndMarksTheChange() {
        let model = TUIModel.fakeDemo().onKnob(.appState(app: 0))
        // background → foreground → (wraps) not_installed: the fake sends uninstalled apps to the browser.
        let changed = model.pressing(.left, .left, .left)
        #expect(changed.world.apps[0].state == .notInstalled)
        #expect(changed.result?.landing?.kind == .browser)
        #expect(changed.changes?.landingChanged == true)
        #expect(changed.changes?.cause == "state: installed → not_installed")
        #expect(changed.changes?.changedSteps.contains(1) == true)
    }

    @Test func changeMarksFadeWithTicks() {
        var model = TUIModel.fakeDemo().onKnob(.osVersion).pressing(.left)
        #expect(model.changes != nil)
        for _ in 0..<ChangeMarks.lifetimeTicks { model = update(model, .tick, FakeSimulator.environment).0 }
        #expect(model.changes == nil)
    }

    @Test func osVersionKnobOffersRealReleases() {
        let model = TUIModel.fakeDemo().onKnob(.osVersion)
        #expect(model.knob(.osVersion)?.options.contains("17.4") == true)
        let older = model.pressing(.left)
        #expect(older.world.device.os == OSVersion(ios: 18, 0))
        #expect(older.changes?.cause == "OS version: 18.4 → 18.0")
    }

    @Test func platformSwitchUsesTheAndroidDemoPhoneAndComesBack() {
        let android = TUIModel.fakeDemo().onKnob(.platform).pressing(.right)
        #expect(android.world.device.platform == .android)
        #expect(android.world.device.os == OSVersion(androidAPI: 35))
        #expect(android.result?.landing?.via == .appLink)
        #expect(android.knob(.openSupportedLinks(app: 0)) != nil)
        #expect(android.knob(.domainVerification(app: 0, host: "shop.example.com")) != nil)
        #expect(android.knob(.launchMode(app: 0, activity: 0))?.value == "singleTask")
        #expect(android.knob(.developerMode) == nil)
        // The platform knob stays under the cursor, and iOS settings survive the round trip.
        let tweaked = TUIModel.fakeDemo().onKnob(.privateRelay).pressing(.right).onKnob(.platform).pressing(.right)
        let back = tweaked.pressing(.left)
        #expect(back.world.device.platform == .ios)
        #expect(back.world.device.privateRelay)
    }

    @Test func androidVerificationAndUserSelectionEditTheApp() {
        var model = TUIModel.fakeDemo().onKnob(.platform).pressing(.right)
        model = model.onKnob(.domainVerification(app: 0, host: "shop.example.com")).pressing(.right, .right)
        #expect(model.world.apps[0].domainVerification["shop.example.com"] == .verified)
        model = model.pressing(.left, .left)
        #expect(model.world.apps[0].domainVerification["shop.example.com"] == nil)
        model = model.onKnob(.userSelectedDomain(app: 0, host: "shop.example.com")).pressing(.right)
        #expect(model.world.apps[0].userSelectedDomains == ["shop.example.com"])
        model = model.onKnob(.openSupportedLinks(app: 0)).pressing(.enter)
        #expect(model.world.apps[0].linkHandlingAllowed == false)
    }

    @Test func safariPreferenceIsPerDomain() {
        let model = TUIModel.fakeDemo().onKnob(.safariPrefersBrowser(host: "shop.example.com")).pressing(.char(" "))
        #expect(model.world.device.safariPrefersBrowser == ["shop.example.com"])
        #expect(model.knob(.safariPrefersBrowser(host: "acme.onelink.me"))?.value == "open in app")
    }

    @Test func tapSourceKnobShowsInAppBrowserChoiceOnlyWhenItApplies() {
        var model = TUIModel.fakeDemo()
        #expect(model.knob(.inAppBrowserApp) == nil)
        model = model.pressing(.tab, .down, .down, .down)  // link 4: OneLink in Instagram's browser
        #expect(model.knob(.inAppBrowserApp)?.value == "instagram")
        model = model.onKnob(.inAppBrowserApp).pressing(.right)
        #expect(Knobs.selectedTap(model.world, action: 3)?.browserApp == .gmail)
        model = model.onKnob(.tapSource).pressing(.left)
        #expect(Knobs.selectedTap(model.world, action: 3)?.from == .firefox)
        #expect(model.knob(.inAppBrowserApp) == nil)
        #expect(model.knob(.page) != nil)  // a browser tap can name its page
    }

    @Test func linksAreIndependentTapsInTheDemo() {
        let model = TUIModel.fakeDemo().pressing(.tab, .down)
        #expect(model.selectedAction == 1)
        #expect(model.result?.landing?.via == .customScheme)
        #expect(model.changes == nil)  // picking another link is not a change to the world
    }

    @Test func traceIsSteppedWithBracketsAndArrowsInTheTracePane() {
        var model = TUIModel.fakeDemo()
        #expect(model.trace.count == 3)
        model = model.pressing(.char("]"), .char("]"), .char("]"), .char("]"))
        #expect(model.traceCursor == 2)
        model = model.pressing(.char("["))
        #expect(model.traceCursor == 1)
        model = model.pressing(.tab, .tab, .up)
        #expect(model.focus == .trace)
        #expect(model.traceCursor == 0)
        #expect(model.selectedStep?.actor == "notes")
    }

    @Test func typedURLBecomesANewLinkAndIsSimulated() {
        var model = TUIModel.fakeDemo().pressing(.char("t"))
        guard case .editor(let editor, .newURL, _) = model.overlay else {
            Issue.record("expected the URL editor")
            return
        }
        #expect(editor.string == "https://")
        model = model.pressing(.ctrl("u")).typing("shopapp://product/7").pressing(.enter)
        #expect(model.overlay == nil)
        #expect(model.world.actions.count == DemoWorld.links.count + 1)
        #expect(model.selectedAction == DemoWorld.links.count)
        #expect(model.selectedTap?.url == "shopapp://product/7")
        #expect(model.result?.landing?.via == .customScheme)
        #expect(model.focus == .links)
    }

    @Test func editingALinkKeepsItsSourceAndEscCancels() {
        let editing = TUIModel.fakeDemo().pressing(.tab, .enter)
        let cancelled = editing.typing("zzz").pressing(.escape)
        #expect(cancelled.overlay == nil)
        #expect(cancelled.selectedTap?.url == "https://shop.example.com/product/42")
        let edited = editing.pressing(.backspace, .backspace).typing("99").pressing(.enter)
        #expect(edited.selectedTap?.url == "https://shop.example.com/product/99")
        #expect(edited.selectedTap?.from == .notes)
        #expect(edited.changes?.cause.hasPrefix("URL: ") == true)
    }

    @Test func lineEditorKeys() {
        var editor = LineEditor("https://a.example/x")
        editor.handle(.ctrl("w"))
        #expect(editor.string == "https://a.example/")
        editor.handle(.home)
        editor.handle(.delete)
        #expect(editor.string == "ttps://a.example/")
        editor.handle(.char("h"))
        editor.handle(.end)
        editor.handle(.backspace)
        #expect(editor.string == "https://a.example")
        editor.handle(.ctrl("a"))
        editor.handle(.ctrl("k"))
        #expect(editor.string.isEmpty)
    }

    /// A previous search is offered whole: typing starts a new query, Backspace clears it, a cursor key keeps it.
    @Test func aPreviousQueryIsReplacedByTyping() {
        var typed = LineEditor("clock", replacesOnType: true)
        typed.handle(.char("C"))
        typed.handle(.char("D"))
        #expect(typed.string == "CD")
        var cleared = LineEditor("clock", replacesOnType: true)
        cleared.handle(.backspace)
        #expect(cleared.string.isEmpty)
        var kept = LineEditor("clock", replacesOnType: true)
        kept.handle(.left)
        kept.handle(.char("x"))
        #expect(kept.string == "clocxk")
        // The search prompt offers the last query so: typing after `/` does not append to it.
        let model = TUIModel.fakeDemo().pressing(.tab, .tab, .char("/")).typing("iOS").pressing(.enter)
        let again = model.pressing(.char("/")).typing("Notes")
        guard case .editor(let editor, _, _) = again.overlay else {
            Issue.record("no search prompt")
            return
        }
        #expect(editor.string == "Notes")
    }

    @Test func clipboardIsAFreeTextKnob() {
        let model = TUIModel.fakeDemo().onKnob(.clipboard).pressing(.enter).typing("https://acme.onelink.me/H5hv/apples")
            .pressing(.enter)
        #expect(model.world.device.clipboard == "https://acme.onelink.me/H5hv/apples")
        #expect(model.onKnob(.clipboard).pressing(.enter, .ctrl("u"), .enter).world.device.clipboard == nil)
    }

    @Test func appAndNetworkKnobs() {
        var model = TUIModel.fakeDemo().onKnob(.sdkProvider(app: 0)).pressing(.right)
        #expect(model.world.apps[0].sdk.provider == .branch)
        model = model.onKnob(.network).pressing(.enter, .ctrl("u")).typing("cafe-wifi").pressing(.enter)
        #expect(model.world.device.network == "cafe-wifi")
        model = model.onKnob(.platform).pressing(.right).onKnob(.targetSDK(app: 0)).pressing(.left)
        #expect(model.world.apps[0].targetSDK == 33)
    }

    @Test func longPressActionsOfferTheirChoice() {
        var scenario = DemoWorld.scenario
        scenario.actions = [
            Action(
                kind: .longPress(
                    Tap(url: "https://shop.example.com/product/42", from: .notes),
                    choose: .openInSafari))
        ]
        let model = TUIModel.opening(
            scenario, path: "lp.yaml", size: Size(width: 120, height: 40), colorEnabled: true,
            environment: FakeSimulator.environment)
        #expect(model.knob(.longPressChoice)?.value == "open_in_safari")
        let changed = model.onKnob(.longPressChoice).pressing(.right)
        #expect(
            changed.world.actions[0].kind
                == .longPress(
                    Tap(url: "https://shop.example.com/product/42", from: .notes),
                    choose: .openInApp))
    }

    @Test func matrixCoversAppStateBySourceAndJumps() {
        let model = TUIModel.fakeDemo().pressing(.char("m"))
        guard case .matrix(let matrix) = model.overlay else {
            Issue.record("expected the matrix")
            return
        }
        #expect(matrix.rowLabels == AppState.allCases.map(\.rawValue))
        #expect(matrix.columnLabels == LinkMatrix.sources(for: .ios).map(\.rawValue))
        #expect(matrix.row == AppState.allCases.firstIndex(of: .background))
        #expect(matrix.column == 0)
        #expect(matrix.cells[0][0]?.kind == .browser)  // not installed
        #expect(matrix.cells[3][0]?.kind == .app)
        // Up to not_installed, right to messages, Enter: the world is now that configuration.
        let jumped = model.pressing(.up, .up, .up, .right, .enter)
        #expect(jumped.overlay == nil)
        #expect(jumped.world.apps[0].state == .notInstalled)
        #expect(jumped.selectedTap?.from == .messages)
        #expect(jumped.result?.landing?.kind == .browser)
        #expect(jumped.changes?.cause == "state: background → not_installed, tap from: notes → messages")
    }

    @Test func matrixTabSwitchesToOSVersions() {
        let model = TUIModel.fakeDemo().pressing(.char("m"), .tab)
        guard case .matrix(let matrix) = model.overlay else {
            Issue.record("expected the matrix")
            return
        }
        #expect(matrix.rowAxis == .osVersion)
        #expect(matrix.rowLabels.count == IOSVersions.releases.count)
        #expect(matrix.rowLabels[matrix.row] == "18.4")
        let jumped = model.pressing(.up, .enter)
        #expect(jumped.world.device.os == OSVersion(ios: 18, 0))
    }

    @Test func matrixNeedsATap() {
        var scenario = DemoWorld.scenario
        scenario.actions = [Action(kind: .wait(.minutes(20)))]
        let model = TUIModel.opening(
            scenario, path: "x.yaml", size: Size(width: 120, height: 40), colorEnabled: true,
            environment: FakeSimulator.environment
        ).pressing(.char("m"))
        #expect(model.overlay == nil)
        #expect(model.status?.isError == true)
    }

    @Test func timelineShowsEachActionInTheWorldThePreviousOnesMade() {
        var scenario = DemoWorld.scenario
        scenario.apps[0].state = .notInstalled
        let tap = Tap(url: "https://shop.example.com/product/42", from: .notes)
        scenario.actions = [
            Action(kind: .tap(tap)), Action(kind: .install(appID: DemoWorld.shopID, source: .store)),
            Action(kind: .tap(tap)),
        ]
        var model = TUIModel.opening(
            scenario, path: "t.yaml", size: Size(width: 120, height: 40), colorEnabled: true,
            environment: FakeSimulator.environment)
        #expect(model.mode == .timeline)
        #expect(model.result?.landing?.kind == .browser)
        model = model.pressing(.tab, .down)
        #expect(model.result?.landing == nil)
        #expect(model.trace.first?.actor == "Store")
        model = model.pressing(.down)
        #expect(model.result?.landing?.kind == .app)
    }

    @Test func saveAsksForAPathThenWritesWithoutOverwriting() {
        var model = TUIModel.fakeDemo().pressing(.char("s"))
        guard case .editor(let editor, .savePath, _) = model.overlay else {
            Issue.record("expected the save-path editor")
            return
        }
        #expect(editor.string == "scenarios/ios-shop-example-com-product-42.yaml")
        let (saving, effects) = update(model, .key(.enter), FakeSimulator.environment)
        guard case .writeScenario(let path, let text, let overwrite)? = effects.first else {
            Issue.record("expected a write effect")
            return
        }
        #expect(path == "scenarios/ios-shop-example-com-product-42.yaml")
        #expect(!overwrite)
        #expect(text.contains("expect: {lands: app"))
        // The file exists: ask. n keeps it; y overwrites.
        model = update(saving, .scenarioExists(path: path), FakeSimulator.environment).0
        #expect(model.overlay == .confirmOverwrite(path: path, text: text))
        #expect(model.pressing(.char("n")).overlay == nil)
        let (_, yes) = update(model, .key(.char("y")), FakeSimulator.environment)
        #expect(yes == [.writeScenario(path: path, text: text, overwrite: true)])
        let saved = update(saving, .scenarioWritten(path: path), FakeSimulator.environment).0
        #expect(saved.overlay == nil)
        #expect(saved.status?.text == "saved \(path)")
    }

    @Test func openPickerListsThenLoads() {
        let (model, effects) = update(TUIModel.fakeDemo(), .key(.char("o")), FakeSimulator.environment)
        #expect(effects == [.listScenarios(directory: "scenarios")])
        let listed = update(
            model, .scenarioList(directory: "scenarios", files: ["scenarios/a.yaml", "scenarios/b.yaml"]),
            FakeSimulator.environment
        ).0
        let (_, load) = update(listed.pressing(.down), .key(.enter), FakeSimulator.environment)
        #expect(load == [.loadScenario(path: "scenarios/b.yaml")])
        let failed = update(listed, .scenarioLoadFailed(path: "scenarios/b.yaml", message: "bad"), FakeSimulator.environment).0
        #expect(failed.status?.isError == true)
    }

    @Test func tooSmallTerminalOnlyListensToQ() {
        var model = TUIModel.fakeDemo()
        model = update(model, .resize(Size(width: 60, height: 20)), FakeSimulator.environment).0
        #expect(model.pressing(.tab).focus == .device)
        #expect(update(model, .key(.char("q")), FakeSimulator.environment).1 == [.quit])
    }

    @Test func clickFocusesAPaneAndSelectsALink() {
        let model = TUIModel.fakeDemo()
        let layout = model.layout
        let clicked = update(model, .mouseClick(x: layout.links.x + 5, y: layout.links.y + 3), FakeSimulator.environment).0
        #expect(clicked.focus == .links)
        #expect(clicked.selectedAction == 2)
        let why = update(model, .mouseClick(x: layout.why.x + 2, y: layout.why.y + 1), FakeSimulator.environment).0
        #expect(why.focus == .why)
        // Row 0 is the "Device" heading, row 2 the OS version knob.
        let knob = update(why, .mouseClick(x: 3, y: layout.device.y + 3), FakeSimulator.environment).0
        #expect(knob.focus == .device)
        #expect(knob.knobs[knob.knobCursor].id == .osVersion)
    }

    @Test func helpIsGeneratedFromTheKeymap() {
        let lines = Keymap.helpLines()
        for binding in Keymap.bindings {
            #expect(lines.contains { $0.contains(binding.help) }, "help lacks \(binding.help)")
        }
        #expect(Keymap.command(for: .char("q"), in: .device) == .quit)
        #expect(Keymap.command(for: .char("j"), in: .matrix) == .moveDown)
        #expect(Keymap.command(for: .char("s"), in: .matrix) == nil)  // overlays are modal
    }
}
