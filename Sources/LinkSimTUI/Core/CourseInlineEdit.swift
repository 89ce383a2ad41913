import LinkSimCore

/// Fix-the-file without an external editor (`I`): the learner's copy, line by line, edited with
/// the TUI's line editor and written back (`w`) to be checked like an `$EDITOR` edit.
package struct InlineFileEdit: Sendable, Equatable {
    package var path: String
    package var lines: [String]
    package var cursor = 0
    /// The line being edited, if any.
    package var editor: LineEditor?
    package var dirty = false
    /// `?`: the keys are listed over the file until the next key.
    package var showsKeys = false
    /// The lines (and cursor) before each change, for `u` (at most 100).
    package var undo: [(lines: [String], cursor: Int)] = []
    /// Esc (or q) with unsaved changes asks once; a second Esc closes.
    package var confirmingClose = false
    /// The line being edited was just added with `o`: its text is part of that one change for `u`.
    var newLineEdit = false

    package static func == (a: InlineFileEdit, b: InlineFileEdit) -> Bool {
        a.path == b.path && a.lines == b.lines && a.cursor == b.cursor && a.editor == b.editor && a.dirty == b.dirty
            && a.showsKeys == b.showsKeys && a.confirmingClose == b.confirmingClose && a.undo.map(\.lines) == b.undo.map(\.lines)
            && a.undo.map(\.cursor) == b.undo.map(\.cursor)
    }

    /// Keeps the file as it is before a change, for `u`.
    mutating func remember() {
        undo.append((lines, cursor))
        if undo.count > 100 { undo.removeFirst() }
    }

    package init(path: String, text: String) {
        self.path = path
        // Tabs are shown and edited as spaces (to the next multiple of four), as a pasted tab is.
        var lines = text.components(separatedBy: "\n").map { $0.contains("\t") ? Self.expandingTabs($0) : $0 }
        if lines.count > 1, lines.last == "" { lines.removeLast() }
        self.lines = lines.isEmpty ? [""] : lines
    }

    package var text: String { lines.joined(separator: "\n") + "\n" }

    static func expandingTabs(_ line: String) -> String {
        var out = ""
        var column = 0
        for character in line {
            guard character == "\t" else {
                out.append(character)
                column += 1
                continue
            }
            let spaces = 4 - column % 4
            out += String(repeating: " ", count: spaces)
            column += spaces
        }
        return out
    }
}

/// The inline editor's keys: one table drives its input, its hint line and its `?` list.
package enum InlineEditKeys {
    package enum Action: Sendable, Equatable {
        case up, down, pageUp, pageDown, top, bottom, edit, newLine, delete, undo, save, close, keys
    }

    /// `hint`: the words on the editor's bottom line ("" for keys only `?` lists).
    package static let bindings: [(keys: [Key], action: Action, hint: String, help: String)] = [
        ([.up, .char("k")], .up, "↑↓ line", "previous line"),
        ([.down, .char("j")], .down, "", "next line"),
        ([.pageUp], .pageUp, "", "ten lines up"),
        ([.pageDown], .pageDown, "", "ten lines down"),
        ([.home, .char("g")], .top, "", "first line"),
        ([.end, .char("G")], .bottom, "", "last line"),
        ([.enter, .char("e")], .edit, "Enter edit", "edit this line (then Enter keeps it, Esc drops the change)"),
        ([.char("o")], .newLine, "o new line", "add a line below and edit it"),
        ([.char("x"), .delete], .delete, "x delete", "delete this line"),
        ([.char("u")], .undo, "u undo", "undo the last change (line edit, new line, delete)"),
        ([.char("w")], .save, "w save and check", "save the file and check it"),
        ([.escape, .char("q")], .close, "Esc close", "close (with unsaved changes, asks first: Esc again drops them)"),
        ([.char("?")], .keys, "? keys", "list these keys"),
    ]

    package static func action(for key: Key) -> Action? { bindings.first { $0.keys.contains(key) }?.action }

    /// The bottom line while moving between lines.
    package static let hints = bindings.map(\.hint).filter { !$0.isEmpty }
    /// The bottom line while a line is being edited.
    package static let editingHints = ["Enter keep the line", "Esc drop the change", "←→ move", "Ctrl-U erase to start"]

    /// Hints joined with " · " into lines of at most `columns`, never breaking one.
    package static func lines(_ hints: [String], columns: Int) -> [String] {
        var lines: [String] = []
        for hint in hints {
            if let last = lines.last, TerminalText.width(last) + 3 + TerminalText.width(hint) <= columns {
                lines[lines.count - 1] = last + " · " + hint
            } else {
                lines.append(hint)
            }
        }
        return lines
    }

    /// `?`'s list: keys, then what they do.
    package static func helpLines() -> [String] {
        bindings.map { binding in
            let keys = binding.keys.map(\.label).joined(separator: " ")
            return keys.padding(toLength: max(12, keys.count + 1), withPad: " ", startingAt: 0) + binding.help
        }
    }
}

extension TUIModel {
    mutating func openInlineEdit() -> [Effect] {
        guard let session = course, let step = session.currentStep, case .fix(let task) = step.kind,
            let work = session.workFile(for: step)
        else {
            status = StatusMessage(text: "I edits the file of a fix-the-file step", isError: false)
            return []
        }
        return [.loadFixFile(path: work, seedFrom: task.resolvedFile)]
    }

