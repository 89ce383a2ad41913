import Testing

@testable import LinkSimTUI

/// Combining marks are drawn with the character they follow (an accent written as its own code point, Thai
/// vowel signs and tone marks), up to two per character; anything else stays escaped, as every invisible or
/// control code point does.
@Suite struct CombiningMarkTests {
    @Test func anAccentAndThaiMarksTakeNoColumnOfTheirOwn() {
        #expect(TerminalText.width("cafe\u{301}") == 4)
        // กี่ : KO KAI, SARA II (above), MAI EK (tone mark above it): one column.
        #expect(TerminalText.width("\u{E01}\u{E35}\u{E48}") == 1)
        #expect(TerminalText.sanitize("cafe\u{301}") == "cafe\u{301}")
        #expect(TerminalText.truncate("e\u{301}e\u{301}e\u{301}", to: 2) == "e\u{301}…")
    }

    @Test func marksThatCannotJoinACharacterAreEscaped() {
        // No character before it (the start of the text, or right after an escape).
        #expect(TerminalText.sanitize("\u{301}x") == "\\u{301}x")
        #expect(TerminalText.sanitize("\u{1B}\u{301}") == "\\x1B\\u{301}")
        // A third mark on one character (stacked marks can cover the lines around them).
        #expect(TerminalText.sanitize("x\u{301}\u{302}\u{303}") == "x\u{301}\u{302}\\u{303}")
        // Invisible marks stay escaped: a variation selector, the combining grapheme joiner.
        #expect(TerminalText.sanitize("\u{2764}\u{FE0F}") == "\u{2764}\\u{FE0F}")
        #expect(TerminalText.sanitize("a\u{34F}b") == "a\\u{34F}b")
    }

    @Test func theGridKeepsMarksInTheirCharactersCell() {
        var grid = Grid(size: Size(width: 8, height: 1))
        let used = grid.put("e\u{301}\u{E01}\u{E35}\u{E48}日\u{301}z", x: 0, y: 0)
        #expect(used == 5)
        #expect(grid[0, 0].scalar == "e")
        #expect(grid[0, 0].marks == ["\u{301}"])
        #expect(grid[1, 0].marks == ["\u{E35}", "\u{E48}"])
        // A mark after a wide character goes to the character, not its tail.
        #expect(grid[2, 0].scalar == "日")
        #expect(grid[2, 0].marks == ["\u{301}"])
        #expect(grid[3, 0].isWideTail && grid[3, 0].marks.isEmpty)
        #expect(grid[4, 0].scalar == "z")
        #expect(grid.text() == "e\u{301}\u{E01}\u{E35}\u{E48}日\u{301}z")
        // A mark at the start of a put never lands on the cell before it (another label's character).
        var other = Grid(size: Size(width: 4, height: 1))
        other.put("a", x: 0, y: 0)
        other.put("\u{301}b", x: 1, y: 0)
        #expect(other[0, 0].marks.isEmpty)
        #expect(other.text() == "a\\u{")
        // Overwriting a cell drops its marks.
        var again = Grid(size: Size(width: 2, height: 1))
        again.put("e\u{301}", x: 0, y: 0)
        again.put("f", x: 0, y: 0)
        #expect(again[0, 0].marks.isEmpty)
    }

    /// A cell with its marks stays 12 bytes (a 200×60 frame is compared and copied whole on every key).
    @Test func aCellStaysTwelveBytes() {
        #expect(MemoryLayout<Cell>.stride == 12)
        #expect(MemoryLayout<CellStyle>.size == 3)
        var style = CellStyle(bold: true, dim: true)
        #expect(style.bold && style.dim && !style.reverse && !style.underline)
        style.bold = false
        style.underline = true
        #expect(!style.bold && style.underline && style.dim)
        // A mark past the BMP is not kept in a cell: it stays escaped.
        #expect(TerminalText.sanitize("x\u{1D167}") == "x\\u{1D167}")
    }
}
