/// The prolog: processing instructions, the XML declaration, comments, DOCTYPE; names and entity references.
extension XMLScanner {
    // MARK: Prolog pieces

    /// `<?target ...?>`; the `<?xml ...?>` declaration is only allowed at the very start.
    mutating func processingInstruction() throws(InputError) {
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
        if !starts("?>") && !(peek.map(XMLByte.isSpace) ?? false) && !atEnd {
            throw malformed("expected a space or `?>` after the processing instruction's name `\(target)`")
        }
        while !atEnd && !starts("?>") { advance() }
        if atEnd { throw malformed("the processing instruction <?\(target) is not closed with `?>`", at: location) }
        advance(2)
    }

    /// `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`: only UTF-8 (or its subset
    /// ASCII) is read; another declared encoding is refused rather than misread.
    mutating func xmlDeclaration(_ location: SourceLocation) throws(InputError) {
        var sawVersion = false
        while true {
            let spaced = skipSpace()
            if starts("?>") {
                advance(2)
                break
            }
            if atEnd { throw malformed("the XML declaration is not closed with `?>`", at: location) }
            guard spaced, let nameLocation = Optional(here), let name = readName() else {
                throw malformed("expected version=\"1.0\", encoding=\"UTF-8\", standalone or `?>` in the XML declaration")
            }
            skipSpace()
            guard peek == XMLByte.equals else { throw malformed("expected `=` after `\(name)` in the XML declaration") }
            advance()
            skipSpace()
            let valueLocation = here
            guard let quote = peek, quote == XMLByte.quote || quote == XMLByte.apostrophe else {
                throw malformed("the value of `\(name)` in the XML declaration must be quoted")
            }
            advance()
            var value: [UInt8] = []
            while let b = peek, b != quote, b != XMLByte.lt, b != XMLByte.gt {
                value.append(b)
                advance()
            }
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

    mutating func comment() throws(InputError) {
        let location = here
        advance(4)
        while !atEnd && !starts("-->") { advance() }
        if atEnd { throw malformed("the comment is not closed with `-->`", at: location) }
        advance(3)
    }

    /// `<!DOCTYPE name>`, `<!DOCTYPE name SYSTEM "uri">` or `<!DOCTYPE name PUBLIC "id" "uri">`:
    /// accepted and ignored (the URI is never fetched). An internal subset `[...]` is refused.
    mutating func doctype() throws(InputError) {
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
            guard let quote = peek, quote == XMLByte.quote || quote == XMLByte.apostrophe else {
                throw malformed("expected a quoted identifier in the DOCTYPE")
            }
            let literalLocation = here
            advance()
            while let b = peek, b != quote { advance() }
            if atEnd { throw malformed("a quoted identifier in the DOCTYPE is not closed", at: literalLocation) }
            advance()
        }
        skipSpace()
        if peek == XMLByte.openBracket {
            throw error(
                "the DOCTYPE has an internal subset `[...]` (entity or element declarations); linksim refuses it and never expands entities or reads other files: remove the `[...]` part"
            )
        }
        guard peek == XMLByte.gt else { throw malformed("expected `>` to close the DOCTYPE (from line \(location.line))") }
        advance()
    }

    // MARK: Names and references

    mutating func readName() -> String? {
        guard let first = peek, XMLByte.isNameStart(first) else { return nil }
        let from = i
        while let b = peek, XMLByte.isName(b) { advance() }
        return String(decoding: bytes[from..<i], as: UTF8.self)
    }

    /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#NN;` `&#xHH;`, appended as UTF-8. Nothing else:
    /// there are no declared entities to expand.
    mutating func reference(into buffer: inout [UInt8]) throws(InputError) {
        let location = here
        advance()
        if peek == XMLByte.hash {
            advance()
            let isHex = peek == UInt8(ascii: "x")
            if isHex { advance() }
            var value: UInt32 = 0
            var digits = 0
            while let b = peek, b != XMLByte.semicolon {
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
            guard peek == XMLByte.semicolon, digits > 0 else {
                throw malformed("bad character reference; expected \(isHex ? "&#xHEX;" : "&#DIGITS;")", at: location)
            }
            advance()
            let allowed =
                value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
                || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
            guard allowed, let scalar = Unicode.Scalar(value) else {
                throw malformed("the character reference is not a character XML allows", at: location)
            }
            buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
            return
        }
        let name = readName()
        guard let name, peek == XMLByte.semicolon else {
            throw malformed("`&` must start a reference such as &amp; (write &amp; for a literal &)", at: location)
        }
        advance()
        switch name {
        case "amp": buffer.append(XMLByte.amp)
        case "lt": buffer.append(XMLByte.lt)
        case "gt": buffer.append(XMLByte.gt)
        case "quot": buffer.append(XMLByte.quote)
        case "apos": buffer.append(XMLByte.apostrophe)
        default:
            throw malformed(
                "unknown entity &\(name); (XML predefines only &amp; &lt; &gt; &quot; &apos;, and linksim never reads entity declarations; write &amp; for a literal &)",
                at: location)
        }
    }
}