    /// Keys while the inline editor is open (it is modal).
    mutating func handleInlineKey(_ key: Key, _ edit: InlineFileEdit) -> [Effect] {
        var edit = edit
        if key == .ctrl("c") { return quit() }
        if var line = edit.editor {
            switch key {
            case .enter:
                if edit.lines[edit.cursor] != line.string {
                    if !edit.newLineEdit { edit.remember() }
                    edit.lines[edit.cursor] = line.string
                    edit.dirty = true
                }
                edit.editor = nil
                edit.newLineEdit = false
            case .escape, .ctrl("g"):
                edit.editor = nil
                edit.newLineEdit = false
            default:
                if line.handle(key) { edit.editor = line }
            }
            course?.inline = edit
            return []
        }
        if edit.showsKeys {
            // The key list closes on any key, which does nothing else.
            edit.showsKeys = false
            course?.inline = edit
            return []
        }
        let action = InlineEditKeys.action(for: key)
        let confirming = edit.confirmingClose
        edit.confirmingClose = false
        switch action {
        case .up?: edit.cursor = max(0, edit.cursor - 1)
        case .down?: edit.cursor = min(edit.lines.count - 1, edit.cursor + 1)
        case .pageUp?: edit.cursor = max(0, edit.cursor - 10)
        case .pageDown?: edit.cursor = min(edit.lines.count - 1, edit.cursor + 10)
        case .top?: edit.cursor = 0
        case .bottom?: edit.cursor = edit.lines.count - 1
        case .edit?: edit.editor = LineEditor(edit.lines[edit.cursor])
        case .keys?: edit.showsKeys = true
        case .newLine?:
            edit.remember()
            edit.newLineEdit = true
            edit.lines.insert("", at: edit.cursor + 1)
            edit.cursor += 1
            edit.editor = LineEditor("")
            edit.dirty = true
        case .undo?:
            guard let last = edit.undo.popLast() else {
                status = StatusMessage(text: "nothing to undo in this file", isError: false)
                break
            }
            edit.lines = last.lines
            edit.cursor = min(last.cursor, last.lines.count - 1)
            edit.dirty = true
        case .delete?:
            edit.remember()
            if edit.lines.count > 1 {
                edit.lines.remove(at: edit.cursor)
                edit.cursor = min(edit.cursor, edit.lines.count - 1)
            } else {
                edit.lines = [""]
            }
            edit.dirty = true
        case .save?:
            edit.dirty = false
            course?.inline = nil
            return [.writeFixFile(path: edit.path, text: edit.text)]
        case .close?:
            if edit.dirty, !confirming {
                edit.confirmingClose = true
                status = StatusMessage(text: "unsaved changes: Esc again drops them, w saves and checks", isError: true)
                break
            }
            course?.inline = nil
            if edit.dirty { status = StatusMessage(text: "closed without saving (w saves and checks)", isError: false) }
            return []
        case nil: break
        }
        course?.inline = edit
        return []
    }
}

extension ScreenPainter {
    func paintInlineEdit(_ edit: InlineFileEdit, into grid: inout Grid) {
        let name = edit.path.split(separator: "/").last.map(String.init) ?? edit.path
        let rect = dialog(
            width: grid.size.width - 2, height: grid.size.height - 2, title: "\(name)\(edit.dirty ? " (changed)" : "")",
            into: &grid)
        let inner = rect.inner
        // The keys on the bottom rows, where they fit whole (a title cut them at 80 columns).
        let hints = InlineEditKeys.lines(edit.editor == nil ? InlineEditKeys.hints : InlineEditKeys.editingHints, columns: inner.width - 2)
        for (row, line) in hints.enumerated() {
            grid.put(line, x: inner.x + 1, y: inner.maxY - hints.count + row, maxWidth: inner.width - 2, style: theme.secondary)
        }
        let number = String(edit.lines.count).count
        let height = max(0, inner.height - hints.count - 1)
        let offset = max(0, min(edit.cursor - height / 2, edit.lines.count - height))
        for row in 0..<height {
            let index = offset + row
            guard edit.lines.indices.contains(index) else { break }
            let label = String(index + 1)
            let prefix = String(repeating: " ", count: number - label.count) + label + " "
            grid.put(prefix, x: inner.x, y: inner.y + row, style: theme.secondary)
            let x = inner.x + prefix.count
            let width = inner.width - prefix.count
            if index == edit.cursor, let editor = edit.editor {
                let start = max(0, editor.cursor - width + 1)
                grid.put(String(editor.text.dropFirst(start).prefix(width)), x: x, y: inner.y + row, maxWidth: width, style: theme.text)
                let cursorX = x + TerminalText.width(String(editor.text[start..<min(editor.cursor, editor.text.count)]))
                let under = editor.cursor < editor.text.count ? String(editor.text[editor.cursor]) : " "
                grid.put(under, x: cursorX, y: inner.y + row, maxWidth: 2, style: theme.cursor)
            } else {
                grid.put(
                    edit.lines[index], x: x, y: inner.y + row, maxWidth: width,
                    style: index == edit.cursor ? theme.cursor : theme.text)
            }
        }
        if edit.showsKeys {
            let lines = InlineEditKeys.helpLines()
            let width = min(inner.width - 4, (lines.map(TerminalText.width).max() ?? 0) + 4)
            let box = Rect(x: inner.x + (inner.width - width) / 2, y: inner.y + 1, width: width, height: min(height, lines.count + 2))
            grid.fill(box)
            grid.box(box, title: "Keys — any key closes", style: theme.focusedBorder, titleStyle: theme.focusedPaneTitle)
            for (row, line) in lines.prefix(box.height - 2).enumerated() {
                grid.put(line, x: box.x + 2, y: box.y + 1 + row, maxWidth: width - 4, style: theme.text)
            }
        }
    }
}
