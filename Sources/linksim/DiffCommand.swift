import ArgumentParser
import Foundation
import LinkSimCore

/// `linksim diff OLD NEW`: which links land elsewhere after a change.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show every link × app state whose landing changes between two scenarios, or two versions of a file.",
        discussion: """
            OLD and NEW are two scenario files, or — with --scenario BASE — two versions of a file BASE uses \
            (apple-app-site-association, assetlinks.json, AndroidManifest.xml, entitlements, Info.plist). \
            The file BASE refers to with the same name as OLD (or NEW) is replaced by each version in turn; \
            --replace names it when the names differ. An AASA or assetlinks.json file BASE does not refer \
            to is served by --host instead. The links compared are the scenarios' taps plus every scheme, \
            host and path the apps and files claim, each in every app state. \
            Exit 1 when a landing changed (a CI gate), 0 when none did.
            """
    )

    @Argument(help: "The old scenario, or the old version of a file (with --scenario).")
    var old: String

    @Argument(help: "The new scenario, or the new version of the file.")
    var new: String

    @Option(help: ArgumentHelp("The base scenario the two file versions are applied to.", valueName: "file"))
    var scenario: String?

    @Option(help: ArgumentHelp("The path, as the base scenario names it, of the file OLD and NEW replace.", valueName: "path"))
    var replace: String?

    @Option(help: ArgumentHelp("The host that serves an AASA or assetlinks.json the base scenario does not refer to.", valueName: "host"))
    var host: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func run() throws {
        let (before, after) = try worlds()
        let entries = ScenarioDiff.compare(old: before, new: after)
        switch format {
        case .text: Console.out(Self.text(entries, probes: ScenarioDiff.probes(before, after).count))
        case .json: Console.out(Self.json(entries) + "\n")
        }
        if !entries.isEmpty { throw ExitStatus.expectationFailed }
    }

    func worlds() throws -> (Scenario, Scenario) {
        guard let scenario else {
            if replace != nil || host != nil { throw ValidationError("--replace and --host need --scenario BASE") }
            return (try ScenarioFiles.load(old), try ScenarioFiles.load(new))
        }
        let oldBytes = try Self.read(old)
        let newBytes = try Self.read(new)
        // Which files does the base read? Load it once, recording them.
        let recorder = RecordingFiles()
        _ = try load(scenario, reader: recorder)
        let read = recorder.paths.filter { $0 != scenario }
        let target: String?
        if let replace {
            target = read.first {
                $0 == replace || $0.hasSuffix("/" + replace) || ($0 as NSString).standardizingPath == (replace as NSString).standardizingPath
            }
            if target == nil {
                throw ValidationError(
                    "--replace \(replace): \(scenario) does not refer to it; it reads \(read.isEmpty ? "no other file" : read.joined(separator: ", "))")
            }
        } else {
            let names = Set([(old as NSString).lastPathComponent, (new as NSString).lastPathComponent])
            let matches = read.filter { names.contains(($0 as NSString).lastPathComponent) }
            if matches.count > 1 {
                throw ValidationError("\(scenario) reads several files named like \(old): \(matches.joined(separator: ", ")); say which with --replace")
            }
            target = matches.first
        }
        if let target {
            return (
                try load(scenario, reader: SubstitutedFiles(path: target, bytes: oldBytes)),
                try load(scenario, reader: SubstitutedFiles(path: target, bytes: newBytes))
            )
        }
        // Not referred to: serve an association file for a host.
        let base = try load(scenario, reader: LocalFiles())
        let kind = Self.associationKind(oldBytes)
        guard let kind, kind == Self.associationKind(newBytes) else {
            throw ValidationError(
                "\(scenario) refers to no file named \((old as NSString).lastPathComponent); give --replace PATH (one of: \(read.isEmpty ? "none" : read.joined(separator: ", ")))"
            )
        }
        let hostName = try host ?? Self.defaultHost(base, kind: kind)
        func serving(_ bytes: [UInt8], _ origin: String) -> Scenario {
            var world = base
            let name = hostName.lowercased()
            var webHost = world.web.hosts[name] ?? WebHost(host: name)
            let resource = WebResource(body: bytes, origin: origin)
            switch kind {
            case .aasa:
                webHost.aasa = resource
                webHost.cdnAASA = nil  // the CDN holds what the server answers
            case .assetlinks:
                webHost.assetlinks = resource
            }
            world.web.hosts[name] = webHost
            return world
        }
        return (serving(oldBytes, old), serving(newBytes, new))
    }

    enum AssociationKind { case aasa, assetlinks }

    static func associationKind(_ bytes: [UInt8]) -> AssociationKind? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) else { return nil }
        if object is [Any] { return .assetlinks }
        if let dictionary = object as? [String: Any],
            dictionary["applinks"] != nil || dictionary["webcredentials"] != nil
                || dictionary["appclips"] != nil
        {
            return .aasa
        }
        return nil
    }

    static func defaultHost(_ world: Scenario, kind: AssociationKind) throws -> String {
        let served = world.web.hosts.values.filter { kind == .aasa ? $0.aasa != nil : $0.assetlinks != nil }.map(\.host)
        if served.count == 1 { return served[0] }
        var claimed: [String] = []
        for app in world.apps {
            claimed += app.associatedDomains.compactMap { AppLinksEntry($0)?.fileHost }
            for activity in app.activities {
                for filter in activity.intentFilters where filter.autoVerify { claimed += filter.data.compactMap(\.host) }
            }
        }
        let unique = Array(Set(claimed.map { $0.lowercased() })).sorted()
        if unique.count == 1 { return unique[0] }
        throw ValidationError(
            "say which host serves the file with --host (the scenario has \(unique.isEmpty ? "no claimed host" : unique.joined(separator: ", ")))")
    }

    func load(_ path: String, reader: any FileReader) throws -> Scenario {
        do {
            return try ScenarioLoader.load(path: path, reader: reader)
        } catch {
            Console.error(error.description)
            throw ExitStatus.badInput
        }
    }

    static func read(_ path: String) throws -> [UInt8] { try RealFileInput.readForCommand(path) }

    static func describe(_ side: ScenarioDiff.Side) -> String {
        var text = side.landing.map { "\($0.kind.rawValue.uppercased()) \(Describe.landing($0))" } ?? "no landing"
        switch side.certainty {
        case .sourced: break
        case .assumption(let note): text += " (\(Describe.assumption(note)))"
        case .unknown(let reason): text = "UNKNOWN (no sourced rule: \(reason))"
        }
        return text + (side.rule.map { "  [\($0)]" } ?? "")
    }

    static func text(_ entries: [ScenarioDiff.Entry], probes: Int) -> String {
        var out = ""
        for entry in entries {
            var head = "\(entry.url) from \(entry.from.rawValue)"
            if let app = entry.app, let state = entry.state { head += ", \(app) \(state.rawValue)" }
            out += SafeText.escape(head) + "\n"
            out += "  before: " + SafeText.escape(describe(entry.before)) + "\n"
            out += "  after:  " + SafeText.escape(describe(entry.after)) + "\n"
        }
        out +=
            entries.isEmpty
            ? "no landing changed (\(probes) link(s) compared in every app state)\n"
            : "\(entries.count) landing(s) changed (\(probes) link(s) compared in every app state)\n"
        return out
    }

    /// `diff --format json`.
    struct DiffJSON: Encodable {
        struct Side: Encodable {
            var landing: ContractJSON.LandingReport?
            var rule: String?
            var certainty: String
            var note: String?
            init(_ side: ScenarioDiff.Side) {
                landing = side.landing.map { ContractJSON.LandingReport($0) }
                rule = side.rule?.rawValue
                certainty = side.certainty.name
                note = side.certainty.note
            }
        }
        struct Change: Encodable {
            var url: String
            var from: String
            var app: String?
            var state: String?
            var before: Side
            var after: Side
        }
        var changed: Int
        var changes: [Change]
    }

    static func json(_ entries: [ScenarioDiff.Entry]) -> String {
        JSONValueEncoder.render(
            DiffJSON(
                changed: entries.count,
                changes: entries.map {
                    DiffJSON.Change(
                        url: $0.url, from: $0.from.rawValue, app: $0.app, state: $0.state?.rawValue,
                        before: DiffJSON.Side($0.before), after: DiffJSON.Side($0.after))
                }))
    }
}

/// Reads from disk and remembers which paths were read.
final class RecordingFiles: FileReader, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var paths: [String] { lock.withLock { recorded } }
    func read(_ path: String) throws -> [UInt8] {
        lock.withLock { recorded.append(path) }
        return try LocalFiles().read(path)
    }
    func exists(_ path: String) -> Bool { LocalFiles().exists(path) }
}

/// Disk, except that one path reads as the given bytes.
struct SubstitutedFiles: FileReader {
    var path: String
    var bytes: [UInt8]
    func read(_ path: String) throws -> [UInt8] { path == self.path ? bytes : try LocalFiles().read(path) }
    func exists(_ path: String) -> Bool { path == self.path || LocalFiles().exists(path) }
}
