/// The colours a cell can ask for. The backends map them to the terminal's palette.
package enum TermColor: UInt8, Sendable, Hashable, CaseIterable {
    case standard, black, red, green, yellow, blue, magenta, cyan, white
}

/// How one cell looks. Colour is optional: with `NO_COLOR` the theme uses only the attributes.
/// The four attributes are bits of one byte, so a cell (with its combining marks) stays 12 bytes: a 200×60 frame
/// is compared and copied whole on every key.
package struct CellStyle: Sendable, Hashable {
    package var foreground: TermColor = .standard
    package var background: TermColor = .standard
    private var flags: UInt8 = 0

    package var bold: Bool {
        get { flags & 1 != 0 }
        set { set(1, newValue) }
    }
    package var reverse: Bool {
        get { flags & 2 != 0 }
        set { set(2, newValue) }
    }
    package var underline: Bool {
        get { flags & 4 != 0 }
        set { set(4, newValue) }
    }
    package var dim: Bool {
        get { flags & 8 != 0 }
        set { set(8, newValue) }
    }

    private mutating func set(_ bit: UInt8, _ on: Bool) { flags = on ? flags | bit : flags & ~bit }

    package init(
        foreground: TermColor = .standard, background: TermColor = .standard, bold: Bool = false,
        reverse: Bool = false, underline: Bool = false, dim: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.reverse = reverse
        self.underline = underline
        self.dim = dim
    }

    package static let plain = CellStyle()
}

/// One character cell. A wide character (CJK, emoji) takes its cell and marks the next one as its tail.
/// Up to two combining marks (an accent written as its own code point, a Thai vowel sign and tone mark)
/// are drawn in the cell of the character they follow (`TerminalText` says which: those in the BMP).
package struct Cell: Sendable, Equatable {
    package var scalar: Unicode.Scalar
    package var style: CellStyle
    package var isWideTail: Bool
    /// The combining marks' code points, 16 bits each (low: the first), 0 for none: plain numbers, so a row is
    /// still compared as bytes.
    private var packedMarks: UInt32 = 0
    private var mark1: UInt32 { packedMarks & 0xFFFF }
    private var mark2: UInt32 { packedMarks >> 16 }

    package init(_ scalar: Unicode.Scalar = " ", style: CellStyle = .plain, isWideTail: Bool = false) {
        self.scalar = scalar
        self.style = style
        self.isWideTail = isWideTail
    }

    /// The combining marks drawn with the character, in order.
    package var marks: [Unicode.Scalar] { [mark1, mark2].compactMap { $0 == 0 ? nil : Unicode.Scalar($0) } }

    /// Adds a combining mark; false when the cell already holds two.
    @discardableResult
    package mutating func addMark(_ mark: Unicode.Scalar) -> Bool {
        guard mark.value <= 0xFFFF else { return false }
        if mark1 == 0 {
            packedMarks |= mark.value
        } else if mark2 == 0 {
            packedMarks |= mark.value << 16
        } else {
            return false
        }
        return true
    }

    /// The code points to draw, for curses: the character, then each mark (0 where there is none).
    package var drawn: (UInt32, UInt32, UInt32) { (scalar.value, mark1, mark2) }

    package static let blank = Cell()
}

package struct Size: Sendable, Hashable, CustomStringConvertible {
    package var width: Int
    package var height: Int
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    package var description: String { "\(width)×\(height)" }
}

package struct Rect: Sendable, Hashable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }
    package var maxX: Int { x + width }
    package var maxY: Int { y + height }
    package func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }
    /// The area inside a one-cell border.
    package var inner: Rect { Rect(x: x + 1, y: y + 1, width: width - 2, height: height - 2) }
}

