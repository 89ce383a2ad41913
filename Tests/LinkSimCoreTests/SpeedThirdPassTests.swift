import Testing

@testable import LinkSimCore

/// Issue #14, third pass: the rewritten hot spots give exactly what the code they replace gave.
/// Each test keeps the previous implementation as the reference and compares over generated input.
@Suite struct SpeedThirdPassTests {
    /// `AppLinkDomains.isDomainName` as it was, on `Character`s.
    static func referenceIsDomainName(_ host: String) -> Bool {
        var h = Substring(host)
        if h.hasPrefix("*.") { h = h.dropFirst(2) }
        let labels = h.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    @Test func domainNameCheckOnBytesAgreesWithTheCharacterCheck() {
        var random = SeededRandom(seed: 14_003)
        let alphabet = ["a", "Z", "0", "9", "-", ".", ".", "*", "_", "é", "e\u{301}", "\r\n", "日", " ", "@", "[", "`", "{", "/"]
        var accepted = 0
        for _ in 0..<20_000 {
            // Mostly label.label(.label) with an odd character now and then, so both answers are common.
            let labels = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                random.chance(85) ? random.text(["a", "Z", "0", "9", "-", "x"], maxLength: 4) : random.text(alphabet, maxLength: 3)
            }
            let host = (random.chance(20) ? "*." : "") + (random.chance(80) ? labels.joined(separator: ".") : random.text(alphabet, maxLength: 9))
            let expected = Self.referenceIsDomainName(host)
            if expected { accepted += 1 }
            #expect(AppLinkDomains.isDomainName(host) == expected, "host \(host.debugDescription)")
        }
        for host in ["example.com", "*.example.com", "a.b", "a", "", ".", "a.", ".a", "*.", "*.a", "a..b", "x-y.z0", "é.com", "e\u{301}.com"] {
            #expect(AppLinkDomains.isDomainName(host) == Self.referenceIsDomainName(host), "host \(host.debugDescription)")
        }
        #expect(accepted > 500, "the generator should produce valid domain names too")
    }

