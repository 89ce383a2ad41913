import Foundation

/// The keys of the lesson format (scenarios/README.md, "Lessons"), in one place for "did you mean".
enum LessonKeys {
    static let top = ["lesson", "id", "title", "area", "summary", "sources", "steps"]
    static let step = [
        "kind", "title", "text", "scenario", "world", "action", "choices", "answer", "goal", "solution",
        "knobs", "file", "file_kind", "hints", "explain", "sources",
    ]
    static let choice = ["label", "expect"]
    static let hint = ["text", "source"]
    static let kinds = ["tour", "predict", "knob", "fix"]
    /// Keys each kind takes besides the common ones.
    static let common = ["kind", "title", "text", "scenario", "world", "action", "hints", "explain", "sources"]
    static let own: [String: [String]] = [
        "tour": [], "predict": ["choices", "answer"], "knob": ["goal", "solution", "knobs"], "fix": ["goal", "file", "file_kind", "solution"],
    ]
}

/// Reads `*.lesson` files (YAML). Every problem is reported with file:line:column, as for scenarios.
package enum LessonLoader {
    /// The extension that marks a lesson: `replay` and the scenario tests only read `*.yaml`/`*.yml`,
    /// so lessons never run as scenarios.
    package static let fileExtension = "lesson"

    package static func load(path: String, reader: any FileReader = LocalFiles()) throws(InputError) -> Lesson {
        let (text, base) = try ScenarioLoader.readText(path, reader: reader)
        return try parse(text, file: path, baseDirectory: base, reader: reader)
    }

    package static func parse(
        _ text: String, file: String, baseDirectory: String,
        reader: any FileReader = LocalFiles()
    ) throws(InputError) -> Lesson {
        guard let root = try YAMLNode.parse(text, file: file) else {
            throw InputError(
                file: file, location: SourceLocation(file: file, line: 1, column: 1),
                "the file is empty; a lesson starts with `lesson: 1`")
        }
        let context = DecodingContext(file: file, baseDirectory: baseDirectory, reader: reader)
        let lesson = LessonDecoder(context: context, file: file, baseDirectory: baseDirectory).decode(root)
        if !context.diagnostics.isEmpty {
            throw InputError(
                context.diagnostics.sorted { a, b in
                    (a.location?.line ?? 0, a.location?.column ?? 0) < (b.location?.line ?? 0, b.location?.column ?? 0)
                })
        }
        guard let lesson else { throw InputError(file: file, "the lesson could not be read") }
        return lesson
    }

    /// Decodes a step's world again with other file contents (the learner's copy of a broken file).
    package static func world(of step: LessonStep, reader: any FileReader) throws(InputError) -> Scenario {
        switch step.source {
        case .file(let path):
            return try ScenarioLoader.load(path: path, reader: reader)
        case .embedded(let embedded, let base):
            let file = embedded.location.file
            let context = DecodingContext(file: file, baseDirectory: base, reader: reader)
            let world = ScenarioDecoder(context: context).decode(embedded.node)
            if !context.diagnostics.isEmpty { throw InputError(context.diagnostics) }
            guard var world else { throw InputError(file: file, "the world could not be read") }
            world.file = file
            return world
        }
    }
}

/// A reader that answers some paths from memory and the rest from another reader, remembering
/// what was read (the fix step's check, and the decoder's proof that a world reads its file).
package final class OverlayFileReader: FileReader, @unchecked Sendable {
    private let base: any FileReader
    private let replacements: [String: [UInt8]]
    private let lock = NSLock()
    private var readPaths: [String] = []

    package init(base: any FileReader, replacements: [String: [UInt8]] = [:]) {
        self.base = base
        self.replacements = replacements
    }

    package var paths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return readPaths
    }

    package func read(_ path: String) throws -> [UInt8] {
        lock.lock()
        readPaths.append(OverlayFileReader.normalize(path))
        lock.unlock()
        if let bytes = replacements[OverlayFileReader.normalize(path)] { return bytes }
        return try base.read(path)
    }

    package func exists(_ path: String) -> Bool {
        replacements[OverlayFileReader.normalize(path)] != nil || base.exists(path)
    }

    /// `a/./b/../c` → `a/c`, so paths written differently compare equal.
    package static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}

final class LessonDecoder {
    let context: DecodingContext
    let file: String
    let baseDirectory: String

    init(context: DecodingContext, file: String, baseDirectory: String) {
        self.context = context
        self.file = file
        self.baseDirectory = baseDirectory
    }

