/// Reads the YAML scenario files are written in, in one pass over the bytes, without libyaml (issue #14:
/// libyaml's reader, scanner and events were ~45% of replay, ~55 instructions a byte before a token).
///
/// It answers only for the common subset, and answers with exactly the tree libyaml's events build
/// (`YAMLEvents`): the same texts, the same plain/quoted flags and the same line:column for every node
/// and key, as libyaml counts them (lines from 1; columns in characters, from 1). The subset:
/// - block mappings and block lists (indented or, under a key, at the key's column), one entry a line;
/// - plain scalars on one line; double-quoted scalars on one line with the escapes `\\ \" \/ \0 \a \b
///   \t \n \v \f \r \e \ ` and `\x \u \U`; single-quoted scalars on one line;
/// - literal block scalars `|`, `|-`, `|+` whose first line holds text;
/// - flow lists and mappings that open and close on one line (`[a, "b"]`, `{k: v}`, JSON), nested;
/// - `key:` with nothing after it (an empty plain scalar, as libyaml makes one) and comments.
///
/// Anything else answers nil and the caller asks libyaml (`YAMLEvents`, then Yams): a tab, a carriage
/// return, a byte-order mark, a control or line-separator character, a text that does not end with a line
/// break, document markers and directives, anchors, aliases, tags, explicit `? ` keys, folded scalars,
/// block-scalar indentation indicators or comments, a plain scalar that continues on the next line, a
/// quoted scalar or flow collection that does (flow collections over several lines are the library's
/// usual reason), an empty list entry, a trailing comma, a pair in a flow list, a flow key without a
/// value, two keys with equal text, keys over 1,000 bytes, nesting deeper than `depthLimit`, and every
/// syntax error. Nil is never an answer about the file, only "not this reader": diagnostics stay
/// libyaml's and Yams'. `YAMLFrontEndTests` compares the readers over the library, hand-made corners and
/// thousands of mutations, and the `scenario` fuzz target compares them on every input it makes.
enum YAMLSubsetReader {
    /// Deeper nesting is left to libyaml (whose own limit, `YAMLEvents.depthLimit`, is higher).
    static let depthLimit = 100

    static func parse(_ text: String, file: String) -> YAMLNode? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = Reader(bytes: bytes, file: file)
            return reader.document()
        }
    }
}