    /// `AASAComponent.summary` as it was: parts in an array, joined.
    static func referenceSummary(_ c: AASAComponent) -> String {
        func quoted(_ text: String) -> String { "\"\(text)\"" }
        var parts: [String] = []
        if let path = c.path { parts.append("\"/\": \(quoted(path))") }
        switch c.query {
        case .whole(let text)?: parts.append("\"?\": \(quoted(text))")
        case .items(let items)?:
            parts.append("\"?\": {" + items.map { "\(quoted($0.name)): \(quoted($0.pattern))" }.joined(separator: ", ") + "}")
        case .ignored?: parts.append("\"?\": {…non-string value…}")
        case nil: break
        }
        if let fragment = c.fragment { parts.append("\"#\": \(quoted(fragment))") }
        if let exclude = c.exclude { parts.append("\"exclude\": \(exclude)") }
        if let caseSensitive = c.caseSensitive { parts.append("\"caseSensitive\": \(caseSensitive)") }
        if let percentEncoded = c.percentEncoded { parts.append("\"percentEncoded\": \(percentEncoded)") }
        for key in c.ignoredKeys { parts.append("\(quoted(key)): …") }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    @Test func componentSummaryIsWrittenAsBefore() {
        var random = SeededRandom(seed: 14_004)
        for _ in 0..<5_000 {
            var component = AASAFastPathPropertyTests.component(&random)
            if random.chance(20) { component.ignoredKeys = random.chance(50) ? ["casesensitive"] : ["x", "?"] }
            #expect(component.summary == Self.referenceSummary(component))
        }
        #expect(AASAComponent().summary == "{}")
    }

    /// `PathCheck.init` as it was: the text path decides, then the note.
    static func referencePathCheck(pattern: String, urlPath: String, options: GlobOptions) -> (Bool, String?, Bool) {
        let text = PathCheck.normaliseURLPath(urlPath)
        let normalisedPattern = PathCheck.normalisePattern(pattern)
        let usedVariables =
            PathCheck.mentionsVariable(pattern)
            && (options.documentVariables == nil || GlobToken.tokens(of: Array(normalisedPattern.unicodeScalars), variables: options.variables).usedVariable)
        if globMatches(normalisedPattern, text, options) {
            let shownURL = urlPath.isEmpty ? "/" : urlPath
            if !globMatches(pattern, urlPath, options) {
                return (
                    true,
                    "Slashes at the ends are normalised: pattern \"\(pattern)\" is read as \"\(normalisedPattern.isEmpty ? "/" : normalisedPattern)\" and path \"\(shownURL)\" as \"\(text.isEmpty ? "/" : text)\"",
                    usedVariables
                )
            }
            return (true, nil, usedVariables)
        }
        if normalisedPattern.hasSuffix("/*") {
            let parent = PathCheck.stripTrailingSlashes(String(normalisedPattern.dropLast(2)))
            if globMatches(parent, text, options) {
                return (true, "Pattern \"\(pattern)\" ends in \"/*\", so it also matches its parent path \"\(parent.isEmpty ? "/" : parent)\"", usedVariables)
            }
        }
        return (false, nil, usedVariables)
    }

    @Test func pathCheckDecidesOnTheFastPathAndExplainsAsBefore() {
        var random = SeededRandom(seed: 14_005)
        let alphabet = AASAFastPathPropertyTests.patternAlphabet
        var matched = 0
        for _ in 0..<20_000 {
            let pattern =
                random.pick(["/", "/", "", "//"]) + random.text(alphabet, maxLength: 6) + random.pick(["", "", "/", "//", "/*", "//*"])
            let path =
                random.pick(["", "/", "//"]) + random.text(AASAFastPathPropertyTests.textAlphabet.filter { $0 != "?" }, maxLength: 7)
                + random.pick(["", "", "/", "//"])
            let options = GlobOptions(
                caseSensitive: random.chance(60), documentVariables: random.chance(40) ? ["v": ["ab", "x*", "1?"]] : nil)
            let check = PathCheck(pattern: pattern, urlPath: path, options: options)
            let expected = Self.referencePathCheck(pattern: pattern, urlPath: path, options: options)
            if expected.0 { matched += 1 }
            #expect(check.matched == expected.0, "pattern \(pattern) path \(path)")
            #expect(check.normalisationNote == expected.1, "pattern \(pattern) path \(path)")
            #expect(check.usedVariables == expected.2, "pattern \(pattern) path \(path)")
        }
        #expect(matched > 1_000, "the generator should produce matching paths too")
    }

    @Test func explanationLinesJoinWithSpacesLikeJoined() {
        for lines in [[], ["a"], ["a", "b"], ["", "b"], ["a", "", "c"], [""]] as [[String]] {
            var written = ExplanationLines()
            for line in lines { written.append(line) }
            #expect(written.text == lines.joined(separator: " "))
        }
        var pieces = ExplanationLines()
        pieces.start("Path \"")
        pieces.add("/é")
        pieces.add("\" matches.")
        pieces.append("No \"?\" key.")
        #expect(pieces.text == "Path \"/é\" matches. No \"?\" key.")
        var builder = TextBuilder(capacity: 4)
        #expect(builder.isEmpty && builder.text.isEmpty)
        builder.add("日本")
        builder.add("e\u{301}")
        #expect(builder.text == "日本e\u{301}")
    }
}

/// `URLParts.init` as it was (delimiters found with `firstIndex(of:)` on the UTF-8 view).
struct ReferenceURLParts: Equatable {
    var scheme: String
    var host: String?
    var port: Int?
    var path: String
    var query: String?
    var fragment: String?

