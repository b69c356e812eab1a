import Foundation
import Models

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

    /// Runs `work` on the main actor after `delay`, like ``schedule(after:_:)``, for work nobody cancels.
    ///
    /// A service delivering an answer has no use for a ``ScheduledTask``; a scheduler can spare the
    /// handle and what cancelling needs (``VirtualScheduler`` then queues the work alone). Ordering is
    /// that of ``schedule(after:_:)``. The default schedules the work and drops the handle.
    func deliver(after delay: Duration, _ work: @escaping ScheduledWork)

    /// Runs `completion` with `.success(())` on the main actor after `delay`, as ``deliver(after:_:)``
    /// runs a closure doing so, in the same order.
    ///
    /// A service answering a request that succeeded without a value (typing, read receipts) can
    /// hand the completion over as it is: a scheduler can queue it without a closure around it (an
    /// allocation per answer; ``VirtualScheduler`` does). The default delivers such a closure.
    func deliverSuccess(after delay: Duration, to completion: @escaping ServiceCompletion<Void>)

    /// Runs `completion` with `.success(.recorded)` on the main actor after `delay`, as
    /// ``deliver(after:_:)`` runs a closure doing so, in the same order.
    ///
    /// A swipe's usual answer (recorded, no match): like ``deliverSuccess(after:to:)``, the service
    /// hands the completion over as it is, and a scheduler can queue it without a closure holding
    /// the answer around it (``VirtualScheduler`` does). The default delivers such a closure.
    func deliverRecorded(after delay: Duration, to completion: @escaping ServiceCompletion<SwipeOutcome>)
}

extension Scheduler {
    /// Runs `work` on the main actor as soon as the scheduler gets to it.
    @discardableResult
    public func schedule(_ work: @escaping ScheduledWork) -> ScheduledTask {
        schedule(after: .zero, work)
    }

    /// Schedules `work` with ``schedule(after:_:)`` and drops the handle.
    public func deliver(after delay: Duration, _ work: @escaping ScheduledWork) {
        schedule(after: delay, work)
    }

    /// Delivers a closure running `completion` with `.success(())`, with ``deliver(after:_:)``.
    public func deliverSuccess(after delay: Duration, to completion: @escaping ServiceCompletion<Void>) {
        deliver(after: delay) { completion(.success(())) }
    }

    /// Delivers a closure running `completion` with `.success(.recorded)`, with ``deliver(after:_:)``.
    public func deliverRecorded(
        after delay: Duration, to completion: @escaping ServiceCompletion<SwipeOutcome>
    ) {
        deliver(after: delay) { completion(.success(.recorded)) }
    }
}
