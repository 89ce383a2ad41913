/// A port of AOSP `android.os.PatternMatcher` (frameworks/base `core/java/android/os/PatternMatcher.java`).
///
/// The five pattern kinds behave exactly as on a device, including the surprises people hit:
/// `pathPattern` (SIMPLE_GLOB) is not a regular expression and never backtracks, and
/// `pathAdvancedPattern` (ADVANCED_GLOB) is greedy without backtracking. Strings are compared as
/// UTF-16 code units, like Java `char`s. An advanced pattern is parsed once, at construction.
public struct PatternMatcher: Sendable, Equatable, Hashable {
    /// `PatternMatcher.PATTERN_*`; the raw value is AOSP's constant.
    public enum Kind: Int, Sendable, CaseIterable, Codable {
        case literal = 0
        case prefix = 1
        case simpleGlob = 2
        case advancedGlob = 3
        case suffix = 4

        /// The AOSP constant name.
        public var aospName: String {
            switch self {
            case .literal: return "PATTERN_LITERAL"
            case .prefix: return "PATTERN_PREFIX"
            case .simpleGlob: return "PATTERN_SIMPLE_GLOB"
            case .advancedGlob: return "PATTERN_ADVANCED_GLOB"
            case .suffix: return "PATTERN_SUFFIX"
            }
        }

        /// The manifest attribute for a path of this kind (`path`, `pathPrefix`...).
        public func attribute(part: String) -> String {
            switch self {
            case .literal: return part
            case .prefix: return part + "Prefix"
            case .simpleGlob: return part + "Pattern"
            case .advancedGlob: return part + "AdvancedPattern"
            case .suffix: return part + "Suffix"
            }
        }
    }

    /// How SIMPLE_GLOB treats an escaped dot `\.` that is not followed by `*`.
    public enum EscapedDot: Sendable, Equatable, Hashable {
        /// Android up to 15: it still matches any character (`/te\.t` matches `/test`).
        case matchesAnyCharacter
        /// Newer trees: a literal `.`.
        case literal

        /// The behaviour of a given API level (android.md §1.5: literal only after Android 15).
        public static func forAPI(_ api: Int) -> EscapedDot {
            Rule.androidFilterSimpleGlobEscapedDot.applies(to: OSVersion(androidAPI: api)) ? .matchesAnyCharacter : .literal
        }
    }

    public let pattern: String
    public let kind: Kind
    private let patternUnits: [UInt16]
    /// ADVANCED_GLOB: the parsed token program; nil when the pattern is invalid (see `parseError`).
    private let program: [Int32]?
    /// ADVANCED_GLOB: why AOSP's constructor would throw IllegalArgumentException.
    public let parseError: String?

    public init(_ pattern: String, kind: Kind) {
        self.pattern = pattern
        self.kind = kind
        patternUnits = Array(pattern.utf16)
        if kind == .advancedGlob {
            switch AdvancedGlob.parse(patternUnits) {
            case .success(let parsed):
                program = parsed
                parseError = nil
            case .failure(let error):
                program = nil
                parseError = error.message
            }
        } else {
            program = nil
            parseError = nil
        }
    }

    /// `PatternMatcher.match(String)`: nil input never matches; an invalid advanced pattern never matches.
    public func matches(_ input: String?, escapedDot: EscapedDot = .matchesAnyCharacter) -> Bool {
        guard let input else { return false }
        return matches(units: Array(input.utf16), escapedDot: escapedDot)
    }

    /// The same on UTF-16 code units the caller already has (no conversion per match).
    func matches(units: [UInt16], escapedDot: EscapedDot) -> Bool {
        switch kind {
        case .literal: return units == patternUnits
        case .prefix: return units.starts(with: patternUnits)
        case .suffix:
            return units.count >= patternUnits.count && units.suffix(patternUnits.count).elementsEqual(patternUnits)
        case .simpleGlob:
            return Self.matchSimpleGlob(pattern: patternUnits, input: units, escapedDot: escapedDot)
        case .advancedGlob:
            guard let program else { return false }
            return AdvancedGlob.match(program, units)
        }
    }

