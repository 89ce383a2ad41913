import Foundation
import LinkSimCore
import Testing

@testable import LinkSimTUI

/// What a QA pass at 80×24 found cut off or drawn over: messages, lesson text, key hints.
@Suite struct ScreenFitTests {
    static let small = Layout.minimum

    /// Every pane's bottom corners are where the layout put them (nothing was drawn over them).
    static func expectBordersIntact(_ model: TUIModel, _ grid: Grid, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let lines = grid.textLines().map { Array($0) }
        let layout = model.layout
        for pane in Pane.allCases {
            let rect = layout.rect(of: pane)
            guard rect.width > 1, rect.height > 1 else { continue }
            let row = lines[rect.maxY - 1]
            #expect(
                row[rect.x] == "└" && row[rect.maxX - 1] == "┘",
                "the \(pane) pane's bottom border was drawn over:\n\(grid.textLines().joined(separator: "\n"))",
                sourceLocation: sourceLocation)
        }
    }

    /// The status message's rows, as drawn.
    static func statusText(_ model: TUIModel, _ grid: Grid) -> String {
        let lines = grid.textLines()
        let rect = model.layout.statusLine
        return (rect.y..<rect.maxY).map { lines[$0].trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    @Test func aWrongAnswersMessageHasRowsOfItsOwnAndShowsItsStart() throws {
        // universal-links-basics, step 3 (typed into the address bar), answered "app".
        let model = CourseFixture.model(lesson: "universal-links-basics").live(.char(">"), .char(">"), .char("1")).0
        let status = try #require(model.status)
        #expect(status.text.hasPrefix("✗ not quite — the engine says:"))
        let grid = render(model, size: Self.small)
        Self.expectBordersIntact(model, grid)
        #expect(model.layout.statusLine.height > 1)
        #expect(Self.statusText(model, grid) == status.text)
        // The lesson panel ends above the message.
        #expect(grid.textLines()[model.layout.statusLine.y - 1].hasPrefix("└"))
    }

    @Test func theClipboardMessageHasRowsOfItsOwn() {
        let model = update(TUIModel.fakeDemo(Self.small), .clipboardCopied(characters: 1234)).0
        let grid = render(model, size: Self.small)
        Self.expectBordersIntact(model, grid)
        #expect(Self.statusText(model, grid) == model.status?.text)
    }

    @Test func aMessageLongerThanFourLinesIsCutWithAnEllipsis() {
        let message = StatusMessage(text: String(repeating: "word ", count: 100), isError: true)
        let lines = message.lines(width: 80)
        #expect(lines.count == StatusMessage.maximumLines)
        #expect(lines.last?.hasSuffix("…") == true)
        #expect(StatusMessage(text: "short", isError: false).lines(width: 80) == ["short"])
    }
}

/// The lesson panel is small at 80×24: `M` shows the whole step, and the panel's "more" says so.
@Suite struct StepTextTests {
    /// aasa-fix step 3: a fix step whose explanation does not fit the panel at 80×24.
    static func longStep() -> TUIModel {
        CourseFixture.model(lesson: "aasa-fix").live(.char("2"), .char(">"), .char(">")).0
    }

    @Test func theCutPanelNamesTheKeyThatShowsTheRest() {
        let grid = render(Self.longStep(), size: Layout.minimum)
        let text = grid.textLines().joined(separator: "\n")
        #expect(text.contains("… more: M shows all"), "\(text)")
        #expect(!text.contains("P hides the panel"))
    }

    @Test func mShowsTheWholeStepAndScrollsToItsEnd() throws {
        let model = Self.longStep()
        let step = try #require(model.course?.currentStep)
        let opened = model.live(.char("M")).0
        #expect(opened.course?.reading == 0)
        var seen = ""
        var scrolled = opened
        for _ in 0..<40 {
            seen += render(scrolled, size: Layout.minimum).textLines().joined()
            scrolled = scrolled.live(.char("j")).0
        }
        let squeezed = ReadabilityTests.squeezed(seen.replacingOccurrences(of: "│", with: ""))
        #expect(squeezed.contains(ReadabilityTests.squeezed(CourseText.reflow(step.text))), "the step's text was not all shown")
        // Scrolling stops at the last screenful: one k moves back at once.
        let last = try #require(scrolled.course?.reading)
        #expect(scrolled.live(.char("j")).0.course?.reading == last)
        if last > 0 { #expect(scrolled.live(.char("k")).0.course?.reading == last - 1) }
        #expect(scrolled.live(.escape).0.course?.reading == nil)
        #expect(CourseKeys.helpLines().contains { $0.contains("the whole step") })
    }
}

/// The inline editor (`I`): its keys on a bottom line that fits at 80 columns, and `?` lists them.
@Suite struct InlineEditKeysTests {
    static func editing() -> TUIModel {
        var model = CourseFixture.model(lesson: "aasa-fix").live(.char("2"), .char(">")).0
        model.course?.inline = InlineFileEdit(path: "/tmp/aasa.json", text: "{\n  \"applinks\": {}\n}\n")
        return model
    }

    @Test func everyHintIsOnScreenAt80Columns() {
        let text = render(Self.editing(), size: Layout.minimum).textLines().joined(separator: "\n")
        for hint in ["↑↓ line", "Enter edit", "o new line", "x delete", "w save and check", "Esc close", "? keys"] {
            #expect(text.contains(hint), "\(hint) is not on screen:\n\(text)")
        }
    }

    @Test func questionMarkListsTheKeysAndAnyKeyClosesThem() {
        let shown = Self.editing().live(.char("?")).0
        #expect(shown.course?.inline?.showsKeys == true)
        let text = render(shown, size: Layout.minimum).textLines().joined(separator: "\n")
        #expect(text.contains("save the file and check it"), "\(text)")
        let closed = shown.live(.char("j")).0
        #expect(closed.course?.inline?.showsKeys == false)
        #expect(closed.course?.inline?.cursor == 0, "the key that closes the list does nothing else")
        // While a line is being edited, ? is text.
        let typing = Self.editing().live(.char("e"), .char("?")).0
        #expect(typing.course?.inline?.editor?.string.hasSuffix("?") == true)
    }
}

/// Lines QA found cut at 80×24: the add-action prompt, the matrix legend, the timeline note.
@Suite struct CutLinesTests {
    static func screen(_ model: TUIModel) -> String {
        render(model, size: Layout.minimum).textLines().joined(separator: "\n")
    }

    @Test func theAddActionPromptShowsEveryExample() {
        var model = TUIModel.fakeDemo(Layout.minimum)
        model.focus = .links
        let text = Self.screen(model.pressing(.char("a")))
        #expect(text.contains("Add action 2"))
        #expect(text.contains("wait: 20m · install: APP · launch: APP · answer: open · tap: URL"), "\(text)")
    }

    @Test func theMatrixLegendIsWhole() {
        let text = Self.screen(TUIModel.fakeDemo(Layout.minimum).pressing(.char("m")))
        #expect(text.contains("≈ assumed  · none"), "\(text)")
    }

    @Test func becomingATimelineIsSaidWhole() {
        var model = TUIModel.fakeDemo(Layout.minimum)
        model.focus = .links
        model = model.pressing(.char("a")).typing("wait: 20m").pressing(.enter)
        #expect(model.mode == .timeline)
        let text = Self.screen(model)
        #expect(text.contains("the links are now a timeline: actions run in order"), "\(text)")
    }
}
