/// The network monitor of a platform that cannot tell: the network is always taken to be reachable.
///
/// Retries then run on the retry policy's timer (exponential, capped), as they would with no monitor
/// at all; contexts made without a monitor use it.
public struct UnmonitoredNetwork: NetworkMonitor {
    private let scheduler: any Scheduler

    /// Creates a monitor whose ``whenReachable(_:)`` runs work at once on `scheduler`.
    public init(scheduler: any Scheduler) { self.scheduler = scheduler }

    /// Always `true`.
    public var isReachable: Bool { true }

    /// Runs `work` at once, through the scheduler.
    @discardableResult
    public func whenReachable(_ work: @escaping ScheduledWork) -> ScheduledTask {
        scheduler.schedule(work)
    }
}
