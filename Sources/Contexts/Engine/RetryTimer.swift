import Interactors
import Services

/// When a request that failed for now is tried again: after ``Interactors/RetryPolicy``'s delay while
/// the network can be reached, or, while the device reports that it cannot, the moment it comes back.
///
/// Nothing fires while the network is down, so a message or a swipe that waits offline for a year
/// costs one retry when the network returns, not one a minute. Without a monitor
/// (``Services/UnmonitoredNetwork``) every retry runs on the policy's timer.
struct RetryTimer {
    /// The clock the delays run on.
    let scheduler: any Scheduler
    /// What the device knows of its network.
    let network: any NetworkMonitor

    /// Schedules retry number `attempt` (1 for the first) of `work`; the returned task cancels it.
    @discardableResult
    func schedule(attempt: Int, _ work: @escaping ScheduledWork) -> ScheduledTask {
        guard network.isReachable else { return network.whenReachable(work) }
        return scheduler.schedule(after: RetryPolicy.delay(forAttempt: attempt), work)
    }
}
