import Dispatch
import Foundation
import LinkSimCore
import LinkSimTUI
import Yams
#if canImport(Glibc)
import Glibc
#endif

// linksim-bench: measures every row of README's speed goals (issue #14) in one run.
//
//   swift build -c release && swift run -c release linksim-bench [--json] [--quick]
//       [--library scenarios] [--jobs 2] [--files 10000] [--memory-files 50000]
//
// It copies the scenario library into a temporary folder as many times as needed (10,000 files
// for replay, 50,000 for replay's peak memory), runs the built `linksim` binary next to this one
// for the whole-process rows, and the library in-process for the rest. `--json` prints one object.
// `--quick` uses tiny sizes: a smoke test that every row runs, not a measurement.

struct Options {
    var json = false
    var quick = false
    var library = "scenarios"
    var jobs = 2
    var files = 10_000
    var memoryFiles = 50_000
    /// Only these rows (sim, aasa, filter, run, tui, replay): for profiling one of them.
    var only: Set<String> = []

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = rest.popFirst() else { throw BenchError.usage("\(flag) needs a value") }
            return next
        }
        func number(_ flag: String) throws -> Int {
            let text = try value(flag)
            guard let n = Int(text), n > 0 else { throw BenchError.usage("\(flag) takes a positive number, not \(text)") }
            return n
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--json": json = true
            case "--quick": quick = true
            case "--library": library = try value(argument)
            case "--jobs", "-j": jobs = try number(argument)
            case "--files": files = try number(argument)
            case "--memory-files": memoryFiles = try number(argument)
            case "--only": only = Set(try value(argument).split(separator: ",").map(String.init))
            case "-h", "--help":
                print("usage: linksim-bench [--json] [--quick] [--library DIR] [--jobs N] [--files N] [--memory-files N] [--only sim,aasa,filter,run,tui,replay]")
                exit(0)
            default: throw BenchError.usage("unknown argument \(argument)")
            }
        }
        if quick {
            files = min(files, 400)
            memoryFiles = min(memoryFiles, 800)
        }
    }
}

enum BenchError: Error, CustomStringConvertible {
    case usage(String)
    case failed(String)
    var description: String {
        switch self {
        case .usage(let m): return "usage: \(m)"
        case .failed(let m): return m
        }
    }
}

// MARK: - Measuring helpers

let clock = ContinuousClock()

func seconds(_ d: Duration) -> Double {
    let c = d.components
    return Double(c.seconds) + Double(c.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}

/// Runs a program with stdout and stderr to /dev/null; wall time and the child's peak RSS (wait4).
struct ChildRun {
    var status: Int32
    var seconds: Double
    var peakRSSMB: Double
}

func spawn(_ program: String, _ arguments: [String]) throws -> ChildRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let start = clock.now
    let rc = posix_spawn(&pid, program, &actions, nil, argv, environ)
    guard rc == 0 else { throw BenchError.failed("cannot start \(program): \(String(cString: strerror(rc)))") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
        if errno != EINTR { throw BenchError.failed("wait4 failed for \(program)") }
    }
    let elapsed = seconds(clock.now - start)
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return ChildRun(status: exitStatus, seconds: elapsed, peakRSSMB: Double(usage.ru_maxrss) / 1024)
}

/// Runs `body(i)` for i in 0..<count on `jobs` threads (strided), as a 2-core replay would.
func parallel(_ count: Int, jobs: Int, _ body: @Sendable @escaping (Int) -> Int) -> Int {
    let totals = UnsafeMutableBufferPointer<Int>.allocate(capacity: jobs)
    totals.initialize(repeating: 0)
    defer { totals.deallocate() }
    nonisolated(unsafe) let shared = totals
    DispatchQueue.concurrentPerform(iterations: jobs) { worker in
        var sum = 0
        var i = worker
        while i < count {
            sum &+= body(i)
            i += jobs
        }
        shared[worker] = sum
    }
    return totals.reduce(0, +)
}

// MARK: - Data

func yamlFiles(under root: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    return walker.compactMap { $0 as? String }
        .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
        .sorted()
        .map { root + "/" + $0 }
}

