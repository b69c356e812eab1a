import Dispatch
import Foundation
import Synchronization

/// The real-time scheduler: work runs on the main queue after a wall-clock delay.
///
/// For apps and the Matrix backend; tests and scenarios use ``VirtualScheduler``.
public struct DispatchScheduler: Scheduler {
    private final class Cancellation: Sendable {
        let isCancelled = Atomic<Bool>(false)
    }

    /// Creates a scheduler on the main queue.
    public init() {}

    /// The wall-clock time.
    public var now: Date { Date() }

    /// Queues `work` to run on the main actor after `delay`.
    @discardableResult
    public func schedule(after delay: Duration, _ work: @escaping ScheduledWork) -> ScheduledTask {
        let cancellation = Cancellation()
        DispatchQueue.main.asyncAfter(deadline: .now() + max(0, delay.timeInterval)) {
            guard !cancellation.isCancelled.load(ordering: .acquiring) else { return }
            MainActor.assumeIsolated { work() }
        }
        return ScheduledTask { cancellation.isCancelled.store(true, ordering: .releasing) }
    }
}
