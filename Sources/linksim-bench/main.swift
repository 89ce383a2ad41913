import Foundation
import LinkSimCore

// linksim-bench: measures the simulation, not a guess.
//   swift run -c release linksim-bench [SCENARIO-FOLDER] [--repeat N]
// Reports the time to load (parse + validate) and to simulate each scenario of the folder, and the
// time to replay a folder of thousands of scenarios.

var arguments = Array(CommandLine.arguments.dropFirst())
var repeatCount = 200
if let i = arguments.firstIndex(of: "--repeat"), i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 0 {
    repeatCount = n
    arguments.removeSubrange(i...(i + 1))
}
let folder = arguments.first ?? "scenarios"

func scenarioFiles(_ root: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        .map { root + "/" + $0 }
}

func microseconds(_ d: Duration) -> Double {
    let c = d.components
    return Double(c.seconds) * 1_000_000 + Double(c.attoseconds) / 1_000_000_000_000
}

func summary(_ samples: [Double]) -> String {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return "no samples" }
    let median = sorted[sorted.count / 2]
    let p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
    let mean = sorted.reduce(0, +) / Double(sorted.count)
    return String(format: "median %.1f µs, mean %.1f µs, p99 %.1f µs, max %.1f µs (%d samples)", median, mean, p99, sorted.last ?? 0, sorted.count)
}

let files = scenarioFiles(folder)
guard !files.isEmpty else {
    FileHandle.standardError.write(Data("linksim-bench: no scenarios under \(folder)\n".utf8))
    exit(64)
}
let clock = ContinuousClock()
var scenarios: [Scenario] = []
var loadSamples: [Double] = []
for file in files {
    let start = clock.now
    guard let scenario = try? ScenarioLoader.load(path: file) else { continue }
    loadSamples.append(microseconds(clock.now - start))
    scenarios.append(scenario)
}
print("scenarios: \(scenarios.count) from \(folder)")
print("load (read + parse + validate) per file: \(summary(loadSamples))")

// Warm up, then time one simulation of each scenario, many times.
for scenario in scenarios { _ = Simulator.run(scenario) }
var simulateSamples: [Double] = []
var actionSamples: [Double] = []
var checksum = 0
for _ in 0..<repeatCount {
    for scenario in scenarios {
        let start = clock.now
        let result = Simulator.run(scenario)
        let elapsed = microseconds(clock.now - start)
        simulateSamples.append(elapsed)
        actionSamples.append(elapsed / Double(max(1, scenario.actions.count)))
        checksum &+= result.results.count
    }
}
print("simulate one scenario: \(summary(simulateSamples))")
print("simulate one action:   \(summary(actionSamples))")

// A folder of thousands: load every file again and simulate, as `linksim replay` does.
let target = 5000
let start = clock.now
var replayed = 0
var passed = 0
while replayed < target {
    for file in files where replayed < target {
        if let scenario = try? ScenarioLoader.load(path: file) {
            if Simulator.run(scenario).passed { passed += 1 }
        }
        replayed += 1
    }
}
let total = clock.now - start
print(String(format: "replay %d scenario files (load + simulate + check): %.2f s (%.0f files/s), %d passed", replayed,
             microseconds(total) / 1_000_000, Double(replayed) / (microseconds(total) / 1_000_000), passed))
if checksum == 0 { print("(no actions simulated)") }
