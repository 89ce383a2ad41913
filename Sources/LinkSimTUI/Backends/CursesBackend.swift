import CNcurses
import Foundation

/// The one type that talks to ncurses: it turns curses input into `Event`s and blits a `Grid`.
/// Everything else in the TUI is pure and knows nothing about the terminal.
final class CursesBackend {
    private var previous: Grid?
    /// The colour pair of each foreground × background (`TermColor` raw values, 16 × 16), 0 until allocated;
    /// `allocatedPairs` counts them. A table, not a dictionary: every changed cell of a frame asks (issue #14).
    private var colorPairs = [Int16](repeating: 0, count: 256)
    private var allocatedPairs: Int16 = 0
    private var colorsUsable = false
    private var screen: OpaquePointer?
    private var started = false
    /// True when drawing on the user's terminal (not the benchmark's /dev/null).
    private var ownsTerminal = false
    /// The key codes curses gives the start and end of a bracketed paste (`ESC [200~` … `ESC [201~`).
    private static let pasteBegin = KEY_MAX + 1
    private static let pasteEnd = KEY_MAX + 2
    /// The most text one paste keeps (the rest is read and dropped, so it cannot act as keys).
    static let pasteLimit = 64 * 1024

    /// Starts curses on the terminal. `offscreenOutput` (benchmarks) draws into that file instead,
    /// at `offscreenSize`, with the real curses code path.
    /// Returns false when curses cannot drive this terminal (unknown TERM): nothing was drawn then.
    @discardableResult
    func start(color: Bool, mouse: Bool, offscreenOutput: String? = nil, offscreenSize: Size? = nil) -> Bool {
        setlocale(LC_ALL, "")
        if let offscreenOutput {
            let output = fopen(offscreenOutput, "w")
            let input = fopen("/dev/null", "r")
            screen = newterm(getenv("TERM") == nil ? "xterm-256color" : nil, output, input)
            if screen == nil { screen = newterm("xterm-256color", output, input) }
            if let offscreenSize { resize_term(Int32(offscreenSize.height), Int32(offscreenSize.width)) }
        } else {
            TerminalGuard.arm()
            // newterm is initscr without its exit(1) on an unknown TERM, so we can fall back instead.
            screen = newterm(nil, fdopen(STDOUT_FILENO, "w"), fdopen(STDIN_FILENO, "r"))
            guard screen != nil else { return false }
            ownsTerminal = true
            // Bracketed paste: the terminal marks pasted text, which then goes into a text field as a whole
            // instead of acting as keys (a pasted line with a `q` or a newline in it).
            define_key("\u{1B}[200~", Self.pasteBegin)
            define_key("\u{1B}[201~", Self.pasteEnd)
        }
        guard screen != nil else { return false }
        started = true
        raw()  // Ctrl-C arrives as a key, so quitting goes through the normal, clean path.
        noecho()
        nonl()
        keypad(linksim_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        // Wake up four times a second when idle, so change marks can fade.
        wtimeout(linksim_stdscr(), 250)
        if color, has_colors() {
            start_color()
            use_default_colors()
            colorsUsable = true
        }
        if mouse {
            mousemask(linksim_mouse_click_mask() | linksim_mouse_wheel_up_mask() | linksim_mouse_wheel_down_mask(), nil)
        }
        if ownsTerminal { Self.bracketedPaste(on: true) }
        return true
    }

    private static func bracketedPaste(on: Bool) {
        let sequence = on ? "\u{1B}[?2004h" : "\u{1B}[?2004l"
        _ = sequence.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
    }

    func stop() {
        guard started else { return }
        started = false
        if ownsTerminal { Self.bracketedPaste(on: false) }
        endwin()
        if let screen { delscreen(screen) }
        screen = nil
        if ownsTerminal { TerminalGuard.restore() }
    }

    /// Gives the terminal back (for the learner's editor): the terminal's own modes are restored.
    func suspend() {
        guard started else { return }
        if ownsTerminal { Self.bracketedPaste(on: false) }
        endwin()
    }

    /// Takes the terminal again after `suspend` and forgets the last frame, so the next draw repaints everything.
    /// Input that arrived meanwhile is dropped first: keys typed for the editor, and its terminal's
    /// late answers to queries (a cursor report ends in `R`), must not act as linksim's keys.
    func resume() {
        guard started else { return }
        if ownsTerminal {
            napms(50)  // answers on their way from the terminal
            flushinp()
            Self.bracketedPaste(on: true)
        }
        refresh()
        previous = nil
        clearok(linksim_stdscr(), true)
    }

    var size: Size { Size(width: Int(linksim_cols()), height: Int(linksim_lines())) }

    /// Waits at most `milliseconds` for input (then `.tick`); the default wait is 250 ms.
    func setInputTimeout(_ milliseconds: Int32) { wtimeout(linksim_stdscr(), milliseconds) }

    /// Sends text to the terminal's clipboard with OSC 52 (base64), between curses frames.
    func sendClipboard(_ text: String) {
        let sequence = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
        _ = sequence.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
    }

    /// The next event, or `.tick` after a quiet 250 ms.
    func nextEvent() -> Event? {
        var character: wint_t = 0
        let status = wget_wch(linksim_stdscr(), &character)
        if status == ERR { return .tick }
        if status == KEY_CODE_YES {
            switch Int32(character) {
            case KEY_RESIZE:
                previous = nil
                return .resize(size)
            case KEY_MOUSE:
                var mouse = MEVENT()
                guard getmouse(&mouse) == OK else { return nil }
                if mouse.bstate & linksim_mouse_wheel_up_mask() != 0 { return .mouseWheel(x: Int(mouse.x), y: Int(mouse.y), up: true) }
                let down = linksim_mouse_wheel_down_mask()
                if down != 0, mouse.bstate & down != 0 { return .mouseWheel(x: Int(mouse.x), y: Int(mouse.y), up: false) }
                return .mouseClick(x: Int(mouse.x), y: Int(mouse.y))
            case KEY_UP: return .key(.up)
            case KEY_DOWN: return .key(.down)
            case KEY_LEFT: return .key(.left)
            case KEY_RIGHT: return .key(.right)
            case KEY_HOME: return .key(.home)
            case KEY_END: return .key(.end)
            case KEY_PPAGE: return .key(.pageUp)
            case KEY_NPAGE: return .key(.pageDown)
            case KEY_BTAB: return .key(.backTab)
            case KEY_BACKSPACE: return .key(.backspace)
            case KEY_DC: return .key(.delete)
            case KEY_ENTER: return .key(.enter)
            case Self.pasteBegin: return .paste(readPaste())
            default: return nil
            }
        }
        return Self.key(forCharacter: UInt32(character)).map { .key($0) }
    }

    /// The text of a bracketed paste, up to its end mark (or a quiet 250 ms, should the end never come).
    private func readPaste() -> String {
        var scalars = String.UnicodeScalarView()
        var count = 0
        while true {
            var character: wint_t = 0
            let status = wget_wch(linksim_stdscr(), &character)
            if status == ERR { break }
            if status == KEY_CODE_YES {
                if Int32(character) == Self.pasteEnd { break }
                if Int32(character) == KEY_ENTER, count < Self.pasteLimit { scalars.append("\n") }
                count += 1
                continue
            }
            count += 1
            guard count <= Self.pasteLimit else { continue }
            // Terminals send a pasted line break as a carriage return.
            if character == 13 {
                scalars.append("\n")
            } else if let scalar = Unicode.Scalar(UInt32(character)) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    static func key(forCharacter code: UInt32) -> Key? {
        switch code {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26:
            guard let scalar = Unicode.Scalar(code + 96) else { return nil }
            return .ctrl(Character(scalar))
        default:
            guard code >= 32, let scalar = Unicode.Scalar(code) else { return nil }
            return .char(Character(scalar))
        }
    }

    /// Blits the grid, writing only cells that changed since the last frame.
    func draw(_ grid: Grid) {
        let fresh = previous?.size != grid.size
        if fresh { werase(linksim_stdscr()) }
        let width = grid.size.width
        for y in 0..<grid.size.height {
            // A row whose bytes are the previous frame's is skipped whole; most rows of a key's frame are
            // (equal bytes are equal cells; a row that differs only in padding is compared cell by cell).
            if !fresh, let previous, Self.sameRow(y, width: width, grid, previous) { continue }
            for x in 0..<width {
                let cell = grid[x, y]
                if cell.isWideTail { continue }
                if !fresh, let previous, previous[x, y] == cell { continue }
                let drawn = cell.drawn
                _ = linksim_put_cell(
                    Int32(y), Int32(x), wchar_t(bitPattern: drawn.0), wchar_t(bitPattern: drawn.1), wchar_t(bitPattern: drawn.2),
                    attributes(cell.style), pair(for: cell.style))
            }
        }
        wrefresh(linksim_stdscr())
        previous = grid
    }

    /// Whether row `y` of two grids of the same size holds the same bytes.
    private static func sameRow(_ y: Int, width: Int, _ a: Grid, _ b: Grid) -> Bool {
        a.cells.withUnsafeBufferPointer { left in
            b.cells.withUnsafeBufferPointer { right in
                guard let l = left.baseAddress, let r = right.baseAddress else { return false }
                return memcmp(l + y * width, r + y * width, width * MemoryLayout<Cell>.stride) == 0
            }
        }
    }

    private func attributes(_ style: CellStyle) -> attr_t {
        var attrs = linksim_attr_normal()
        if style.bold { attrs |= linksim_attr_bold() }
        if style.reverse { attrs |= linksim_attr_reverse() }
        if style.underline { attrs |= linksim_attr_underline() }
        if style.dim { attrs |= linksim_attr_dim() }
        return attrs
    }

    private func cursesColor(_ color: TermColor) -> Int16 {
        switch color {
        case .standard: return -1
        case .black: return Int16(COLOR_BLACK)
        case .red: return Int16(COLOR_RED)
        case .green: return Int16(COLOR_GREEN)
        case .yellow: return Int16(COLOR_YELLOW)
        case .blue: return Int16(COLOR_BLUE)
        case .magenta: return Int16(COLOR_MAGENTA)
        case .cyan: return Int16(COLOR_CYAN)
        case .white: return Int16(COLOR_WHITE)
        }
    }

    /// Colour pairs are allocated on first use; past the terminal's limit, cells fall back to the default pair.
    private func pair(for style: CellStyle) -> Int16 {
        guard colorsUsable, style.foreground != .standard || style.background != .standard else { return 0 }
        let key = Int(style.foreground.rawValue & 15) << 4 | Int(style.background.rawValue & 15)
        if colorPairs[key] != 0 { return colorPairs[key] }
        let next = allocatedPairs + 1
        guard Int32(next) < linksim_color_pairs() else { return 0 }
        init_pair(next, cursesColor(style.foreground), cursesColor(style.background))
        allocatedPairs = next
        colorPairs[key] = next
        return next
    }
}
