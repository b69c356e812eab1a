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
