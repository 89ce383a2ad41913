import Foundation

/// Shows grids as plain text: for tests, logs and `TERM=dumb`. No escape sequence is ever written.
public enum PlainTextBackend {
    /// The screen as text lines (box drawing kept, or turned into ASCII for dumb terminals).
    public static func text(of grid: Grid, ascii: Bool = false) -> String {
        grid.text(asciiBoxes: ascii)
    }

    /// A line-based session for dumb terminals: each input line is a sequence of keys (an empty
    /// line is Enter, `\t` is Tab), and the screen is printed after each line.
    static func runInteractive(_ initial: TUIModel, environment: TUIEnvironment) {
        var model = initial
        func show() {
            print(text(of: render(model, size: model.size), ascii: true))
            print("(keys, then Enter; an empty line is Enter; q quits)")
        }
        show()
        while let line = readLine(strippingNewline: true) {
            let keys: [Key] = line.isEmpty ? [.enter] : line.map { $0 == "\t" ? .tab : .char($0) }
            for key in keys {
                model = TUIRunner.step(model, .key(key), environment)
                if model.wantsQuit { return }
            }
            show()
        }
    }
}