    func decode(_ root: YAMLNode) -> Lesson? {
        let c = context
        guard let top = c.mapping(root, what: "the lesson", allowed: LessonKeys.top) else { return nil }
        if let version = c.require(top, "lesson", in: "the lesson", at: root.location) {
            if let v = c.int(version, what: "lesson"), v != 1 {
                c.error(version.location, "`lesson` must be 1 (the lesson format version), got \(v)")
            }
        }
        let id = c.require(top, "id", in: "the lesson", at: root.location).flatMap { c.string($0, what: "id") } ?? ""
        if let node = top.value("id"), !id.isEmpty,
            !id.allSatisfy({ $0.isLetter && $0.isASCII && $0.isLowercase || $0.isNumber || $0 == "-" })
        {
            c.error(node.location, "`id` must be lowercase letters, digits and dashes (it is typed: `linksim learn \(id.lowercased())`), got `\(id)`")
        }
        let title = c.require(top, "title", in: "the lesson", at: root.location).flatMap { c.string($0, what: "title") } ?? ""
        let area = c.require(top, "area", in: "the lesson", at: root.location).flatMap { c.choice($0, what: "area", as: LessonArea.self) }
        let summary = top.value("summary").flatMap { c.string($0, what: "summary") } ?? ""
        let sources = top.value("sources").flatMap { c.stringList($0, what: "sources") } ?? []
        var steps: [LessonStep] = []
        if let stepsNode = c.require(top, "steps", in: "the lesson", at: root.location),
            let items = c.sequence(stepsNode, what: "steps")
        {
            if items.isEmpty { c.error(stepsNode.location, "`steps` must list at least one step") }
            for (i, item) in items.enumerated() {
                if let step = decodeStep(item, what: "steps[\(i)]") { steps.append(step) }
            }
        }
        guard let area else { return nil }
        return Lesson(id: id, title: title, area: area, summary: summary, sources: sources, steps: steps, file: file)
    }

