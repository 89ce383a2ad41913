import Foundation
import LinkSimCore
import Testing

@testable import LinkSimTUI

/// Bracketed paste: pasted text goes into the open text field as a whole, never through the keymap, so a
/// pasted line with `q`, a newline or control characters in it cannot quit, submit or reach the terminal raw.
@Suite struct PasteTests {
    func pasting(_ text: String, into model: TUIModel) -> (TUIModel, [Effect]) {
        update(model, .paste(text), FakeSimulator.environment)
    }

    @Test func aPastedURLReplacesTheNewLinkPromptsSchemeAndWaitsForEnter() throws {
        let prompt = TUIModel.fakeDemo().pressing(.char("t"))
        let (model, effects) = pasting("https://shop.example.com/product/7\n", into: prompt)
        #expect(effects.isEmpty)
        guard case .editor(let editor, .newURL, _) = model.overlay else {
            Issue.record("the prompt closed: \(String(describing: model.overlay))")
            return
        }
        #expect(editor.string == "https://shop.example.com/product/7")
        #expect(editor.cursor == editor.text.count)
        // Typed text after the scheme is kept: a pasted path joins it.
        let typed = TUIModel.fakeDemo().pressing(.char("t")).typing("shop.example.com")
        let (joined, _) = pasting("/sale/1", into: typed)
        guard case .editor(let second, _, _) = joined.overlay else { return }
        #expect(second.string == "https://shop.example.com/sale/1")
    }

    @Test func pastedLinesAndControlCharactersBecomeOneCleanLine() {
        #expect(LineEditor.oneLine("  a\tb\r\nc\u{1B}[31m\u{7}d\u{9B}e  \n") == "a b c[31mde")
        var editor = LineEditor("ab")
        editor.cursor = 1
        editor.paste("X\nY")
        #expect(editor.string == "aX Yb")
        #expect(editor.cursor == 4)
        // Text offered whole (a previous search) is replaced by a paste, as by typing.
        var search = LineEditor("old", replacesOnType: true)
        search.paste("new")
        #expect(search.string == "new")
    }

    @Test func aLinkPastedOnTheMainScreenOpensTheNewLinkPrompt() {
        let start = TUIModel.fakeDemo()
        let (model, effects) = pasting("shopapp://product/42\n", into: start)
        #expect(effects.isEmpty)
        guard case .editor(let editor, .newURL, _) = model.overlay else {
            Issue.record("no prompt: \(String(describing: model.overlay))")
            return
        }
        #expect(editor.string == "shopapp://product/42")
        let tapped = model.pressing(.enter)
        #expect(tapped.world.actions.count == start.world.actions.count + 1)
    }

    @Test(arguments: ["qqq", "q\nq\n", "dtt\u{3}zz", "two\nlines://x", "no scheme here"])
    func anythingElsePastedOnTheMainScreenIsIgnored(text: String) {
        let start = TUIModel.fakeDemo()
        let (model, effects) = pasting(text, into: start)
        #expect(effects.isEmpty, "a paste ran effects: \(effects)")
        #expect(!model.wantsQuit)
        #expect(model.overlay == nil)
        #expect(model.selectedAction == start.selectedAction)
        #expect(model.world == start.world)
        #expect(model.status?.text.hasPrefix("pasted text ignored") == true)
    }

    @Test func aPasteIntoTheInlineEditorSplitsItsLinesAndExpandsTabs() {
        var edit = InlineFileEdit(path: "/x.json", text: "{\n\t\"a\": 1\n}\n")
        // Tabs in the file are shown and edited as spaces.
        #expect(edit.lines == ["{", "    \"a\": 1", "}"])
        let refused = edit.paste("ignored")
        #expect(!refused, "no line is being edited")
        edit.cursor = 1
        var line = LineEditor(edit.lines[1])
        line.cursor = 4
        edit.editor = line
        let taken = edit.paste("\"b\": 2,\r\n\t\"c\": 3,\n")
        #expect(taken)
        #expect(edit.lines == ["{", "    \"b\": 2,", "    \"c\": 3,", "\"a\": 1", "}"])
        #expect(edit.cursor == 3)
        #expect(edit.editor?.cursor == 0)
        #expect(edit.dirty)
        // One line pasted keeps its indentation (it is not trimmed as a prompt's paste is).
        var one = InlineFileEdit(path: "/x.json", text: "ab\n")
        one.editor = LineEditor("ab")
        let kept = one.paste("  x\ty")
        #expect(kept)
        // Tab stops count from the start of the pasted text.
        #expect(one.editor?.string == "ab  x y")
    }
}
