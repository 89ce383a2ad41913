import Foundation

/// Shows grids as plain text: for tests, logs and `TERM=dumb`. No escape sequence is ever written.
package enum PlainTextBackend {
    /// The screen as text lines (box drawing kept, or turned into ASCII for dumb terminals).
    package static func text(of grid: Grid, ascii: Bool = false) -> String {
        grid.text(asciiBoxes: ascii)
    }

    /// A line-based session for dumb terminals: each input line is a sequence of keys (an empty
    /// line is Enter, `\t` is Tab), and the screen is printed after each line.
    /// The keys a line stands for, or nil for `:quit`. A line that is exactly a `:name` token is
    /// that key, so every mode (the line editor included) has a way out on a dumb terminal;
    /// control characters typed on the line count as their keys (ESC as Esc).
    static func keys(forLine line: String) -> [Key]? {
        let tokens: [String: Key] = [
            ":esc": .escape, ":enter": .enter, ":tab": .tab, ":backtab": .backTab, ":up": .up, ":down": .down,
            ":left": .left, ":right": .right, ":pgup": .pageUp, ":pgdn": .pageDown, ":home": .home, ":end": .end,
            ":bs": .backspace, ":del": .delete,
        ]
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed == ":quit" { return nil }
        if let key = tokens[trimmed] { return [key] }
        if line.isEmpty { return [.enter] }
        return line.unicodeScalars.compactMap { scalar in
            CursesBackend.key(forCharacter: scalar.value)
        }
    }

    static func runInteractive(_ initial: TUIModel, environment: TUIEnvironment) {
        var model = initial
        func show() {
            print(text(of: render(model, size: model.size), ascii: true))
            print("(keys + Enter; empty line = Enter; :esc :tab :up :down :pgup :pgdn; :quit quits)")
        }
        show()
        while let line = readLine(strippingNewline: true) {
            guard let keys = keys(forLine: line) else { return }
            for key in keys {
                model = TUIRunner.step(model, .key(key), environment)
                if model.wantsQuit { return }
            }
            show()
        }
    }
}
