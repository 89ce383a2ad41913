import LinkSimCore
import LinkSimIO

#if canImport(Glibc)
    import Glibc
#endif

/// Measures key press → redrawn screen: `update` (with re-simulation), `render` into a grid, and
/// the curses blit (ncurses drawing into /dev/null, so its real diff-and-write path runs).
///
/// Each key is timed twice: wall time (what a user waits, including time the scheduler gives to other
/// processes) and the thread's CPU time (the work the key costs, which a busy machine does not inflate).
package enum TUIBenchmark {
    package struct Report: Sendable, CustomStringConvertible {
        package var size: Size
        package var iterations: Int
        package var p50Milliseconds: Double
        package var p99Milliseconds: Double
        package var maxMilliseconds: Double
        /// The same percentiles over the thread's CPU time.
        package var cpuP50Milliseconds: Double
        package var cpuP99Milliseconds: Double
        /// The key of the mix with the highest median CPU time, and that median.
        package var slowestKey: String
        package var slowestKeyMedianMilliseconds: Double
        /// The process's peak resident memory after the run (`VmHWM`), where /proc has it.
        package var peakRSSMegabytes: Double?

        package var description: String {
            "key→screen at \(size), \(iterations) keys: p50 \(Self.ms(p50Milliseconds)), p99 \(Self.ms(p99Milliseconds)), "
                + "max \(Self.ms(maxMilliseconds)) (budget 16 ms); CPU time p50 \(Self.ms(cpuP50Milliseconds)), "
                + "p99 \(Self.ms(cpuP99Milliseconds)); slowest key \(slowestKey) (median \(Self.ms(slowestKeyMedianMilliseconds)))"
                + (peakRSSMegabytes.map { "; peak RSS \(Self.twoDecimals($0)) MB" } ?? "")
        }

        package static func ms(_ value: Double) -> String { "\(twoDecimals(value)) ms" }

        static func twoDecimals(_ value: Double) -> String {
            let hundredths = Int((value * 100).rounded())
            let fraction = hundredths % 100
            return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
        }
    }

    /// A realistic mix: change knobs (re-simulates), move the cursor, step links and the trace.
    static let keys: [Key] = [.right, .down, .left, .down, .right, .tab, .down, .tab, .char("n"), .tab, .tab, .up, .up, .right]

    package static func run(size: Size, iterations: Int, withCurses: Bool = true) -> Report {
        let environment = TUIEnvironment.live
        var model = TUIModel.demo(size: size, colorEnabled: true)
        let backend = CursesBackend()
        if withCurses { backend.start(color: true, mouse: false, offscreenOutput: "/dev/null", offscreenSize: size) }
        defer { if withCurses { backend.stop() } }
        let clock = ContinuousClock()
        var wall: [Double] = []
        var cpu: [Double] = []
        var cpuByKey = [[Double]](repeating: [], count: keys.count)
        wall.reserveCapacity(iterations)
        cpu.reserveCapacity(iterations)
        if withCurses { backend.draw(render(model, size: size)) }
        for index in 0..<iterations {
            let key = keys[index % keys.count]
            let cpuStart = threadCPUMilliseconds()
            let elapsed = clock.measure {
                model = update(model, .key(key), environment).0
                let grid = render(model, size: size)
                if withCurses { backend.draw(grid) }
            }
            let cpuTime = threadCPUMilliseconds() - cpuStart
            let parts = elapsed.components
            wall.append(Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15)
            cpu.append(cpuTime)
            cpuByKey[index % keys.count].append(cpuTime)
        }
        wall.sort()
        cpu.sort()
        var slowest = (key: "", median: 0.0)
        for (index, times) in cpuByKey.enumerated() where !times.isEmpty {
            let median = percentile(times.sorted(), 0.5)
            if median > slowest.median { slowest = ("\(keys[index])", median) }
        }
        return Report(
            size: size, iterations: iterations, p50Milliseconds: percentile(wall, 0.5),
            p99Milliseconds: percentile(wall, 0.99), maxMilliseconds: wall.last ?? 0,
            cpuP50Milliseconds: percentile(cpu, 0.5), cpuP99Milliseconds: percentile(cpu, 0.99),
            slowestKey: slowest.key, slowestKeyMedianMilliseconds: slowest.median, peakRSSMegabytes: ProcessMemory.peakKB().map { Double($0) / 1024 })
    }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
    }

    /// This thread's CPU time, in milliseconds (0 where the clock is not available).
    static func threadCPUMilliseconds() -> Double {
        #if canImport(Glibc)
            var now = timespec()
            guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0 else { return 0 }
            return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
        #else
            return 0
        #endif
    }
}
