import Foundation

// MARK: - The glob matcher

/// Simple one-to-one case folding; ASCII takes the fast path.
func foldCase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar.isASCII {
        if ("A"..."Z").contains(scalar), let lower = Unicode.Scalar(scalar.value + 32) { return lower }
        return scalar
    }
    let mapping = scalar.properties.lowercaseMapping.unicodeScalars
    return mapping.count == 1 ? (mapping.first ?? scalar) : scalar
}

struct GlobOptions: Sendable {
    var caseSensitive: Bool
    /// The file's `substitutionVariables`; nil when variables are not supported (before iOS 13.5):
    /// `$(x)` is plain text then.
    var documentVariables: [String: [String]]?
    /// `variables`, already made (`table(_:)` of the same `documentVariables`): `AASAMatcher.Prepared` makes it
    /// once per file, and only for a rule with a pattern that mentions `$(`. Without it, every glob built the
    /// table again (~125,000 instructions per path compared with a `$(…)` pattern, issue #14); made for every
    /// file, it read Foundation's ISO region and language lists for files that never use a variable.
    var madeVariables: [String: GlobVariable]? = nil

    /// The variables a pattern may use: the file's own, then the predefined ones. Built only for a
    /// pattern that mentions `$(`, so ordinary patterns never pay for it.
    var variables: [String: GlobVariable]? {
        guard documentVariables != nil else { return nil }
        return madeVariables ?? Self.table(documentVariables)
    }

    /// The variables table for a file's `substitutionVariables`: the predefined ones, then the file's own.
    static func table(_ documentVariables: [String: [String]]?) -> [String: GlobVariable]? {
        guard let documentVariables else { return nil }
        var table = PredefinedVariables.table
        for (name, values) in documentVariables {
            // Values may contain * and ? but not other variables (S-SUB).
            table[name] = .of(values.map { GlobToken.tokens(of: Array($0.unicodeScalars), variables: nil).tokens })
        }
        return table
    }
}

/// Whether `text` matches the AASA `pattern`. Patterns without substitution variables (and, when
/// matching without regard to case, ASCII text) take `ByteGlob`, linear in practice and allocation
/// free; the rest take `PatternGlob`, the token-set matcher (O(tokens × length), no backtracking).
func globMatches(_ pattern: String, _ text: String, _ options: GlobOptions) -> Bool {
    let needsTokens = options.documentVariables != nil && PathCheck.mentionsVariable(pattern)
    if !needsTokens, let verdict = ByteGlob.matches(pattern, text, caseSensitive: options.caseSensitive) {
        return verdict
    }
    let glob = PatternGlob(pattern, options: options)
    let scalars = Array(text.unicodeScalars)
    return glob.matches(options.caseSensitive ? scalars : scalars.map(foldCase))
}

enum GlobVariable: Sendable {
    /// A predefined one-character class.
    case characterClass(CharacterClass)
    /// A list of alternatives, each a small pattern.
    case alternatives([[GlobToken]])
    /// A list of plain-text alternatives.
    case literals(LiteralSet)

    static func of(_ values: [[GlobToken]]) -> GlobVariable {
        LiteralSet(values).map { .literals($0) } ?? .alternatives(values)
    }
}

enum CharacterClass: Sendable {
    case alpha, upper, lower, alnum, digit, xdigit

    func contains(_ scalar: Unicode.Scalar, caseSensitive: Bool) -> Bool {
        let tests: [Unicode.Scalar] = caseSensitive ? [scalar] : [scalar, upperASCII(scalar)]
        return tests.contains { s in
            switch self {
            case .alpha: return ("a"..."z").contains(s) || ("A"..."Z").contains(s)
            case .upper: return ("A"..."Z").contains(s)
            case .lower: return ("a"..."z").contains(s)
            case .alnum: return ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s)
            case .digit: return ("0"..."9").contains(s)
            case .xdigit: return ("0"..."9").contains(s) || ("a"..."f").contains(s) || ("A"..."F").contains(s)
            }
        }
    }

    private func upperASCII(_ s: Unicode.Scalar) -> Unicode.Scalar {
        ("a"..."z").contains(s) ? (Unicode.Scalar(s.value - 32) ?? s) : s
    }
}

enum PredefinedVariables {
    /// Foundation's ISO lists, as Apple documents for $(region) and $(lang). Numeric UN M.49 areas
    /// ("001") are not ISO 3166 region codes, so they are left out.
    static let regions: [String] = Locale.Region.isoRegions.map(\.identifier)
        .filter { $0.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) } }
    static let languages: [String] = Locale.LanguageCode.isoLanguageCodes.map(\.identifier)

    static let table: [String: GlobVariable] = [
        "alpha": .characterClass(.alpha), "upper": .characterClass(.upper), "lower": .characterClass(.lower),
        "alnum": .characterClass(.alnum), "digit": .characterClass(.digit), "xdigit": .characterClass(.xdigit),
        "region": .of(regions.map { $0.unicodeScalars.map { GlobToken.literal($0) } }),
        "lang": .of(languages.map { $0.unicodeScalars.map { GlobToken.literal($0) } }),
    ]
}

/// Alternatives that are plain text (the predefined $(region) and $(lang), most custom variables),
/// looked up by hash instead of being matched one by one.
struct LiteralSet: Sendable {
    var lengths: [Int]
    var members: Set<String>
    /// The members case-folded, for caseSensitive: false.
    var folded: Set<String>