/// A folder holding exactly `count` scenario files: whole copies of the library (so `file:`
/// references still resolve), the last copy trimmed.
func makeCorpus(library: String, count: Int, in parent: String, name: String) throws -> (folder: String, files: [String]) {
    let folder = parent + "/" + name
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let perCopy = yamlFiles(under: library).count
    guard perCopy > 0 else { throw BenchError.failed("no scenarios under \(library)") }
    let copies = (count + perCopy - 1) / perCopy
    for copy in 0..<copies {
        try FileManager.default.copyItem(atPath: library, toPath: folder + "/copy-\(copy)")
    }
    var files = yamlFiles(under: folder)
    // Sorted, so the files to drop are all in the last copies' tail; keep exactly `count`.
    for extra in files.dropFirst(count) { try FileManager.default.removeItem(atPath: extra) }
    files = Array(files.prefix(count))
    return (folder, files)
}

// MARK: - The rows

struct Results {
    var values: [(key: String, value: Double?)] = []
    var notes: [String] = []
    mutating func set(_ key: String, _ value: Double?) { values.append((key, value)) }
    func value(_ key: String) -> Double? { values.first { $0.key == key }?.value ?? nil }
}

func simulationRow(library: String, quick: Bool, into results: inout Results) throws {
    var scenarios: [Scenario] = []
    for file in yamlFiles(under: library) {
        if let scenario = try? ScenarioLoader.load(path: file) { scenarios.append(scenario) }
    }
    guard !scenarios.isEmpty else { throw BenchError.failed("no loadable scenario under \(library)") }
    for scenario in scenarios { _ = Simulator.run(scenario) }
    var perSimulation: [Double] = []
    var perAction: [Double] = []
    var checksum = 0
    for _ in 0..<(quick ? 3 : 60) {
        for scenario in scenarios {
            let start = clock.now
            let result = Simulator.run(scenario)
            let elapsed = seconds(clock.now - start) * 1e6
            perSimulation.append(elapsed)
            perAction.append(elapsed / Double(max(1, scenario.actions.count)))
            checksum &+= result.results.count
        }
    }
    if checksum == 0 { results.notes.append("no action was simulated") }
    results.set("sim_median_us", median(perSimulation))
    results.set("sim_p99_us", percentile(perSimulation, 0.99))
    results.set("action_median_us", median(perAction))
    results.notes.append("simulation: \(scenarios.count) library scenarios, \(perSimulation.count) runs")
}

func replayRows(options: Options, binary: String?, temp: String, into results: inout Results) throws {
    let corpus = try makeCorpus(library: options.library, count: options.files, in: temp, name: "replay")
    let files = corpus.files
    let jobs = options.jobs

    // The floor: reading and composing the same files with Yams (the basic resolver, as linksim).
    func composeAll(threads: Int) -> Double {
        let start = clock.now
        let nodes = parallel(files.count, jobs: threads) { i in
            guard let text = try? String(contentsOfFile: files[i], encoding: .utf8),
                  let node = try? Yams.compose(yaml: text, .basic, .default, .utf8) else { return 0 }
            return node.mapping?.count ?? 1
        }
        if nodes == 0 { return .nan }
        return seconds(clock.now - start)
    }

    // In-process replay: load + simulate + check every file on `jobs` threads, keeping only counts.
    func replayInProcess(threads: Int) -> Double {
        let start = clock.now
        let passed = parallel(files.count, jobs: threads) { i in
            guard let scenario = try? ScenarioLoader.load(path: files[i]) else { return 0 }
            return Simulator.run(scenario).passed ? 1 : 0
        }
        let elapsed = seconds(clock.now - start)
        if passed != files.count { results.notes.append("in-process replay: \(passed) of \(files.count) passed") }
        return elapsed
    }

    let scale = 10_000 / Double(files.count)
    _ = composeAll(threads: jobs)  // warm the file cache
    let compose1 = composeAll(threads: 1) * scale
    let composeJ = composeAll(threads: jobs) * scale
    let inProcess1 = replayInProcess(threads: 1) * scale
    let inProcessJ = replayInProcess(threads: jobs) * scale
    results.set("yams_compose_10k_s", composeJ)
    results.set("yams_compose_10k_1core_s", compose1)
    results.set("replay_inprocess_10k_s", inProcessJ)
    results.set("replay_inprocess_10k_1core_s", inProcess1)
    results.set("replay_inprocess_floor_ratio", inProcessJ / composeJ)

    guard let binary else {
        results.set("replay_10k_s", nil)
        results.set("replay_floor_ratio", nil)
        return
    }
    // `linksim replay -j N` when the binary has it; one core otherwise.
    let help = (try? capture(binary, ["replay", "--help"])) ?? ""
    let hasJobs = help.contains(" -j ") || help.contains(" -j,") || help.contains("--jobs")
    let replayArguments = ["replay"] + (hasJobs ? ["-j", "\(jobs)"] : []) + [corpus.folder]
    let run = try spawn(binary, replayArguments)
    if run.status != 0 { results.notes.append("linksim replay exited \(run.status) on the copied library") }
    let replay = run.seconds * scale
    let floor = hasJobs ? composeJ : compose1
    results.set("replay_10k_s", replay)
    results.set("replay_floor_ratio", replay / floor)
    results.set("replay_jobs", Double(hasJobs ? jobs : 1))
    results.set("replay_peak_rss_mb_10k", run.peakRSSMB)
    if !hasJobs {
        results.notes.append("this linksim has no `replay -j`: replay_10k_s is one core, compared with Yams on one core")
    }
    if files.count != 10_000 { results.notes.append("replay measured on \(files.count) files, scaled to 10,000") }
    try FileManager.default.removeItem(atPath: corpus.folder)

    // Peak memory at 50,000 files.
    let memoryCorpus = try makeCorpus(library: options.library, count: options.memoryFiles, in: temp, name: "memory")
    let memoryRun = try spawn(binary, ["replay"] + (hasJobs ? ["-j", "\(jobs)"] : []) + [memoryCorpus.folder])
    results.set("replay_peak_rss_mb_50k", memoryRun.peakRSSMB)
    results.set("replay_50k_s", memoryRun.seconds)
    if options.memoryFiles != 50_000 {
        results.notes.append("replay peak memory measured on \(options.memoryFiles) files (not scaled)")
    }
    try FileManager.default.removeItem(atPath: memoryCorpus.folder)
}

