import Testing

@testable import LinkSimCore

/// The router splits and reads ASCII patterns and paths on bytes; this checks it against the reading
/// on characters (what it did before) over generated patterns and paths, ASCII and not.
@Suite struct RouteMatchReferenceTests {
    /// `{name}` / `{name:constraint}` read on characters.
    static func referencePlaceholder(_ segment: Substring) -> (name: String, constraint: String?)? {
        guard segment.hasPrefix("{"), segment.hasSuffix("}"), segment.count > 2 else { return nil }
        let inner = segment.dropFirst().dropLast()
        guard let colon = inner.firstIndex(of: ":") else { return (String(inner), nil) }
        return (String(inner[..<colon]), String(inner[inner.index(after: colon)...]))
    }

    /// `AppRouter.match` read on characters: the captures, and the rejection it reports.
    static func referenceMatch(pattern: String, path: String) -> (captures: [String: String]?, rejection: String?) {
        if pattern == "*" { return ([:], nil) }
        let p = pattern.split(separator: "/", omittingEmptySubsequences: true)
        let t = path.split(separator: "/", omittingEmptySubsequences: true)
        var captures: [String: String] = [:]
        var rejection: String?
        for (i, seg) in p.enumerated() {
            if seg == "*" && i == p.count - 1 { return rejection == nil ? (captures, nil) : (nil, rejection) }
            guard i < t.count else { return (nil, nil) }
            if let placeholder = referencePlaceholder(seg) {
                let value = PercentDecoding.decode(String(t[i]))
                if let name = placeholder.constraint, let constraint = RouteConstraint(rawValue: name), !constraint.accepts(value) {
                    rejection = rejection ?? "`\(value)` is not \(constraint.rawValue) (\(placeholder.name))"
                }
                captures[placeholder.name] = value
            } else if seg != t[i] {
                return (nil, nil)
            }
        }
        guard p.count == t.count else { return (nil, nil) }
        return rejection == nil ? (captures, nil) : (nil, rejection)
    }

    static let patternPieces = [
        "/", "/", "p", "{id}", "{id:digits}", "{n:alpha}", "{s:word}", "{x:nope}", "{x:digits}", "{}", "{", "}", "*", ":", "é", "e\u{301}", "{é}", "{a}\u{301}",
        "\r\n", "42",
    ]
    static let pathPieces = ["/", "/", "p", "42", "abc", "a-b_1", "%41", "é", "e\u{301}", "{id}", "*", "x", "", "\r\n", "7", "%zz"]

    @Test func placeholdersReadAsOnCharacters() {
        var random = SeededRandom(seed: 0xB0A7)
        for _ in 0..<20_000 {
            let segment = Substring(random.text(Self.patternPieces.filter { $0 != "/" }, maxLength: 4))
            guard segment.utf8.first == UInt8(ascii: "{") else { continue }
            let fast = RouteConstraint.placeholder(segment)
            let reference = Self.referencePlaceholder(segment)
            #expect(fast?.name == reference?.name && fast?.constraint == reference?.constraint, "\(segment.debugDescription)")
        }
    }

    @Test func matchesAsOnCharacters() {
        var random = SeededRandom(seed: 0x5E6)
        for _ in 0..<20_000 {
            let pattern = random.text(Self.patternPieces, maxLength: 6)
            let path = random.text(Self.pathPieces, maxLength: 6)
            var rejection: String?
            let captures = AppRouter.match(pattern: pattern, path: path, rejection: &rejection)
            let reference = Self.referenceMatch(pattern: pattern, path: path)
            #expect(captures == reference.captures && rejection == reference.rejection, "\(pattern) vs \(path)")
        }
    }
}
