import ArgumentParser
import Foundation
import LinkSimCore
import LinkSimIO

/// `linksim matrix FILE`: one link's landing over app state × tap source × OS version.
struct MatrixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Show where a scenario's links land over app state × where the tap happens × OS version.",
        discussion: """
            Each link (tap or long press) is simulated on its own on the scenario's world, once per cell. \
            Defaults: every app state of the first app (--app to pick another), every tap source of the \
            platform, and OS releases around the platform's rule changes plus the scenario's own. \
            A cell that rests on an assumption is marked `*`, one no sourced rule covers is `unknown?`; \
            the legend under each table says which. --save FILE writes the matrix as JSON; --expect FILE \
            compares with such a file, lists the cells that changed and exits 1 if any did.
            """
    )

    @Argument(help: "A scenario file (`-` reads it from standard input).")
    var file: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Only this action (1-based, as `run` numbers them #N).", valueName: "N"))
    var action: Int?

    @Option(help: ArgumentHelp("A link to tap instead of the scenario's own (added as a tap from notes).", valueName: "url"))
    var url: String?

    @Option(
        help: ArgumentHelp("The axes to vary, comma-separated: state, from, os (default: all three). The others keep the scenario's value.", valueName: "axes"))
    var axes: String?

    @Option(help: ArgumentHelp("App states to try, comma-separated (default: all).", valueName: "states"))
    var states: String?

    @Option(name: .customLong("from"), help: ArgumentHelp("Tap sources to try, comma-separated (default: every one of the platform).", valueName: "sources"))
    var sources: String?

    @Option(
        name: .customLong("os"),
        help: ArgumentHelp("OS versions to try, comma-separated, e.g. 16.7,17.4 or 12,14 (Android versions) or api34.", valueName: "versions"))
    var versions: String?

    @Option(name: .customLong("app"), help: ArgumentHelp("The app whose state varies (default: the first).", valueName: "id"))
    var appID: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Option(name: .customLong("junit"), help: ArgumentHelp("Also write a JUnit report: one test case per cell.", valueName: "file"))
    var junitPath: String?

    @Option(help: ArgumentHelp("Write the matrix as JSON to this file (for a later --expect).", valueName: "file"))
    var save: String?

    @Option(help: ArgumentHelp("Compare with a matrix saved by --save (or --format json) and list the cells that changed.", valueName: "file"))
    var expect: String?

    func run() throws {
        // The baseline `--expect` reads is an input too: a run that replaced it would pass next time whatever changed.
        if let save {
            if let expect, ReportOutput.samePath(save, expect) {
                throw ValidationError(
                    "--save: `\(save)` is the baseline --expect compares with; a report never replaces it. To update the baseline, run again with --save alone")
            }
            try ReportOutput.check(save, option: "--save", inputs: [file] + (expect.map { [$0] } ?? []), kind: .matrix)
        }
        if let junitPath {
            if let save, ReportOutput.samePath(junitPath, save) {
                throw ValidationError("--junit and --save name the same file `\(junitPath)`; one report would replace the other, so give two files")
            }
            try ReportOutput.check(junitPath, option: "--junit", inputs: [file] + (expect.map { [$0] } ?? []), kind: .junit)
        }
        var world = try ScenarioFiles.load(file)
        var actions: [Int]? = nil
        if let url {
            guard URLParts(url) != nil else {
                throw ValidationError("--url: `\(url)` is not a URL with a scheme, e.g. https://example.com/path or shopapp://item/1")
            }
            world.actions.append(Action(kind: .tap(Tap(url: url, from: .notes))))
            actions = [world.actions.count - 1]
        } else if let action {
            actions = [try ScenarioFiles.actionIndex(action, in: world, needsLink: true)]
        }
        guard !(actions ?? LinkMatrix.linkActions(world)).isEmpty else {
            throw ValidationError("\(file) has no tap or long press; give one with --url")
        }
        let request = try makeRequest(world, actions: actions)
        let links = LinkMatrix.compute(world, request)

        var changes: [LinkMatrix.Change]? = nil
        if let expect { changes = LinkMatrix.changes(saved: try Self.readSaved(expect), current: links) }

        let json = MatrixReport.json(links, file: file, world: world, request: request)
        switch format {
        case .text:
            Console.out(MatrixReport.text(links, world: world, request: request))
        case .json:
            Console.out(json + "\n")
        }
        if let save { try write(json + "\n", to: save, what: "the matrix") }
        if let junitPath { try write(MatrixReport.junit(links, file: file, changes: changes ?? []), to: junitPath, what: "the JUnit report") }
        if let changes {
            if changes.isEmpty {
                Console.error("matrix: no cell changed from \(expect ?? "")")
            } else {
                var lines = ["matrix: \(changes.count) cell(s) changed from \(expect ?? ""):"]
                for change in changes {
                    lines.append("  \(change.coordinates): \(change.before ?? "(not in the saved matrix)") → \(change.after ?? "(gone)")")
                }
                // The list is data a CI log needs: stdout in text format, stderr next to JSON.
                if format == .text { Console.line(lines.joined(separator: "\n")) } else { Console.error(lines.joined(separator: "\n")) }
                throw ExitStatus.expectationFailed
            }
        }
    }

    func write(_ text: String, to path: String, what: String) throws {
        do {
            try AtomicFileWriter.write(text, to: path)
        } catch {
            Console.error("linksim: error: cannot write \(what): \(error.description)")
            throw ExitStatus.ioError
        }
    }

    func makeRequest(_ world: Scenario, actions: [Int]?) throws -> LinkMatrix.Request {
        var axisSet = Set(LinkMatrix.Axis.allCases)
        if let axes {
            axisSet = []
            for name in Self.list(axes) {
                guard let axis = LinkMatrix.Axis(rawValue: name) else {
                    throw ValidationError(
                        "--axes: `\(name)` is not an axis; use state, from, os\(Suggestion.didYouMean(name, among: LinkMatrix.Axis.allCases.map(\.rawValue)))")
                }
                axisSet.insert(axis)
            }
        }
        var request = LinkMatrix.Request.defaults(for: world, axes: axisSet)
        request.actions = actions
        if let appID {
            guard let index = world.appIndex(appID) else {
                throw ValidationError("--app: no app `\(appID)` in the scenario\(Suggestion.didYouMean(appID, among: world.apps.map(\.id)))")
            }
            request.app = index
        }
        if let states {
            request.states = try Self.list(states).map { name in
                guard let state = AppState(rawValue: name) else {
                    throw ValidationError(
                        "--states: `\(name)` is not an app state; use \(AppState.allCases.map(\.rawValue).joined(separator: ", "))\(Suggestion.didYouMean(name, among: AppState.allCases.map(\.rawValue)))"
                    )
                }
                return state
            }
        }
        if let sources {
            request.sources = try Self.list(sources).map { name in
                guard let source = TapSource(rawValue: name), source.exists(on: world.device.platform) else {
                    let valid = LinkMatrix.sources(for: world.device.platform).map(\.rawValue)
                    throw ValidationError(
                        "--from: `\(name)` is not a tap source on \(world.device.platform.displayName); use \(valid.joined(separator: ", "))\(Suggestion.didYouMean(name, among: valid))"
                    )
                }
                return source
            }
        }
        if let versions {
            request.versions = try Self.list(versions).map { name in
                try OSOption.parse(name, platform: world.device.platform, option: "--os")
            }
        }
        return request
    }

    static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Reads a matrix saved as JSON: coordinates → outcome.
    static func readSaved(_ path: String) throws -> [String: String] {
        let data = Data(try RealFileInput.readForCommand(path))
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let links = object["links"] as? [[String: Any]]
        else {
            Console.error("\(path): error: not a matrix saved by `linksim matrix --save` (expected a JSON object with `links`)")
            throw ExitStatus.badInput
        }
        var saved: [String: String] = [:]
        for link in links {
            for cell in link["cells"] as? [[String: Any]] ?? [] {
                if let key = cell["coordinates"] as? String, let outcome = cell["outcome"] as? String { saved[key] = outcome }
            }
        }
        return saved
    }
}

