import Dispatch
import Foundation
import LinkSimCore
import LinkSimIO
import LinkSimTUI
import Yams

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - The rows

struct Results {
    var values: [(key: String, value: Double?)] = []
    var notes: [String] = []
    mutating func set(_ key: String, _ value: Double?) { values.append((key, value)) }
    func value(_ key: String) -> Double? { values.first { $0.key == key }?.value ?? nil }
}

/// `sim_median_us` / `action_median_us`: `Simulator.run(_:detail: .verdicts)`, what replay and matrix
/// cells run (no trace text); `sim_traced_median_us` / `action_traced_median_us`: `.full`, what
/// `run`, `tap` and the TUI run (every step explained). Both modes alternate within each round.
func simulationRow(
    library: String, quick: Bool, modes: [TraceDetail] = [.verdicts, .full], warm: Bool = true, into results: inout Results
) throws {
    let scenarios = loadableScenarios(under: library)
    guard !scenarios.isEmpty else { throw BenchError.failed("no loadable scenario under \(library)") }
    for scenario in scenarios {
        for detail in modes { _ = Simulator.run(scenario, detail: detail) }
    }
    var perSimulation: [TraceDetail: [Double]] = [:]
    var perScenario = [[Double]](repeating: [], count: scenarios.count)
    var perAction: [TraceDetail: [Double]] = [:]
    var checksum = 0
    var yardsticks: [Double] = []
    for _ in 0..<(quick ? 3 : 60) {
        // The machine's speed over the same minutes (Yardstick.swift).
        yardsticks.append(yardstickRound())
        for detail in modes {
            for (index, scenario) in scenarios.enumerated() {
                let start = clock.now
                let result = Simulator.run(scenario, detail: detail)
                let elapsed = seconds(clock.now - start) * 1e6
                if detail == modes[0] { perScenario[index].append(elapsed) }
                perSimulation[detail, default: []].append(elapsed)
                perAction[detail, default: []].append(elapsed / Double(max(1, scenario.actions.count)))
                checksum &+= result.results.count
            }
        }
    }
    // Each scenario's first simulation after it is loaded: nothing the engine keeps per scenario or per manifest
    // (split URLs, prepared filters, the handler search's answers) is made yet. What replay pays per file.
    if modes.contains(.verdicts) && warm {
        var firstTimes: [Double] = []
        for _ in 0..<(quick ? 1 : 5) {
            for scenario in loadableScenarios(under: library) {
                let start = clock.now
                let result = Simulator.run(scenario, detail: .verdicts)
                firstTimes.append(seconds(clock.now - start) * 1e6)
                checksum &+= result.results.count
            }
        }
        results.set("sim_first_median_us", median(firstTimes))
    }
    if checksum == 0 { results.notes.append("no action was simulated") }
    // The same simulations warm: each scenario run eight times in a row, the last four timed. The goal row
    // is the library cold (above, every scenario in turn, as replay and the matrix meet them); this shows
    // how much of it is the memory the scenario's data lives in, not the work.
    if warm && modes.contains(.verdicts) {
        var warmTimes: [Double] = []
        for _ in 0..<(quick ? 1 : 10) {
            for scenario in scenarios {
                for run in 0..<8 {
                    let start = clock.now
                    let result = Simulator.run(scenario, detail: .verdicts)
                    let elapsed = seconds(clock.now - start) * 1e6
                    if run >= 4 { warmTimes.append(elapsed) }
                    checksum &+= result.results.count
                }
            }
        }
        results.set("sim_warm_median_us", median(warmTimes))
    }
    // LINKSIM_BENCH_PER_SCENARIO=N: the N slowest scenarios (first mode, median µs) on standard error, for profiling.
    if let count = ProcessInfo.processInfo.environment["LINKSIM_BENCH_PER_SCENARIO"].flatMap(Int.init) {
        let ranked = scenarios.indices.map { (name: scenarios[$0].name, us: median(perScenario[$0])) }.sorted { $0.us > $1.us }
        for entry in ranked.prefix(count) { FileHandle.standardError.write(Data("\(entry.us) µs  \(entry.name)\n".utf8)) }
    }
    if let times = perSimulation[.verdicts] {
        results.set("sim_median_us", median(times))
        results.set("sim_yardstick_ms", median(yardsticks))
        results.set("sim_p99_us", percentile(times, 0.99))
        results.set("action_median_us", median(perAction[.verdicts] ?? []))
    }
    if let times = perSimulation[.full] {
        results.set("sim_traced_median_us", median(times))
        results.set("action_traced_median_us", median(perAction[.full] ?? []))
    }
    results.notes.append(
        "simulation: \(scenarios.count) library scenarios, \(perSimulation.values.first?.count ?? 0) runs per mode (sim_median_us: no trace text, as replay and matrix; sim_traced_median_us: full traces, as run and the TUI)"
    )
}

