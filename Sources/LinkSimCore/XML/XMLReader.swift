/// A small XML 1.0 reader for the files linksim is given (AndroidManifest.xml, Info.plist,
/// .entitlements). Written for hostile input rather than completeness:
///
/// - it works on bytes, validates UTF-8 first and reports the first bad byte with its position;
/// - it never expands entities and never reads anything else: a DOCTYPE with an internal subset
///   (where entity declarations live, the source of "billion laughs" and XXE) is refused, while a
///   bare `<!DOCTYPE plist PUBLIC "..." "...">`, as every Apple plist has, is accepted and ignored;
/// - it is not recursive: open elements live on an explicit stack bounded by `maxDepth`, and every
///   byte is looked at a bounded number of times, so time is linear in the size, which is bounded
///   by `maxBytes`.
///
/// Every element and attribute carries its line and column (1-based; columns count characters),
/// and every error is one located `InputError` saying what was expected.
enum XMLReader {
    /// Larger files are refused before anything is parsed. Real manifests and plists are a few KiB.
    static let maxBytes = 8 * 1024 * 1024
    /// Deeper nesting is refused. Real manifests nest 6 levels, plists rarely more than 10.
    static let maxDepth = 256

    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// Reads a whole document. `expectedRoot` only words the message for a file with no element.
    static func read(_ bytes: [UInt8], file: String, expectedRoot: String) throws(InputError) -> ParsedXML {
        var scanner = XMLScanner(bytes: bytes, file: file, expectedRoot: expectedRoot)
        return try scanner.document()
    }
}

enum XMLByte {
    static let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), amp = UInt8(ascii: "&")
    static let slash = UInt8(ascii: "/"), question = UInt8(ascii: "?"), bang = UInt8(ascii: "!")
    static let equals = UInt8(ascii: "="), quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'")
    static let semicolon = UInt8(ascii: ";"), hash = UInt8(ascii: "#"), colon = UInt8(ascii: ":")
    static let lf: UInt8 = 0x0A, cr: UInt8 = 0x0D, tab: UInt8 = 0x09, space: UInt8 = 0x20
    static let openBracket = UInt8(ascii: "[")

    static func isSpace(_ b: UInt8) -> Bool { b == space || b == lf || b == cr || b == tab }
    static func isNameStart(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == UInt8(ascii: "_") || b == colon || b >= 0x80
    }
    static func isName(_ b: UInt8) -> Bool {
        isNameStart(b) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }
}

struct XMLScanner {
    let bytes: [UInt8]
    let file: String
    let expectedRoot: String
    var i = 0
    var line = 1
    var column = 1
    var afterCR = false
    /// Where the document proper starts (after a UTF-8 byte-order mark).
    var start = 0

    /// Namespace bindings in scope, by prefix ("" is the default namespace); innermost last.
    var bindings: [String: [String]] = ["xml": [XMLReader.xmlNamespace]]
    var undeclared: [XMLUndeclaredPrefix] = []

    struct OpenElement {
        var node: XMLElementNode
        var text: [UInt8] = []
        var declaredPrefixes: [String] = []
    }

    init(bytes: [UInt8], file: String, expectedRoot: String) {
        self.bytes = bytes
        self.file = file
        self.expectedRoot = expectedRoot
    }

    // MARK: Position

    var here: SourceLocation { SourceLocation(file: file, line: line, column: column) }
    var atEnd: Bool { i >= bytes.count }
    var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

    /// Moves one byte on, counting lines (LF, CR LF or a lone CR) and characters.
    mutating func advance() {
        let b = bytes[i]
        i += 1
        if b == XMLByte.lf {
            if !afterCR {
                line += 1
                column = 1
            }
            afterCR = false
        } else if b == XMLByte.cr {
            line += 1
            column = 1
            afterCR = true
        } else {
            afterCR = false
            if b & 0xC0 != 0x80 { column += 1 }
        }
    }

    mutating func advance(_ count: Int) { for _ in 0..<count { advance() } }

