import Foundation

/// A wall-clock scheduler whose work runs on the main thread only while its owner pumps it.
///
/// For a real backend driven synchronously: a test, the scenario runner or a command-line tool calls
/// ``pump(until:timeout:)`` on the main actor, which runs work as it falls due (network answers that
/// arrive from other threads, timers) and returns as soon as the condition holds. Nothing waits on a
/// fixed delay: the pump sleeps on a condition variable that a new piece of work wakes. Scheduling is
/// thread-safe.
public final class PumpedScheduler: Scheduler, @unchecked Sendable {
    // @unchecked: every stored property is guarded by `condition`.
    private struct Entry: Comparable {
        let due: ContinuousClock.Instant
        let sequence: UInt64
        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.due, lhs.sequence) < (rhs.due, rhs.sequence)
        }
    }

    private let condition = NSCondition()
    private let clock = ContinuousClock()
    private var nextSequence: UInt64 = 0
    private var queue = MinHeap<Entry>()
    private var work: [UInt64: ScheduledWork] = [:]
    /// How many results of ``run(on:_:then:)`` are not delivered yet.
    private var placesKept = 0

    /// Creates a scheduler with nothing queued.
    public init() {}

    /// The wall-clock time.
    public var now: Date { Date() }

    /// Queues `work` to run on the main actor after `delay`, the next time the scheduler is pumped.
    @discardableResult
    public func schedule(after delay: Duration, _ work: @escaping ScheduledWork) -> ScheduledTask {
        condition.lock()
        let sequence = nextSequence
        nextSequence += 1
        queue.push(Entry(due: clock.now.advanced(by: max(.zero, delay)), sequence: sequence))
        self.work[sequence] = work
        condition.broadcast()
        condition.unlock()
        return ScheduledTask { [weak self] in
            guard let self else { return }
            self.condition.lock()
            self.work.removeValue(forKey: sequence)
            self.condition.unlock()
        }
    }

    /// Runs `work` on `queue`; its result reaches `completion` in the place of this call: when it
    /// comes up, the pump waits for the work (a disk write), so what the result starts (a request)
    /// is in flight before ``pump(until:timeout:)`` checks its condition again. The pump does not stop
    /// while such a result waits to be delivered.
    public func run<Value: Sendable>(
        on queue: DispatchQueue, _ work: @escaping @Sendable () -> Value,
        then completion: @escaping @MainActor @Sendable (Value) -> Void
    ) {
        condition.lock()
        placesKept += 1
        condition.unlock()
        let result = PendingResult<Value>()
        queue.async { result.fulfil(work()) }
        schedule { [weak self] in
            let value = result.wait()
            if let self {
                self.condition.lock()
                self.placesKept -= 1
                self.condition.unlock()
            }
            completion(value)
        }
    }

    /// Whether `isDone` holds and no result of ``run(on:_:then:)`` waits to be delivered.
    @MainActor
    private func isSettled(_ isDone: @MainActor () -> Bool) -> Bool {
        condition.lock()
        let waiting = placesKept > 0
        condition.unlock()
        return !waiting && isDone()
    }

    /// Runs work as it falls due until `isDone` holds (checked after each piece of work) or `timeout`
    /// passes; returns whether `isDone` held.
    @MainActor
    @discardableResult
    public func pump(until isDone: @MainActor () -> Bool, timeout: Duration) -> Bool {
        let deadline = clock.now.advanced(by: max(.zero, timeout))
        while true {
            while let next = popDue() {
                next()
                if isSettled(isDone) { return true }
            }
            if isSettled(isDone) { return true }
            guard waitForWork(until: deadline) else { return isSettled(isDone) }
        }
    }

    /// Runs work as it falls due for `duration` of wall-clock time: time passing, as a scenario's
    /// `wait` asks.
    @MainActor
    public func pump(for duration: Duration) {
        pump(until: { false }, timeout: duration)
    }

    private func popDue() -> ScheduledWork? {
        condition.lock()
        defer { condition.unlock() }
        let now = clock.now
        while let top = queue.peek, top.due <= now {
            _ = queue.pop()
            if let next = work.removeValue(forKey: top.sequence) { return next }
        }
        return nil
    }

    /// Sleeps until work falls due, new work arrives or the deadline passes; `false` at the deadline.
    ///
    /// Due times are on the monotonic clock, so a wall-clock step neither reorders work nor fires
    /// timers early; only the condition variable's wait takes a wall-clock date.
    private func waitForWork(until deadline: ContinuousClock.Instant) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while let top = queue.peek, work[top.sequence] == nil { _ = queue.pop() }
        let wake = min(deadline, queue.peek?.due ?? deadline)
        let sequenceBefore = nextSequence
        while clock.now < wake, nextSequence == sequenceBefore {
            let remaining = clock.now.duration(to: wake)
            if !condition.wait(until: Date().addingTimeInterval(max(0.001, remaining.timeInterval))) {
                continue
            }
        }
        return clock.now < deadline || (queue.peek.map { $0.due <= clock.now } ?? false)
    }
}