private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    /// The byte being read.
    var pos = 0
    /// The current line (from 0) and the offset of its first byte.
    var line = 0
    var lineStart = 0
    /// The column of the content line `pos` stands on after `nextContentLine()`; nil at the end.
    var indent: Int?
    /// Set when the text leaves the subset: the answer is nil, whatever was built.
    var failed = false
    var nodes = 0
    var depth = 0
    /// The last mark's offset and column on `markLine`: marks on a line are asked for left to right, so
    /// columns are counted once per line, not once per node (a long flow line stays linear).
    var markOffset = 0
    var markColumn = 1
    var markLine = -1

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    static let newline = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")

    /// The byte at `i`, or a line break past the end (every text in the subset ends with one).
    func byte(_ i: Int) -> UInt8 { i < bytes.count ? bytes[i] : Self.newline }

    /// A space, a line break or the end: what must follow `-` for a list entry and `:` for a value.
    func blankAt(_ i: Int) -> Bool {
        let b = byte(i)
        return b == Self.space || b == Self.newline
    }

    mutating func fail() { failed = true }

    // MARK: - The whole text

    mutating func document() -> YAMLNode? {
        guard admissible() else { return nil }
        nextContentLine()
        guard !failed, indent != nil else { return nil }  // empty: libyaml's answer (no document) stands
        let root = blockNode(parent: -1)
        guard !failed, let root, indent == nil else { return nil }
        return root
    }

    /// The characters the subset admits, checked once: it ends with a line break, holds no tab, carriage
    /// return or other control character, and none of the characters libyaml treats apart (U+0085 and
    /// U+2028/U+2029 are line breaks to it, U+FEFF a byte-order mark, U+FFFE/U+FFFF and C1 controls errors).
    func admissible() -> Bool {
        guard let last = bytes.last, last == Self.newline else { return false }
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                if b < 0x20 && b != Self.newline || b == 0x7F { return false }
                i += 1
                continue
            }
            // The text is valid UTF-8 (a Swift string): look at lead bytes only.
            if b == 0xC2, byte(i + 1) < 0xA0 { return false }  // U+0080–U+009F, NEL among them
            if b == 0xE2, byte(i + 1) == 0x80, byte(i + 2) == 0xA8 || byte(i + 2) == 0xA9 { return false }
            if b == 0xEF, byte(i + 1) == 0xBB, byte(i + 2) == 0xBF { return false }
            if b == 0xEF, byte(i + 1) == 0xBF, byte(i + 2) >= 0xBE { return false }
            i += b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
        }
        return true
    }

    // MARK: - Lines

    /// From the start of a line: skips blank and comment lines, and stops on the first content character
    /// of the next content line (`indent` = its column), or at the end (`indent` = nil). A document
    /// marker or directive at the start of a line leaves the subset.
    mutating func nextContentLine() {
        while pos < bytes.count {
            var i = pos
            while i < bytes.count, bytes[i] == Self.space { i += 1 }
            let b = byte(i)
            if b == Self.newline || b == UInt8(ascii: "#") {
                while i < bytes.count, bytes[i] != Self.newline { i += 1 }
                pos = i + 1
                line += 1
                lineStart = pos
                continue
            }
            if i == pos {
                if b == UInt8(ascii: "%") { fail() }
                if b == UInt8(ascii: "-") || b == UInt8(ascii: "."), byte(i + 1) == b, byte(i + 2) == b { fail() }
            }
            pos = i
            indent = i - lineStart
            return
        }
        indent = nil
    }

    /// After a node: only spaces and a comment (after a space) may follow on its line; then on to the next
    /// content line. Anything else leaves the subset.
    mutating func endLine() {
        skipSpaces()
        if byte(pos) == UInt8(ascii: "#") {
            guard pos > lineStart, bytes[pos - 1] == Self.space else { return fail() }
            while pos < bytes.count, bytes[pos] != Self.newline { pos += 1 }
        }
        guard byte(pos) == Self.newline else { return fail() }
        pos += 1
        line += 1
        lineStart = pos
        nextContentLine()
    }

    mutating func skipSpaces() {
        while pos < bytes.count, bytes[pos] == Self.space { pos += 1 }
    }

    /// libyaml's mark for byte `at` on the current line: the line from 1, the column in characters from 1.
    mutating func location(_ at: Int) -> SourceLocation {
        if markLine != line || at < markOffset {
            markLine = line
            markOffset = lineStart
            markColumn = 1
        }
        while markOffset < at {
            if bytes[markOffset] & 0xC0 != 0x80 { markColumn += 1 }
            markOffset += 1
        }
        return SourceLocation(file: file, line: line + 1, column: markColumn)
    }

    /// Counts a node as libyaml's event builder does (values, items and the root; not keys).
    mutating func counted(_ node: YAMLNode) -> YAMLNode {
        nodes += 1
        if nodes > YAMLNode.nodeBudget { fail() }
        return node
    }

    // MARK: - Block structure

    /// The node at `pos` in block context, where `parent` is the column of the enclosing block collection
    /// (libyaml's indent; -1 at the root): a list, a mapping (a scalar followed by `: `), a block scalar,
    /// or a scalar or flow collection alone. `afterKey`: the value on its key's line, where a list or a
    /// mapping (`a: - b`, `a: b: c`) is an error.
    mutating func blockNode(parent: Int, afterKey: Bool = false) -> YAMLNode? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= YAMLSubsetReader.depthLimit, !failed else {
            fail()
            return nil
        }
        let column = pos - lineStart  // only spaces and `- ` precede a block node on its line
        let b = byte(pos)
        if b == UInt8(ascii: "-"), blankAt(pos + 1) {
            if afterKey {
                fail()
                return nil
            }
            return list(column: column, indentless: false)
        }
        if b == UInt8(ascii: "|") { return blockScalar(parent: parent) }
        let start = pos
        guard let node = inlineNode(flow: false) else { return nil }
        skipSpaces()
        if byte(pos) == UInt8(ascii: ":"), blankAt(pos + 1) {
            // libyaml looks for a key's `:` within 1,024 characters.
            guard !afterKey, case .scalar(let key, _, let at) = node, pos - start <= 1000 else {
                fail()
                return nil
            }
            return mapping(column: column, firstKey: key, at: at)
        }
        endLine()
        // A plain scalar that goes on, or a stray node, on a more indented line.
        if let next = indent, next > parent { fail() }
        return counted(node)
    }

    /// A block mapping whose first key was read; `pos` is on its `:`. Its location is its first key's.
    mutating func mapping(column: Int, firstKey: String, at firstAt: SourceLocation) -> YAMLNode? {
        var entries: [YAMLNode.Entry] = []
        var keys = KeySet()
        var key = firstKey
        var at = firstAt
        while !failed {
            guard keys.admit(key, among: entries) else {
                fail()
                break
            }
            pos += 1  // the `:`
            guard let value = mappingValue(column: column) else { break }
            entries.append(YAMLNode.Entry(key: key, keyLocation: at, value: value))
            guard let next = indent, next >= column else { break }
            guard next == column, !(byte(pos) == UInt8(ascii: "-") && blankAt(pos + 1)) else {
                fail()
                break
            }
            // The next key, at the mapping's column.
            let start = pos
            guard let node = quotedOrPlain(flow: false), case .scalar(let text, _, let location) = node else {
                fail()
                break
            }
            skipSpaces()
            guard byte(pos) == UInt8(ascii: ":"), blankAt(pos + 1), pos - start <= 1000 else {
                fail()
                break
            }
            key = text
            at = location
        }
        if failed { return nil }
        return counted(.mapping(entries, firstAt))
    }

    /// A mapping's value; `pos` is just after the `:`.
    mutating func mappingValue(column: Int) -> YAMLNode? {
        let afterColon = pos
        skipSpaces()
        let b = byte(pos)
        if b == Self.newline || b == UInt8(ascii: "#") {
            // `key:` and nothing: an empty plain scalar where the `:` ends, unless a more indented node
            // (or a list at the key's column) follows.
            let empty = location(afterColon)
            endLine()
            guard !failed, let next = indent else { return counted(.scalar("", plain: true, empty)) }
            if next > column { return blockNode(parent: column) }
            if next == column, byte(pos) == UInt8(ascii: "-"), blankAt(pos + 1) { return list(column: column, indentless: true) }
            return counted(.scalar("", plain: true, empty))
        }
        return blockNode(parent: column, afterKey: true)
    }

    /// A block list whose first `-` is at `pos`; `indentless` when it stands at its key's column (libyaml
    /// opens no indentation level for it, and its location is the first `-` either way).
    mutating func list(column: Int, indentless: Bool) -> YAMLNode? {
        let at = location(pos)
        var items: [YAMLNode] = []
        while !failed {
            pos += 1  // the `-`
            skipSpaces()
            let b = byte(pos)
            if b == Self.newline || b == UInt8(ascii: "#") {
                endLine()
                guard !failed, let next = indent, next > column else {
                    fail()  // an empty entry
                    break
                }
            }
            guard let item = blockNode(parent: column), !failed else { break }
            items.append(item)
            guard let next = indent, next >= column else { break }
            guard next == column else {
                fail()
                break
            }
            if byte(pos) == UInt8(ascii: "-"), blankAt(pos + 1) { continue }
            // Something else at the list's column: the key after an indentless list, or an error.
            if !indentless { fail() }
            break
        }
        if failed { return nil }
        return counted(.sequence(items, at))
    }

    /// A literal block scalar; `pos` is on its `|`. Clip, strip (`|-`) and keep (`|+`) chomping; the
    /// indentation is the first line's, which must hold text and be deeper than `parent`.
    mutating func blockScalar(parent: Int) -> YAMLNode? {
        let at = location(pos)
        pos += 1
        var chomping = 0
        if byte(pos) == UInt8(ascii: "-") {
            chomping = -1
            pos += 1
        } else if byte(pos) == UInt8(ascii: "+") {
            chomping = 1
            pos += 1
        }
        skipSpaces()
        guard byte(pos) == Self.newline else {
            fail()  // an indentation indicator, a comment, or anything else after the header
            return nil
        }
        pos += 1
        line += 1
        lineStart = pos
        var first = pos
        while first < bytes.count, bytes[first] == Self.space { first += 1 }
        let width = first - pos
        guard first < bytes.count, bytes[first] != Self.newline, width > parent, width >= 1 else {
            fail()  // a leading empty line, or no text deeper than the parent
            return nil
        }
        var text: [UInt8] = []
        var leadingBreak = false
        var trailingBreaks = 0
        pos = first
        while true {
            // On a content line, just after its indentation.
            if leadingBreak { text.append(Self.newline) }
            text.append(contentsOf: repeatElement(Self.newline, count: trailingBreaks))
            trailingBreaks = 0
            let start = pos
            while bytes[pos] != Self.newline { pos += 1 }
            text.append(contentsOf: bytes[start..<pos])
            pos += 1
            line += 1
            lineStart = pos
            leadingBreak = true
            // Empty lines, and the next line's indentation up to the scalar's.
            while true {
                while pos < bytes.count, pos - lineStart < width, bytes[pos] == Self.space { pos += 1 }
                guard pos < bytes.count, bytes[pos] == Self.newline else { break }
                trailingBreaks += 1
                pos += 1
                line += 1
                lineStart = pos
            }
            if pos >= bytes.count || pos - lineStart < width { break }
        }
        if chomping != -1, leadingBreak { text.append(Self.newline) }
        if chomping == 1 { text.append(contentsOf: repeatElement(Self.newline, count: trailingBreaks)) }
        pos = lineStart
        nextContentLine()
        if let next = indent, next > parent { fail() }
        return counted(.scalar(String(decoding: text, as: UTF8.self), plain: false, at))
    }

    // MARK: - Scalars and flow collections

    /// A scalar or a flow collection that starts at `pos`.
    mutating func inlineNode(flow: Bool) -> YAMLNode? {
        let b = byte(pos)
        if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") {
            depth += 1
            defer { depth -= 1 }
            guard depth <= YAMLSubsetReader.depthLimit else {
                fail()
                return nil
            }
            return b == UInt8(ascii: "[") ? flowList() : flowMapping()
        }
        return quotedOrPlain(flow: flow)
    }

    mutating func quotedOrPlain(flow: Bool) -> YAMLNode? {
        switch byte(pos) {
        case UInt8(ascii: "\""): return doubleQuoted()
        case UInt8(ascii: "'"): return singleQuoted()
        default: return plain(flow: flow)
        }
    }

    /// A plain scalar on one line. It may not start with an indicator (a `-` followed by text may, and outside
    /// flow collections a `?` or `:` followed by text); it ends
    /// at `: `, at ` #`, at the line's end, and in a flow collection at `,[]{}`. `pos` ends after its last
    /// character that is not a space.
    mutating func plain(flow: Bool) -> YAMLNode? {
        let first = byte(pos)
        switch first {
        case UInt8(ascii: "-"):
            if blankAt(pos + 1) {
                fail()
                return nil
            }
        case UInt8(ascii: "?"), UInt8(ascii: ":"):
            // Outside flow collections, `?` and `:` start a plain scalar when text follows them.
            if flow || blankAt(pos + 1) {
                fail()
                return nil
            }
        case Self.space, Self.newline, UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"),
            UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
            UInt8(ascii: "`"):
            fail()
            return nil
        default: break
        }
        let at = location(pos)
        let start = pos
        var end = pos
        scan: while pos < bytes.count {
            let b = bytes[pos]
            switch b {
            case Self.newline:
                break scan
            case Self.space:
                var next = pos
                while next < bytes.count, bytes[next] == Self.space { next += 1 }
                if byte(next) == UInt8(ascii: "#") || byte(next) == Self.newline { break scan }
                pos = next
                continue
            case UInt8(ascii: ":"):
                let after = byte(pos + 1)
                if after == Self.space || after == Self.newline { break scan }
                if flow, Self.isFlowIndicator(after) || after == UInt8(ascii: "?") {
                    fail()  // libyaml: "found unexpected ':'"
                    return nil
                }
            case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                if flow { break scan }
            default: break
            }
            pos += 1
            end = pos
        }
        pos = end
        return .scalar(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self), plain: true, at)
    }

    static func isFlowIndicator(_ b: UInt8) -> Bool {
        b == UInt8(ascii: ",") || b == UInt8(ascii: "[") || b == UInt8(ascii: "]") || b == UInt8(ascii: "{") || b == UInt8(ascii: "}")
    }

    /// A double-quoted scalar that closes on its line.
    mutating func doubleQuoted() -> YAMLNode? {
        let at = location(pos)
        pos += 1
        let start = pos
        while pos < bytes.count, bytes[pos] != UInt8(ascii: "\""), bytes[pos] != UInt8(ascii: "\\"), bytes[pos] != Self.newline { pos += 1 }
        if byte(pos) == UInt8(ascii: "\"") {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
            pos += 1
            return .scalar(text, plain: false, at)
        }
        var text = Array(bytes[start..<pos])
        while true {
            let b = byte(pos)
            if b == UInt8(ascii: "\"") { break }
            if b == Self.newline {
                fail()  // a quoted scalar over several lines
                return nil
            }
            pos += 1
            guard b == UInt8(ascii: "\\") else {
                text.append(b)
                continue
            }
            let escape = byte(pos)
            pos += 1
            if let index = Self.oneByteEscapes.firstIndex(of: escape) {
                text.append(Self.oneByteValues[index])
                continue
            }
            switch escape {
            case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
                let digits = escape == UInt8(ascii: "x") ? 2 : escape == UInt8(ascii: "u") ? 4 : 8
                var value: UInt32 = 0
                for _ in 0..<digits {
                    guard let digit = Self.hexValue(byte(pos)) else {
                        fail()
                        return nil
                    }
                    value = value << 4 | digit
                    pos += 1
                }
                // Surrogates and values past U+10FFFF are libyaml's errors: left to it.
                guard let scalar = Unicode.Scalar(value) else {
                    fail()
                    return nil
                }
                UTF8.encode(scalar) { text.append($0) }
            default:
                fail()  // `\N \_ \L \P`, a line continuation, or an unknown escape
                return nil
            }
        }
        pos += 1
        return .scalar(String(decoding: text, as: UTF8.self), plain: false, at)
    }

    /// libyaml's one-character escapes and the bytes they stand for (`\0 \a \b \t \n \v \f \r \e`, and
    /// space, `"`, `/`, `\` for themselves).
    static let oneByteEscapes = Array("0abtnvfre \"/\\".utf8)
    static let oneByteValues: [UInt8] = [0x00, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B, 0x20, 0x22, 0x2F, 0x5C]

    static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// A single-quoted scalar that closes on its line (`''` is one quote).
    mutating func singleQuoted() -> YAMLNode? {
        let at = location(pos)
        pos += 1
        var text: [UInt8] = []
        while true {
            let b = byte(pos)
            if b == Self.newline {
                fail()
                return nil
            }
            pos += 1
            if b == UInt8(ascii: "'") {
                guard byte(pos) == UInt8(ascii: "'") else { break }
                pos += 1
            }
            text.append(b)
        }
        return .scalar(String(decoding: text, as: UTF8.self), plain: false, at)
    }

    /// A flow list that closes on its line: items separated by commas, no trailing comma, no pairs.
    mutating func flowList() -> YAMLNode? {
        let at = location(pos)
        pos += 1
        skipSpaces()
        var items: [YAMLNode] = []
        if byte(pos) == UInt8(ascii: "]") {
            pos += 1
            return .sequence(items, at)
        }
        while true {
            guard let item = inlineNode(flow: true), !failed else { return nil }
            items.append(counted(item))
            guard let closed = flowSeparator(closing: UInt8(ascii: "]")) else { return nil }
            if closed { return .sequence(items, at) }
        }
    }

    /// After a flow entry: `,` and another entry (false), or the closing bracket (true); nil otherwise
    /// (a trailing comma, a pair in a list, a comment, the line's end).
    mutating func flowSeparator(closing: UInt8) -> Bool? {
        skipSpaces()
        let b = byte(pos)
        pos += 1
        if b == closing { return true }
        skipSpaces()
        guard b == UInt8(ascii: ","), byte(pos) != closing else {
            fail()
            return nil
        }
        return false
    }

    /// A flow mapping that closes on its line: `key: value` (or JSON's `"key":value`) entries, scalar keys,
    /// no empty values.
    mutating func flowMapping() -> YAMLNode? {
        let at = location(pos)
        pos += 1
        skipSpaces()
        var entries: [YAMLNode.Entry] = []
        var keys = KeySet()
        if byte(pos) == UInt8(ascii: "}") {
            pos += 1
            return .mapping(entries, at)
        }
        while true {
            let start = pos
            guard let keyNode = quotedOrPlain(flow: true), case .scalar(let key, _, let keyAt) = keyNode else { return nil }
            skipSpaces()
            // In a flow collection `:` after a key is a value indicator even before text (JSON's `"a":1`); after
            // a plain key it is always followed by a space (otherwise it would belong to the key's text).
            guard byte(pos) == UInt8(ascii: ":"), byte(pos + 1) != Self.newline, pos - start <= 1000, keys.admit(key, among: entries) else {
                fail()
                return nil
            }
            pos += 1
            skipSpaces()
            let b = byte(pos)
            if b == UInt8(ascii: ",") || b == UInt8(ascii: "}") || b == UInt8(ascii: "#") || b == Self.newline {
                fail()
                return nil
            }
            guard let value = inlineNode(flow: true), !failed else { return nil }
            entries.append(YAMLNode.Entry(key: key, keyLocation: keyAt, value: counted(value)))
            guard let closed = flowSeparator(closing: UInt8(ascii: "}")) else { return nil }
            if closed { return .mapping(entries, at) }
        }
    }
}

/// Whether a key is new to its mapping, with Swift's `==` (as Yams' duplicate check): small mappings
/// compare with their entries, large ones keep a set. The event builder (`YAMLEvents`) and the subset
/// reader both use it.
struct KeySet {
    var keys: Set<String> = []

    mutating func admit(_ key: String, among entries: [YAMLNode.Entry]) -> Bool {
        if entries.count < 16 { return !entries.contains { $0.key == key } }
        if keys.isEmpty { keys = Set(entries.map(\.key)) }
        return keys.insert(key).inserted
    }
}