/// Text, JSON and JUnit for a matrix.
enum MatrixReport {
    static func stateLabel(_ state: AppState?) -> String { state?.rawValue ?? "-" }

    /// A cell as shown in the table: the short landing, `*` when an assumption decided it, and
    /// `unknown?` when no sourced rule covers it.
    static func label(_ cell: LinkMatrix.Cell) -> String {
        switch cell.certainty {
        case .sourced: return ResultFacts.shortLabel(cell.landing)
        case .assumption: return ResultFacts.shortLabel(cell.landing) + "*"
        case .unknown: return "unknown?"
        }
    }

    /// One table per link and OS version: rows are where the tap happens, columns the app states.
    static func text(_ links: [LinkMatrix.Link], world: Scenario, request: LinkMatrix.Request) -> String {
        var out = ""
        let appName = world.apps.indices.contains(request.app) ? world.apps[request.app].id : nil
        for link in links {
            out += "#\(link.action + 1) \(SafeText.escape(Describe.action(world.actions[link.action].kind)))\n"
            var versions: [OSVersion] = []
            for cell in link.cells where !versions.contains(cell.os) { versions.append(cell.os) }
            var states: [AppState?] = []
            for cell in link.cells where !states.contains(cell.state) { states.append(cell.state) }
            var sources: [TapSource] = []
            for cell in link.cells where !sources.contains(cell.from) { sources.append(cell.from) }
            var notes: [String] = []
            for os in versions {
                out += "\n  \(world.device.platform.displayName) \(os)" + (appName.map { " · state of \(SafeText.escape($0))" } ?? "") + "\n"
                let labels = states.map(stateLabel)
                let firstWidth = max(12, (sources.map(\.rawValue.count).max() ?? 0) + 2)
                var rows: [[String]] = []
                for source in sources {
                    var row: [String] = []
                    for state in states {
                        let cell = link.cells.first { $0.os == os && $0.state == state && $0.from == source }
                        row.append(cell.map(label) ?? "")
                        if let cell, let note = cell.certainty.note {
                            let line = cell.certainty == .sourced ? "" : (cell.certainty.name == "unknown" ? "unknown?: " : "*: ") + note
                            if !notes.contains(line) { notes.append(line) }
                        }
                    }
                    rows.append(row)
                }
                let widths = labels.indices.map { column in
                    max(labels[column].count, rows.map { $0[column].count }.max() ?? 0) + 2
                }
                func line(_ first: String, _ cells: [String]) -> String {
                    let text = "  " + pad(first, firstWidth) + zip(cells, widths).map { pad($0, $1) }.joined()
                    return String(text.reversed().drop { $0 == " " }.reversed()) + "\n"
                }
                out += line("from \\ state", labels)
                for (source, row) in zip(sources, rows) { out += line(source.rawValue, row) }
            }
            if !notes.isEmpty {
                out += "\n" + notes.map { "  " + SafeText.escape($0) + "\n" }.joined()
            }
            out += "\n"
        }
        return out
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    /// `matrix --format json`.
    struct MatrixJSON: Encodable {
        struct Link: Encodable {
            var action: Int
            var url: String
            var cells: [Cell]
        }
        struct Cell: Encodable {
            var state: String?
            var from: String
            var os: String
            var landing: ContractJSON.LandingReport?
            var rule: String?
            var certainty: String
            var note: String?
            var coordinates: String
            var outcome: String

            init(_ cell: LinkMatrix.Cell) {
                state = cell.state?.rawValue
                from = cell.from.rawValue
                os = LinkMatrix.osKey(cell.os)
                landing = cell.landing.map { ContractJSON.LandingReport($0) }
                rule = cell.rule?.rawValue
                certainty = cell.certainty.name
                note = cell.certainty.note
                coordinates = LinkMatrix.coordinates(cell)
                outcome = LinkMatrix.outcome(cell)
            }
        }
        var file: String
        var platform: String
        var app: String?
        var links: [Link]
    }

    static func json(_ links: [LinkMatrix.Link], file: String, world: Scenario, request: LinkMatrix.Request) -> String {
        JSONValueEncoder.render(
            MatrixJSON(
                file: file, platform: world.device.platform.rawValue,
                app: world.apps.indices.contains(request.app) ? world.apps[request.app].id : nil,
                links: links.map { MatrixJSON.Link(action: $0.action, url: $0.url, cells: $0.cells.map(MatrixJSON.Cell.init)) }))
    }

    /// One testsuite per link, one testcase per cell. A cell that changed from `--expect` fails;
    /// a cell no sourced rule covers is skipped (with the reason), never passed.
    static func junit(_ links: [LinkMatrix.Link], file: String, changes: [LinkMatrix.Change]) -> String {
        let changed = Dictionary(changes.map { ($0.coordinates, $0) }, uniquingKeysWith: { a, _ in a })
        let e = JUnitReporter.escape
        let total = links.map(\.cells.count).reduce(0, +)
        var failures = 0
        var skipped = 0
        var body = ""
        for link in links {
            var suite = ""
            var suiteFailures = 0
            var suiteSkipped = 0
            for cell in link.cells {
                let key = LinkMatrix.coordinates(cell)
                suite += "    <testcase name=\"\(e(key))\" classname=\"\(e(file))#\(link.action + 1)\" time=\"0.000\">\n"
                suite += "      <properties>\n"
                suite += "        <property name=\"certainty\" value=\"\(cell.certainty.name)\"/>\n"
                if let rule = cell.rule { suite += "        <property name=\"rule\" value=\"\(e(rule.rawValue))\"/>\n" }
                if let note = cell.certainty.note { suite += "        <property name=\"note\" value=\"\(e(note))\"/>\n" }
                suite += "      </properties>\n"
                if let change = changed[key] {
                    suiteFailures += 1
                    let message = "\(change.before ?? "(new cell)") → \(change.after ?? "(gone)")"
                    suite += "      <failure message=\"\(e(message))\" type=\"MatrixChanged\">\(e(message))</failure>\n"
                } else if case .unknown(let reason) = cell.certainty {
                    suiteSkipped += 1
                    suite += "      <skipped message=\"\(e("unknown: " + reason))\"/>\n"
                }
                suite += "      <system-out>\(e(cell.landing.map(Describe.landing) ?? "no landing"))</system-out>\n"
                suite += "    </testcase>\n"
            }
            failures += suiteFailures
            skipped += suiteSkipped
            body +=
                "  <testsuite name=\"\(e(file))#\(link.action + 1) \(e(link.url))\" tests=\"\(link.cells.count)\" failures=\"\(suiteFailures)\" errors=\"0\" skipped=\"\(suiteSkipped)\">\n"
                + suite + "  </testsuite>\n"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"linksim matrix\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
            + body + "</testsuites>\n"
    }
}
