import Foundation

/// A one-line text editor (URL, file name, clipboard text): the keys people expect from a shell.
package struct LineEditor: Sendable, Equatable {
    package var text: [Character]
    package var cursor: Int

    /// The text is offered as a whole (a previous search): the first character typed replaces it, and
    /// Backspace clears it; any other key keeps it for editing.
    package var replacesOnType = false

    package init(_ initial: String = "", replacesOnType: Bool = false) {
        text = Array(initial)
        cursor = text.count
        self.replacesOnType = replacesOnType && !initial.isEmpty
    }

    package var string: String { String(text) }

    /// Pasted text as one line: line breaks and tabs become spaces, other control characters are dropped (they
    /// would reach the terminal raw), and white space at either end is trimmed.
    package static func oneLine(_ pasted: String) -> String {
        var line = ""
        for scalar in pasted.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: line.unicodeScalars.append(" ")
            default: if !isControl(scalar) { line.unicodeScalars.append(scalar) }
            }
        }
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// A C0 control, DEL or a C1 control: pasted text drops them (they would reach the terminal raw).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) }

    /// Inserts pasted text at the cursor, as one line (`oneLine`); text offered whole is replaced.
    package mutating func paste(_ pasted: String) {
        if replacesOnType {
            replacesOnType = false
            text = []
            cursor = 0
        }
        insert(Self.oneLine(pasted))
    }

    /// Inserts text at the cursor as it is (the caller has made it one line without control characters).
    package mutating func insert(_ line: String) {
        let characters = Array(line)
        text.insert(contentsOf: characters, at: cursor)
        cursor += characters.count
    }

    /// Applies an editing key. Returns false when the key is not an editing key.
    @discardableResult
    package mutating func handle(_ key: Key) -> Bool {
        if replacesOnType {
            replacesOnType = false
            switch key {
            case .char, .backspace, .ctrl("h"):
                text = []
                cursor = 0
                if case .char = key {} else { return true }
            default: break
            }
        }
        switch key {
        case .char(let c):
            text.insert(c, at: cursor)
            cursor += 1
        case .left, .ctrl("b"): cursor = max(0, cursor - 1)
        case .right, .ctrl("f"): cursor = min(text.count, cursor + 1)
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = text.count
        case .backspace, .ctrl("h"):
            guard cursor > 0 else { return true }
            text.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .ctrl("d"):
            guard cursor < text.count else { return true }
            text.remove(at: cursor)
        case .ctrl("u"):
            text.removeFirst(cursor)
            cursor = 0
        case .ctrl("k"):
            text.removeLast(text.count - cursor)
        case .ctrl("w"):
            var start = cursor
            while start > 0, text[start - 1] == " " { start -= 1 }
            while start > 0, text[start - 1] != " ", text[start - 1] != "/" { start -= 1 }
            if start == cursor, start > 0 { start -= 1 }
            text.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        return true
    }
}
