import Dispatch
import Foundation
import Models
import Synchronization

/// A scheduler whose clock moves only when told: for tests, scenarios and the demo.
///
/// Work runs in due-time order (ties in the order scheduled) when ``advance(by:)``, ``runDue()`` or
/// ``runUntilIdle(maximumSteps:)`` is called on the main actor. Scheduling is thread-safe.
///
/// Moving the clock costs the work that falls due, not the time covered: the clock jumps from one due
/// time to the next, so a year with nothing due is one step. ``workRun`` counts the pieces of work run,
/// and a ``workLimit`` stops a timer that re-arms itself for ever from holding the caller.
public final class VirtualScheduler: Scheduler {
    /// When a piece of work is due, and its place in the order scheduled.
    private struct Entry: Comparable {
        let due: Date
        let sequence: Int

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.due, lhs.sequence) < (rhs.due, rhs.sequence)
        }
    }

    /// The clock and the work waiting, behind one lock.
    private struct State {
        var now: Date
        var nextSequence = 0
        /// Every entry scheduled and not yet run; a cancelled one stays until it comes up.
        var queue = MinHeap<Entry>()
        /// The work still waiting, by sequence: cancelling takes it out.
        var work: [Int: ScheduledWork] = [:]
        /// How many pieces of work have run.
        var workRun = 0
        /// The most pieces of work to run; `nil`: no limit.
        var workLimit: Int?
        /// Whether work that was due stayed unrun because of the limit.
        var isOverWorkLimit = false
    }

    private let state: Mutex<State>

    /// Creates a scheduler whose clock reads `now`.
    public init(now: Date) {
        state = Mutex(State(now: now))
    }

    /// The virtual time.
    public var now: Date { state.withLock { $0.now } }

    /// How many pieces of work wait to run (cancelled ones do not count).
    public var pendingCount: Int { state.withLock { $0.work.count } }

    /// How many pieces of work have run so far: the measure of what moving the clock cost.
    public var workRun: Int { state.withLock { $0.workRun } }

    /// The most pieces of work this scheduler runs in its life; `nil` (the default) for no limit.
    ///
    /// Once ``workRun`` reaches it, ``advance(by:)``, ``runDue()`` and ``runUntilIdle(maximumSteps:)``
    /// run nothing more and set ``isOverWorkLimit`` if work was due; `advance` then leaves the clock at
    /// the last work run. A caller (the scenario runner) reports the runaway instead of spinning.
    public var workLimit: Int? {
        get { state.withLock { $0.workLimit } }
        set { state.withLock { $0.workLimit = newValue } }
    }

    /// Whether work that was due stayed unrun because ``workRun`` had reached ``workLimit``.
    public var isOverWorkLimit: Bool { state.withLock { $0.isOverWorkLimit } }

    /// When the earliest waiting work is due, if any.
    public var nextDueDate: Date? {
        state.withLock { state in
            while let top = state.queue.peek, state.work[top.sequence] == nil { _ = state.queue.pop() }
            return state.queue.peek?.due
        }
    }

    /// Queues `work` to run on the main actor after `delay`.
    @discardableResult
    public func schedule(after delay: Duration, _ work: @escaping ScheduledWork) -> ScheduledTask {
        let sequence = state.withLock { state in
            let sequence = state.nextSequence
            state.nextSequence += 1
            state.queue.push(Entry(due: Self.time(after: delay, from: state.now), sequence: sequence))
            state.work[sequence] = work
            return sequence
        }
        return ScheduledTask { [weak self] in self?.cancel(sequence) }
    }

    /// Drops every piece of work waiting, unrun, as the end of a process drops its timers and the
    /// answers on their way: for a test, a scenario or an app on virtual time that ends.
    ///
    /// Work waiting holds what it will call (a context, the server), which may hold this scheduler:
    /// left waiting, they would keep each other alive.
    public func cancelAll() {
        let dropped = state.withLock { state in
            defer { state.work = [:] }
            return state.work
        }
        // Released outside the lock: a closure's captures may schedule or cancel as they go.
        withExtendedLifetime(dropped) {}
    }

    /// Runs `work` on `queue`; its result reaches `completion` in the place of this call among the
    /// work due now: when it comes up, the main actor waits for the work (a disk write), so a test
    /// sees the result in the same ``runDue()`` however long the work took.
    public func run<Value: Sendable>(
        on queue: DispatchQueue, _ work: @escaping @Sendable () -> Value,
        then completion: @escaping @MainActor @Sendable (Value) -> Void
    ) {
        let result = PendingResult<Value>()
        queue.async { result.fulfil(work()) }
        schedule { completion(result.wait()) }
    }

    /// Moves the clock forward by `duration`, running every piece of work that falls due on the way, at
    /// its due time; work scheduled meanwhile runs too if it falls due before the end.
    ///
    /// The clock jumps straight to each due time and then to the end: the cost is the work run, however
    /// long the stretch. Stops early, the clock at the last work run, if ``workLimit`` is reached.
    @MainActor
    public func advance(by duration: Duration) {
        let target = Self.time(after: duration, from: now)
        while let work = takeWork(dueBy: target, movingClockToTargetWhenDone: true) { work() }
    }

    /// Runs the work that is due now, without moving the clock.
    @MainActor
    public func runDue() {
        let target = now
        while let work = takeWork(dueBy: target) { work() }
    }

    /// Runs work, moving the clock to each due time, until nothing waits; returns `false` if it stopped
    /// after `maximumSteps` with work still waiting (a timer that keeps rescheduling itself), or at the
    /// ``workLimit``.
    @MainActor
    @discardableResult
    public func runUntilIdle(maximumSteps: Int = 100_000) -> Bool {
        var steps = 0
        while let due = nextDueDate {
            guard steps < maximumSteps else { return false }
            guard let work = takeWork(dueBy: due) else {
                if isOverWorkLimit { return false }
                continue
            }
            work()
            steps += 1
        }
        return true
    }

    /// `now` plus `delay`; `now` itself for no or a negative delay.
    private static func time(after delay: Duration, from now: Date) -> Date {
        delay > .zero ? now.addingTimeInterval(delay.timeInterval) : now
    }

    /// Keeps the work queued under `sequence` from running.
    private func cancel(_ sequence: Int) {
        _ = state.withLock { $0.work.removeValue(forKey: sequence) }
    }

    /// Takes out the earliest work due by `target`, moving the clock to its due time and counting it.
    /// When nothing is due, and if asked, moves the clock to `target` in the same step
    /// (``advance(by:)``'s end). At the ``workLimit`` it takes nothing, notes that work was left, and
    /// leaves the clock where it is.
    private func takeWork(dueBy target: Date, movingClockToTargetWhenDone: Bool = false) -> ScheduledWork? {
        state.withLock { state in
            while let top = state.queue.peek, top.due <= target {
                guard let work = state.work[top.sequence] else {
                    _ = state.queue.pop()
                    continue
                }
                if let limit = state.workLimit, state.workRun >= limit {
                    state.isOverWorkLimit = true
                    return nil
                }
                _ = state.queue.pop()
                state.work[top.sequence] = nil
                state.now = max(state.now, top.due)
                state.workRun += 1
                return work
            }
            if movingClockToTargetWhenDone { state.now = max(state.now, target) }
            return nil
        }
    }
}