func capture(_ program: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// A file of 20 components for one app: 19 that miss, then the one that matches.
func twentyComponentAASA() throws -> AASADocument {
    var components: [String] = []
    for i in 0..<19 {
        switch i % 4 {
        case 0: components.append(#"{"/": "/section\#(i)/*"}"#)
        case 1: components.append(#"{"/": "/promo/\#(i)/*", "?": {"campaign": "spring?"}}"#)
        case 2: components.append(##"{"/": "/help/*", "#": "faq\##(i)", "caseSensitive": false}"##)
        default: components.append(#"{"/": "/*/archive/\#(i)/*", "exclude": true}"#)
        }
    }
    components.append(#"{"/": "/product/*"}"#)
    return try AASADocument(json: """
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [\(components.joined(separator: ","))]}]}}
        """)
}

func aasaRows(quick: Bool, into results: inout Results) throws {
    let document = try twentyComponentAASA()
    let appID = "ABCDE12345.com.example.shop"
    guard let ios = OSVersion.parse("17.4", platform: .ios) else { throw BenchError.failed("iOS version") }
    let urls = [
        "https://shop.example.com/product/42",
        "https://shop.example.com/nothing/here?x=1",
        "https://shop.example.com/checkout/cart#top",
        "https://shop.example.com/product/7?ref=mail",
    ]
    var sink = 0
    func rate(_ rounds: Int, _ check: (String) -> Int) -> Double {
        let start = clock.now
        for _ in 0..<rounds { for url in urls { sink &+= check(url) } }
        return Double(rounds * urls.count) / seconds(clock.now - start)
    }
    // The file is prepared once for the app (as it is parsed once), then checked many times.
    let prepared = AASAMatcher.Prepared(document: document, appID: appID, ios: ios)
    let fast = rate(quick ? 200 : 400_000) { url in
        prepared.verdict(url: url).result == .match ? 1 : 0
    }
    let oneShot = rate(quick ? 200 : 100_000) { url in
        AASAMatcher.verdict(url: url, appID: appID, document: document, ios: ios).result == .match ? 1 : 0
    }
    let explained = rate(quick ? 50 : 10_000) { url in
        AASAMatcher.match(url: url, appID: appID, document: document, ios: ios).steps.count
    }
    if sink == 0 { results.notes.append("AASA: nothing matched") }
    results.set("aasa_checks_per_s", fast)
    results.set("aasa_unprepared_checks_per_s", oneShot)
    results.set("aasa_explain_checks_per_s", explained)
}

func filterRows(quick: Bool, into results: inout Results) {
    let view = IntentFilter.actionView
    let categories = [IntentFilter.categoryDefault, IntentFilter.categoryBrowsable]
    var filters: [IntentFilter] = []
    for i in 0..<20 {
        var data = IntentFilterData(scheme: "https", host: i % 3 == 0 ? "*.example.com" : "shop.example.com")
        switch i % 4 {
        case 0: data.pathPrefix = "/section\(i)"
        case 1: data.pathPattern = "/promo/.*/\(i)"
        case 2: data.path = "/help/\(i)"
        default: data.pathAdvancedPattern = "/item/[0-9]+/\(i)"
        }
        filters.append(IntentFilter(autoVerify: true, actions: [view], categories: categories, data: [data]))
    }
    let prepared = filters.map { IntentFilterMatcher.PreparedFilter($0, api: 34) }
    let intents = ["https://shop.example.com/product/42", "https://www.example.com/section0/a",
                   "https://shop.example.com/promo/x/5", "https://other.example/"].map { ViewIntent(url: $0) }
    var sink = 0
    let rounds = quick ? 100 : 50_000
    var start = clock.now
    for _ in 0..<rounds {
        for intent in intents {
            for filter in prepared { if case .matched = filter.verdict(intent) { sink &+= 1 } }
        }
    }
    let fast = seconds(clock.now - start) * 1e9 / Double(rounds * intents.count * prepared.count)
    start = clock.now
    let explainRounds = max(1, rounds / 50)
    for _ in 0..<explainRounds {
        for intent in intents {
            for filter in filters { sink &+= IntentFilterMatcher.match(filter, intent: intent, api: 34).steps.count }
        }
    }
    let explained = seconds(clock.now - start) * 1e9 / Double(explainRounds * intents.count * filters.count)
    if sink == 0 { results.notes.append("filters: nothing matched") }
    results.set("filter_ns", fast)
    results.set("filter_explain_ns", explained)
}

let trivialScenario = """
    linksim: 1
    name: trivial
    device: {platform: android, os: "14"}
    apps:
      - id: com.example.shop
        name: Shop
        state: background
    tap: myapp://product/42
    from: notes

    """

func processRows(binary: String?, temp: String, quick: Bool, into results: inout Results) throws {
    guard let binary else {
        results.set("run_ms", nil)
        return
    }
    let file = temp + "/trivial.yaml"
    try trivialScenario.write(toFile: file, atomically: true, encoding: .utf8)
    _ = try spawn(binary, ["run", file])
    var runs: [Double] = []
    var status: Int32 = 0
    for _ in 0..<(quick ? 3 : 30) {
        let run = try spawn(binary, ["run", file])
        status = max(status, run.status)
        runs.append(run.seconds * 1000)
    }
    if status != 0 { results.notes.append("linksim run of the trivial scenario exited \(status)") }
    results.set("run_ms", median(runs))

    // The TUI: start (process start to the first frame, offscreen) and its peak RSS.
    let start = try spawn(binary, ["bench-tui", "--iterations", "1", "--size", "200x60"])
    // bench-tui exits 1 when its own frame budget is missed; the start and the memory still count.
    let started = start.status == 0 || start.status == 1
    results.set("tui_start_ms", started ? start.seconds * 1000 : nil)
    results.set("tui_rss_mb", started ? start.peakRSSMB : nil)
}

func tuiRow(quick: Bool, into results: inout Results) {
    let report = TUIBenchmark.run(size: Size(width: 200, height: 60), iterations: quick ? 30 : 1000, withCurses: true)
    results.set("tui_key_frame_p99_ms", report.p99Milliseconds)
}

// MARK: - Main

struct Goal {
    var key: String
    var title: String
    var limit: Double
    var atMost: Bool
    var unit: String
}

let goals = [
    Goal(key: "sim_median_us", title: "one simulation (load excluded), median", limit: 10, atMost: true, unit: "µs"),
    Goal(key: "replay_10k_s", title: "replay of 10,000 files, wall", limit: 1, atMost: true, unit: "s"),
    Goal(key: "replay_floor_ratio", title: "replay ÷ Yams compose of the same files", limit: 1.2, atMost: true, unit: "×"),
    Goal(key: "replay_peak_rss_mb_50k", title: "replay peak memory at 50,000 files", limit: 60, atMost: true, unit: "MB"),
    Goal(key: "aasa_checks_per_s", title: "AASA verdicts, 20 components", limit: 1_000_000, atMost: false, unit: "/s"),
    Goal(key: "aasa_explain_checks_per_s", title: "AASA explained checks, 20 components", limit: 200_000, atMost: false, unit: "/s"),
    Goal(key: "filter_ns", title: "intent-filter verdict, per filter", limit: 100, atMost: true, unit: "ns"),
    Goal(key: "run_ms", title: "`linksim run` of a trivial scenario", limit: 10, atMost: true, unit: "ms"),
    Goal(key: "tui_key_frame_p99_ms", title: "TUI key → 200×60 frame, p99", limit: 2, atMost: true, unit: "ms"),
    Goal(key: "tui_start_ms", title: "TUI start (offscreen, to the first frame)", limit: 30, atMost: true, unit: "ms"),
    Goal(key: "tui_rss_mb", title: "TUI peak RSS", limit: 25, atMost: true, unit: "MB"),
]

func format(_ value: Double) -> String {
    if value.isNaN { return "n/a" }
    if value >= 100_000 { return String(Int(value.rounded())) }
    if value >= 100 { return String(format: "%.0f", value) }
    if value >= 10 { return String(format: "%.1f", value) }
    return String(format: "%.3f", value)
}

func jsonNumber(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "null" }
    return value >= 1000 ? String(Int(value.rounded())) : String(format: "%.4g", value)
}

func main() -> Int32 {
    let options: Options
    do {
        options = try Options(Array(CommandLine.arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("linksim-bench: \(error)\n".utf8))
        return 64
    }
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let candidate = executable.deletingLastPathComponent().appendingPathComponent("linksim").path
    let binary = FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    var results = Results()
    if binary == nil {
        results.notes.append("no linksim binary next to linksim-bench: build it (`swift build -c release`) for the replay, run and TUI-start rows")
    }
    let temp = FileManager.default.temporaryDirectory.appendingPathComponent("linksim-bench-\(getpid())").path
    do {
        try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: temp) }
        func wanted(_ row: String) -> Bool { options.only.isEmpty || options.only.contains(row) }
        if wanted("sim") { try simulationRow(library: options.library, quick: options.quick, into: &results) }
        if wanted("aasa") { try aasaRows(quick: options.quick, into: &results) }
        if wanted("filter") { filterRows(quick: options.quick, into: &results) }
        if wanted("run") { try processRows(binary: binary, temp: temp, quick: options.quick, into: &results) }
        if wanted("tui") { tuiRow(quick: options.quick, into: &results) }
        if wanted("replay") { try replayRows(options: options, binary: binary, temp: temp, into: &results) }
    } catch {
        FileHandle.standardError.write(Data("linksim-bench: \(error)\n".utf8))
        return 70
    }

    if options.json {
        var fields = results.values.map { "\"\($0.key)\": \(jsonNumber($0.value))" }
        let passed = goals.map { goal -> String in
            guard let value = results.value(goal.key), value.isFinite else { return "\"\(goal.key)\": null" }
            return "\"\(goal.key)\": \(goal.atMost ? value <= goal.limit : value >= goal.limit)"
        }
        fields.append("\"goals_met\": {\(passed.joined(separator: ", "))}")
        fields.append("\"jobs\": \(options.jobs)")
        fields.append("\"quick\": \(options.quick)")
        let notes = results.notes.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
        fields.append("\"notes\": [\(notes.joined(separator: ", "))]")
        print("{" + fields.joined(separator: ", ") + "}")
        return 0
    }
    print("linksim-bench\(options.quick ? " (quick: tiny sizes, not a measurement)" : "")")
    for goal in goals {
        let value = results.value(goal.key)
        let shown = value.map { format($0) } ?? "not measured"
        let verdict = value.map { goal.atMost ? ($0 <= goal.limit ? "ok" : "MISSED") : ($0 >= goal.limit ? "ok" : "MISSED") } ?? "-"
        let bound = (goal.atMost ? "≤ " : "≥ ") + format(goal.limit)
        print("  \(goal.title): \(shown) \(goal.unit) (goal \(bound)) \(verdict)")
    }
    print("other measurements:")
    for (key, value) in results.values where !goals.contains(where: { $0.key == key }) {
        print("  \(key): \(value.map(format) ?? "n/a")")
    }
    for note in results.notes { print("note: \(note)") }
    return 0
}

exit(main())
