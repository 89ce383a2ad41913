import Dispatch
import Foundation
import LinkSimCore
import LinkSimIO
import LinkSimTUI
import Yams

#if canImport(Glibc)
    import Glibc
#endif

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

/// Runs a program with stdout and stderr to /dev/null; wall time and the child's peak RSS.
///
/// The peak is the child's own `VmHWM` (`/proc/PID/status`), read every millisecond while it runs.
/// `wait4`'s `ru_maxrss` is not used when a reading exists: `posix_spawn` shares the parent's memory until
/// `exec`, and Linux carries that memory's high-water mark into the child's `ru_maxrss`, so it reported
/// the benchmark's own ~30 MB for a child that never used that much.
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
    var peakKB = 0
    while true {
        let waited = wait4(pid, &status, WNOHANG, &usage)
        if waited == pid { break }
        if waited < 0 {
            if errno == EINTR { continue }
            throw BenchError.failed("wait4 failed for \(program)")
        }
        peakKB = max(peakKB, ProcessMemory.peakKB(of: String(pid)) ?? 0)
        // VmHWM is a high-water mark, so a later reading includes every earlier peak: every millisecond
        // at first (a short run ends within a few), every 20 ms once it runs longer, so that reading
        // /proc does not take a core from a replay's two threads (at 1 ms it cost the replay 5–10%).
        usleep(seconds(clock.now - start) < 0.05 ? 1000 : 20_000)
    }
    let elapsed = seconds(clock.now - start)
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    let peak = peakKB > 0 ? Double(peakKB) / 1024 : Double(usage.ru_maxrss) / 1024
    return ChildRun(status: exitStatus, seconds: elapsed, peakRSSMB: peak)
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
    FileWalker.files(under: root, extensions: FileWalker.scenarioExtensions)
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
