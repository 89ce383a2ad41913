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
