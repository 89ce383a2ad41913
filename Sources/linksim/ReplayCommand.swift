import ArgumentParser
import Foundation
import LinkSimCore
import LinkSimIO

/// One scenario file's outcome in a replay: simulated, or rejected as bad input.
enum ReplayOutcome {
    case simulated(file: String, result: ScenarioResult)
    case invalid(file: String, error: InputError)

    var file: String {
        switch self {
        case .simulated(let file, _), .invalid(let file, _): return file
        }
    }

    var passed: Bool {
        if case .simulated(_, let result) = self { return result.passed }
        return false
    }
}

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run every scenario under the paths, check each `expect`, and print a pass/fail table.",
        discussion: """
            The last line is `N passed, M failed` (plus `, K skipped` when --fail-fast stopped early). \
            Files run on all cores (-j) and the table is printed as they finish, in the order of the sorted \
            file list. A file that is not a valid scenario is reported as an error and the others still run. \
            Exit 0 when every expectation held, 1 when one failed, 65 when a file is not a valid scenario. \
            With GITHUB_ACTIONS=true each failure is also printed as a GitHub Actions `::error` annotation.
            """
    )

    @Argument(help: "Scenario files or folders (searched recursively for *.yaml and *.yml).")
    var paths: [String]

    @Option(name: .customLong("junit"), help: "Also write a JUnit XML report to this file.")
    var junitPath: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    // `-j4` as well as `-j 4`; a negative number is read as the value (and refused with the range), not as an option.
    @Option(
        name: .customShort("j", allowingJoined: true), parsing: .unconditional,
        help: ArgumentHelp("Files to run at once (default: every core).", valueName: "N"))
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "Run only shard I of N (1-based): the sorted files dealt round-robin, so N CI jobs with the same files split the suite.", valueName: "I/N"))
    var shard: String?

    @Option(name: .customLong("tag"), help: ArgumentHelp("Only scenarios with this tag (repeatable: any of them).", valueName: "tag"))
    var tags: [String] = []

    @Option(help: ArgumentHelp("Only scenarios whose file path or name contains this text (case-insensitive).", valueName: "text"))
    var filter: String?

    @Flag(name: .customLong("fail-fast"), help: "Stop at the first failing or invalid file (in table order); the rest count as skipped.")
    var failFast = false

    @Flag(name: .customLong("only-failures"), help: "Show only failing and invalid files in the table (the summary counts all).")
    var onlyFailures = false

    /// `detail: .verdicts` when nothing shown needs the trace (the text table): no step text is built,
    /// and a scenario that fails is simulated again with `.full`, so what is printed is what it always was.
    static func replay(_ file: String, detail: TraceDetail = .full) -> ReplayOutcome {
        simulate(load(file), file: file, detail: detail)
    }

    /// The first half of a replay: the file read, parsed and checked.
    static func load(_ file: String) -> Swift.Result<Scenario, InputError> {
        do throws(InputError) {
            return .success(try ScenarioLoader.load(path: file))
        } catch {
            return .failure(error)
        }
    }

    /// The second half: a loaded scenario simulated (again with every step's text when it fails, for the report).
    static func simulate(_ loaded: Swift.Result<Scenario, InputError>, file: String, detail: TraceDetail) -> ReplayOutcome {
        switch loaded {
        case .success(let scenario):
            let result = Simulator.run(scenario, detail: detail)
            if detail != .full, !result.passed { return .simulated(file: file, result: Simulator.run(scenario)) }
            return .simulated(file: file, result: result)
        case .failure(let error):
            return .invalid(file: file, error: error)
        }
    }

    /// `I/N` → (index 0-based, count).
    static func parseShard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else { return nil }
        return (i - 1, n)
    }

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one scenario file or folder") }
        if paths.contains("-") {
            throw ValidationError("replay reads files and folders, not standard input: use `linksim run -` or `linksim validate -`")
        }
        if let jobs, !(1...1024).contains(jobs) { throw ValidationError("-j must be between 1 and 1024, not \(jobs)") }
        if let shard, Self.parseShard(shard) == nil {
            throw ValidationError("--shard must be I/N with 1 ≤ I ≤ N, e.g. 2/4, not '\(shard)'")
        }
    }

    func run() throws {
        let (found, missing, empty) = ScenarioFiles.collect(paths)
        // A path that does not exist, or a folder with no scenario, is bad input (65) as in `run` and `validate`,
        // whatever else is listed. It is a row like an invalid file's (ERROR in the table, in JSON, an <error> case
        // in JUnit, a GitHub annotation), counted as failed, so no report looks green while the exit is 65.
        let unreadable =
            missing.map { ReplayOutcome.invalid(file: $0, error: InputError(file: $0, "no such file or folder")) }
            + empty.map { ReplayOutcome.invalid(file: $0, error: InputError(file: $0, "no *.yaml or *.yml files in this folder")) }
        if let junitPath { try ReportOutput.check(junitPath, option: "--junit", inputs: found, kind: .junit) }
        var sharded = found
        if let shard, let (index, count) = Self.parseShard(shard) {
            sharded = sharded.enumerated().filter { $0.offset % count == index }.map(\.element)
        }
        let files = sharded

        let selection = ReplaySelection(tags: tags, filter: filter)
        let annotate = ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true"
        let text = TextReporter(color: Console.useColor)
        let junit = junitPath != nil
        let format = self.format
        let onlyFailures = self.onlyFailures

        // Each file becomes a Row on a worker thread; the rows are printed here, in file order.
        // A thread takes a few files at a time: it loads them all, then simulates them (see `OrderedWork`).
        let threads = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let chunk = OrderedWork<ReplayRow>.chunk(count: files.count, jobs: threads)
        let rows = OrderedWork<ReplayRow>(count: files.count, jobs: threads, chunk: chunk) { range in
            ReplayRow.make(files: files[range], selection: selection, junit: junit, format: format, text: text, annotate: annotate)
        }
        var builder = JUnitReporter.Builder()
        var passed = 0
        var failed = 0
        var invalid = 0
        var shown = 0
        var output = ReplayOutput()
        if format == .json { output.out("{\"scenarios\": [") }
        var stoppedAt: Int? = nil
        func emit(_ row: ReplayRow) {
            if row.invalid { invalid += 1 } else if row.passed { passed += 1 } else { failed += 1 }
            if let stderrText = row.stderr { output.error(stderrText) }
            switch format {
            case .text:
                if !onlyFailures || !row.passed { output.out(row.output) }
                for annotation in row.annotations { output.out(annotation + "\n") }
            case .json:
                output.out((shown > 0 ? ", " : "") + row.output)
                for annotation in row.annotations { output.error(annotation) }
            }
            shown += 1
            if let testcase = row.junit { builder.add(testcase) }
        }
        for outcome in unreadable {
            let row = ReplayRow.make(
                file: outcome.file, outcome: outcome, elapsed: .zero, selection: ReplaySelection(tags: [], filter: nil), junit: junit,
                format: format, text: text, annotate: annotate)
            if let row { emit(row) }
        }
        if failFast && !unreadable.isEmpty {
            stoppedAt = -1  // the first failure is on the command line: every file is skipped
        } else {
            rows.forEachInOrder { index, row in
                guard let row else { return true }  // not selected
                emit(row)
                if failFast && !row.passed {
                    stoppedAt = index
                    return false
                }
                return true
            }
        }
        let skippedFiles = stoppedAt.map { rows.selectedIndices(after: $0) } ?? []
        let skipped = skippedFiles.count
        if junit {
            // The case keeps the name a run gives it (the scenario's), so CI history follows the test.
            for index in skippedFiles {
                let name = try? ReplayCommand.load(files[index]).get().name
                builder.add(.skipped(file: files[index], name: name))
            }
        }
        let failedTotal = failed + invalid
        switch format {
        case .text:
            output.out("\(passed) passed, \(failedTotal) failed" + (skipped > 0 ? ", \(skipped) skipped" : "") + "\n")
        case .json:
            output.out("], \"passed\": \(passed), \"failed\": \(failedTotal)" + (skipped > 0 ? ", \"skipped\": \(skipped)" : "") + "}\n")
        }
        output.flush()
        if let junitPath {
            // Written after the table, so a report that cannot be written never hides the results.
            do {
                try AtomicFileWriter.write(builder.document(), to: junitPath)
            } catch {
                Console.error("linksim: error: cannot write the JUnit report: \(error.description)")
                throw ExitStatus.ioError
            }
        }
        if invalid > 0 || !missing.isEmpty || !empty.isEmpty { throw ExitStatus.badInput }
        if failed > 0 { throw ExitStatus.expectationFailed }
        // A selection that keeps nothing is a mistyped tag or filter, not a passing run (CI would go green).
        if shown == 0, !files.isEmpty, !tags.isEmpty || filter != nil {
            var what: [String] = []
            if !tags.isEmpty { what.append("--tag " + tags.map { "`\($0)`" }.joined(separator: " or ")) }
            if let filter { what.append("--filter `\(filter)`") }
            Console.error("linksim: error: no scenario among the \(files.count) file(s) matches \(what.joined(separator: " and ")); nothing was checked")
            throw ExitStatus.usage
        }
    }
}

