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
                edit.lines[edit.cursor] = line.string
                edit.editor = nil
                edit.dirty = true
            case .escape, .ctrl("g"):
                edit.editor = nil
            default:
                if line.handle(key) { edit.editor = line }
            }
            course?.inline = edit
            return []
        }
        switch key {
        case .up, .char("k"): edit.cursor = max(0, edit.cursor - 1)
        case .down, .char("j"): edit.cursor = min(edit.lines.count - 1, edit.cursor + 1)
        case .pageUp: edit.cursor = max(0, edit.cursor - 10)
        case .pageDown: edit.cursor = min(edit.lines.count - 1, edit.cursor + 10)
        case .home, .char("g"): edit.cursor = 0
        case .end, .char("G"): edit.cursor = edit.lines.count - 1
        case .enter, .char("e"): edit.editor = LineEditor(edit.lines[edit.cursor])
        case .char("o"):
            edit.lines.insert("", at: edit.cursor + 1)
            edit.cursor += 1
            edit.editor = LineEditor("")
            edit.dirty = true
        case .char("x"), .delete:
            if edit.lines.count > 1 {
                edit.lines.remove(at: edit.cursor)
                edit.cursor = min(edit.cursor, edit.lines.count - 1)
            } else {
                edit.lines = [""]
            }
            edit.dirty = true
        case .char("w"):
            edit.dirty = false
            course?.inline = nil
            return [.writeFixFile(path: edit.path, text: edit.text)]
        case .escape, .char("q"):
            course?.inline = nil
            if edit.dirty { status = StatusMessage(text: "closed without saving (w saves and checks)", isError: false) }
            return []
        default: break
        }
        course?.inline = edit
        return []
    }
}

extension ScreenPainter {
    func paintInlineEdit(_ edit: InlineFileEdit, into grid: inout Grid) {
        let name = edit.path.split(separator: "/").last.map(String.init) ?? edit.path
        let rect = dialog(
            width: grid.size.width - 2, height: grid.size.height - 2,
            title: "\(name)\(edit.dirty ? " (changed)" : "") — ↑↓ line · Enter edit · o new line · x delete · w save and check · Esc close",
            into: &grid)
        let inner = rect.inner
        let number = String(edit.lines.count).count
        let height = inner.height
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
    }
}
