import Foundation
import Testing

@testable import LinkSimCore

/// The replay speed work (issue #14) replaced a few loading steps by faster ones; each is compared
/// here with the code it replaced (kept below as the reference), over the library and seeded input.
@Suite struct ReplayFastPathTests {
    // MARK: Inline `json:` rendered as bytes

    /// The string rendering `JSONRendering` had before it wrote bytes.
    static func referenceRender(_ node: YAMLNode) -> String {
        switch node {
        case .scalar(let text, let plain, _):
            if plain {
                if YAMLNode.isNull(text) { return "null" }
                if let b = YAMLNode.bool(text) { return b ? "true" : "false" }
                if Int(text) != nil || Double(text) != nil { return text }
            }
            return JSONText.quote(text)
        case .sequence(let items, _):
            return "[" + items.map(referenceRender).joined(separator: ",") + "]"
        case .mapping(let entries, _):
            return "{" + entries.map { JSONText.quote($0.key) + ":" + referenceRender($0.value) }.joined(separator: ",") + "}"
        }
    }

    static let scalarTexts = [
        "", "a", "applinks", "/path/*", "he said \"hi\"", "back\\slash", "tab\there", "line\nbreak", "\u{7F}", "\u{85}",
        "caf\u{E9}", "\u{202E}rtl", "\u{1F600}", "\u{FEFF}", "null", "~", "true", "no", "42", "-7", "1.5e3", "0x10", "nan",
        "12345678901234567890", " spaced ", "\u{0}", "ABCDE12345.com.example.app",
    ]

    static func randomTree(_ random: inout SeededRandom, depth: Int) -> YAMLNode {
        let here = SourceLocation(file: "f", line: 1, column: 1)
        switch depth > 3 ? 0 : random.below(4) {
        case 1:
            return .sequence((0..<random.below(4)).map { _ in randomTree(&random, depth: depth + 1) }, here)
        case 2:
            let entries = (0..<random.below(4)).map { _ in
                YAMLNode.Entry(
                    key: scalarTexts[random.below(scalarTexts.count)], keyLocation: here, value: randomTree(&random, depth: depth + 1))
            }
            return .mapping(entries, here)
        default:
            return .scalar(scalarTexts[random.below(scalarTexts.count)], plain: random.below(2) == 0, here)
        }
    }

    @Test func inlineJSONBytesAreTheStringRendering() throws {
        var random = SeededRandom(seed: 77)
        for round in 0..<3000 {
            let tree = Self.randomTree(&random, depth: 0)
            #expect(JSONRendering.bytes(tree) == Array(Self.referenceRender(tree).utf8), "round \(round)")
        }
        // Every inline `json:` of the library.
        var inline = 0
        for path in YAMLFrontEndTests.library {
            guard let tree = try YAMLNode.parse(YAMLFrontEndTests.text(path), file: path) else { continue }
            var stack = [tree]
            while let node = stack.popLast() {
                switch node {
                case .mapping(let entries, _):
                    for entry in entries {
                        if entry.key == "json" {
                            inline += 1
                            #expect(JSONRendering.bytes(entry.value) == Array(Self.referenceRender(entry.value).utf8), "\(path)")
                        }
                        stack.append(entry.value)
                    }
                case .sequence(let items, _): stack += items
                case .scalar: break
                }
            }
        }
        #expect(inline > 50)
    }

    // MARK: JSON strings without escapes

    static func parse(_ bytes: [UInt8], fast: Bool) -> Result<JSONNode, AASAParseError> {
        var parser = JSONParser(bytes: bytes)
        parser.fastStrings = fast
        return Result { () throws(AASAParseError) -> JSONNode in try parser.parseDocument() }
    }

    static let stringPieces: [[UInt8]] = [
        Array("abc".utf8), Array("caf\u{E9}".utf8), Array("\u{1F600}".utf8), [0x5C, 0x22], [0x5C, 0x6E], Array("\\u00e9".utf8),
        Array("\\ud83d\\ude00".utf8), Array("\\ud83d".utf8), [0x0A], [0x09], [0x01], [0xFF], [0xC3], [0xE2, 0x82], [0x5C], [0x5C, 0x71],
        Array(" ".utf8), Array("/".utf8), [0x22], Array("\u{202E}".utf8),
    ]