    /// SIMPLE_GLOB only: the pattern has an escaped `\.` that is neither followed by `*` nor the
    /// character after a `.*`, so its meaning changed after Android 15 (any character → a dot).
    public var hasVersionDependentEscapedDot: Bool {
        guard kind == .simpleGlob else { return false }
        let units = patternUnits
        var ip = 0
        while ip < units.count {
            var c = units[ip]
            ip += 1
            let escaped = c == UTF16Unit.backslash
            if escaped {
                guard ip < units.count else { break }
                c = units[ip]
                ip += 1
            }
            let next: UInt16 = ip < units.count ? units[ip] : 0
            if next == UTF16Unit.star {
                ip += 1
                if !escaped && c == UTF16Unit.dot {
                    // `.*X`: X (possibly escaped) is compared literally in every version.
                    if ip < units.count && units[ip] == UTF16Unit.backslash { ip += 1 }
                    ip += 1
                }
            } else if escaped && c == UTF16Unit.dot {
                return true
            }
        }
        return false
    }

    // MARK: - SIMPLE_GLOB (`matchGlobPattern`)

    /// One left-to-right pass. `.*` skips to the first occurrence of the next pattern character
    /// (compared literally) and never reconsiders; `c*` eats a run of `c`.
    static func matchSimpleGlob(pattern: [UInt16], input: [UInt16], escapedDot: EscapedDot) -> Bool {
        let patternLength = pattern.count
        if patternLength <= 0 { return input.isEmpty }
        let inputLength = input.count
        var ip = 0
        var im = 0
        func at(_ index: Int) -> UInt16 { index < patternLength ? pattern[index] : 0 }
        var nextChar = pattern[0]
        while ip < patternLength && im < inputLength {
            var c = nextChar
            ip += 1
            nextChar = at(ip)
            let escaped = c == UTF16Unit.backslash
            if escaped {
                c = nextChar
                ip += 1
                nextChar = at(ip)
            }
            if nextChar == UTF16Unit.star {
                if !escaped && c == UTF16Unit.dot {
                    // `.*` at the very end of the pattern: the rest of the input does not matter.
                    if ip >= patternLength - 1 { return true }
                    ip += 1
                    nextChar = pattern[ip]
                    if nextChar == UTF16Unit.backslash {
                        ip += 1
                        nextChar = at(ip)
                    }
                    // Skip to the first occurrence of the next pattern character, literally.
                    repeat {
                        if input[im] == nextChar { break }
                        im += 1
                    } while im < inputLength
                    if im == inputLength { return false }
                    ip += 1
                    nextChar = at(ip)
                    im += 1
                } else {
                    // `c*`: consume a run of `c`.
                    repeat {
                        if input[im] != c { break }
                        im += 1
                    } while im < inputLength
                    ip += 1
                    nextChar = at(ip)
                }
            } else {
                let anyCharacter = c == UTF16Unit.dot && !(escaped && escapedDot == .literal)
                if !anyCharacter && input[im] != c { return false }
                im += 1
            }
        }
        if ip >= patternLength && im >= inputLength { return true }
        // The input ran out with exactly `.*` left in the pattern.
        if ip == patternLength - 2 && pattern[ip] == UTF16Unit.dot && pattern[ip + 1] == UTF16Unit.star {
            return true
        }
        return false
    }
}

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
                    addToProgram = true // a `]` outside a set is a literal
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
                if inRange { // a stray `}` outside a range is silently dropped
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
                    program.append(Int32(c)) // lower end of a range; the upper end comes next
                    ip += 1
                } else {
                    program.append(Int32(c)) // a literal is the range c-c
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
                    ip += 4 // over min, max and the range stop
                default:
                    break
                }
            }
            if minimum > maximum { return false }
            var matched: Int32 = 0
            while matched < maximum
                    && matchChar(input, Int(matched) + im, tokenType, program, tokenStart, tokenEnd) {
                matched += 1
            }
            if matched < minimum { return false }
            im += Int(matched)
        }
        return ip >= programLength && im >= input.count
    }

    private static func matchChar(_ input: [UInt16], _ index: Int, _ tokenType: TokenType, _ program: [Int32],
                                  _ tokenStart: Int, _ tokenEnd: Int) -> Bool {
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