    func starts(_ text: String) -> Bool {
        var j = i
        for b in text.utf8 {
            guard j < bytes.count, bytes[j] == b else { return false }
            j += 1
        }
        return true
    }

    @discardableResult
    mutating func skipSpace() -> Bool {
        var skipped = false
        while let b = peek, XMLByte.isSpace(b) {
            advance()
            skipped = true
        }
        return skipped
    }

    func error(_ message: String, at location: SourceLocation? = nil) -> InputError {
        InputError([Diagnostic(file: file, location: location ?? here, message: message)])
    }

    func malformed(_ message: String, at location: SourceLocation? = nil) -> InputError {
        error("malformed XML: " + message, at: location)
    }

    // MARK: Document

    mutating func document() throws(InputError) -> ParsedXML {
        if bytes.count > XMLReader.maxBytes {
            throw error("the file is \(bytes.count) bytes; linksim reads XML files up to \(XMLReader.maxBytes / 1024 / 1024) MiB")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        start = i
        try validateCharacters()

        var sawDoctype = false
        while true {
            skipSpace()
            if atEnd { throw error("the file has no XML element; expected <\(expectedRoot)>") }
            if starts("<?") {
                try processingInstruction()
            } else if starts("<!--") {
                try comment()
            } else if starts("<!DOCTYPE") {
                if sawDoctype { throw malformed("a second DOCTYPE; a document has at most one") }
                try doctype()
                sawDoctype = true
            } else if starts("<!") {
                throw malformed("unexpected `<!`; expected a comment, a DOCTYPE or the root element <\(expectedRoot)>")
            } else if peek == XMLByte.lt {
                break
            } else {
                throw malformed("text before the root element; expected <\(expectedRoot)>")
            }
        }
        let root = try rootElement()
        while true {
            skipSpace()
            if atEnd { break }
            if starts("<?") {
                try processingInstruction()
            } else if starts("<!--") {
                try comment()
            } else {
                throw malformed("content after the root element <\(root.name)> (from line \(root.location.line)); a document has one root element")
            }
        }
        return ParsedXML(root: root, undeclaredPrefixes: undeclared)
    }

    /// Every character must be well-formed UTF-8 and one XML 1.0 allows (no NUL, no C0 controls
    /// other than tab, LF and CR, no U+FFFE/U+FFFF). Checked once, up front, so the parser can
    /// decode names and text without further checks.
    mutating func validateCharacters() throws(InputError) {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw error("the file is UTF-16 (it starts with a UTF-16 byte-order mark); linksim reads UTF-8: save it as UTF-8")
        }
        let saved = (i, line, column, afterCR)
        defer { (i, line, column, afterCR) = saved }
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 {
                if b < 0x20 && b != XMLByte.tab && b != XMLByte.lf && b != XMLByte.cr {
                    let what = b == 0 ? "a NUL byte" : "the control character U+\(hex(UInt32(b), width: 4))"
                    throw error("\(what) is not allowed in XML (is this a binary file?)")
                }
                advance()
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default:
                throw error("invalid UTF-8: the byte 0x\(hex(UInt32(b), width: 2)) cannot start a character; linksim reads UTF-8, save the file as UTF-8")
            }
            for k in 1..<length {
                let index = i + k
                let limitLow = k == 1 ? low : 0x80
                let limitHigh = k == 1 ? high : 0xBF
                guard index < bytes.count, bytes[index] >= limitLow, bytes[index] <= limitHigh else {
                    let found = index < bytes.count ? "the byte 0x\(hex(UInt32(bytes[index]), width: 2))" : "the end of the file"
                    throw error("invalid UTF-8: a \(length)-byte character is cut short by \(found); linksim reads UTF-8, save the file as UTF-8")
                }
            }
            if b == 0xEF && bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF) {
                throw error("the character U+FFF\(bytes[i + 2] == 0xBE ? "E" : "F") is not allowed in XML")
            }
            advance(length)
        }
    }

    func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
