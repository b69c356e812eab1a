import Foundation
import Synchronization

/// A scheduler whose clock moves only when told: for tests, scenarios and the demo.
///
/// Work runs in due-time order (ties in the order scheduled) when ``advance(by:)``, ``runDue()`` or
/// ``runUntilIdle(maximumSteps:)`` is called on the main actor. Scheduling is thread-safe.
public final class VirtualScheduler: Scheduler {
    private struct Entry: Comparable {
        let due: Date
        let sequence: UInt64
        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.due, lhs.sequence) < (rhs.due, rhs.sequence)
        }
    }

    private struct State {
        var now: Date
        var nextSequence: UInt64 = 0
        var queue = MinHeap<Entry>()
        var work: [UInt64: ScheduledWork] = [:]
    }

    private let state: Mutex<State>

    /// Creates a scheduler whose clock reads `now`.
    public init(now: Date) {
        state = Mutex(State(now: now))
    }

    /// The virtual time.
    public var now: Date { state.withLock { $0.now } }

    /// How many pieces of work wait to run.
    public var pendingCount: Int { state.withLock { $0.work.count } }

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
        let sequence = state.withLock { state -> UInt64 in
            let sequence = state.nextSequence
            state.nextSequence += 1
            let due = state.now.addingTimeInterval(max(0, delay.timeInterval))
            state.queue.push(Entry(due: due, sequence: sequence))
            state.work[sequence] = work
            return sequence
        }
        return ScheduledTask { [weak self] in
            _ = self?.state.withLock { $0.work.removeValue(forKey: sequence) }
        }
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
                if let work = state.work.removeValue(forKey: top.sequence) {
                    if state.now < top.due { state.now = top.due }
                    return work
                }
            }
            return nil
        }
    }
}