    init?(_ text: String) {
        let utf8 = text.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let schemeBytes = utf8[..<colon]
        guard let first = schemeBytes.first, URLParts.isASCIILetter(first),
            schemeBytes.allSatisfy({
                URLParts.isASCIILetter($0) || URLParts.isASCIIDigit($0) || $0 == UInt8(ascii: "+")
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            })
        else { return nil }
        self.scheme = String(text[..<colon])
        var rest = text[utf8.index(after: colon)...]
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(rest[rest.utf8.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let q = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = String(rest[rest.utf8.index(after: q)...])
            rest = rest[..<q]
        }
        if rest.utf8.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            rest = rest[rest.utf8.index(rest.startIndex, offsetBy: 2)...]
            let end = rest.utf8.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            var authority = rest[..<end]
            if let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")) { authority = authority[authority.utf8.index(after: at)...] }
            if let portColon = authority.utf8.lastIndex(of: UInt8(ascii: ":")), authority.utf8.last != UInt8(ascii: "]") {
                let portText = authority[authority.utf8.index(after: portColon)...]
                if !portText.isEmpty {
                    guard let p = Int(portText), (0...65535).contains(p) else { return nil }
                    port = p
                }
                authority = authority[..<portColon]
            }
            host = String(authority)
            path = String(rest[end...])
        } else {
            path = String(rest)
        }
    }
}

@Suite struct URLPartsOnBytesTests {
    @Test func splittingInOnePassAgreesWithTheUTF8ViewSplit() {
        var random = SeededRandom(seed: 14_006)
        let alphabet = [
            "a", "Z", "0", ":", ":", "/", "/", "//", "?", "#", "@", "[", "]", "+", "-", ".", "%", "é", "e\u{301}", "日", "8080", "99999",
            " ", "\r\n",
        ]
        var parsed = 0
        for _ in 0..<30_000 {
            let text = random.pick(["", "https:", "http://", "myapp:", "a+b-c.d://", "1x:", ":"]) + random.text(alphabet, maxLength: 10)
            let expected = ReferenceURLParts(text)
            let parts = URLParts(text)
            if expected != nil { parsed += 1 }
            #expect((parts == nil) == (expected == nil), "url \(text.debugDescription)")
            if let parts, let expected {
                #expect(parts.scheme == expected.scheme && parts.host == expected.host && parts.port == expected.port, "url \(text.debugDescription)")
                #expect(parts.path == expected.path && parts.query == expected.query && parts.fragment == expected.fragment, "url \(text.debugDescription)")
            }
        }
        #expect(parsed > 10_000)
    }
}

@Suite struct AppLinksEntryOnBytesTests {
    /// `AppLinksEntry.init` as it was, on `Character`s.
    static func reference(_ raw: String) -> AppLinksEntry? {
        guard raw.hasPrefix("applinks:") else { return nil }
        var rest = Substring(raw.dropFirst("applinks:".count))
        var mode: AppLinksEntry.Mode?
        var invalidReason: String?
        if let q = rest.firstIndex(of: "?") {
            let query = rest[rest.index(after: q)...]
            rest = rest[..<q]
            if query.hasPrefix("mode="), let m = AppLinksEntry.Mode(rawValue: String(query.dropFirst(5))) {
                mode = m
            } else {
                invalidReason = "unknown alternate mode `\(query)` (valid: mode=developer, mode=managed, mode=developer+managed)"
            }
        }
        let isWildcard = rest.hasPrefix("*.")
        if isWildcard { rest = rest.dropFirst(2) }
        if rest.contains("/") {
            invalidReason = "an applinks entry is a host only: no path or trailing slash"
            rest = rest[..<(rest.firstIndex(of: "/") ?? rest.endIndex)]
        }
        if let colon = rest.lastIndex(of: ":") {
            invalidReason = "applinks domains can't contain a port number (`\(rest[rest.index(after: colon)...])`)"
            rest = rest[..<colon]
        }
        guard var entry = AppLinksEntry("applinks:x") else { return nil }
        entry.raw = raw
        entry.domain = rest.lowercased()
        entry.isWildcard = isWildcard
        entry.mode = mode
        entry.invalidReason = invalidReason
        return entry
    }

    @Test func asciiEntriesReadOnBytesAsOnCharacters() {
        var random = SeededRandom(seed: 14_007)
        let alphabet = ["a", "B", "0", ".", "*", "*.", "/", ":", "?", "mode=", "developer", "managed", "+", "=", "é", "\r\n", "-"]
        var entries = 0
        for _ in 0..<20_000 {
            let raw = random.pick(["applinks:", "applinks:", "applinks:*.", "webcredentials:", "applink:", ""]) + random.text(alphabet, maxLength: 8)
            let expected = Self.reference(raw)
            if expected != nil { entries += 1 }
            #expect(AppLinksEntry(raw) == expected, "entry \(raw.debugDescription)")
        }
        #expect(entries > 5_000)
    }
}

@Suite struct QueryItemsOnBytesTests {
    /// `URLParts.queryItems` as it was, on `Character`s.
    static func reference(_ query: String?) -> [String] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            if let eq = item.firstIndex(of: "=") {
                return PercentDecoding.decode(String(item[..<eq])) + "\u{0}" + PercentDecoding.decode(String(item[item.index(after: eq)...]))
            }
            return PercentDecoding.decode(String(item)) + "\u{0}"
        }
    }

    @Test func queryItemsSplitOnBytesAsOnCharacters() {
        var random = SeededRandom(seed: 14_008)
        let alphabet = ["a", "B", "1", "&", "&", "=", "=", "%41", "%", "%zz", "+", "é", "\r\n", "#"]
        var nonEmpty = 0
        for _ in 0..<20_000 {
            let query = random.text(alphabet, maxLength: 10)
            guard let parts = URLParts("https://h/p?" + query) else {
                Issue.record("https://h/p?\(query) should parse")
                continue
            }
            let items = parts.queryItems.map { $0.name + "\u{0}" + $0.value }
            if !items.isEmpty { nonEmpty += 1 }
            #expect(items == Self.reference(parts.query), "query \(query.debugDescription)")
        }
        #expect(nonEmpty > 10_000)
    }
}

