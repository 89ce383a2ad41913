/// ADVANCED_GLOB (`parseAndVerifyAdvancedPattern` / `matchAdvancedPattern`).
enum AdvancedGlob {
    struct ParseError: Error, Equatable { let message: String }

    // Parsed-program markers, as in AOSP (negative so they never collide with a char).
    static let setStart: Int32 = -1
    static let inverseSetStart: Int32 = -2
    static let setStop: Int32 = -3
    static let anyChar: Int32 = -4
    static let rangeStart: Int32 = -5
    static let rangeStop: Int32 = -6
    static let zeroOrMore: Int32 = -7
    static let oneOrMore: Int32 = -8
    /// `MAX_PATTERN_STORAGE`.
    static let maxStorage = 2048

    private static func isModifier(_ token: Int32) -> Bool {
        token == oneOrMore || token == zeroOrMore || token == rangeStop || token == rangeStart
    }

    static func parse(_ pattern: [UInt16]) -> Result<[Int32], ParseError> {
        var program: [Int32] = []
        var ip = 0
        let length = pattern.count
        var inSet = false
        var inRange = false
        var inCharClass = false
        func ascii(_ character: Character) -> UInt16 { UInt16(character.asciiValue ?? 0) }

        while ip < length {
            if program.count > maxStorage - 3 { return .failure(ParseError(message: "pattern is too large")) }
            var c = pattern[ip]
            var addToProgram = false
            switch c {
            case ascii("["):
                if inSet {
                    addToProgram = true
                } else {
                    // Java would throw StringIndexOutOfBoundsException for a trailing `[`.
                    guard ip + 1 < length else { return .failure(ParseError(message: "set was not terminated")) }
                    if pattern[ip + 1] == ascii("^") {
                        program.append(inverseSetStart)
                        ip += 1
                    } else {
                        program.append(setStart)
                    }
                    ip += 1
                    inSet = true
                    continue
                }
            case ascii("]"):
                if !inSet {
                    addToProgram = true  // a `]` outside a set is a literal
                } else {
                    if let last = program.last, last == setStart || last == inverseSetStart {
                        return .failure(ParseError(message: "a set must contain characters"))
                    }
                    program.append(setStop)
                    inSet = false
                    inCharClass = false
                }
            case ascii("{"):
                if !inSet {
                    if program.isEmpty || isModifier(program[program.count - 1]) {
                        return .failure(ParseError(message: "a modifier must follow a token"))
                    }
                    program.append(rangeStart)
                    ip += 1
                    inRange = true
                }
            case ascii("}"):
                if inRange {  // a stray `}` outside a range is silently dropped
                    program.append(rangeStop)
                    inRange = false
                }
            case ascii("*"), ascii("+"):
                if !inSet {
                    if program.isEmpty || isModifier(program[program.count - 1]) {
                        return .failure(ParseError(message: "a modifier must follow a token"))
                    }
                    program.append(c == ascii("*") ? zeroOrMore : oneOrMore)
                }
            case ascii("."):
                if !inSet { program.append(anyChar) }
            case ascii("\\"):
                if ip + 1 >= length { return .failure(ParseError(message: "escape found at end of pattern")) }
                ip += 1
                c = pattern[ip]
                addToProgram = true
            default:
                addToProgram = true
            }
            if inSet {
                if inCharClass {
                    program.append(Int32(c))
                    inCharClass = false
                } else if ip + 2 < length && pattern[ip + 1] == ascii("-") && pattern[ip + 2] != ascii("]") {
                    inCharClass = true
                    program.append(Int32(c))  // lower end of a range; the upper end comes next
                    ip += 1
                } else {
                    program.append(Int32(c))  // a literal is the range c-c
                    program.append(Int32(c))
                }
            } else if inRange {
                guard let endOfRange = pattern[ip...].firstIndex(of: ascii("}")) else {
                    return .failure(ParseError(message: "range not ended with '}'"))
                }
                let rangeText = String(decoding: pattern[ip..<endOfRange], as: UTF16.self)
                let bounds: (Int32, Int32)
                if let comma = rangeText.firstIndex(of: ",") {
                    // Integer.parseInt semantics: optional sign, digits, 32-bit.
                    guard let minimum = Int32(rangeText[..<comma]) else {
                        return .failure(ParseError(message: "range number format incorrect"))
                    }
                    let upper = rangeText[rangeText.index(after: comma)...]
                    if upper.isEmpty {
                        bounds = (minimum, Int32.max)
                    } else if let maximum = Int32(upper) {
                        bounds = (minimum, maximum)
                    } else {
                        return .failure(ParseError(message: "range number format incorrect"))
                    }
                } else if let exact = Int32(rangeText) {
                    bounds = (exact, exact)
                } else {
                    return .failure(ParseError(message: "range number format incorrect"))
                }
                if bounds.0 > bounds.1 {
                    return .failure(ParseError(message: "range quantifier minimum is greater than maximum"))
                }
                program.append(bounds.0)
                program.append(bounds.1)
                ip = endOfRange
                continue
            } else if addToProgram {
                program.append(Int32(c))
            }
            ip += 1
        }
        if inSet { return .failure(ParseError(message: "set was not terminated")) }
        return .success(program)
    }

    private enum TokenType { case literal, any, set, inverseSet }

    /// Greedy: each token takes as many characters as it can, up to its maximum, and never gives back.
    static func match(_ program: [Int32], _ input: [UInt16]) -> Bool {
        var ip = 0
        var im = 0
        let programLength = program.count
        while ip < programLength {
            let tokenType: TokenType
            var tokenStart = ip
            var tokenEnd = ip
            switch program[ip] {
            case anyChar:
                tokenType = .any
                ip += 1
            case setStart, inverseSetStart:
                tokenType = program[ip] == setStart ? .set : .inverseSet
                tokenStart = ip + 1
                ip += 1
                while ip < programLength && program[ip] != setStop { ip += 1 }
                tokenEnd = ip - 1
                ip += 1
            default:
                tokenStart = ip
                tokenType = .literal
                ip += 1
            }
            var minimum: Int32 = 1
            var maximum: Int32 = 1
            if ip < programLength {
                switch program[ip] {
                case zeroOrMore:
                    minimum = 0
                    maximum = Int32.max
                    ip += 1
                case oneOrMore:
                    minimum = 1
                    maximum = Int32.max
                    ip += 1
                case rangeStart:
                    guard ip + 2 < programLength else { return false }
                    minimum = program[ip + 1]
                    maximum = program[ip + 2]
                    ip += 4  // over min, max and the range stop
                default:
                    break
                }
            }
            if minimum > maximum { return false }
            var matched: Int32 = 0
            while matched < maximum
                && matchChar(input, Int(matched) + im, tokenType, program, tokenStart, tokenEnd)
            {
                matched += 1
            }
            if matched < minimum { return false }
            im += Int(matched)
        }
        return ip >= programLength && im >= input.count
    }

    private static func matchChar(
        _ input: [UInt16], _ index: Int, _ tokenType: TokenType, _ program: [Int32],
        _ tokenStart: Int, _ tokenEnd: Int
    ) -> Bool {
        guard index < input.count else { return false }
        let character = Int32(input[index])
        switch tokenType {
        case .any:
            return true
        case .literal:
            return character == program[tokenStart]
        case .set, .inverseSet:
            var i = tokenStart
            var inSet = false
            while i < tokenEnd {
                if character >= program[i] && character <= program[i + 1] {
                    inSet = true
                    break
                }
                i += 2
            }
            return tokenType == .set ? inSet : !inSet
        }
    }
}
