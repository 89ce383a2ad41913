import Foundation
import LinkSimCore

/// Pasted text (bracketed paste): it goes into whatever text field is open, never through the keymap.
extension TUIModel {
    mutating func handlePaste(_ text: String) -> [Effect] {
        if glossary != nil { return ignorePaste() }
        if overlay == nil, var edit = course?.inline {
            guard edit.paste(text) else { return ignorePaste("press e to edit the selected line first") }
            course?.inline = edit
            return []
        }
        switch overlay {
        case .editor(var editor, let purpose, let prompt):
            // The new-link prompt starts with "https://": a pasted URL with a scheme of its own replaces it.
            if purpose == .newURL, editor.string == "https://", Self.hasScheme(LineEditor.oneLine(text)) {
                editor = LineEditor("")
            }
            editor.paste(text)
            overlay = .editor(editor, purpose: purpose, prompt: prompt)
            return []
        case nil where course == nil:
            // A link pasted on the main screen is what the user wants to tap: the new-link prompt opens with it.
            let line = LineEditor.oneLine(text)
            let oneLine = !text.trimmingCharacters(in: .whitespacesAndNewlines).contains(where: \.isNewline)
            guard !line.isEmpty, oneLine, Self.hasScheme(line) else {
                return ignorePaste("t types a URL to tap")
            }
            overlay = .editor(LineEditor(line), purpose: .newURL, prompt: "Tap URL (a new link)")
            status = StatusMessage(text: "pasted a link: Enter taps it, Esc cancels", isError: false)
            return []
        default:
            return ignorePaste()
        }
    }

    private mutating func ignorePaste(_ hint: String? = nil) -> [Effect] {
        status = StatusMessage(
            text: "pasted text ignored: no text field is open" + (hint.map { " (\($0))" } ?? ""), isError: false)
        return []
    }

    /// `scheme:` at the start, as RFC 3986 writes a scheme (a letter, then letters, digits, `+`, `-`, `.`).
    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon > text.startIndex else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}

extension InlineFileEdit {
    /// Pasted text into the line being edited, as a text editor takes it: the first line joins the text before
    /// the cursor, each further line becomes a line of its own, and the text after the cursor follows the last.
    /// Tabs become spaces (to the next multiple of four) and other control characters are dropped. Returns false
    /// when no line is being edited.
    mutating func paste(_ pasted: String) -> Bool {
        guard var line = editor else { return false }
        let normalized = pasted.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let pieces = normalized.split(separator: "\n", omittingEmptySubsequences: false).map { Self.clean(String($0)) }
        if pieces.count == 1 {
            line.insert(pieces[0])
            editor = line
            return true
        }
        let before = String(line.text[..<line.cursor])
        let after = String(line.text[line.cursor...])
        var added = [before + pieces[0]] + pieces.dropFirst().dropLast()
        let last = pieces[pieces.count - 1]
        added.append(last + after)
        lines.replaceSubrange(cursor...cursor, with: added)
        cursor += added.count - 1
        var editing = LineEditor(lines[cursor])
        editing.cursor = last.count
        editor = editing
        dirty = true
        return true
    }

    /// One pasted line: tabs expanded to the next multiple of four columns, other control characters dropped.
    static func clean(_ line: String) -> String {
        let kept = String(
            String.UnicodeScalarView(
                line.unicodeScalars.filter { $0 == "\t" || !LineEditor.isControl($0) }))
        return kept.contains("\t") ? expandingTabs(kept) : kept
    }
}