    private func decodeStep(_ node: YAMLNode, what: String) -> LessonStep? {
        let c = context
        guard let map = c.mapping(node, what: what, allowed: LessonKeys.step) else { return nil }
        guard let kindNode = c.require(map, "kind", in: what, at: node.location),
            let kindName = c.string(kindNode, what: "\(what).kind")
        else { return nil }
        guard LessonKeys.kinds.contains(kindName) else {
            c.error(
                kindNode.location,
                "`\(what).kind` must be one of: \(LessonKeys.kinds.joined(separator: ", ")); got `\(kindName)`\(Suggestion.didYouMean(kindName, among: LessonKeys.kinds))"
            )
            return nil
        }
        let allowed = LessonKeys.common + (LessonKeys.own[kindName] ?? [])
        for entry in node.mappingEntries where !allowed.contains(entry.key) && LessonKeys.step.contains(entry.key) {
            c.error(
                entry.keyLocation,
                "`\(entry.key)` does not apply to a `\(kindName)` step (it takes: \(allowed.filter { !LessonKeys.common.contains($0) }.joined(separator: ", ")))"
            )
        }
        let title = map.value("title").flatMap { c.string($0, what: "\(what).title") } ?? ""
        let text = c.require(map, "text", in: what, at: node.location).flatMap { c.string($0, what: "\(what).text") } ?? ""
        let explain = map.value("explain").flatMap { c.string($0, what: "\(what).explain") }
        let sources = map.value("sources").flatMap { c.stringList($0, what: "\(what).sources") } ?? []
        var hints: [Hint] = []
        if let hintsNode = map.value("hints"), let items = c.sequence(hintsNode, what: "\(what).hints") {
            for (i, item) in items.enumerated() {
                let hWhat = "\(what).hints[\(i)]"
                guard let h = c.mapping(item, what: hWhat, allowed: LessonKeys.hint),
                    let textNode = c.require(h, "text", in: hWhat, at: item.location),
                    let hintText = c.string(textNode, what: "\(hWhat).text")
                else { continue }
                hints.append(Hint(text: hintText, source: h.value("source").flatMap { c.string($0, what: "\(hWhat).source") }))
            }
        }
        // The world: a scenario file, or one written in the lesson.
        let worldAndSource: (Scenario, WorldSource, String)?
        switch (map["scenario"], map["world"]) {
        case (let s?, nil):
            worldAndSource = loadScenarioFile(s, what: what)
        case (nil, let w?):
            worldAndSource = decodeEmbedded(w.value)
        case (_?, let w?):
            c.error(w.keyLocation, "a step takes `scenario:` (a file) or `world:` (written here), not both")
            worldAndSource = nil
        case (nil, nil):
            c.error(node.location, "missing `scenario:` (a scenario file, relative to the lesson) or `world:` in \(what)")
            worldAndSource = nil
        }
        guard let (world, source, worldBase) = worldAndSource else { return nil }
        var action = 0
        if let actionNode = map.value("action"), let number = c.int(actionNode, what: "\(what).action", range: 1...10_000) {
            if world.actions.indices.contains(number - 1) {
                action = number - 1
            } else {
                c.error(
                    actionNode.location,
                    "`\(what).action` is \(number), but the world has \(world.actions.count) action(s), numbered from 1 as `run` shows them")
            }
        }
        let kind: StepKind
        var knobs: [String]? = nil
        switch kindName {
        case "predict":
            var choices = PredictChoice.landings
            if let node = map.value("choices"), let items = c.sequence(node, what: "\(what).choices") {
                choices = items.enumerated().compactMap { decodeChoice($1, what: "\(what).choices[\($0)]", world: world) }
                if choices.count < 2 { c.error(node.location, "`\(what).choices` must offer at least two answers") }
            }
            var answer = 0
            if let node = c.require(map, "answer", in: what, at: node.location),
                let n = c.int(node, what: "\(what).answer", range: 1...max(1, choices.count))
            {
                answer = n - 1
            }
            kind = .predict(choices: choices, answer: answer)
        case "knob":
            guard let goalNode = c.require(map, "goal", in: what, at: node.location),
                let goal = ScenarioDecoder(context: c).decodeExpectation(goalNode, what: "\(what).goal", scenario: world)
            else { return nil }
            var solution: [WorldAssignment] = []
            if let solNode = c.require(map, "solution", in: what, at: node.location),
                let entries = c.freeMapping(solNode, what: "\(what).solution")
            {
                for entry in entries {
                    guard let value = c.scalar(entry.value, what: "\(what).solution.\(entry.key)") else { continue }
                    if entry.key.hasPrefix("tap.") {
                        // Where and how the step's tap happens (the TUI's tap knobs).
                        var probe = world
                        if let problem = LessonChecker.applyTap(entry.key, value, to: &probe, action: action) {
                            c.error(entry.keyLocation, "`\(what).solution.\(entry.key)`: \(problem)")
                        } else {
                            solution.append(WorldAssignment(path: entry.key, value: value, location: entry.keyLocation))
                        }
                        continue
                    }
                    if case .failure(let problem) = Settings.resolve(entry.key, apps: world.apps) {
                        c.error(entry.keyLocation, problem.message)
                        continue
                    }
                    solution.append(WorldAssignment(path: entry.key, value: value, location: entry.keyLocation))
                }
            }
            kind = .knob(goal: goal, solution: solution)
            if let knobsNode = map.value("knobs"), let list = c.stringList(knobsNode, what: "\(what).knobs") {
                for name in list where !name.hasPrefix("tap.") || !LessonChecker.tapKeys.contains(name) {
                    if name.hasPrefix("tap.") {
                        c.error(knobsNode.location, "`\(what).knobs`: `\(name)` is not a tap knob; use \(LessonChecker.tapKeys.joined(separator: ", "))")
                    } else if case .failure(let problem) = Settings.resolve(name, apps: world.apps) {
                        c.error(knobsNode.location, "`\(what).knobs`: \(problem.message)")
                    }
                }
                for change in solution where !list.contains(change.path) {
                    c.error(change.location ?? knobsNode.location, "`\(what).solution.\(change.path)` is not among `knobs`, so the solution would not count")
                }
                knobs = list
            }
        case "fix":
            guard let goalNode = c.require(map, "goal", in: what, at: node.location),
                let goal = ScenarioDecoder(context: c).decodeExpectation(goalNode, what: "\(what).goal", scenario: world),
                let fileNode = c.require(map, "file", in: what, at: node.location),
                let fileName = c.string(fileNode, what: "\(what).file"),
                let solutionNode = c.require(map, "solution", in: what, at: node.location),
                let solutionName = c.string(solutionNode, what: "\(what).solution")
            else { return nil }
            let resolved = OverlayFileReader.normalize(join(worldBase, fileName))
            let resolvedSolution = OverlayFileReader.normalize(join(worldBase, solutionName))
            var fileKind = FixFileKind.guess(fileName)
            if let kindNode = map.value("file_kind") { fileKind = c.choice(kindNode, what: "\(what).file_kind", as: FixFileKind.self) }
            guard let fileKind else {
                c.error(
                    fileNode.location,
                    "cannot tell what kind of file `\(fileName)` is; add `file_kind:` (\(FixFileKind.allCases.map(\.rawValue).joined(separator: ", ")))")
                return nil
            }
            if !c.reader.exists(resolvedSolution) {
                c.error(solutionNode.location, "file `\(solutionName)` named by `\(what).solution` does not exist (looked for \(resolvedSolution))")
            }
            // The world must really read the file the learner repairs.
            let recorder = OverlayFileReader(base: c.reader)
            var probe = LessonStep(kind: .tour, title: "", text: "", world: world, source: source, action: 0, hints: [], sources: [])
            probe.location = node.location
            _ = try? LessonLoader.world(of: probe, reader: recorder)
            if !recorder.paths.contains(resolved) {
                c.error(
                    fileNode.location, "the step's world never reads `\(fileName)` (looked for \(resolved)); name the file its `web`/`apps` section refers to")
            }
            kind = .fix(FixTask(file: fileName, resolvedFile: resolved, fileKind: fileKind, goal: goal, solution: resolvedSolution))
        default:
            kind = .tour
        }
        return LessonStep(
            kind: kind, title: title, text: text, world: world, source: source, action: action, hints: hints,
            explain: explain, sources: sources, location: node.location, knobs: knobs)
    }

