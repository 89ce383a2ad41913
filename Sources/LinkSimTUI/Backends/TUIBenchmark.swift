import LinkSimCore

/// Measures key press → redrawn screen: `update` (with re-simulation), `render` into a grid, and
/// the curses blit (ncurses drawing into /dev/null, so its real diff-and-write path runs).
package enum TUIBenchmark {
    package struct Report: Sendable, CustomStringConvertible {
        package var size: Size
        package var iterations: Int
        package var p50Milliseconds: Double
        package var p99Milliseconds: Double
        package var maxMilliseconds: Double

        package var description: String {
            func ms(_ value: Double) -> String {
                let hundredths = Int((value * 100).rounded())
                let fraction = hundredths % 100
                return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) ms"
            }
            return "key→screen at \(size), \(iterations) keys: p50 \(ms(p50Milliseconds)), p99 \(ms(p99Milliseconds)), "
                + "max \(ms(maxMilliseconds)) (budget 16 ms)"
        }
    }

    package static func run(size: Size, iterations: Int, withCurses: Bool = true) -> Report {
        let environment = TUIEnvironment.live
        var model = TUIModel.demo(size: size, colorEnabled: true)
        let backend = CursesBackend()
        if withCurses { backend.start(color: true, mouse: false, offscreenOutput: "/dev/null", offscreenSize: size) }
        defer { if withCurses { backend.stop() } }
        // A realistic mix: change knobs (re-simulates), move the cursor, step links and the trace.
        let keys: [Key] = [.right, .down, .left, .down, .right, .tab, .down, .tab, .char("n"), .tab, .tab, .up, .up, .right]
        let clock = ContinuousClock()
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        if withCurses { backend.draw(render(model, size: size)) }
        for index in 0..<iterations {
            let key = keys[index % keys.count]
            let elapsed = clock.measure {
                model = update(model, .key(key), environment).0
                let grid = render(model, size: size)
                if withCurses { backend.draw(grid) }
            }
            let parts = elapsed.components
            samples.append(Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15)
        }
        samples.sort()
        func percentile(_ p: Double) -> Double {
            samples.isEmpty ? 0 : samples[min(samples.count - 1, Int(Double(samples.count - 1) * p))]
        }
        return Report(
            size: size, iterations: iterations, p50Milliseconds: percentile(0.5),
            p99Milliseconds: percentile(0.99), maxMilliseconds: samples.last ?? 0)
    }
}
