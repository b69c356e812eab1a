import Foundation
import Synchronization

/// A scheduler whose clock moves only when told: for tests, scenarios and the demo.
///
/// Work runs in due-time order (ties in the order scheduled) when ``advance(by:)``, ``runDue()`` or
/// ``runUntilIdle(maximumSteps:)`` is called on the main actor. Scheduling is thread-safe.
public final class VirtualScheduler: Scheduler {
    /// One piece of work while it waits: running or cancelling takes it out.
    ///
    /// The queue and the task handed back share it, so cancelling needs neither the scheduler nor a
    /// table of waiting work (an id looked up on every schedule and every run).
    private final class Slot: Sendable {
        let work: Mutex<ScheduledWork?>
        init(_ work: @escaping ScheduledWork) { self.work = Mutex(work) }

        /// Takes the work out, if it is still waiting.
        func take() -> ScheduledWork? { work.withLock { $0.take() } }

        /// Whether the work still waits.
        var isWaiting: Bool { work.withLock { $0 != nil } }
    }

    private struct Entry: Comparable {
        let due: Date
        let sequence: UInt64
        let slot: Slot
        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.due, lhs.sequence) < (rhs.due, rhs.sequence)
        }
        static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.due == rhs.due && lhs.sequence == rhs.sequence
        }
    }

    private struct State {
        var now: Date
        var nextSequence: UInt64 = 0
        var queue = MinHeap<Entry>()
    }

    private let state: Mutex<State>

    /// Creates a scheduler whose clock reads `now`.
    public init(now: Date) {
        state = Mutex(State(now: now))
    }

    /// The virtual time.
    public var now: Date { state.withLock { $0.now } }

    /// How many pieces of work wait to run (cancelled ones do not count).
    ///
    /// Counts the queue, in O(n): for tests and diagnostics.
    public var pendingCount: Int {
        state.withLock { state in state.queue.unordered.reduce(0) { $0 + ($1.slot.isWaiting ? 1 : 0) } }
    }

    /// When the earliest waiting work is due, if any.
    public var nextDueDate: Date? {
        state.withLock { state in
            while let top = state.queue.peek, !top.slot.isWaiting { _ = state.queue.pop() }
            return state.queue.peek?.due
        }
    }

    /// Queues `work` to run on the main actor after `delay`.
    @discardableResult
    public func schedule(after delay: Duration, _ work: @escaping ScheduledWork) -> ScheduledTask {
        let slot = Slot(work)
        state.withLock { state in
            let sequence = state.nextSequence
            state.nextSequence += 1
            let due = state.now.addingTimeInterval(max(0, delay.timeInterval))
            state.queue.push(Entry(due: due, sequence: sequence, slot: slot))
        }
        return ScheduledTask { _ = slot.take() }
    }

    /// Moves the clock forward by `duration`, running every piece of work that falls due on the way, at
    /// its due time; work scheduled meanwhile runs too if it falls due before the end.
    @MainActor
    public func advance(by duration: Duration) {
        let target = now.addingTimeInterval(max(0, duration.timeInterval))
        while let work = popWork(dueBy: target) { work() }
        state.withLock { state in
            if state.now < target { state.now = target }
        }
    }

    /// Runs the work that is due now, without moving the clock.
    @MainActor
    public func runDue() { advance(by: .zero) }

    /// Runs work, moving the clock to each due time, until nothing waits; returns `false` if it stopped
    /// after `maximumSteps` with work still waiting (a timer that keeps rescheduling itself).
    @MainActor
    @discardableResult
    public func runUntilIdle(maximumSteps: Int = 100_000) -> Bool {
        var steps = 0
        while let due = nextDueDate {
            guard steps < maximumSteps else { return false }
            guard let work = popWork(dueBy: due) else { continue }
            work()
            steps += 1
        }
        return true
    }

    private func popWork(dueBy target: Date) -> ScheduledWork? {
        state.withLock { state -> ScheduledWork? in
            while let top = state.queue.peek, top.due <= target {
                _ = state.queue.pop()
                if let work = top.slot.take() {
                    if state.now < top.due { state.now = top.due }
                    return work
                }
            }
            return nil
        }
    }
}
