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

private enum Byte {
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

private struct XMLScanner {
    let bytes: [UInt8]
    let file: String
    let expectedRoot: String
    private var i = 0
    private var line = 1
    private var column = 1
    private var afterCR = false
    /// Where the document proper starts (after a UTF-8 byte-order mark).
    private var start = 0

    /// Namespace bindings in scope, by prefix ("" is the default namespace); innermost last.
    private var bindings: [String: [String]] = ["xml": [XMLReader.xmlNamespace]]
    private var undeclared: [XMLUndeclaredPrefix] = []

    private struct OpenElement {
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

    private var here: SourceLocation { SourceLocation(file: file, line: line, column: column) }
    private var atEnd: Bool { i >= bytes.count }
    private var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

    /// Moves one byte on, counting lines (LF, CR LF or a lone CR) and characters.
    private mutating func advance() {
        let b = bytes[i]
        i += 1
        if b == Byte.lf {
            if !afterCR { line += 1; column = 1 }
            afterCR = false
        } else if b == Byte.cr {
            line += 1
            column = 1
            afterCR = true
        } else {
            afterCR = false
            if b & 0xC0 != 0x80 { column += 1 }
        }
    }

    private mutating func advance(_ count: Int) { for _ in 0..<count { advance() } }

    private func starts(_ text: String) -> Bool {
        var j = i
        for b in text.utf8 {
            guard j < bytes.count, bytes[j] == b else { return false }
            j += 1
        }
        return true
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        var skipped = false
        while let b = peek, Byte.isSpace(b) { advance(); skipped = true }
        return skipped
    }

    private func error(_ message: String, at location: SourceLocation? = nil) -> InputError {
        InputError([Diagnostic(file: file, location: location ?? here, message: message)])
    }