/// Replay's standard output. Written as it comes on a terminal (rows show as files finish); otherwise
/// gathered into blocks of 64 KB, since a write(2) per row was a measurable part of replaying 10,000
/// files. Standard error is written at once, after what standard output has gathered, so the two keep
/// their order when they go to the same place.
struct ReplayOutput {
    private let gathers = isatty(STDOUT_FILENO) == 0
    private var pending = ""

    mutating func out(_ text: String) {
        guard gathers else { return Console.out(text) }
        pending += text
        if pending.utf8.count >= 1 << 16 { flush() }
    }

    mutating func error(_ text: String) {
        flush()
        Console.error(text)
    }

    mutating func flush() {
        guard !pending.isEmpty else { return }
        Console.out(pending)
        pending = ""
    }
}

/// Which scenarios `--tag` and `--filter` keep.
struct ReplaySelection: Sendable {
    var tags: [String]
    var filter: String?

    /// Before loading: nil = undecided (the name may still match).
    func keepsPath(_ file: String) -> Bool? {
        guard let filter else { return nil }
        return file.lowercased().contains(filter.lowercased()) ? true : nil
    }

    func keeps(_ scenario: Scenario, file: String) -> Bool {
        if let filter, !file.lowercased().contains(filter.lowercased()),
            !scenario.name.lowercased().contains(filter.lowercased())
        {
            return false
        }
        if !tags.isEmpty, !scenario.tags.contains(where: tags.contains) { return false }
        return true
    }

