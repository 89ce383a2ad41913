import Foundation

// MARK: - The machine

/// `yardstick_ms`: a fixed pure-Swift workload of the kinds a simulation spends its time on (small objects
/// allocated and freed, reference counting, short strings built, hashed and compared, arrays and
/// dictionaries grown), the median of 21 rounds. It does not change with linksim's code, so it says how fast
/// the machine was: the build machines of different sessions have differed by 2× (README "Speed"), and one
/// machine has run the same binary 1.6× slower from one minute to the next. The simulation row times one
/// round between each of its own (`sim_yardstick_ms`), so a slow stretch of the machine shows beside the
/// figures it slowed. It reads the machine, not linksim: compare linksim's own code by instruction counts
/// or side by side in one run.
func yardstickRow(quick: Bool, into results: inout Results) {
    var times: [Double] = []
    for _ in 0..<(quick ? 3 : 21) { times.append(yardstickRound()) }
    results.set("yardstick_ms", median(times))
}

/// One round of the yardstick, in milliseconds.
func yardstickRound() -> Double {
    final class Item {
        let name: String
        var next: Item?
        init(_ name: String, next: Item?) {
            self.name = name
            self.next = next
        }
    }
    var checksum = 0
    let start = clock.now
    for i in 0..<4_000 {
        var table: [String: Int] = [:]
        var items: [Item] = []
        var last: Item? = nil
        for j in 0..<8 {
            let name = "host\(j).example.com/path/\(i)"
            table[name] = j
            last = Item(name, next: last)
            items.append(last!)
        }
        for item in items {
            checksum &+= table[item.name] ?? 0
            if item.name == item.next?.name { checksum &+= 1 }
        }
    }
    let elapsed = seconds(clock.now - start) * 1e3
    // Used, so the optimiser keeps the work: the sum of 0...7 for each of the 4,000 tables.
    precondition(checksum == 4_000 * 28, "the yardstick computed \(checksum)")
    return elapsed
}

/// The processor, its cores and the load when the run started (from /proc; "unknown" elsewhere).
func machineDescription() -> String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model =
        cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
        .flatMap { $0.split(separator: ":", maxSplits: 1).last }
        .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown processor"
    let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "unknown"
    return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, load \(load)"
}
