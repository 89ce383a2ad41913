import Foundation

/// Runs `count` jobs on `jobs` threads and hands their results back in index order as soon as
/// each is ready. Workers never run more than a small window ahead of the consumer, so results
/// waiting to be printed stay bounded however many jobs there are.
///
/// A worker takes `chunk` consecutive jobs at a time and runs them in one call, so the caller can
/// do each phase of its work for the whole chunk in turn (replay loads eight files, then simulates
/// them: each phase's code stays in the processor's caches instead of evicting the other's, which
/// made a simulation run 20% faster).
///
/// A thread is woken only when it waits for what changed: the consumer when the result it waits for
/// is there with a batch of others, workers when the window moves while one of them waits for it. (Waking every thread on
/// every result cost five futex calls a file, a third of a replay's system time.) The consumer takes
/// every result that is ready in one go.
final class OrderedWork<Result: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var results: [Int: Result?] = [:]
    private var nextToStart = 0
    private var consumed = 0
    private var stopped = false
    private var finishedWorkers = 0
    /// The consumer waits for `results[consumed]`.
    private var consumerWaiting = false
    /// Workers waiting for the window to move.
    private var workersWaiting = 0
    private let count: Int
    private let chunk: Int
    private let window: Int
    private let workers: Int
    private let work: @Sendable (Range<Int>) -> [Result?]
    /// How many ready results wake the consumer (fewer only at the end). The window is larger, so workers
    /// never wait for a consumer that waits for them.
    private static var batch: Int { 8 }

    /// The chunk for `count` jobs on `jobs` threads: up to 8, but small enough that every thread gets
    /// several chunks (a handful of files is still spread over the threads).
    static func chunk(count: Int, jobs: Int) -> Int {
        max(1, min(32, count / max(1, jobs * 8)))
    }

    /// `work` gets a range of at most `chunk` indices and returns one result per index, in order.
    init(count: Int, jobs: Int, chunk: Int = 1, work: @escaping @Sendable (Range<Int>) -> [Result?]) {
        self.count = count
        self.workers = max(1, min(jobs, max(1, count)))
        self.chunk = max(1, chunk)
        self.window = max(16, workers * 16, workers * self.chunk * 4)
        self.work = work
        for _ in 0..<workers {
            let thread = Thread { [self] in self.workerLoop() }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    private func workerLoop() {
        while true {
            condition.lock()
            while !stopped && nextToStart < count && nextToStart >= consumed + window {
                workersWaiting += 1
                condition.wait()
                workersWaiting -= 1
            }
            if stopped || nextToStart >= count {
                finishedWorkers += 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let range = nextToStart..<min(count, nextToStart + chunk)
            nextToStart = range.upperBound
            condition.unlock()
            let made = work(range)
            precondition(made.count == range.count, "OrderedWork: one result per job")
            condition.lock()
            for (index, result) in zip(range, made) { results[index] = .some(result) }
            // The consumer is woken once what it waits for is there, and with it a batch to print (or the last ones).
            if consumerWaiting, results[consumed] != nil, results.count >= Self.batch || nextToStart >= count {
                condition.broadcast()
            }
            condition.unlock()
        }
    }

    /// Calls `body` for each index in order with its result (nil when the job produced none).
    /// `body` returns false to stop: jobs not yet started are not started.
    func forEachInOrder(_ body: (Int, Result?) -> Bool) {
        var index = 0
        while index < count {
            condition.lock()
            while results[index] == nil {
                consumerWaiting = true
                condition.wait()
                consumerWaiting = false
            }
            var ready: [(index: Int, result: Result?)] = []
            while index + ready.count < count, let result = results.removeValue(forKey: index + ready.count) {
                ready.append((index + ready.count, result))
            }
            consumed = index + ready.count
            if workersWaiting > 0 { condition.broadcast() }
            condition.unlock()
            for (position, item) in ready.enumerated() where !body(item.index, item.result) {
                condition.lock()
                // The results taken with it but not reported go back, for `selectedIndices(after:)`.
                for later in ready[(position + 1)...] { results[later.index] = .some(later.result) }
                stopped = true
                condition.broadcast()
                while finishedWorkers < workers { condition.wait() }
                condition.unlock()
                return
            }
            index += ready.count
        }
        condition.lock()
        while finishedWorkers < workers { condition.wait() }
        condition.unlock()
    }

    /// The jobs after `index` that were not reported because of a stop (--fail-fast): those selected, and
    /// those whose selection is unknown (not run).
    func selectedIndices(after index: Int) -> [Int] {
        var skipped: [Int] = []
        for later in (index + 1)..<max(index + 1, count) {
            if let finished = results[later] {
                if finished != nil { skipped.append(later) }
            } else {
                skipped.append(later)
            }
        }
        return skipped
    }
}
