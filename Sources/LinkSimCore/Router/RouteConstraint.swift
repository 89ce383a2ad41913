/// A constraint on a route placeholder: `{id:digits}`, `{name:alpha}`, `{slug:word}`.
package enum RouteConstraint: String, Sendable, CaseIterable {
    /// ASCII digits only (`42`).
    case digits
    /// Letters only (`shoes`).
    case alpha
    /// A slug: letters, digits, `-` and `_` (`red-shoes_2`).
    case word

    package func accepts(_ value: String) -> Bool {
        guard !value.isEmpty else { return false }
        switch self {
        case .digits: return value.allSatisfy { $0.isASCII && $0.isNumber }
        case .alpha: return value.allSatisfy(\.isLetter)
        case .word: return value.allSatisfy { $0.isLetter || ($0.isASCII && $0.isNumber) || $0 == "-" || $0 == "_" }
        }
    }

    /// A placeholder segment `{name}` or `{name:constraint}`: its name and constraint text (nil when none).
    /// Nil when the segment is not a placeholder.
    static func placeholder(_ segment: Substring) -> (name: String, constraint: String?)? {
        // Most segments are plain text: a first byte other than `{` cannot start with the character `{`.
        guard segment.utf8.first == UInt8(ascii: "{") else { return nil }
        // ASCII (nearly every pattern): each byte is a whole character (a CR LF pair is one, but neither is a
        // brace or a colon, and it still counts more than two), so bytes decide as characters would.
        let utf8 = segment.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            guard utf8.count > 2, utf8.last == UInt8(ascii: "}") else { return nil }
            let inner = utf8.dropFirst().dropLast()
            guard let colon = inner.firstIndex(of: UInt8(ascii: ":")) else { return (String(Substring(inner)), nil) }
            return (String(Substring(inner[..<colon])), String(Substring(inner[inner.index(after: colon)...])))
        }
        guard segment.hasPrefix("{"), segment.hasSuffix("}"), segment.count > 2 else { return nil }
        let inner = segment.dropFirst().dropLast()
        guard let colon = inner.firstIndex(of: ":") else { return (String(inner), nil) }
        return (String(inner[..<colon]), String(inner[inner.index(after: colon)...]))
    }

    /// The constraint names a pattern uses that linksim does not know (for the loader's errors).
    package static func unknownNames(in pattern: String) -> [String] {
        pattern.split(separator: "/").compactMap { segment in
            guard let p = placeholder(segment), let c = p.constraint, RouteConstraint(rawValue: c) == nil else { return nil }
            return c
        }
    }
}
