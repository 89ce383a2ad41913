import Foundation
import Testing

@testable import LinkSimCore

/// The libyaml event front end (`YAMLEvents`, issue #14) against the Yams path it replaces: over every
/// library scenario, the fuzz corpus, hand-picked YAML corners and seeded mutations of library files,
/// both give the same tree (texts, plain/quoted, every line:column) or the same diagnostic.
@Suite struct YAMLFrontEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func files(under folder: String, extensions: Set<String>?) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var found: [String] = []
        while let name = walker.nextObject() as? String {
            let path = base.appendingPathComponent(name).path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            if let extensions, !extensions.contains(URL(fileURLWithPath: path).pathExtension) { continue }
            found.append(path)
        }
        return found.sorted()
    }

    static let library = files(under: "scenarios", extensions: ["yaml", "yml"])
    static let corpus = files(under: "Tests/Fuzz/scenario/corpus", extensions: nil)
    static let lessons = files(under: "scenarios/lessons", extensions: ["lesson"])
    static let brokenInputs = files(under: "Tests/LinkSimCLITests/BrokenInputs", extensions: ["yaml", "yml", "lesson"])

    static func text(_ path: String) -> String {
        String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data(), as: UTF8.self)
    }

    /// Everything a front end gives for one text, as one string: the tree with every location, or the error.
    /// `asYamsReads`: texts as Yams gives them, without a leading U+FEFF (the one difference `YAMLEvents`
    /// and `YAMLSubsetReader` keep on purpose: they keep it).
    static func outcome(_ text: String, _ frontEnd: YAMLFrontEnd, asYamsReads: Bool = false) -> String {
        do {
            guard let tree = try YAMLNode.parse(text, file: "f.yaml", frontEnd: frontEnd) else { return "nil" }
            var out = ""
            dump(tree, into: &out, asYamsReads: asYamsReads)
            return out
        } catch {
            return "error: \(error)"
        }
    }

    static func yamsText(_ text: String, _ asYamsReads: Bool) -> String {
        asYamsReads && text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }

    static func dump(_ node: YAMLNode, into out: inout String, asYamsReads: Bool = false) {
        let l = node.location
        out += "@\(l.file):\(l.line):\(l.column)"
        switch node {
        case .scalar(let text, let plain, _):
            out += plain ? "=" : "'"
            out += yamsText(text, asYamsReads).debugDescription
        case .mapping(let entries, _):
            out += "{"
            for entry in entries {
                out += "\(yamsText(entry.key, asYamsReads).debugDescription)@\(entry.keyLocation.line):\(entry.keyLocation.column):"
                dump(entry.value, into: &out, asYamsReads: asYamsReads)
                out += ","
            }
            out += "}"
        case .sequence(let items, _):
            out += "["
            for item in items {
                dump(item, into: &out, asYamsReads: asYamsReads)
                out += ","
            }
            out += "]"
        }
    }

    /// All three front ends give the same outcome; when `YAMLSubsetReader` answers, its tree is libyaml's.
    func expectSame(_ text: String, _ label: String) {
        let events = Self.outcome(text, .events, asYamsReads: true)
        let yams = Self.outcome(text, .yams)
        // Keys that differ only by a leading U+FEFF are two keys to linksim and one, twice, to Yams.
        let bomKeys = (text.unicodeScalars.contains("\u{FEFF}") || text.contains("\\uFEFF")) && yams.contains("appears more than once")
        if !bomKeys { #expect(events == yams, "\(label): \(text.debugDescription)") }
        let lines = Self.outcome(text, .subset)
        #expect(lines == Self.outcome(text, .events), "\(label) (subset): \(text.debugDescription)")
        // When the subset reader answers, libyaml's events build exactly its tree (before the loader's
        // alias-key scan, which runs ahead of every front end).
        if let tree = YAMLSubsetReader.parse(text, file: "f.yaml") {
            guard case .tree(let libyaml) = YAMLEvents.parse(text, file: "f.yaml") else {
                Issue.record("\(label): the subset reader answered, libyaml's events did not: \(text.debugDescription)")
                return
            }
            #expect(tree == libyaml, "\(label) (YAMLSubsetReader answered): \(text.debugDescription)")
        }
    }

    @Test func libraryScenariosGiveTheSameTreeAndTakeTheEventPath() throws {
        try #require(Self.library.count > 200)
        var fallBacks: [String] = []
        for path in Self.library {
            let text = Self.text(path)
            expectSame(text, path)
            if case .fallBack = YAMLEvents.parse(text, file: path) { fallBacks.append(path) }
        }
        // No library file leaves the event front end (aliases would not either: `anchorsAndAliases…`).
        #expect(fallBacks.isEmpty, "\(fallBacks)")
    }

    /// The subset reader answers for the library's files (the rest, with aliases, go to libyaml).
    @Test func subsetReaderAnswersForTheLibrary() throws {
        try #require(Self.library.count > 200)
        let declined = Self.library.filter { YAMLSubsetReader.parse(Self.text($0), file: $0) == nil }
        // Two files write a flow mapping over two lines; nothing else in the library leaves the subset.
        #expect(declined.count <= 2, "\(declined)")
        for path in declined { #expect(Self.text(path).contains(",\n"), "\(path) left the subset") }
    }

    /// What linksim writes (the TUI's save and its loader check, `linksim init`) is read by the subset
    /// reader too, JSON bodies included, with libyaml's tree.
    @Test func writtenScenariosTakeTheSubsetReader() throws {
        var written = 0
        for path in Self.library {
            guard let scenario = try? ScenarioLoader.load(path: path) else { continue }
            let text = ScenarioWriter.yaml(scenario, expecting: nil)
            expectSame(text, "written \(path)")
            #expect(YAMLSubsetReader.parse(text, file: "f.yaml") != nil, "written \(path)")
            written += 1
        }
        #expect(written > 200)
    }

    @Test func fuzzCorpusGivesTheSameOutcome() {
        for path in Self.corpus { expectSame(Self.text(path), path) }
    }

    /// Lessons are read by the same front end; the CLI's broken inputs pin its diagnostics.
    @Test func lessonsAndBrokenInputsGiveTheSameOutcome() throws {
        try #require(Self.lessons.count >= 5)
        try #require(Self.brokenInputs.count >= 5)
        for path in Self.lessons + Self.brokenInputs { expectSame(Self.text(path), path) }
    }

    static let corners: [String] = [
        "", "# only a comment\n", "---\n", "---\n...\n", "a: 1\n---\nb: 2\n", "a: 1\na: 2\n", "a: 1\n\"a\": 2\n",
        "a: {b: 1, b: 2}\n", "a: &x 1\nb: *x\n", "a: *nope\n", "a: &x 1\n", "!!str a: !!int 1\n", "a: !custom [1, 2]\n",
        "a: \"x\\0y\"\n", "a: 'it''s'\n", "a: |\n  block\n  text\n", "a: >-\n  folded\n  text\n", "? [1, 2]\n: v\n",
        "[a, b]: 1\n", "a:\n- 1\n- - 2\n  - 3\n", "- a: 1\n  b: [x, {y: z}]\n", "a: b: c\n", "a: [1, 2\n", "\tkey: v\n",
        "caf\u{E9}: 1\ncafe\u{301}: 2\n", "\u{1F600}: \"\u{1F600}\"\n", "a: ~\nb: null\nc: \"null\"\nd:\n", "%YAML 1.1\n---\na: 1\n",
        "a: 1\n...\n---\n", "- 1\n- 2\n...\n# end\n", "a: \"unterminated\n", "a: 'x'\n  b: 2\n", "key: value # comment\n",
        "a: \"\\uFEFFx\"\n", "\"\\uFEFFa\": 1\n", "a: \"x\\uFEFF\\uFEFF\"\n", "a: \u{FEFF}x\n", "a: '\u{FEFF}'\n", "\u{FEFF}a: 1\n",
        "a: \"\\x80\\u00e9\\U0001F600\"\n", "a: \"\\uFEFFx\"\nb: \"\\uFEFF\"\n\"\\uFEFFa\": 1\n", "- \u{FEFF}x\n- '\u{FEFF}y'\n",
        "a: \"\\uFEFFx\"\n\"\\uFEFFa\": 1\n",
        // Anchors and aliases: on scalars, lists and mappings, in flow, redefined, of a key, unknown, recursive.
        "a: &x {b: [1, &y two], c: 3}\nd: *x\ne: [*y, *x]\n", "a: &x 1\na2: *x\nb: &x 2\nc: *x\n", "&k key: *k\n",
        "- &l [a, b]\n- *l\n- {m: *l}\n", "a: &x [*x]\n", "a: &x \"\\uFEFFq\"\nb: *x\n", "a: &x\n  b: 1\nc: *x\nd: *y\n",
        "a: &x !tag v\nb: *x\n",
        "a: \"\\uD800\"\n", "name: ?mode=developer\n", "a: :x\nb: ?\n", "- ?x\n- :y\n", "{a: ?x}\n", "[?x]\n", "? x\n",
        // Literal block scalars: the three chompings, trailing and inner empty lines, deeper lines, the end.
        "a: |+\n  x\n\n\nb: 1\n", "a: |-\n  x\n\n", "a: |\n  x\n   y\n\n  z\n\n", "a: |+\n  x\n  \n", "- |\n  x\n- |-\n  y\n",
        "a: |\n    x\n  \n      \n    y\nb: c\n", "a: |+\n  x\n\n", "a:\n  |\n   x\n", "a: |\n\n  x\n", "a: |\n x\nb: 1\n",
        "a: |\n  x\n # c\nb: 1\n", "a: |\n  x\n  # not a comment\n",
        // JSON in flow: `:` right after a quoted key is a value indicator; after a plain one it is text.
        "j: {\"a\":1,\"b\":[true,null],\"c\":{\"d\":\"e\"}}\n", "j: {a:1}\n", "j: {\"a\" :b}\n", "j: {a :b}\n", "j: {\"a\"::b}\n",
        "j: {\"a\":}\n", "j: {'a':'b'}\n", "j: [\"a\",\"b\"]\n", "j: {\"a\":\n", "a: 1\r\nb: 2\r\n", "a: 1\rb: 2\r", "- \u{85}x\n",
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "\n",
        String(repeating: "- ", count: 40) + "deep\n",
    ]

    @Test func yamlCornersGiveTheSameOutcome() {
        for (index, text) in Self.corners.enumerated() { expectSame(text, "corner \(index)") }
    }

    /// Aliases are followed by libyaml's event front end itself (a copy of the anchor's node, as Yams gives the
    /// same node again); what it cannot vouch for still goes to Yams, whose diagnostics stay.
    @Test func anchorsAndAliasesAreReadByTheEventFrontEnd() {
        for text in ["a: &x {b: [1, &y two]}\nd: *x\ne: [*y, *x]\n", "a: &x 1\nb: &x 2\nc: *x\n", "&k key: *k\n"] {
            guard case .tree = YAMLEvents.parse(text, file: "f.yaml") else {
                Issue.record("fell back: \(text.debugDescription)")
                continue
            }
        }
        // The latest anchor of a name wins, and the copy keeps the anchor's own location.
        if case .tree(.mapping(let entries, _)) = YAMLEvents.parse("a: &x 1\nb: &x 2\nc: *x\n", file: "f.yaml") {
            #expect(entries.last?.value == .scalar("2", plain: true, SourceLocation(file: "f.yaml", line: 2, column: 4)))
        } else {
            Issue.record("no tree")
        }
        // An unknown anchor, an anchor used inside itself, an alias as a key: Yams decides.
        for text in ["a: *nope\n", "a: &x [*x]\n", "a: &x 1\n? *x\n: 2\n"] {
            guard case .fallBack = YAMLEvents.parse(text, file: "f.yaml") else {
                Issue.record("answered: \(text.debugDescription)")
                continue
            }
        }
        // An alias bomb is refused by counting: each alias adds its anchor's whole size.
        let levels = (1..<7).map { level in
            let previous = level == 1 ? "*a" : "*a\(level - 1)"
            return "a\(level): &a\(level) [" + Array(repeating: previous, count: 10).joined(separator: ", ") + "]\n"
        }
        let bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + levels.joined()
        guard case .fallBack = YAMLEvents.parse(bomb, file: "f.yaml") else {
            Issue.record("an alias bomb of 10^7 nodes was answered")
            return
        }
    }

    /// A value that starts with U+FEFF keeps it, whichever front end reads it (Yams would drop it).
    @Test func aLeadingByteOrderMarkInAValueIsKept() throws {
        let texts = ["a: \"\\uFEFFab\"\n", "a: \u{FEFF}ab\n", "a: '\u{FEFF}ab'\n", "a: &x \"\\uFEFFab\"\nb: *x\n"]
        for text in texts {
            for frontEnd in [YAMLFrontEnd.subset, .events] {
                guard case .mapping(let entries, _) = try #require(try YAMLNode.parse(text, file: "f.yaml", frontEnd: frontEnd)),
                    case .scalar(let value, _, _) = try #require(entries.last?.value)
                else {
                    Issue.record("not a mapping of scalars: \(text.debugDescription)")
                    continue
                }
                #expect(value == "\u{FEFF}ab", "\(frontEnd): \(text.debugDescription)")
            }
        }
        // A byte-order mark that starts the file is not part of the text; one that starts a value is.
        let file = "\u{FEFF}linksim: 1\nname: \"\\uFEFFab\"\ndevice: {platform: ios, os: \"17.4\"}\nactions:\n  - tap: https://example.com/\n"
        let scenario = try ScenarioLoader.load(path: "b.yaml", reader: MemoryFiles(["b.yaml": file]))
        #expect(scenario.name == "\u{FEFF}ab")
    }

    /// Long lines and large mappings: marks are counted once per line and keys kept in a set, so the
    /// subset reader stays linear; it still answers with libyaml's tree (non-ASCII text moves columns).
    @Test func subsetReaderReadsLongLinesAndLargeMappings() throws {
        let items = (0..<20_000).map { $0 % 7 == 0 ? "\"\u{E9}\($0)\"" : "v\($0)" }.joined(separator: ", ")
        let longLine = "k: [\(items)]\n"
        let manyKeys = (0..<3_000).map { "key\($0): \($0 % 5 == 0 ? "caf\u{E9}" : "x")" }.joined(separator: "\n") + "\n"
        let flowKeys = "m: {" + (0..<3_000).map { "k\($0): \($0)" }.joined(separator: ", ") + "}\n"
        for text in [longLine, manyKeys, flowKeys] {
            let tree = try #require(YAMLSubsetReader.parse(text, file: "f.yaml"))
            guard case .tree(let libyaml) = YAMLEvents.parse(text, file: "f.yaml") else {
                Issue.record("libyaml's events did not answer")
                continue
            }
            #expect(tree == libyaml)
        }
        // A key repeated after the sixteenth: the set catches it, and libyaml's path decides.
        #expect(YAMLSubsetReader.parse(manyKeys + "key3: again\n", file: "f.yaml") == nil)
    }

    @Test func folderOfAPathIsNSStringsDeletingLastPathComponent() {
        // The paths the fast path answers, and one it leaves to NSString (some odd paths, such as
        // an empty one, trap inside Foundation's own implementation; the loader never passes them).
        let paths = [
            "a/b.yaml", "scenarios/x/y.yaml", "/a/b.yaml", "./a.yaml", "a/./b.yaml", "../a.yaml", "a b/c d.yaml",
            "caf\u{E9}/\u{1F600}.yaml", "b.yaml",
        ]
        for path in paths {
            #expect(ScenarioLoader.folder(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
        }
    }

    @Test func localFilesReadsWholeFilesAndRefusesLargeOnes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linksim-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = folder.appendingPathComponent("small.yaml")
        let bytes: [UInt8] = Array((0..<70_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        try Data(bytes).write(to: small)
        #expect(try LocalFiles().read(small.path) == bytes)
        let empty = folder.appendingPathComponent("empty.yaml")
        try Data().write(to: empty)
        #expect(try LocalFiles().read(empty.path) == [])
        #expect(throws: (any Error).self) { try LocalFiles().read(folder.appendingPathComponent("missing").path) }
        #expect(throws: (any Error).self) { try LocalFiles().read(folder.path) }
        let large = folder.appendingPathComponent("large.yaml")
        try Data(count: LocalFiles.sizeLimit + 3 * 1024 * 1024).write(to: large)
        #expect {
            try LocalFiles().read(large.path)
        } throws: { error in
            (error as? FileTooLarge)?.bytes == LocalFiles.sizeLimit + 3 * 1024 * 1024
        }
    }

    static let fragments = [
        ":", ": ", "- ", "\"", "'", "&a ", "*a", "!!str ", "---\n", "...\n", "\n", "  ", "\t", "{", "}", "[", "]", ",", "? ", "#",
        "|\n", ">\n", "%", "@", "\\", "\u{E9}", "x: y\n", "&b [1]\n", "<<: *a\n",
    ]

    /// More fragments, at the subset reader's edges: block scalars, empty values, quotes, flow, comments, odd
    /// characters. (A list of its own: `DecodingGoldenTests` pins the outcomes of mutations made from
    /// `fragments`, so that list stays as it is.)
    static let subsetFragments =
        fragments + [
            "|-\n", "|+\n", "|2\n", "k:\n", "k: \n  ", ": #", " #c", "#", "\"\\u00e9\\t\"", "'it''s'", "{}", "[]", "[a, ]", "{a: }",
            "-x", "?x", "\u{2028}", "\u{85}", "\u{FEFF}", "\r\n", "\n\n", "    ", "- - ", "k: |\n    x\n", "\\x41", "{a: [b, {c: d}]}",
        ]

    static func mutate(_ text: String, _ random: inout SeededRandom, fragments: [String] = fragments) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for _ in 0...random.below(3) {
            guard !lines.isEmpty else { break }
            let at = random.below(lines.count)
            switch random.below(6) {
            case 0: lines.insert(lines[random.below(lines.count)], at: at)  // often a duplicate key
            case 1: lines.remove(at: at)
            case 2: lines.swapAt(at, random.below(lines.count))
            default:
                var chars = Array(lines[at])
                let position = random.below(chars.count + 1)
                if random.below(4) == 0, position < chars.count {
                    chars.remove(at: position)
                } else {
                    chars.insert(contentsOf: fragments[random.below(fragments.count)], at: position)
                }
                lines[at] = String(chars)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Mutations with the subset reader's own fragments: wherever it answers, libyaml builds the same tree.
    @Test func subsetMutationsOfLibraryFilesGiveTheSameOutcome() throws {
        try #require(!Self.library.isEmpty)
        var random = SeededRandom(seed: 1405)
        var subsetTrees = 0
        for round in 0..<3000 {
            let source = Self.text(Self.library[random.below(Self.library.count)])
            let mutated = Self.mutate(source, &random, fragments: Self.subsetFragments)
            expectSame(mutated, "subset mutation \(round)")
            if YAMLSubsetReader.parse(mutated, file: "f.yaml") != nil { subsetTrees += 1 }
        }
        #expect(subsetTrees > 500)
    }

    @Test func seededMutationsOfLibraryFilesGiveTheSameOutcome() throws {
        try #require(!Self.library.isEmpty)
        var random = SeededRandom(seed: 14)
        var fastTrees = 0
        var subsetTrees = 0
        var errors = 0
        for round in 0..<3000 {
            let source = Self.text(Self.library[random.below(Self.library.count)])
            let mutated = Self.mutate(source, &random)
            expectSame(mutated, "mutation \(round)")
            if case .tree = YAMLEvents.parse(mutated, file: "f.yaml") { fastTrees += 1 }
            if YAMLSubsetReader.parse(mutated, file: "f.yaml") != nil { subsetTrees += 1 }
            if Self.outcome(mutated, .yams).hasPrefix("error:") { errors += 1 }
        }
        // The mutations reach every side: trees the event path builds, trees the subset reader builds
        // (compared with libyaml's in `expectSame`), and diagnostics.
        #expect(fastTrees > 500)
        #expect(subsetTrees > 500)
        #expect(errors > 300)
    }
}