@Suite struct PathSegmentsOnBytesTests {
    /// `URLParts.pathSegments` against splitting the path on characters, as provider links did.
    @Test func pathSegmentsSplitOnBytesAsOnCharacters() {
        var random = SeededRandom(seed: 14_010)
        let alphabet = ["/", "/", "a", "B1", "%2F", "é", "e\u{301}", "/\u{301}", "\r\n", "-"]
        var several = 0
        for _ in 0..<20_000 {
            let path = "/" + random.text(alphabet, maxLength: 8)
            guard let parts = URLParts("https://h" + path) else {
                Issue.record("https://h\(path) should parse")
                continue
            }
            if parts.pathSegments.count > 1 { several += 1 }
            #expect(parts.pathSegments == parts.path.split(separator: "/").map(String.init), "path \(path.debugDescription)")
        }
        #expect(several > 5_000)
    }
}

@Suite struct InstantDescriptionTests {
    /// `SimInstant.description` as it was, interpolated.
    static func reference(_ instant: SimInstant) -> String {
        func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
        let days = Int(floorDiv(instant.secondsSinceEpoch, 86400))
        let rest = Int(instant.secondsSinceEpoch - Int64(days) * 86400)
        let (y, m, d) = SimInstant.civilFromDays(days)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(y)-\(two(m))-\(two(d))T\(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60))Z"
    }

    @Test func instantsAreWrittenAsBefore() {
        var random = SeededRandom(seed: 14_009)
        for _ in 0..<20_000 {
            let seconds = Int64.random(in: -400_000_000_000...400_000_000_000, using: &random)
            let instant = SimInstant(secondsSinceEpoch: random.chance(50) ? seconds : seconds % 10_000_000_000)
            #expect(instant.description == Self.reference(instant))
        }
        #expect(SimInstant.defaultStart.description == "2026-01-01T00:00:00Z")
        #expect(SimInstant(secondsSinceEpoch: -1).description == "1969-12-31T23:59:59Z")
    }
}

