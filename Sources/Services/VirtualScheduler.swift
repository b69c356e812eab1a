import Foundation
import Models
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
        let work: Mutex<Work?>
        init(_ work: Work) { self.work = Mutex(work) }

        /// Takes the work out, if it is still waiting.
        func take() -> Work? { work.withLock { $0.take() } }

        /// Whether the work still waits.
        var isWaiting: Bool { work.withLock { $0 != nil } }
    }

    /// A piece of work, in a struct of its own: a closure kept in a generic container (`Mutex`,
    /// `Optional` handed through `withLock`) is stored in the most general form, and converting it
    /// there and back allocated a thunk each time; a closure inside a struct keeps its own form.
    private struct Work: Sendable {
        let run: ScheduledWork
    }

    /// A completion to be told its request succeeded without a value (``deliverSuccess(after:to:)``),
    /// in a struct of its own for the reason ``Work`` is.
    private struct Success: Sendable {
        let completion: ServiceCompletion<Void>
    }

    /// A completion to be told its swipe was recorded (``deliverRecorded(after:to:)``), in a struct
    /// of its own for the reason ``Work`` is.
    private struct Recorded: Sendable {
        let completion: ServiceCompletion<SwipeOutcome>
    }

    /// What waits in the queue: work nobody can cancel (``deliver(after:_:)``) is queued alone, and so
    /// is a completion told of a success or of a swipe recorded (no closure made around it); work
    /// with a ``ScheduledTask`` shares its ``Slot`` with the task.
    private enum Job {
        case fixed(Work)
        case succeeded(Success)
        case recorded(Recorded)
        case cancellable(Slot)

        /// Whether the work still waits.
        var isWaiting: Bool {
            switch self {
            case .fixed, .succeeded, .recorded: true
            case .cancellable(let slot): slot.isWaiting
            }
        }

        /// Takes the work out, if it is still waiting; consumes the job, so that its work is moved
        /// out rather than copied (a retain and a release per piece of work run).
        consuming func take() -> Due? {
            switch self {
            case .fixed(let work): .work(work)
            case .succeeded(let success): .success(success)
            case .recorded(let recorded): .recorded(recorded)
            case .cancellable(let slot): slot.take().map(Due.work)
            }
        }
    }

    /// Work taken out of the queue to run.
    private enum Due {
        case work(Work)
        case success(Success)
        case recorded(Recorded)

        /// Runs the work, or tells the completion of its success or of its swipe recorded.
        @MainActor
        func run() {
            switch self {
            case .work(let work): work.run()
            case .success(let success): success.completion(.success(()))
            case .recorded(let recorded): recorded.completion(.success(.recorded))
            }
        }
    }

    private struct Entry: Comparable {
        let due: Date
        let sequence: UInt64
        let job: Job
        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.due, lhs.sequence) < (rhs.due, rhs.sequence)
        }
        static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.due == rhs.due && lhs.sequence == rhs.sequence
        }
    }

    private struct State {
        var nextSequence: UInt64 = 0
        // Room for the work a session keeps waiting at once (a journey peaks at 16 or fewer), so the
        // queue does not grow four times in a new scheduler's first requests.
        var queue = MinHeap<Entry>(minimumCapacity: 16)
        var lastDelay = LastDelay()
    }

    /// The last delay queued other than zero and what it adds to the clock: a client queues the same
    /// few delays again and again (a typing timeout, a retry), and turning a `Duration` into seconds
    /// is a division of its 128-bit count in the standard library.
    private struct LastDelay {
        /// The delay's two words (``VirtualScheduler/words(of:)``); none (zero) at first.
        var words: (UInt64, UInt64) = (0, 0)
        /// The seconds it adds to the clock; `nil` for a negative delay (or none yet).
        var seconds: TimeInterval?

        /// `now` plus `delay` (not zero), as ``VirtualScheduler/time(after:from:)`` gives it; converted
        /// only when the delay differs from the last.
        mutating func time(after delay: Duration, from now: Date) -> Date {
            guard let words = VirtualScheduler.words(of: delay) else {
                return VirtualScheduler.time(after: delay, from: now)
            }
            if words != self.words {
                self.words = words
                seconds = delay <= .zero ? nil : delay.timeInterval
            }
            guard let seconds else { return now }
            return now.addingTimeInterval(seconds)
        }
    }

    private let state: Mutex<State>
    // The clock, as the bits of its seconds since the reference date: read without the lock (every
    // request and most state changes read the time, and the lock cost more than the read), moved
    // only inside it, so that moving it and taking work out of the queue stay one step.
    private let clock: Atomic<UInt64>

    /// Creates a scheduler whose clock reads `now`.
    public init(now: Date) {
        state = Mutex(State())
        clock = Atomic(now.timeIntervalSinceReferenceDate.bitPattern)
    }

    /// The virtual time.
    public var now: Date {
        Date(timeIntervalSinceReferenceDate: Double(bitPattern: clock.load(ordering: .acquiring)))
    }

    /// Moves the clock to `time` unless it already reads `time` or later; called inside the lock only.
    private func moveClock(to time: Date) {
        if now < time { clock.store(time.timeIntervalSinceReferenceDate.bitPattern, ordering: .releasing) }
    }

    /// How many pieces of work wait to run (cancelled ones do not count).
    ///
    /// Counts the queue, in O(n): for tests and diagnostics.
    public var pendingCount: Int {
        state.withLock { state in state.queue.unordered.reduce(0) { $0 + ($1.job.isWaiting ? 1 : 0) } }
    }

    /// When the earliest waiting work is due, if any.
    public var nextDueDate: Date? {
        state.withLock { state in
            while let top = state.queue.peek, !top.job.isWaiting { _ = state.queue.pop() }
            return state.queue.peek?.due
        }
    }

    /// Queues `work` to run on the main actor after `delay`.
    @discardableResult
    public func schedule(after delay: Duration, _ work: @escaping ScheduledWork) -> ScheduledTask {
        let slot = Slot(Work(run: work))
        enqueue(.cancellable(slot), after: delay)
        return ScheduledTask { _ = slot.take() }
    }

    /// Queues `work` like ``schedule(after:_:)``, without the slot and the handle cancelling needs.
    public func deliver(after delay: Duration, _ work: @escaping ScheduledWork) {
        enqueue(.fixed(Work(run: work)), after: delay)
    }

    /// Queues `completion` to be told of a success like ``deliver(after:_:)``, without a closure.
    public func deliverSuccess(after delay: Duration, to completion: @escaping ServiceCompletion<Void>) {
        enqueue(.succeeded(Success(completion: completion)), after: delay)
    }

    /// Queues `completion` to be told its swipe was recorded like ``deliver(after:_:)``, without a
    /// closure.
    public func deliverRecorded(
        after delay: Duration, to completion: @escaping ServiceCompletion<SwipeOutcome>
    ) {
        enqueue(.recorded(Recorded(completion: completion)), after: delay)
    }

    /// Moves the clock forward by `duration`, running every piece of work that falls due on the way, at
    /// its due time; work scheduled meanwhile runs too if it falls due before the end.
    @MainActor
    public func advance(by duration: Duration) {
        let target = time(after: duration)
        // The last look at the queue, finding nothing due, moves the clock in the same lock.
        while let work = popWork(dueBy: target, settling: true) { work.run() }
    }

    /// Runs the work that is due now, without moving the clock.
    ///
    /// ``advance(by:)`` by zero, without the duration: work due by the time read first runs, and
    /// moving the clock there at the end would not move it.
    @MainActor
    public func runDue() {
        let target = now
        while let work = popWork(dueBy: target) { work.run() }
    }

    /// Runs work, moving the clock to each due time, until nothing waits; returns `false` if it stopped
    /// after `maximumSteps` with work still waiting (a timer that keeps rescheduling itself).
    @MainActor
    @discardableResult
    public func runUntilIdle(maximumSteps: Int = 100_000) -> Bool {
        var steps = 0
        while let due = nextDueDate {
            guard steps < maximumSteps else { return false }
            guard let work = popWork(dueBy: due) else { continue }
            work.run()
            steps += 1
        }
        return true
    }

    private func enqueue(_ job: Job, after delay: Duration) {
        state.withLock { state in
            let sequence = state.nextSequence
            state.nextSequence += 1
            let now = now
            // Zero (every answer, unless a test sets a latency) is now, and leaves the last delay kept.
            let due = Self.isZero(delay) ? now : state.lastDelay.time(after: delay, from: now)
            state.queue.push(Entry(due: due, sequence: sequence, job: job))
        }
    }

    // The clock is read and moved in these nonisolated helpers rather than in closures written inside
    // `advance`: a closure formed on the main actor and handed to `withLock` (a module built without
    // strict concurrency checking) gets a run-time check of the executor each time it runs.

    /// The virtual time `duration` from now (now, for no or a negative duration).
    private func time(after duration: Duration) -> Date {
        Self.time(after: duration, from: now)
    }

    /// `now` plus `delay`; without a delay (every service answer by default) `now` itself, sparing the
    /// conversion of the duration to seconds (adding zero seconds to a date gives the same date).
    private static func time(after delay: Duration, from now: Date) -> Date {
        if isZero(delay) { return now }
        return delay <= .zero ? now : now.addingTimeInterval(delay.timeInterval)
    }

    /// Whether `delay` is zero, from its words (see ``words(of:)``).
    private static func isZero(_ delay: Duration) -> Bool {
        guard let words = words(of: delay) else { return delay == .zero }
        return words.0 | words.1 == 0
    }

    /// The two 64-bit words of `delay` (`nil` if a `Duration` were laid out otherwise): `Duration`'s
    /// comparisons and its `zero` are calls into the standard library, and every answer's delay is
    /// zero unless a test sets a latency. (A duration is a count of attoseconds; zero is the one whose
    /// words are both zero, and equal words are equal durations.)
    private static func words(of delay: Duration) -> (UInt64, UInt64)? {
        guard MemoryLayout<Duration>.size == 2 * MemoryLayout<UInt64>.size else { return nil }
        return withUnsafeBytes(of: delay) {
            ($0.load(as: UInt64.self), $0.load(fromByteOffset: 8, as: UInt64.self))
        }
    }

    /// Takes out the earliest work due by `target`, moving the clock to its due time. When nothing is
    /// due and `settling`, moves the clock to `target` instead (unless work already moved it there or
    /// past it): ``advance(by:)``'s end, without a lock of its own.
    private func popWork(dueBy target: Date, settling: Bool = false) -> Due? {
        state.withLock { state -> Due? in
            // The earliest entry is looked at where it is, and taken out only when due.
            while let top = state.queue.pop(if: { $0.due <= target }) {
                let due = top.due
                if let work = (consume top).job.take() {
                    moveClock(to: due)
                    return work
                }
            }
            if settling { moveClock(to: target) }
            return nil
        }
    }
}
