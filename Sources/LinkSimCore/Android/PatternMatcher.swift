/// A port of AOSP `android.os.PatternMatcher` (frameworks/base `core/java/android/os/PatternMatcher.java`).
///
/// The five pattern kinds behave exactly as on a device, including the surprises people hit:
/// `pathPattern` (SIMPLE_GLOB) is not a regular expression and never backtracks, and
/// `pathAdvancedPattern` (ADVANCED_GLOB) is greedy without backtracking. Strings are compared as
/// UTF-16 code units, like Java `char`s. An advanced pattern is parsed once, at construction.
package struct PatternMatcher: Sendable, Equatable, Hashable {
    /// `PatternMatcher.PATTERN_*`; the raw value is AOSP's constant.
    package enum Kind: Int, Sendable, CaseIterable, Codable {
        case literal = 0
        case prefix = 1
        case simpleGlob = 2
        case advancedGlob = 3
        case suffix = 4

        /// The AOSP constant name.
        package var aospName: String {
            switch self {
            case .literal: return "PATTERN_LITERAL"
            case .prefix: return "PATTERN_PREFIX"
            case .simpleGlob: return "PATTERN_SIMPLE_GLOB"
            case .advancedGlob: return "PATTERN_ADVANCED_GLOB"
            case .suffix: return "PATTERN_SUFFIX"
            }
        }

        /// The manifest attribute for a path of this kind (`path`, `pathPrefix`...).
        package func attribute(part: String) -> String {
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
    package enum EscapedDot: Sendable, Equatable, Hashable {
        /// Android up to 15: it still matches any character (`/te\.t` matches `/test`).
        case matchesAnyCharacter
        /// Newer trees: a literal `.`.
        case literal

        /// The behaviour of a given API level (a literal only after Android 15).
        package static func forAPI(_ api: Int) -> EscapedDot {
            Rule.androidFilterSimpleGlobEscapedDot.applies(to: OSVersion(androidAPI: api)) ? .matchesAnyCharacter : .literal
        }

        /// The step that says what an escaped dot in `matcher` means here; nil when the pattern has none.
        func note(for matcher: PatternMatcher) -> FilterMatchStep? {
            guard matcher.hasVersionDependentEscapedDot else { return nil }
            let meaning = self == .literal ? "a literal dot" : "any character"
            return FilterMatchStep(
                summary: "in \"\(matcher.pattern)\" the escaped \\. means \(meaning) on this Android version",
                detail: "AOSP up to Android 15 lets an escaped dot not followed by * match any character; newer trees match only a dot",
                rule: Rule.androidFilterSimpleGlobEscapedDot)
        }
    }

    package let pattern: String
    package let kind: Kind
    private let patternUnits: [UInt16]
    /// ADVANCED_GLOB: the parsed token program; nil when the pattern is invalid (see `parseError`).
    private let program: [Int32]?
    /// ADVANCED_GLOB: why AOSP's constructor would throw IllegalArgumentException.
    package let parseError: String?

    package init(_ pattern: String, kind: Kind) {
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
    package func matches(_ input: String?, escapedDot: EscapedDot = .matchesAnyCharacter) -> Bool {
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
    package var hasVersionDependentEscapedDot: Bool {
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