    /// A file that is not a valid scenario has no name or tags: it is kept unless --filter names
    /// something its path does not contain (a broken file must not hide behind --tag).
    func keepsInvalid(_ file: String) -> Bool {
        guard let filter else { return true }
        return file.lowercased().contains(filter.lowercased())
    }
}

/// What replay keeps of one file once it has run: the rendered table row (or JSON element), the
/// JUnit testcase and the counts. The simulation itself is dropped at once, so memory does not
/// grow with the number of files.
struct ReplayRow: Sendable {
    var passed: Bool
    var invalid: Bool
    var output: String
    var stderr: String?
    var annotations: [String]
    var junit: JUnitReporter.Case?

    /// The rows of a few files: all of them loaded first, then each simulated. The time a JUnit testcase
    /// reports is its file's load and simulation.
    static func make(
        files: ArraySlice<String>, selection: ReplaySelection, junit: Bool, format: OutputFormat,
        text: TextReporter, annotate: Bool
    ) -> [ReplayRow?] {
        let clock = ContinuousClock()
        var loaded: [(scenario: Swift.Result<Scenario, InputError>, took: Duration)] = []
        loaded.reserveCapacity(files.count)
        for file in files {
            let start = clock.now
            let scenario = ReplayCommand.load(file)
            loaded.append((scenario, start.duration(to: clock.now)))
        }
        var rows: [ReplayRow?] = []
        rows.reserveCapacity(files.count)
        for (offset, file) in files.enumerated() {
            let start = clock.now
            // The text table shows no trace; JSON and JUnit (its system-out) carry every step's text.
            let outcome = ReplayCommand.simulate(
                loaded[offset].scenario, file: file, detail: format == .text && !junit ? .verdicts : .full)
            let elapsed = loaded[offset].took + start.duration(to: clock.now)
            rows.append(
                make(file: file, outcome: outcome, elapsed: elapsed, selection: selection, junit: junit, format: format, text: text, annotate: annotate))
        }
        return rows
    }

    static func make(
        file: String, outcome: ReplayOutcome, elapsed: Duration, selection: ReplaySelection, junit: Bool,
        format: OutputFormat, text: TextReporter, annotate: Bool
    ) -> ReplayRow? {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        switch outcome {
        case .simulated(_, let result):
            if !selection.keeps(result.scenario, file: file) { return nil }
        case .invalid:
            if !selection.keepsInvalid(file) { return nil }
        }
        var row = ReplayRow(passed: outcome.passed, invalid: false, output: "", stderr: nil, annotations: [], junit: nil)
        switch format {
        case .text: row.output = text.replayRow(outcome)
        case .json: row.output = JSONReporter.replayItem(outcome).render()
        }
        if junit { row.junit = JUnitReporter.testcase(outcome, seconds: seconds) }
        switch outcome {
        case .invalid(_, let error):
            row.invalid = true
            row.stderr = error.description
            if annotate {
                row.annotations = error.diagnostics.map { diagnostic in
                    GitHubAnnotation.error(
                        file: diagnostic.location?.file ?? diagnostic.file, line: diagnostic.location?.line,
                        column: diagnostic.location?.column, title: "not a valid scenario",
                        message: diagnostic.message)
                }
            }
        case .simulated(_, let result):
            if annotate {
                for r in result.results {
                    guard let check = r.check, !check.passed else { continue }
                    let location = r.action.expect?.location ?? r.action.location
                    row.annotations.append(
                        GitHubAnnotation.error(
                            file: file, line: location?.line, column: location?.column,
                            title: "\(result.scenario.name): action #\(r.index + 1)",
                            message: check.mismatches.map(\.description).joined(separator: "; ")))
                }
            }
        }
        return row
    }
}

/// GitHub Actions workflow commands (`::error file=…,line=…::message`), escaped as the runner
/// expects: `%`, CR and LF in the message; also `:` and `,` in properties. Control and bidi
/// characters are escaped with linksim's terminal policy first (the log is shown on a terminal).
enum GitHubAnnotation {
    static func error(file: String, line: Int?, column: Int?, title: String, message: String) -> String {
        var properties = ["file=" + property(file)]
        if let line { properties.append("line=\(line)") }
        if let column { properties.append("col=\(column)") }
        properties.append("title=" + property(title))
        return "::error " + properties.joined(separator: ",") + "::" + data(message)
    }

    static func data(_ text: String) -> String {
        SafeText.escape(
            text.replacingOccurrences(of: "%", with: "%25")
                .replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A"))
    }

    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
