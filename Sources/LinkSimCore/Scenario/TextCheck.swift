/// Checks that a scenario file is text YAML can read, and says where it is not: the first byte that
/// is not UTF-8, a UTF-16 byte-order mark, or a control character YAML does not allow.
enum TextCheck {
    /// nil when the bytes are acceptable; otherwise the located problem.
    static func problem(in bytes: [UInt8], file: String) -> InputError? {
        isPlainText(bytes) ? nil : located(in: bytes, file: file)
    }

    /// Well-formed UTF-8 with no control character but tabs and line breaks, as scenario files are:
    /// nothing to report, found in one tight pass without counting lines and columns (the located
    /// check cost a fiftieth of replaying a file). The same rules as `located`: shortest forms only,
    /// no surrogates, nothing above U+10FFFF, no C0 control but tab, LF and CR, no DEL.
    static func isPlainText(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            let n = buffer.count
            var i = 0
            while i < n {
                // Eight bytes at a time while they are all printable ASCII (no byte ≥ 0x80, < 0x20 or 0x7F).
                while i + 8 <= n {
                    let word = UnsafeRawPointer(buffer.baseAddress! + i).loadUnaligned(as: UInt64.self)
                    let high = word & 0x8080_8080_8080_8080
                    let control = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
                    let delete = ((word ^ 0x7F7F_7F7F_7F7F_7F7F) &- 0x0101_0101_0101_0101) & ~(word ^ 0x7F7F_7F7F_7F7F_7F7F) & 0x8080_8080_8080_8080
                    guard high | control | delete == 0 else { break }
                    i += 8
                }
                guard i < n else { break }
                let byte = buffer[i]
                if byte < 0x80 {
                    if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F { return false }
                    i += 1
                    continue
                }
                let length: Int
                switch byte {
                case 0xC2...0xDF: length = 2
                case 0xE0...0xEF: length = 3
                case 0xF0...0xF4: length = 4
                default: return false
                }
                guard i + length <= n else { return false }
                for k in 1..<length where buffer[i + k] & 0xC0 != 0x80 { return false }
                let second = buffer[i + 1]
                if (byte == 0xE0 && second < 0xA0) || (byte == 0xED && second > 0x9F) || (byte == 0xF0 && second < 0x90)
                    || (byte == 0xF4 && second > 0x8F)
                {
                    return false
                }
                i += length
            }
            return true
        }
    }

    /// The first problem with its line and column (UTF-16 byte-order mark, bytes that are not UTF-8,
    /// control characters), or nil.
    static func located(in bytes: [UInt8], file: String) -> InputError? {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            return InputError(
                file: file, location: SourceLocation(file: file, line: 1, column: 1),
                "the file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8")
        }
        var line = 1
        var column = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00..<0x80: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            var valid = length > 0 && index + length <= bytes.count
            if valid, length > 1 {
                for k in 1..<length where bytes[index + k] & 0xC0 != 0x80 { valid = false }
                // Overlong forms and surrogates.
                if valid, byte == 0xE0, bytes[index + 1] < 0xA0 { valid = false }
                if valid, byte == 0xED, bytes[index + 1] > 0x9F { valid = false }
                if valid, byte == 0xF0, bytes[index + 1] < 0x90 { valid = false }
                if valid, byte == 0xF4, bytes[index + 1] > 0x8F { valid = false }
            }
            guard valid else {
                let hex = String(byte, radix: 16, uppercase: true)
                return InputError(
                    file: file, location: SourceLocation(file: file, line: line, column: column),
                    "byte 0x\(hex.count < 2 ? "0" + hex : hex) is not UTF-8; a scenario file must be UTF-8 text")
            }
            if length == 1, (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F {
                let hex = String(byte, radix: 16, uppercase: true)
                return InputError(
                    file: file, location: SourceLocation(file: file, line: line, column: column),
                    "control character U+\(String(repeating: "0", count: 4 - hex.count) + hex) is not allowed in YAML")
            }
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
        return nil
    }
}
