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
    /// Only these rows (yardstick, sim, aasa, filter, run, tui, replay): for profiling one of them.
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
                print(
                    "usage: linksim-bench [--json] [--quick] [--library DIR] [--jobs N] [--files N] [--memory-files N] [--only yardstick,sim,sim-verdicts,sim-traced,aasa,filter,run,tui,replay]"
                )
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

// MARK: - Main

struct Goal {
    var key: String
    var title: String
    var limit: Double
    var atMost: Bool
    var unit: String
}

let goals = [
    Goal(key: "sim_median_us", title: "one simulation (load excluded, no trace text), median", limit: 10, atMost: true, unit: "µs"),
    Goal(key: "replay_10k_s", title: "replay of 10,000 files, wall", limit: 1, atMost: true, unit: "s"),
    Goal(key: "replay_floor_ratio", title: "replay ÷ Yams compose of the same files", limit: 1.2, atMost: true, unit: "×"),
    Goal(key: "replay_peak_rss_mb_50k", title: "replay peak memory at 50,000 files", limit: 60, atMost: true, unit: "MB"),
    Goal(key: "aasa_checks_per_s", title: "AASA verdicts, 20 components", limit: 1_000_000, atMost: false, unit: "/s"),
    Goal(key: "aasa_explain_checks_per_s", title: "AASA explained checks, 20 components", limit: 200_000, atMost: false, unit: "/s"),
    Goal(key: "filter_ns", title: "intent-filter verdict, per filter", limit: 100, atMost: true, unit: "ns"),
    Goal(key: "run_ms", title: "`linksim run` of a trivial scenario", limit: 10, atMost: true, unit: "ms"),
    Goal(key: "tui_key_frame_p99_ms", title: "TUI key → 200×60 frame, p99", limit: 2, atMost: true, unit: "ms"),
    Goal(key: "tui_key_frame_cpu_p99_ms", title: "TUI key → 200×60 frame, p99 of CPU time", limit: 2, atMost: true, unit: "ms"),
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
    results.notes.append("machine: \(machineDescription())")
    if binary == nil {
        results.notes.append("no linksim binary next to linksim-bench: build it (`swift build -c release`) for the replay, run and TUI-start rows")
    }
    let temp = FileManager.default.temporaryDirectory.appendingPathComponent("linksim-bench-\(getpid())").path
    do {
        try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: temp) }
        func wanted(_ row: String) -> Bool { options.only.isEmpty || options.only.contains(row) }
        // First, so a whole run says how fast the machine was (Yardstick.swift); the simulation row times its own.
        if wanted("yardstick") {
            yardstickRow(quick: options.quick, into: &results)
        }
        if wanted("sim") { try simulationRow(library: options.library, quick: options.quick, into: &results) }
        // One mode alone, for profiling it (callgrind): `--only sim-verdicts` or `--only sim-traced`.
        if options.only.contains("sim-verdicts") {
            try simulationRow(library: options.library, quick: options.quick, modes: [.verdicts], warm: false, into: &results)
        }
        if options.only.contains("sim-traced") {
            try simulationRow(library: options.library, quick: options.quick, modes: [.full], warm: false, into: &results)
        }
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