/// A screen as data: what `render` produces and what the backends show. Writing outside it is
/// clipped, so render code never has to bounds-check.
package struct Grid: Sendable, Equatable {
    package let size: Size
    package private(set) var cells: [Cell]

    package init(size: Size) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        cells = Array(repeating: .blank, count: self.size.width * self.size.height)
    }

    package subscript(x: Int, y: Int) -> Cell {
        get { cells[y * size.width + x] }
        set { cells[y * size.width + x] = newValue }
    }

    /// Writes text from (x, y), clipped to `maxWidth` columns and the grid. Control characters and
    /// other invisible code points are shown escaped (see `TerminalText`). Returns the columns used.
    @discardableResult
    package mutating func put(_ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: CellStyle = .plain) -> Int {
        guard y >= 0, y < size.height else { return 0 }
        let limit = min(size.width, x + (maxWidth ?? size.width))
        var column = x
        TerminalText.forEachDisplayScalar(text) { scalar in
            let width = TerminalText.width(of: scalar)
            if width == 0 {
                // A combining mark (TerminalText shows one only right after a character): drawn in that character's cell.
                var base = column - 1
                if base >= x, base >= 0, self[base, y].isWideTail { base -= 1 }
                if base >= x, base >= 0 { self[base, y].addMark(scalar) }
                return true
            }
            if column + width > limit { return false }
            if column >= 0 {
                self[column, y] = Cell(scalar, style: style)
                if width == 2 { self[column + 1, y] = Cell(" ", style: style, isWideTail: true) }
            }
            column += width
            return true
        }
        return max(0, column - x)
    }

    /// Paints `style` over a rectangle, keeping the characters.
    package mutating func paint(_ rect: Rect, style: CellStyle) {
        for y in max(0, rect.y)..<min(size.height, rect.maxY) where rect.x < size.width {
            for x in max(0, rect.x)..<min(size.width, rect.maxX) { self[x, y].style = style }
        }
    }

    /// Fills a rectangle with blanks of one style.
    package mutating func fill(_ rect: Rect, style: CellStyle = .plain) {
        for y in max(0, rect.y)..<min(size.height, rect.maxY) where rect.x < size.width {
            for x in max(0, rect.x)..<min(size.width, rect.maxX) { self[x, y] = Cell(" ", style: style) }
        }
    }

    /// Draws a single-line box with a title in its top border.
    package mutating func box(_ rect: Rect, title: String, style: CellStyle, titleStyle: CellStyle) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let right = rect.maxX - 1
        let bottom = rect.maxY - 1
        for x in rect.x...right {
            setIfInside(x, rect.y, x == rect.x ? "┌" : x == right ? "┐" : "─", style)
            setIfInside(x, bottom, x == rect.x ? "└" : x == right ? "┘" : "─", style)
        }
        if rect.height > 2 {
            for y in (rect.y + 1)..<bottom {
                setIfInside(rect.x, y, "│", style)
                setIfInside(right, y, "│", style)
            }
        }
        if !title.isEmpty, rect.width > 4 {
            put(" \(title) ", x: rect.x + 1, y: rect.y, maxWidth: rect.width - 2, style: titleStyle)
        }
    }

    private mutating func setIfInside(_ x: Int, _ y: Int, _ scalar: Unicode.Scalar, _ style: CellStyle) {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
        self[x, y] = Cell(scalar, style: style)
    }

    /// The grid as plain text lines, trailing blanks removed (golden files, `TERM=dumb`, logs).
    package func textLines(asciiBoxes: Bool = false) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(size.height)
        for y in 0..<size.height {
            var line = String.UnicodeScalarView()
            for x in 0..<size.width {
                let cell = self[x, y]
                if cell.isWideTail { continue }
                line.append(asciiBoxes ? TerminalText.asciiBox(cell.scalar) : cell.scalar)
                if cell.marks.isEmpty == false { line.append(contentsOf: cell.marks) }
            }
            var text = String(line)
            while text.last == " " { text.removeLast() }
            lines.append(text)
        }
        return lines
    }

    package func text(asciiBoxes: Bool = false) -> String { textLines(asciiBoxes: asciiBoxes).joined(separator: "\n") }
}