    @Test func stringsWithoutEscapesParseAsOnTheByteByBytePath() {
        var random = SeededRandom(seed: 1409)
        var different = Set<String>()
        for round in 0..<4000 {
            var document = Array("{\"k\": [".utf8)
            for item in 0..<(1 + random.below(3)) {
                if item > 0 { document += Array(", ".utf8) }
                document.append(0x22)
                for _ in 0..<random.below(5) { document += Self.stringPieces[random.below(Self.stringPieces.count)] }
                if random.below(8) != 0 { document.append(0x22) }
            }
            document += Array("]}".utf8)
            let fast = Self.parse(document, fast: true)
            let slow = Self.parse(document, fast: false)
            #expect(fast == slow, "round \(round): \(document)")
            switch slow {
            case .success: different.insert("ok")
            case .failure(let error): different.insert(error.message)
            }
        }
        // Valid strings and each kind of failure were reached.
        #expect(different.count >= 5, "\(different)")
        for path in YAMLFrontEndTests.files(under: "Tests/Fuzz/aasa/corpus", extensions: nil)
            + YAMLFrontEndTests.files(under: "Tests/Fuzz/assetlinks/corpus", extensions: nil)
        {
            let bytes = Array((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
            #expect(Self.parse(bytes, fast: true) == Self.parse(bytes, fast: false), "\(path)")
        }
    }

    // MARK: Plain text files

    @Test func plainTextIsExactlyTextWithoutALocatedProblem() {
        var random = SeededRandom(seed: 5)
        let alphabet: [UInt8] = [
            0x09, 0x0A, 0x0D, 0x20, 0x41, 0x7E, 0x7F, 0x00, 0x1B, 0xC3, 0xA9, 0xFF, 0xFE, 0xEF, 0xBB, 0xBF, 0x80, 0xC0, 0xC1, 0xC2, 0xDF,
            0xE0, 0xA0, 0x9F, 0xED, 0xF0, 0x90, 0x8F, 0xF4, 0xF5, 0xE2,
        ]
        var plainCount = 0
        for _ in 0..<20000 {
            let odds = 2 + random.below(30)  // mostly ASCII runs of every length, so the 8-byte steps are taken too
            let valid = [Array("\u{E9}".utf8), Array("\u{2014}".utf8), Array("\u{1F600}".utf8), Array("\u{10FFFF}".utf8), Array("\u{800}".utf8)]
            var bytes: [UInt8] = []
            for _ in 0..<random.below(40) {
                switch random.below(odds) {
                case 0: bytes.append(alphabet[random.below(alphabet.count)])
                case 1: bytes += valid[random.below(valid.count)]
                default: bytes.append(0x61)
                }
            }
            let plain = TextCheck.isPlainText(bytes)
            // Plain exactly when the located check finds nothing.
            #expect(plain == (TextCheck.located(in: bytes, file: "f") == nil), "\(bytes)")
            if plain, bytes.contains(where: { $0 >= 0x80 }) { plainCount += 1 }
            #expect(
                TextCheck.problem(in: bytes, file: "f") == TextCheck.located(in: bytes, file: "f"), "\(bytes)")
        }
        #expect(plainCount > 30)  // multi-byte text reached the fast path
        for path in YAMLFrontEndTests.library {
            let bytes = Array((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
            #expect(TextCheck.problem(in: bytes, file: path) == TextCheck.located(in: bytes, file: path))
        }
    }

    // MARK: Served bodies read when first asked

    @Test func servedBodiesReadLazilyAsTheyWereReadAtLoad() throws {
        var bodies: [[UInt8]] = []
        for folder in ["Tests/Fuzz/aasa/corpus", "Tests/Fuzz/assetlinks/corpus"] {
            for path in YAMLFrontEndTests.files(under: folder, extensions: nil) {
                bodies.append(Array((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()))
            }
        }
        for path in YAMLFrontEndTests.library {
            guard let scenario = try? ScenarioLoader.load(path: path) else { continue }
            for host in scenario.web.hosts.values {
                for resource in [host.aasa, host.aasaRoot, host.cdnAASA, host.assetlinks] {
                    if let body = resource?.body { bodies.append(body) }
                }
            }
        }
        try #require(bodies.count > 100)
        bodies += [[], Array("[]".utf8), Array("{}".utf8), Array("\u{FEFF}[1]".utf8), Array("[{\"include\": \"x\"}]".utf8), [0xFF]]
        for (i, body) in bodies.enumerated() {
            // What `ServedBody` computed when the resource was made, before it read lazily.
            let root = Result { () throws(AASAParseError) -> JSONNode in try JSONNode.parse(body) }
            let eagerAASA = root.flatMap { node in Result { () throws(AASAParseError) -> AASADocument in try AASADocument(root: node) } }
            let eagerStatements = (try? root.get())?.elements != nil ? AssetLinksVerifier.statements(body) : nil
            let served = ServedBody(body)
            // Either order of first use, and the cached second answer.
            if i % 2 == 0 {
                #expect(served.aasa == eagerAASA, "body \(i)")
                #expect(served.assetStatements == eagerStatements, "body \(i)")
            } else {
                #expect(served.assetStatements == eagerStatements, "body \(i)")
                #expect(served.aasa == eagerAASA, "body \(i)")
            }
            #expect(served.aasa == eagerAASA && served.assetStatements == eagerStatements, "body \(i)")
        }
    }

    // MARK: Route constraints

    @Test func patternsWithoutAColonAfterABraceNameNoConstraint() {
        var random = SeededRandom(seed: 23)
        let pieces = ["/", "{", "}", ":", "id", "digits", "nope", "x", "shopapp://", "{id:digits}", "{id:nope}", "{a:}"]
        var reached = 0
        for _ in 0..<5000 {
            let text = (0..<random.below(8)).map { _ in pieces[random.below(pieces.count)] }.joined()
            if !ScenarioDecoder.mayHaveConstraint(text) {
                #expect(RouteConstraint.unknownNames(in: text).isEmpty, "\(text)")
            } else if !RouteConstraint.unknownNames(in: text).isEmpty {
                reached += 1
            }
        }
        #expect(reached > 100)
    }

    // MARK: OS versions trimmed only when an end could be white space

    @Test func osVersionsParseAsAfterFoundationsTrimming() {
        var random = SeededRandom(seed: 31)
        let pieces = ["17", ".", "4", "1", " ", "\t", "\u{A0}", "\u{2003}", "api", "API", "34", "14", "x", "-", "\u{E9}", "0"]
        for _ in 0..<5000 {
            let text = (0..<random.below(6)).map { _ in pieces[random.below(pieces.count)] }.joined()
            for platform in [Platform.ios, .android] {
                // Trimming twice is trimming once, so this is the parse of Foundation's trimmed text.
                let reference = OSVersion.parse(text.trimmingCharacters(in: .whitespaces), platform: platform)
                #expect(OSVersion.parse(text, platform: platform) == reference, "\(text.debugDescription) \(platform)")
            }
        }
    }
}