    private func decodeChoice(_ node: YAMLNode, what: String, world: Scenario) -> PredictChoice? {
        let c = context
        // Short form: a landing kind (`browser`).
        if case .scalar = node {
            guard let kind = c.choice(node, what: what, as: LandingKind.self) else { return nil }
            return PredictChoice(label: kind.rawValue, expectation: Expectation(lands: kind))
        }
        guard let map = c.mapping(node, what: what, allowed: LessonKeys.choice),
            let labelNode = c.require(map, "label", in: what, at: node.location),
            let label = c.string(labelNode, what: "\(what).label"),
            let expectNode = c.require(map, "expect", in: what, at: node.location),
            let expectation = ScenarioDecoder(context: c).decodeExpectation(expectNode, what: "\(what).expect", scenario: world)
        else { return nil }
        return PredictChoice(label: label, expectation: expectation)
    }

    private func join(_ base: String, _ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    private func loadScenarioFile(_ entry: YAMLNode.Entry, what: String) -> (Scenario, WorldSource, String)? {
        let c = context
        guard let name = c.string(entry.value, what: "\(what).scenario") else { return nil }
        let path = join(baseDirectory, name)
        guard c.reader.exists(path) else {
            c.error(entry.value.location, "scenario `\(name)` named by `\(what).scenario` does not exist (looked for \(path))")
            return nil
        }
        do {
            let world = try ScenarioLoader.load(path: path, reader: c.reader)
            let base = (path as NSString).deletingLastPathComponent
            return (world, .file(path), base.isEmpty ? "." : base)
        } catch {
            c.error(entry.value.location, "scenario `\(name)` named by `\(what).scenario` is not valid:")
            for diagnostic in error.diagnostics { c.report(diagnostic) }
            return nil
        }
    }

    private func decodeEmbedded(_ node: YAMLNode) -> (Scenario, WorldSource, String)? {
        let before = context.diagnostics.count
        guard var world = ScenarioDecoder(context: context).decode(node), context.diagnostics.count == before else { return nil }
        world.file = file
        return (world, .embedded(EmbeddedWorld(node: node, location: node.location), baseDirectory: baseDirectory), baseDirectory)
    }
}

extension FixFileKind {
    /// The kind a file name suggests (`aasa.json`, `assetlinks.json`, `AndroidManifest.xml`, `*.entitlements`, `Info.plist`).
    static func guess(_ name: String) -> FixFileKind? {
        let lower = (name as NSString).lastPathComponent.lowercased()
        if lower.hasSuffix(".entitlements") { return .entitlements }
        if lower.contains("manifest") && lower.hasSuffix(".xml") { return .manifest }
        if lower.contains("assetlinks") { return .assetlinks }
        if lower.contains("aasa") || lower.contains("apple-app-site-association") { return .aasa }
        if lower.hasSuffix(".plist") { return .infoPlist }
        return nil
    }
}

extension YAMLNode {
    var mappingEntries: [Entry] {
        if case .mapping(let entries, _) = self { return entries }
        return []
    }
}
