import Foundation

// MARK: - Path normalisation

struct PathCheck {
    var matched: Bool
    var normalisationNote: String?
    var usedVariables: Bool

    init(pattern: String, urlPath: String, options: GlobOptions) {
        // Before iOS 13.5 there are no variables, but the step still says "$(...)" was read as text.
        usedVariables = Self.usesVariables(pattern, options: options)
        // The verdict-only path decides (the property tests keep it equal to the text path below);
        // the normalised strings and the note are built only for the pattern that matches.
        guard Self.matches(pattern: pattern, urlPath: urlPath, options: options) else {
            matched = false
            normalisationNote = nil
            return
        }
        let text = Self.normaliseURLPath(urlPath)
        let normalisedPattern = Self.normalisePattern(pattern)
        if globMatches(normalisedPattern, text, options) {
            matched = true
            let shownURL = urlPath.isEmpty ? "/" : urlPath
            // Only worth a step when normalising made the difference.
            if !globMatches(pattern, urlPath, options) {
                normalisationNote =
                    "Slashes at the ends are normalised: pattern \"\(pattern)\" is read as \"\(normalisedPattern.isEmpty ? "/" : normalisedPattern)\" and path \"\(shownURL)\" as \"\(text.isEmpty ? "/" : text)\""
            }
            return
        }
        // A pattern ending in "/*" also matches its parent path: "/buy/*" matches "/buy".
        if normalisedPattern.hasSuffix("/*") {
            let parent = Self.stripTrailingSlashes(String(normalisedPattern.dropLast(2)))
            if globMatches(parent, text, options) {
                matched = true
                normalisationNote = "Pattern \"\(pattern)\" ends in \"/*\", so it also matches its parent path \"\(parent.isEmpty ? "/" : parent)\""
                return
            }
        }
        matched = false
        normalisationNote = nil
    }

    /// Whether the pattern names substitution variables (before iOS 13.5, when there are none, whether it mentions "$(").
    static func usesVariables(_ pattern: String, options: GlobOptions) -> Bool {
        mentionsVariable(pattern)
            && (options.documentVariables == nil
                || GlobToken.tokens(of: Array(normalisePattern(pattern).unicodeScalars), variables: options.variables).usedVariable)
    }

    /// `init` without the note's text: whether the path matches, and whether it has a normalisation note.
    static func outcome(pattern: String, urlPath: String, options: GlobOptions) -> (matched: Bool, noted: Bool) {
        guard matches(pattern: pattern, urlPath: urlPath, options: options) else { return (false, false) }
        let text = normaliseURLPath(urlPath)
        let normalisedPattern = normalisePattern(pattern)
        if globMatches(normalisedPattern, text, options) { return (true, !globMatches(pattern, urlPath, options)) }
        if normalisedPattern.hasSuffix("/*"), globMatches(stripTrailingSlashes(String(normalisedPattern.dropLast(2))), text, options) {
            return (true, true)
        }
        return (false, false)
    }

    /// The verdict alone, with no note (the fast path). Variable-free patterns are normalised and
    /// matched in place on their UTF-8 bytes; the rest go through the String path below.
    static func matches(pattern: String, urlPath: String, options: GlobOptions) -> Bool {
        var pattern = pattern
        var urlPath = urlPath
        let decided: Bool? = pattern.withUTF8 { p in
            urlPath.withUTF8 { t in
                if options.documentVariables != nil, ByteGlob.mentionsVariable(p) { return nil }
                if !options.caseSensitive, !ByteGlob.isASCII(p) || !ByteGlob.isASCII(t) { return nil }
                return ByteGlob.matchesNormalisedPath(pattern: p, path: t, fold: !options.caseSensitive)
            }
        }
        if let decided { return decided }
        return matchesAsText(pattern: pattern, urlPath: urlPath, options: options)
    }

    static func matchesAsText(pattern: String, urlPath: String, options: GlobOptions) -> Bool {
        let text = normaliseURLPath(urlPath)
        let normalisedPattern = normalisePattern(pattern)
        if globMatches(normalisedPattern, text, options) { return true }
        if normalisedPattern.hasSuffix("/*") {
            return globMatches(stripTrailingSlashes(String(normalisedPattern.dropLast(2))), text, options)
        }
        return false
    }

    /// Whether the text contains "$(" (a byte scan; Foundation's `contains` is much slower).
    static func mentionsVariable(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == UInt8(ascii: "$") && byte == UInt8(ascii: "(") { return true }
            previous = byte
        }
        return false
    }

    /// An empty path reads as "/", and a trailing run of slashes is dropped ("/" becomes "").
    static func normaliseURLPath(_ path: String) -> String {
        stripTrailingSlashes(path)
    }

    /// The leading slash is optional and a leading run collapses to one; trailing slashes are dropped.
    static func normalisePattern(_ pattern: String) -> String {
        let withoutLeading = pattern.drop { $0 == "/" }
        return stripTrailingSlashes("/" + withoutLeading)
    }

    static func stripTrailingSlashes(_ text: String) -> String {
        var result = Substring(text)
        while result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}

/// Splits a raw query into items; an item without "=" has the empty value.
func queryItems(_ query: String, percentEncoded: Bool) -> [(name: String, value: String)] {
    query.split(separator: "&", omittingEmptySubsequences: true).map { piece in
        let name: Substring
        let value: Substring
        if let equals = piece.firstIndex(of: "=") {
            name = piece[..<equals]
            value = piece[piece.index(after: equals)...]
        } else {
            name = piece
            value = ""
        }
        return percentEncoded ? (String(name), String(value)) : (PercentDecoding.decode(String(name)), PercentDecoding.decode(String(value)))
    }
}
