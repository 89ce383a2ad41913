import Testing

@testable import LinkSimCore

/// `URLSplit` finds every delimiter in one pass after the scheme; it must find what a search per
/// delimiter (what it did before) finds, over generated URLs, for `URLParts` and for `AASAURL`.
@Suite struct URLSplitReferenceTests {
    struct Cuts: Equatable {
        var scheme: Range<Int>
        var authority: Range<Int>?
        var hostStart: Int
        var lastColon: Int?
        var path: Range<Int>
        var query: Range<Int>?
        var fragment: Range<Int>?
    }

    /// One search per delimiter, as RFC 3986's order reads: fragment, query, authority, user info, port.
    static func reference(_ b: [UInt8]) -> Cuts? {
        func first(_ byte: UInt8, _ from: Int, _ to: Int) -> Int? { (from..<max(from, to)).first { b[$0] == byte } }
        func last(_ byte: UInt8, _ from: Int, _ to: Int) -> Int? { (from..<max(from, to)).last { b[$0] == byte } }
        guard let colon = first(UInt8(ascii: ":"), 0, b.count), colon > 0, URLParts.isASCIILetter(b[0]) else { return nil }
        for c in b[1..<colon] {
            guard URLParts.isASCIILetter(c) || URLParts.isASCIIDigit(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
            else { return nil }
        }
        var end = b.count
        var fragment: Range<Int>?
        if let hash = first(UInt8(ascii: "#"), colon + 1, end) {
            fragment = (hash + 1)..<end
            end = hash
        }
        var query: Range<Int>?
        if let mark = first(UInt8(ascii: "?"), colon + 1, end) {
            query = (mark + 1)..<end
            end = mark
        }
        let rest = colon + 1
        if end - rest >= 2, b[rest] == UInt8(ascii: "/"), b[rest + 1] == UInt8(ascii: "/") {
            let start = rest + 2
            let authorityEnd = first(UInt8(ascii: "/"), start, end) ?? end
            let hostStart = last(UInt8(ascii: "@"), start, authorityEnd).map { $0 + 1 } ?? start
            return Cuts(
                scheme: 0..<colon, authority: start..<authorityEnd, hostStart: hostStart,
                lastColon: last(UInt8(ascii: ":"), hostStart, authorityEnd), path: authorityEnd..<end, query: query, fragment: fragment)
        }
        return Cuts(scheme: 0..<colon, authority: nil, hostStart: rest, lastColon: nil, path: rest..<end, query: query, fragment: fragment)
    }

    static func split(_ bytes: [UInt8]) -> Cuts? {
        bytes.withUnsafeBufferPointer { b in
            URLSplit(b).map {
                Cuts(
                    scheme: $0.scheme, authority: $0.authority, hostStart: $0.hostStart, lastColon: $0.lastColon, path: $0.path, query: $0.query,
                    fragment: $0.fragment)
            }
        }
    }

    @Test func everyCutIsWhereADelimiterSearchPutsIt() {
        let pieces = [
            "https:", "shop:", "x+y-z.1:", "1a:", ":", "//", "/", "?", "#", "@", ":", "user", "shop.example.com", "8080", "[::1]", "p", "q=1", "é", " ", "",
        ]
        var random = SeededRandom(seed: 0x0051_1D17)
        var withAuthority = 0
        for _ in 0..<30_000 {
            // Mostly a scheme and often `//` first, so most cases reach the authority; the rest is any text.
            let text =
                (random.chance(85) ? random.pick(["https:", "shop:", "x+y-z.1:", "1a:", "h:"]) : "") + (random.chance(60) ? "//" : "")
                + random.text(pieces, maxLength: 8)
            let reference = Self.reference(Array(text.utf8))
            #expect(Self.split(Array(text.utf8)) == reference, "\(text.debugDescription)")
            if reference?.authority != nil { withAuthority += 1 }
        }
        #expect(withAuthority > 10_000)
    }
}
