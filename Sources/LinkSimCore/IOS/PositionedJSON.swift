// MARK: - JSON with positions

/// A parsed JSON value that remembers where it starts. Foundation's JSONSerialization gives no
/// positions on Linux and loses key order and duplicate keys, which the validator reports.
struct JSONNode: Sendable, Equatable {
    struct Member: Sendable, Equatable {
        var key: String
        var keyPosition: AASATextPosition
        var value: JSONNode
    }

    enum Value: Sendable, Equatable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        /// Kept as written; AASA files never need the numeric value.
        case number(String)
        case bool(Bool)
        case null
    }

    var value: Value
    var position: AASATextPosition

    var members: [Member]? { if case .object(let m) = value { return m } else { return nil } }
    var elements: [JSONNode]? { if case .array(let e) = value { return e } else { return nil } }
    var string: String? { if case .string(let s) = value { return s } else { return nil } }
    var bool: Bool? { if case .bool(let b) = value { return b } else { return nil } }

    /// The value of `key`; with duplicate keys the last one wins, as in Foundation's parser.
    func member(_ key: String) -> JSONNode? {
        members?.last { $0.key == key }?.value
    }

    var typeName: String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    static func parse(_ bytes: [UInt8]) throws(AASAParseError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        return try parser.parseDocument()
    }
}

/// A strict RFC 8259 parser over UTF-8 bytes that reports line:column on errors.
struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0
    var depth = 0
    /// false: every string takes the byte-by-byte path (the reference the fast path is tested against).
    var fastStrings = true
    /// Deeply nested input must fail cleanly instead of overflowing the stack.
    static let maximumDepth = 256

    init(bytes: [UInt8]) { self.bytes = bytes }

    var position: AASATextPosition { AASATextPosition(line: line, column: index - lineStart + 1, offset: index) }

    func fail(_ message: String) -> AASAParseError {
        AASAParseError("invalid JSON: \(message)", at: position)
    }

    mutating func parseDocument() throws(AASAParseError) -> JSONNode {
        // A UTF-8 byte order mark is tolerated, as Foundation does.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
        skipWhitespace()
        guard index < bytes.count else { throw fail("the file is empty") }
        let node = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected text after the end of the JSON value") }
        return node
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    mutating func parseValue() throws(AASAParseError) -> JSONNode {
        let start = position
        guard index < bytes.count else { throw fail("unexpected end of file, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(value: try parseObject(), position: start)
        case UInt8(ascii: "["): return JSONNode(value: try parseArray(), position: start)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), position: start)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return JSONNode(value: .bool(true), position: start)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return JSONNode(value: .bool(false), position: start)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return JSONNode(value: .null, position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), position: start)
        default:
            throw fail("unexpected character \(describe(bytes[index])), expected a value")
        }
    }

    func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    mutating func expectWord(_ word: String) throws(AASAParseError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw fail("unexpected character \(describe(bytes[index])), expected a value")
        }
        index += expected.count
    }

    mutating func enter() throws(AASAParseError) {
        depth += 1
        if depth > Self.maximumDepth { throw fail("nested more than \(Self.maximumDepth) levels deep") }
    }

    mutating func parseObject() throws(AASAParseError) -> JSONNode.Value {
        try enter()
        index += 1
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of file inside an object") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected a key in double quotes, found \(describe(bytes[index]))")
            }
            let keyPosition = position
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail("expected ':' after the key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONNode.Member(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of file inside an object, expected '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(members)
            }
            throw fail("expected ',' or '}' after an object member, found \(describe(bytes[index]))")
        }
    }

    mutating func parseArray() throws(AASAParseError) -> JSONNode.Value {
        try enter()
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of file inside an array, expected ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(elements)
            }
            throw fail("expected ',' or ']' after an array element, found \(describe(bytes[index]))")
        }
    }

    mutating func parseString() throws(AASAParseError) -> String {
        index += 1
        // The usual string has no escape: find its closing quote and make the text from the bytes in
        // place (issue #14: copying byte by byte was most of parsing a served file). A string with an
        // escape, a control character or no end takes the byte-by-byte path from its start, so its
        // text and its errors are those of that path.
        var end = fastStrings ? index : bytes.count
        var ascii = true
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            if byte >= 0x80 { ascii = false }
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let start = index
            index = end + 1
            let text = bytes.withUnsafeBufferPointer { all -> String? in
                let slice = UnsafeBufferPointer(rebasing: all[start..<end])
                return ascii ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
            }
            guard let text else { throw fail("string is not valid UTF-8") }
            return text
        }
        var buffer: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: buffer, as: UTF8.self) else {
                    throw fail("string is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): buffer.append(0x22)
                case UInt8(ascii: "\\"): buffer.append(0x5C)
                case UInt8(ascii: "/"): buffer.append(0x2F)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    var scalarValue = try parseHex4()
                    if (0xD800...0xDBFF).contains(scalarValue) {
                        // A high surrogate must be followed by an escaped low surrogate.
                        guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else {
                            throw fail("unpaired UTF-16 surrogate in \\u escape")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired UTF-16 surrogate in \\u escape") }
                        scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(scalarValue) else { throw fail("invalid \\u escape") }
                    buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    index -= 1
                    throw fail("invalid escape \\\(describe(escape))")
                }
            case 0x00..<0x20:
                throw fail(byte == 0x0A ? "unterminated string (newline inside a string)" : "control character inside a string")
            default:
                buffer.append(byte)
                index += 1
            }
        }
        throw fail("unterminated string")
    }

    mutating func parseHex4() throws(AASAParseError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw fail("\\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("\\u escape needs four hex digits")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    mutating func parseNumber() throws(AASAParseError) -> String {
        let start = index
        func isDigit(_ i: Int) -> Bool { i < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { throw fail("a number needs digits") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { throw fail("a number needs digits after '.'") }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { throw fail("a number needs digits in its exponent") }
            while isDigit(index) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}
