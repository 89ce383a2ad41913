import LinkSimCore
import Testing

@testable import LinkSimTUI

/// Styles that golden text files cannot show: highlighting, colours and NO_COLOR.
@Suite struct RenderTests {
    let size = Size(width: 120, height: 40)

    func row(_ grid: Grid, containing text: String) -> Int? {
        grid.textLines().firstIndex { $0.contains(text) }
    }

    /// A timeline whose expectation fails does not say ✓ in its title ("expect 0/1 ✓" read as a pass).
    @Test func aTimelineWithAFailedExpectationSaysSo() throws {
        var scenario = DemoWorld.scenario
        var action = Action(kind: .tap(Tap(url: "https://shop.example.com/product/42", from: .messages)))
        action.expect = Expectation(lands: .store)
        scenario.actions = [action, Action(kind: .wait(.minutes(1)))]  // a non-tap action: a timeline
        let model = TUIModel.opening(scenario, path: "f.yaml", size: size, colorEnabled: false, environment: .live)
        let lines = render(model, size: size).textLines()
        #expect(lines.contains { $0.contains("expect 0/1 held ✗") }, "\(lines.prefix(12).joined(separator: "\n"))")
        #expect(!lines.contains { $0.contains("0/1 ✓") })
    }

    /// The details box reflows a YAML block description: the file's line breaks are not the box's.
    @Test func detailsReflowTheDescription() {
        var model = TUIModel.fakeDemo()
        model.world.description = "One two three four five\nsix seven.\n\n- an item\n- another item\n"
        let lines = model.detailLines(width: 60)
        #expect(lines.contains("One two three four five six seven."), "\(lines.prefix(6))")
        #expect(lines.contains("- an item") && lines.contains("- another item"))
    }

    @Test func landingIsColouredByKind() {
        let model = TUIModel.fakeDemo()
        let grid = render(model, size: size)
        let inner = model.layout.landing.inner
        let labelCell = grid[inner.x + 2, inner.y]
        #expect(labelCell.style.foreground == .green)
        #expect(labelCell.style.reverse)
        let browser = TUIModel.fakeDemo().onKnob(.appState(app: 0)).pressing(.left, .left, .left)
        #expect(render(browser, size: size)[inner.x + 2, inner.y].style.foreground != .green)
    }

    @Test func noColorUsesAttributesOnly() {
        var model = TUIModel.fakeDemo().onKnob(.appState(app: 0)).pressing(.left, .left, .left, .tab, .tab, .char("]"))
        model.colorEnabled = false
        let grid = render(model, size: size)
        #expect(grid.cells.allSatisfy { $0.style.foreground == .standard && $0.style.background == .standard })
        // The landing label, the current step and the changed steps still stand out.
        let inner = model.layout.landing.inner
        #expect(grid[inner.x + 2, inner.y].style.underline || grid[inner.x + 2, inner.y].style.reverse)
        guard let stepRow = row(grid, containing: "2 iOS:") else {
            Issue.record("no step row")
            return
        }
        #expect(grid[model.layout.trace.inner.x + 3, stepRow].style.reverse)
    }

    @Test func currentTraceStepIsHighlightedAndChangedStepsMarked() {
        let model = TUIModel.fakeDemo().onKnob(.appState(app: 0)).pressing(.left, .left, .left)
        let grid = render(model, size: size)
        let lines = grid.textLines()
        #expect(lines.contains { $0.contains("*2 iOS: no app claims the link") })
        #expect(lines.contains { $0.contains("Landing ● changed") })
        guard let changedRow = row(grid, containing: "*2 iOS") else {
            Issue.record("no changed row")
            return
        }
        #expect(grid[model.layout.trace.inner.x + 4, changedRow].style.background == .yellow)
    }

    @Test func everySizeRendersWithoutTrapping() {
        let model = TUIModel.fakeDemo().pressing(.char("m"))
        for width in stride(from: 1, through: 210, by: 13) {
            for height in stride(from: 1, through: 70, by: 7) {
                let grid = render(model, size: Size(width: width, height: height))
                #expect(grid.size == Size(width: width, height: height))
            }
        }
        _ = render(model, size: Size(width: 0, height: 0))
    }

    @Test func terminalTextEscapesControlsAndMeasuresWidth() {
        #expect(TerminalText.sanitize("a\u{1B}[2Jb") == "a\\x1B[2Jb")
        #expect(TerminalText.sanitize("\u{9B}31m") == "\\x9B31m")
        #expect(TerminalText.sanitize("x\u{202E}y") == "x\\u{202E}y")
        #expect(TerminalText.sanitize("tab\there") == "tab\\x09here")
        #expect(TerminalText.sanitize("café ✓") == "café ✓")
        #expect(TerminalText.width("日本") == 4)
        #expect(TerminalText.truncate("abcdef", to: 4) == "abc…")
        var grid = Grid(size: Size(width: 5, height: 1))
        grid.put("日本語", x: 0, y: 0)
        #expect(grid.textLines() == ["日本"])
        #expect(TerminalText.wrap("one two three four", columns: 9) == ["one two", "three", "four"])
        // A long word of wide characters breaks by columns, and nothing is lost.
        let korean = TerminalText.wrap("https://x.org/wiki/특수:최근바뀜", columns: 20)
        #expect(korean == ["https://x.org/wiki/", "특수:최근바뀜"])
        #expect(korean.allSatisfy { TerminalText.width($0) <= 20 })
        #expect(TerminalText.wrap("特殊特殊特", columns: 4) == ["特殊", "特殊", "特"])
    }
}