    init?(_ alternatives: [[GlobToken]]) {
        var texts: [String] = []
        for option in alternatives {
            var text = String.UnicodeScalarView()
            for token in option {
                guard case .literal(let scalar) = token else { return nil }
                text.append(scalar)
            }
            texts.append(String(text))
        }
        members = Set(texts)
        folded = Set(texts.map { String(String.UnicodeScalarView($0.unicodeScalars.map(foldCase))) })
        lengths = Array(Set(texts.map { $0.unicodeScalars.count })).sorted()
    }
}

indirect enum GlobToken: Sendable {
    case literal(Unicode.Scalar)
    case literalSet(LiteralSet)
    /// `?`: exactly one character.
    case anyOne
    /// `*`: any run of characters, including none.
    case anyRun
    case characterClass(CharacterClass)
    case alternatives([[GlobToken]])

    /// Splits a pattern into tokens. `$(name)` becomes a variable only when `variables` knows the name;
    /// otherwise it stays plain text (so the URL text "$(food)" can only match a literal pattern).
    static func tokens(of pattern: [Unicode.Scalar], variables: [String: GlobVariable]?) -> (tokens: [GlobToken], usedVariable: Bool) {
        var tokens: [GlobToken] = []
        var used = false
        var i = 0
        while i < pattern.count {
            let scalar = pattern[i]
            if scalar == "*" {
                tokens.append(.anyRun)
            } else if scalar == "?" {
                tokens.append(.anyOne)
            } else if scalar == "$", let variables, i + 1 < pattern.count, pattern[i + 1] == "(",
                let close = pattern[(i + 2)...].firstIndex(of: ")")
            {
                let name = String(String.UnicodeScalarView(pattern[(i + 2)..<close]))
                if let variable = variables[name] {
                    used = true
                    switch variable {
                    case .characterClass(let set): tokens.append(.characterClass(set))
                    case .alternatives(let options): tokens.append(.alternatives(options))
                    case .literals(let set): tokens.append(.literalSet(set))
                    }
                    i = close + 1
                    continue
                }
                tokens.append(.literal(scalar))
            } else {
                tokens.append(.literal(scalar))
            }
            i += 1
        }
        return (tokens, used)
    }
}

/// A pattern ready to match. Matching tracks the set of text positions reachable after each token,
/// so it takes O(tokens × length) time with no backtracking, even with many `*` or variables.
struct PatternGlob: Sendable {
    var tokens: [GlobToken]
    var caseSensitive: Bool
    /// True when the pattern has `$(name)` with a name that is defined (and variables are supported).
    var usedVariables: Bool

    init(_ pattern: String, options: GlobOptions) {
        // Tokenise before folding: variable names are case-sensitive even when matching is not.
        let tokenised = GlobToken.tokens(of: Array(pattern.unicodeScalars), variables: options.variables)
        var tokens = tokenised.tokens
        if !options.caseSensitive { tokens = tokens.map(Self.fold) }
        usedVariables = tokenised.usedVariable
        self.tokens = tokens
        caseSensitive = options.caseSensitive
    }

    /// Folds literals, including those inside variable alternatives (literal sets carry a folded copy).
    static func fold(_ token: GlobToken) -> GlobToken {
        switch token {
        case .literal(let s): return .literal(foldCase(s))
        case .alternatives(let options): return .alternatives(options.map { $0.map(fold) })
        default: return token
        }
    }

    /// `text` must already be case-folded when matching without regard to case.
    func matches(_ text: [Unicode.Scalar]) -> Bool {
        var start = [Bool](repeating: false, count: text.count + 1)
        start[0] = true
        return Self.reachable(tokens, from: start, text: text, caseSensitive: caseSensitive)[text.count]
    }

    static func reachable(_ tokens: [GlobToken], from start: [Bool], text: [Unicode.Scalar], caseSensitive: Bool) -> [Bool] {
        let n = text.count
        // Two buffers swapped after each token, so a match allocates twice, not once per token.
        var current = start
        var next = [Bool](repeating: false, count: n + 1)
        for token in tokens {
            for p in 0...n { next[p] = false }
            var any = false
            switch token {
            case .literal(let scalar):
                for p in 0..<n where current[p] && text[p] == scalar {
                    next[p + 1] = true
                    any = true
                }
            case .anyOne:
                for p in 0..<n where current[p] {
                    next[p + 1] = true
                    any = true
                }
            case .characterClass(let set):
                for p in 0..<n where current[p] && set.contains(text[p], caseSensitive: caseSensitive) {
                    next[p + 1] = true
                    any = true
                }
            case .anyRun:
                if let first = current.firstIndex(of: true) {
                    for p in first...n { next[p] = true }
                    any = true
                }
            case .literalSet(let set):
                let members = caseSensitive ? set.members : set.folded
                for p in 0..<n where current[p] {
                    for length in set.lengths where p + length <= n {
                        if members.contains(String(String.UnicodeScalarView(text[p..<(p + length)]))) {
                            next[p + length] = true
                            any = true
                        }
                    }
                }
            case .alternatives(let options):
                for option in options {
                    let reached = reachable(option, from: current, text: text, caseSensitive: caseSensitive)
                    for p in 0...n where reached[p] {
                        next[p] = true
                        any = true
                    }
                }
            }
            swap(&current, &next)
            if !any { return current }
        }
        return current
    }
}