@Suite struct AASAURLLoopsTests {
    /// The authority and parts as `AASAURL.ranges` found them with `first(where:)` / `last(where:)`.
    static func reference(_ text: String) -> AASAURL? {
        let b = Array(text.utf8)
        let n = b.count
        guard let colon = b.firstIndex(of: UInt8(ascii: ":")), colon > 0, !b.contains(where: { $0 <= 0x20 || $0 == 0x7F }),
            URLParts.isASCIILetter(b[0]),
            b[1..<colon].allSatisfy({
                URLParts.isASCIILetter($0) || URLParts.isASCIIDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: ".")
            }),
            n >= colon + 3, b[colon + 1] == UInt8(ascii: "/"), b[colon + 2] == UInt8(ascii: "/")
        else { return nil }
        func string(_ range: Range<Int>) -> String { String(decoding: b[range], as: UTF8.self) }
        let start = colon + 3
        var end = n
        var fragment: String?
        if let hash = (start..<end).first(where: { b[$0] == UInt8(ascii: "#") }) {
            fragment = string((hash + 1)..<end)
            end = hash
        }
        var query: String?
        if let mark = (start..<end).first(where: { b[$0] == UInt8(ascii: "?") }) {
            query = string((mark + 1)..<end)
            end = mark
        }
        let authorityEnd = (start..<end).first(where: { b[$0] == UInt8(ascii: "/") }) ?? end
        var authorityStart = start
        if let at = (start..<authorityEnd).last(where: { b[$0] == UInt8(ascii: "@") }) { authorityStart = at + 1 }
        var hostEnd = authorityEnd
        if let portColon = (authorityStart..<authorityEnd).last(where: { b[$0] == UInt8(ascii: ":") }),
            !(portColon..<authorityEnd).contains(where: { b[$0] == UInt8(ascii: "]") })
        {
            hostEnd = portColon
        }
        guard hostEnd > authorityStart else { return nil }
        return AASAURL(
            scheme: string(0..<colon).lowercased(), host: string(authorityStart..<hostEnd), path: string(authorityEnd..<end), query: query,
            fragment: fragment)
    }

    @Test func partsFoundWithLoopsAsWithClosures() {
        var random = SeededRandom(seed: 14_010)
        let alphabet = ["a", "H", "0", ":", "/", "//", "?", "#", "@", "[", "]", "::1", "80", ".", "é", " ", "%41"]
        var parsed = 0
        for _ in 0..<20_000 {
            let text = random.pick(["https://", "HTTP://", "x+y://", "https:/", "1a://", ""]) + random.text(alphabet, maxLength: 9)
            let expected = Self.reference(text)
            if expected != nil { parsed += 1 }
            #expect(AASAURL.parse(text) == expected, "url \(text.debugDescription)")
        }
        #expect(parsed > 3_000)
    }

    @Test func safariEncodingIsNeededOnlyForTheBytesItEncodes() {
        #expect(AASAURL.safariEncoded("https://h/plain/path?q=1#f") == nil)
        #expect(AASAURL.safariEncoded("https://h/caf\u{E9}")?.hasPrefix("https://h/caf%") == true)
        #expect(AASAURL.safariEncoded("https://h/a{b}") != nil)
    }
}

@Suite struct JSONQuoteFastPathTests {
    /// `JSONText.quote` as it was: every scalar decided on its own.
    static func reference(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || SafeText.needsEscape(scalar) {
                    out += JSONText.escaped(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    @Test func quotingPlainASCIIAtOnceWritesWhatTheScalarLoopWrites() {
        var random = SeededRandom(seed: 14_011)
        let alphabet = ["a", "Z", "0", " ", "~", ".", "\"", "\\", "\n", "\t", "\u{7F}", "\u{1B}", "é", "\u{202E}", "\u{1F600}", "}"]
        var plain = 0
        for _ in 0..<20_000 {
            let text = random.text(alphabet, maxLength: 8)
            if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { plain += 1 }
            #expect(JSONText.quote(text) == Self.reference(text), "\(text.debugDescription)")
        }
        #expect(plain > 1_000)
    }
}

@Suite struct YAMLQuoteFastPathTests {
    /// `ScenarioWriter.quote` as it was: every scalar decided on its own (still the path for other text).
    static func reference(_ text: String) -> String { ScenarioWriter.quoteScalars(text) }

    /// Issue #14: ASCII values are quoted on bytes; every text (ASCII with every control byte, and not) is
    /// written as the scalar loop wrote it, and reads back as itself.
    @Test func quotingASCIIOnBytesWritesWhatTheScalarLoopWrites() throws {
        var random = SeededRandom(seed: 20_261_128)
        let controls = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) } + ["\u{7F}"]
        let alphabet = ["a", "Z", "0", " ", "~", ":", "#", "\"", "\\", "{", "}", "'"] + controls
        let others = ["é", "\u{85}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{9F}", "\u{1F600}", "\u{FFFF}"]
        var ascii = 0
        for round in 0..<20_000 {
            let text = random.text(round % 4 == 0 ? alphabet + others : alphabet, maxLength: 10)
            if text.utf8.allSatisfy({ $0 < 0x80 }) { ascii += 1 }
            let quoted = ScenarioWriter.quote(text)
            #expect(quoted == Self.reference(text), "\(text.debugDescription)")
            // Every 50th, and every text that starts with U+FEFF (the loader keeps it), is read back.
            if round % 50 == 0 || text.unicodeScalars.first == "\u{FEFF}" {
                let read = try ScenarioLoader.parse(
                    "linksim: 1\nname: \(quoted)\ndevice: {platform: ios, os: \"17.4\"}\nactions:\n  - tap: https://example.com/\n", file: "q.yaml",
                    baseDirectory: nil)
                #expect(read.name == text, "\(text.debugDescription) reads back as itself")
            }
        }
        #expect(ascii > 10_000)
    }
}