    private func malformed(_ message: String, at location: SourceLocation? = nil) -> InputError {
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
            } else if peek == Byte.lt {
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
    private mutating func validateCharacters() throws(InputError) {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw error("the file is UTF-16 (it starts with a UTF-16 byte-order mark); linksim reads UTF-8: save it as UTF-8")
        }
        let saved = (i, line, column, afterCR)
        defer { (i, line, column, afterCR) = saved }
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 {
                if b < 0x20 && b != Byte.tab && b != Byte.lf && b != Byte.cr {
                    let what = b == 0 ? "a NUL byte" : "the control character U+\(hex(UInt32(b), width: 4))"
                    throw error("\(what) is not allowed in XML (is this a binary file?)")
                }
                advance()
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default:
                throw error("invalid UTF-8: the byte 0x\(hex(UInt32(b), width: 2)) cannot start a character; linksim reads UTF-8, save the file as UTF-8")
            }
            for k in 1..<length {
                let index = i + k
                let limitLow = k == 1 ? low : 0x80, limitHigh = k == 1 ? high : 0xBF
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

    private func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    // MARK: Prolog pieces

    /// `<?target ...?>`; the `<?xml ...?>` declaration is only allowed at the very start.
    private mutating func processingInstruction() throws(InputError) {
        let location = here
        let atStart = i == start
        advance(2)
        guard let target = readName() else {
            throw malformed("a processing instruction `<?` must start with a name", at: location)
        }
        if target.lowercased() == "xml" {
            guard atStart, target == "xml" else {
                throw malformed("the XML declaration `<?xml ...?>` is only allowed at the very start of the file", at: location)
            }
            try xmlDeclaration(location)
            return
        }
        if !starts("?>") && !(peek.map(Byte.isSpace) ?? false) && !atEnd {
            throw malformed("expected a space or `?>` after the processing instruction's name `\(target)`")
        }
        while !atEnd && !starts("?>") { advance() }
        if atEnd { throw malformed("the processing instruction <?\(target) is not closed with `?>`", at: location) }
        advance(2)
    }

    /// `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`: only UTF-8 (or its subset
    /// ASCII) is read; another declared encoding is refused rather than misread.
    private mutating func xmlDeclaration(_ location: SourceLocation) throws(InputError) {
        var sawVersion = false
        while true {
            let spaced = skipSpace()
            if starts("?>") { advance(2); break }
            if atEnd { throw malformed("the XML declaration is not closed with `?>`", at: location) }
            guard spaced, let nameLocation = Optional(here), let name = readName() else {
                throw malformed("expected version=\"1.0\", encoding=\"UTF-8\", standalone or `?>` in the XML declaration")
            }
            skipSpace()
            guard peek == Byte.equals else { throw malformed("expected `=` after `\(name)` in the XML declaration") }
            advance()
            skipSpace()
            let valueLocation = here
            guard let quote = peek, quote == Byte.quote || quote == Byte.apostrophe else {
                throw malformed("the value of `\(name)` in the XML declaration must be quoted")
            }
            advance()
            var value: [UInt8] = []
            while let b = peek, b != quote, b != Byte.lt, b != Byte.gt { value.append(b); advance() }
            guard peek == quote else { throw malformed("the value of `\(name)` in the XML declaration is not closed", at: valueLocation) }
            advance()
            let text = String(decoding: value, as: UTF8.self)
            switch name {
            case "version":
                guard text.hasPrefix("1.") else {
                    throw malformed("XML version \"\(text)\" is not supported; expected \"1.0\"", at: valueLocation)
                }
                sawVersion = true
            case "encoding":
                guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(text.lowercased()) else {
                    throw error("the XML declaration says encoding \"\(text)\"; linksim reads UTF-8 only: save the file as UTF-8", at: valueLocation)
                }
            case "standalone":
                continue
            default:
                throw malformed("unknown `\(name)` in the XML declaration; expected version, encoding or standalone", at: nameLocation)
            }
        }
        if !sawVersion { throw malformed("the XML declaration has no version; write <?xml version=\"1.0\"?>", at: location) }
    }

    private mutating func comment() throws(InputError) {
        let location = here
        advance(4)
        while !atEnd && !starts("-->") { advance() }
        if atEnd { throw malformed("the comment is not closed with `-->`", at: location) }
        advance(3)
    }

    /// `<!DOCTYPE name>`, `<!DOCTYPE name SYSTEM "uri">` or `<!DOCTYPE name PUBLIC "id" "uri">`:
    /// accepted and ignored (the URI is never fetched). An internal subset `[...]` is refused.
    private mutating func doctype() throws(InputError) {
        let location = here
        advance(9)
        guard skipSpace(), readName() != nil else { throw malformed("expected a name after <!DOCTYPE", at: location) }
        skipSpace()
        var literals = 0
        if starts("SYSTEM") {
            advance(6)
            literals = 1
        } else if starts("PUBLIC") {
            advance(6)
            literals = 2
        }
        for _ in 0..<literals {
            skipSpace()
            guard let quote = peek, quote == Byte.quote || quote == Byte.apostrophe else {
                throw malformed("expected a quoted identifier in the DOCTYPE")
            }
            let literalLocation = here
            advance()
            while let b = peek, b != quote { advance() }
            if atEnd { throw malformed("a quoted identifier in the DOCTYPE is not closed", at: literalLocation) }
            advance()
        }
        skipSpace()
        if peek == Byte.openBracket {
            throw error("the DOCTYPE has an internal subset `[...]` (entity or element declarations); linksim refuses it and never expands entities or reads other files: remove the `[...]` part")
        }
        guard peek == Byte.gt else { throw malformed("expected `>` to close the DOCTYPE (from line \(location.line))") }
        advance()
    }

    // MARK: Names and references

    private mutating func readName() -> String? {
        guard let first = peek, Byte.isNameStart(first) else { return nil }
        let from = i
        while let b = peek, Byte.isName(b) { advance() }
        return String(decoding: bytes[from..<i], as: UTF8.self)
    }

    /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#NN;` `&#xHH;`, appended as UTF-8. Nothing else:
    /// there are no declared entities to expand.
    private mutating func reference(into buffer: inout [UInt8]) throws(InputError) {
        let location = here
        advance()
        if peek == Byte.hash {
            advance()
            let isHex = peek == UInt8(ascii: "x")
            if isHex { advance() }
            var value: UInt32 = 0
            var digits = 0
            while let b = peek, b != Byte.semicolon {
                let digit: UInt32
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where isHex: digit = UInt32(b - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where isHex: digit = UInt32(b - UInt8(ascii: "A") + 10)
                default: throw malformed("bad character reference; expected \(isHex ? "&#xHEX;" : "&#DIGITS;")", at: location)
                }
                // Past 0x10FFFF it is invalid anyway; stop the value from overflowing.
                value = min(value * (isHex ? 16 : 10) + digit, 0x110000)
                digits += 1
                advance()
            }
            guard peek == Byte.semicolon, digits > 0 else {
                throw malformed("bad character reference; expected \(isHex ? "&#xHEX;" : "&#DIGITS;")", at: location)
            }
            advance()
            let allowed = value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
                || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
            guard allowed, let scalar = Unicode.Scalar(value) else {
                throw malformed("the character reference is not a character XML allows", at: location)
            }
            buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
            return
        }
        let name = readName()
        guard let name, peek == Byte.semicolon else {
            throw malformed("`&` must start a reference such as &amp; (write &amp; for a literal &)", at: location)
        }
        advance()
        switch name {
        case "amp": buffer.append(Byte.amp)
        case "lt": buffer.append(Byte.lt)
        case "gt": buffer.append(Byte.gt)
        case "quot": buffer.append(Byte.quote)
        case "apos": buffer.append(Byte.apostrophe)
        default:
            throw malformed("unknown entity &\(name); (XML predefines only &amp; &lt; &gt; &quot; &apos;, and linksim never reads entity declarations; write &amp; for a literal &)", at: location)
        }
    }

    // MARK: Elements

    /// The root element and everything in it, with an explicit stack instead of recursion.
    private mutating func rootElement() throws(InputError) -> XMLElementNode {
        var stack: [OpenElement] = []
        switch try startTag(depth: 0) {
        case .closed(let root): return root
        case .open(let root): stack.append(root)
        }
        // No binding of `stack.last` here: a live copy would make every append below copy the
        // element's children and text (quadratic time).
        while !stack.isEmpty {
            guard let b = peek else {
                let open = stack[stack.count - 1].node
                throw malformed("the file ends before all elements are closed (<\(open.name)> from line \(open.location.line) is still open)")
            }
            if b == Byte.lt {
                if starts("</") {
                    let closed = try endTag(stack.removeLast())
                    if stack.isEmpty { return closed }
                    stack[stack.count - 1].node.children.append(closed)
                } else if starts("<!--") {
                    try comment()
                } else if starts("<![CDATA[") {
                    let location = here
                    advance(9)
                    while !atEnd && !starts("]]>") { appendText(&stack[stack.count - 1].text) }
                    if atEnd { throw malformed("the CDATA section is not closed with `]]>`", at: location) }
                    advance(3)
                } else if starts("<?") {
                    try processingInstruction()
                } else if starts("<!") {
                    throw malformed("unexpected `<!` inside <\(stack[stack.count - 1].node.name)>; expected a comment or a CDATA section")
                } else {
                    switch try startTag(depth: stack.count) {
                    case .closed(let child): stack[stack.count - 1].node.children.append(child)
                    case .open(let child): stack.append(child)
                    }
                }
            } else if b == Byte.amp {
                try reference(into: &stack[stack.count - 1].text)
            } else {
                appendText(&stack[stack.count - 1].text)
            }
        }
        throw malformed("no root element")  // Unreachable: the loop returns when the root closes.
    }

    /// One byte of character data, with CR LF and lone CR turned into LF (XML 1.0 §2.11).
    private mutating func appendText(_ buffer: inout [UInt8]) {
        let b = bytes[i]
        if b == Byte.cr {
            buffer.append(Byte.lf)
            advance()
            if peek == Byte.lf { advance() }
        } else {
            buffer.append(b)
            advance()
        }
    }

    private enum StartTag {
        case closed(XMLElementNode)
        case open(OpenElement)
    }

    /// Reads `<name attr="value" ...>` or `<name .../>`. A self-closing element is returned whole;
    /// an open one is pushed by the caller.
    private mutating func startTag(depth: Int) throws(InputError) -> StartTag {
        let location = here
        advance()
        guard let name = readName() else {
            throw malformed("expected an element name after `<` (write &lt; for a literal <)", at: location)
        }
        if depth >= XMLReader.maxDepth {
            throw error("elements are nested more than \(XMLReader.maxDepth) levels deep; linksim reads up to \(XMLReader.maxDepth)", at: location)
        }
        var raw: [(name: String, value: String, location: SourceLocation)] = []
        var seen: Set<String> = []
        var selfClosing = false
        while true {
            let spaced = skipSpace()
            if peek == Byte.gt { advance(); break }
            if starts("/>") { advance(2); selfClosing = true; break }
            if atEnd { throw malformed("the tag <\(name)> (from line \(location.line)) is not closed with `>`") }
            let attributeLocation = here
            guard spaced, let attributeName = readName() else {
                throw malformed("unexpected character in the tag <\(name)>; expected an attribute name, `>` or `/>`")
            }
            skipSpace()
            guard peek == Byte.equals else {
                throw malformed("attribute \(attributeName) in <\(name)> has no value; expected `=` and a quoted value")
            }
            advance()
            skipSpace()
            guard let quote = peek, quote == Byte.quote || quote == Byte.apostrophe else {
                throw malformed("the value of attribute \(attributeName) in <\(name)> must be quoted")
            }
            advance()
            var value: [UInt8] = []
            while true {
                guard let b = peek else {
                    throw malformed("the value of attribute \(attributeName) in <\(name)> is not closed with a quote", at: attributeLocation)
                }
                if b == quote { advance(); break }
                if b == Byte.lt { throw malformed("'<' inside the value of attribute \(attributeName) (write &lt;)") }
                if b == Byte.amp {
                    try reference(into: &value)
                } else if b == Byte.cr || b == Byte.lf || b == Byte.tab {
                    // Attribute-value normalisation (XML 1.0 §3.3.3): each line break or tab is one space.
                    value.append(Byte.space)
                    advance()
                    if b == Byte.cr && peek == Byte.lf { advance() }
                } else {
                    value.append(b)
                    advance()
                }
            }
            guard seen.insert(attributeName).inserted else {
                throw malformed("attribute \(attributeName) is written twice on <\(name)>", at: attributeLocation)
            }
            raw.append((attributeName, String(decoding: value, as: UTF8.self), attributeLocation))
        }

        // Namespaces: declarations first, then resolve the element's and the attributes' prefixes.
        var declared: [String] = []
        for attribute in raw {
            if attribute.name == "xmlns" {
                bindings["", default: []].append(attribute.value)
                declared.append("")
            } else if attribute.name.hasPrefix("xmlns:") {
                let prefix = String(attribute.name.dropFirst(6))
                bindings[prefix, default: []].append(attribute.value)
                declared.append(prefix)
            }
        }
        let (elementPrefix, _) = split(name)
        var node = XMLElementNode(name: name, namespace: nil, attributes: [], children: [], text: "", location: location)
        if let elementPrefix {
            node.namespace = bindings[elementPrefix]?.last
            if node.namespace == nil {
                undeclared.append(XMLUndeclaredPrefix(prefix: elementPrefix, attribute: nil, element: name, location: location))
            }
        } else if let defaultNamespace = bindings[""]?.last, !defaultNamespace.isEmpty {
            node.namespace = defaultNamespace
        }
        for attribute in raw where attribute.name != "xmlns" && !attribute.name.hasPrefix("xmlns:") {
            let (prefix, localName) = split(attribute.name)
            var namespace: String?
            if let prefix {
                namespace = bindings[prefix]?.last
                if namespace == nil {
                    undeclared.append(XMLUndeclaredPrefix(prefix: prefix, attribute: attribute.name, element: name,
                                                          location: attribute.location))
                }
            }
            node.attributes.append(XMLAttributeNode(namespace: namespace, localName: localName, qualifiedName: attribute.name,
                                                    value: attribute.value, location: attribute.location))
        }
        if selfClosing {
            undeclare(declared)
            return .closed(node)
        }
        return .open(OpenElement(node: node, declaredPrefixes: declared))
    }

    /// `</name>`, which must close the innermost open element.
    private mutating func endTag(_ open: OpenElement) throws(InputError) -> XMLElementNode {
        let location = here
        advance(2)
        guard let name = readName() else { throw malformed("expected an element name after `</`", at: location) }
        skipSpace()
        guard peek == Byte.gt else { throw malformed("the end tag </\(name)> is not closed with `>`") }
        advance()
        guard name == open.node.name else {
            throw malformed("end tag does not match the open element (the open element is <\(open.node.name)> from line \(open.node.location.line)); expected </\(open.node.name)>, found </\(name)>", at: location)
        }
        undeclare(open.declaredPrefixes)
        var node = open.node
        node.text = String(decoding: open.text, as: UTF8.self)
        return node
    }

    private mutating func undeclare(_ prefixes: [String]) {
        for prefix in prefixes { bindings[prefix]?.removeLast() }
    }

    /// `a:b` → ("a", "b"); `b` → (nil, "b"). A name with an empty side keeps its colon in the local name.
    private func split(_ name: String) -> (prefix: String?, local: String) {
        guard let colon = name.firstIndex(of: ":"), colon != name.startIndex, name.index(after: colon) != name.endIndex else {
            return (nil, name)
        }
        return (String(name[..<colon]), String(name[name.index(after: colon)...]))
    }
}
