import Dispatch
import Foundation

/// A unit of work delivered on the main actor by a ``Scheduler``.
public typealias ScheduledWork = @MainActor @Sendable () -> Void

/// The clock and timer every delay, countdown, expiry, retry and service delivery goes through.
///
/// ``DispatchScheduler`` runs on the main queue in real time; ``VirtualScheduler`` runs only when a
/// test or scenario moves its clock, which keeps them synchronous and deterministic.
public protocol Scheduler: Sendable {
    /// The current time on this scheduler's clock.
    var now: Date { get }

    /// Runs `work` on the main actor after `delay`; the returned task can cancel it.
    @discardableResult
    func schedule(after delay: Duration, _ work: @escaping ScheduledWork) -> ScheduledTask

    /// Runs `work` on `queue`, off the main actor, then `completion` with its result on the main actor.
    ///
    /// The default delivers the result as soon as the work is done (what an app's
    /// ``DispatchScheduler`` does: the main actor never waits for the work). ``VirtualScheduler`` and
    /// ``PumpedScheduler`` keep the completion's place in their queue from the moment of the call and,
    /// when it comes up, wait for the work: a test or scenario sees the result in the same
    /// `runDue()` as an answer with no latency, whatever the disk's speed.
    func run<Value: Sendable>(
        on queue: DispatchQueue, _ work: @escaping @Sendable () -> Value,
        then completion: @escaping @MainActor @Sendable (Value) -> Void)
}

extension Scheduler {
    /// Runs `work` on the main actor as soon as the scheduler gets to it.
    @discardableResult
    public func schedule(_ work: @escaping ScheduledWork) -> ScheduledTask {
        schedule(after: .zero, work)
    }

    /// Runs `work` on the main actor after `delay`, for work nobody cancels (a service's answer).
    public func deliver(after delay: Duration, _ work: @escaping ScheduledWork) {
        schedule(after: delay, work)
    }
}

extension Scheduler {
    /// Runs `work` on `queue`, then schedules `completion` with its result, due at once.
    public func run<Value: Sendable>(
        on queue: DispatchQueue, _ work: @escaping @Sendable () -> Value,
        then completion: @escaping @MainActor @Sendable (Value) -> Void
    ) {
        queue.async {
            let value = work()
            self.schedule { completion(value) }
        }
    }
}