/// Every scenario file under `library` that loads, loaded anew (values with boxes of their own).
func loadableScenarios(under library: String) -> [Scenario] {
    yamlFiles(under: library).compactMap { try? ScenarioLoader.load(path: $0) }
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
                let node = try? Yams.compose(yaml: text, .basic, .default, .utf8)
            else { return 0 }
            return node.mapping?.count ?? 1
        }
        if nodes == 0 { return .nan }
        return seconds(clock.now - start)
    }

    // In-process replay: load + simulate + check every file on `jobs` threads, keeping only counts.
    // `frontEnd: .yams` is the YAML front end before libyaml's events (Yams' compose + conversion);
    // `.events` the one before the subset reader (libyaml's events for every file).
    func replayInProcess(threads: Int, frontEnd: YAMLFrontEnd = .subset) -> Double {
        let start = clock.now
        // As `linksim replay` does: chunks of files, each loaded and then simulated without trace text.
        let chunk = 32
        let passed = parallel((files.count + chunk - 1) / chunk, jobs: threads) { c in
            let loaded = files[(c * chunk)..<min(files.count, (c + 1) * chunk)].map {
                try? ScenarioLoader.load(path: $0, frontEnd: frontEnd)
            }
            return loaded.reduce(0) { count, scenario in
                guard let scenario else { return count }
                return count + (Simulator.run(scenario, detail: .verdicts).passed ? 1 : 0)
            }
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
    results.set("yams_compose_10k_1core_s", compose1)
    results.set("replay_inprocess_10k_s", inProcessJ)
    results.set("replay_inprocess_10k_1core_s", inProcess1)
    results.set("replay_inprocess_floor_ratio", inProcessJ / composeJ)
    // What the simulations add: the same files loaded (read, parsed, decoded, checked) but not simulated.
    let loadStart = clock.now
    let loaded = parallel(files.count, jobs: 1) { i in (try? ScenarioLoader.load(path: files[i])) == nil ? 0 : 1 }
    if loaded != files.count { results.notes.append("in-process load: \(loaded) of \(files.count) loaded") }
    results.set("replay_inprocess_load_only_10k_1core_s", seconds(clock.now - loadStart) * scale)
    let yamsFrontEnd1 = replayInProcess(threads: 1, frontEnd: .yams) * scale
    results.set("replay_inprocess_yams_front_end_10k_1core_s", yamsFrontEnd1)
    results.set("replay_inprocess_events_vs_yams_front_end", inProcess1 / yamsFrontEnd1)
    // Without the subset reader: every file through libyaml's events (the front end before it).
    let eventsFrontEnd1 = replayInProcess(threads: 1, frontEnd: .events) * scale
    results.set("replay_inprocess_events_front_end_10k_1core_s", eventsFrontEnd1)
    results.set("replay_inprocess_subset_vs_events_front_end", inProcess1 / eventsFrontEnd1)

    guard let binary else {
        results.set("yams_compose_10k_s", composeJ)
        results.set("replay_10k_s", nil)
        results.set("replay_floor_ratio", nil)
        return
    }
    // `linksim replay -j N` when the binary has it; one core otherwise.
    let help = (try? capture(binary, ["replay", "--help"])) ?? ""
    let hasJobs = help.contains(" -j ") || help.contains(" -j,") || help.contains("--jobs")
    let replayArguments = ["replay"] + (hasJobs ? ["-j", "\(jobs)"] : []) + [corpus.folder]
    // Three rounds, each the replay and then the floor again: the figures are the medians, so one
    // disturbed run on a shared machine moves neither side (single runs moved the ratio by ±10%).
    var replays: [Double] = []
    var floors: [Double] = []
    var run = try spawn(binary, replayArguments)
    for round in 0..<(options.quick ? 1 : 3) {
        if round > 0 { run = try spawn(binary, replayArguments) }
        if run.status != 0 { results.notes.append("linksim replay exited \(run.status) on the copied library") }
        replays.append(run.seconds * scale)
        floors.append(round == 0 ? (hasJobs ? composeJ : compose1) : composeAll(threads: hasJobs ? jobs : 1) * scale)
    }
    let replay = median(replays)
    let floor = median(floors)
    results.set("yams_compose_10k_s", hasJobs ? floor : composeJ)
    results.set("replay_10k_s", replay)
    results.set("replay_floor_ratio", replay / floor)
    results.set("replay_floor_ratio_worst_round", zip(replays, floors).map { $0 / $1 }.max())
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
    return try AASADocument(
        json: """
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
    // The explaining path on the prepared file (what a trace that may be shown pays: steps as data, no text).
    let explained = rate(quick ? 50 : 100_000) { url in
        prepared.match(url: url).steps.count
    }
    // The same, with the file prepared for every check (`AASAMatcher.match`, as the simulation calls it).
    let explainedUnprepared = rate(quick ? 50 : 20_000) { url in
        AASAMatcher.match(url: url, appID: appID, document: document, ios: ios).steps.count
    }
    // Explaining and reading every step's summary and detail (what `linksim aasa match` and a shown trace pay).
    let explainedText = rate(quick ? 50 : 10_000) { url in
        prepared.match(url: url).steps.reduce(0) { $0 &+ $1.summary.utf8.count &+ ($1.detail?.utf8.count ?? 0) }
    }
    let bare = rate(quick ? 50 : 20_000) { url in
        AASAMatcher.match(url: url, appID: appID, document: document, ios: ios, explain: false).steps.count
    }
    if sink == 0 { results.notes.append("AASA: nothing matched") }
    results.set("aasa_bare_steps_checks_per_s", bare)
    results.set("aasa_checks_per_s", fast)
    results.set("aasa_unprepared_checks_per_s", oneShot)
    results.set("aasa_explain_checks_per_s", explained)
    results.set("aasa_explain_unprepared_checks_per_s", explainedUnprepared)
    results.set("aasa_explain_text_checks_per_s", explainedText)
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
    let intents = [
        "https://shop.example.com/product/42", "https://www.example.com/section0/a",
        "https://shop.example.com/promo/x/5", "https://other.example/",
    ].map { ViewIntent(url: $0) }
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
    try AtomicFileWriter.write(trivialScenario, to: file)
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
    // The peak RSS bench-tui reports of itself (VmHWM at the end of its run); the polled one otherwise.
    let report = (try? capture(binary, ["bench-tui", "--iterations", "1", "--size", "200x60"])) ?? ""
    let reported = report.range(of: "peak RSS ").flatMap { range in
        Double(report[range.upperBound...].prefix { $0.isNumber || $0 == "." })
    }
    results.set("tui_rss_mb", started ? max(reported ?? 0, start.peakRSSMB) : nil)
}

func tuiRow(quick: Bool, into results: inout Results) {
    let report = TUIBenchmark.run(size: Size(width: 200, height: 60), iterations: quick ? 30 : 1000, withCurses: true)
    results.set("tui_key_frame_p99_ms", report.p99Milliseconds)
    results.set("tui_key_frame_cpu_p99_ms", report.cpuP99Milliseconds)
    results.notes.append("TUI: slowest key \(report.slowestKey), median CPU \(TUIBenchmark.Report.ms(report.slowestKeyMedianMilliseconds))")
}
