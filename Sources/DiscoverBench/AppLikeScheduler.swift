import Foundation
import Services

/// The virtual clock, with the work done off the main actor delivered as an app's
/// `DispatchScheduler` delivers it: as soon as it is done, never waited for.
///
/// The journey with file stores saves through it: the main actor goes on while the disk writes, and
/// a save's completion runs at the next `runDue()` after the write — not in the place a test's
/// `VirtualScheduler` keeps for it, where the main actor would wait for the disk to stay
/// deterministic.
struct AppLikeScheduler: Scheduler {
    /// The clock and the queue of work.
    let base: VirtualScheduler

    /// The virtual time.
    var now: Date { base.now }

    /// Queues `work` on the virtual clock.
    @discardableResult
    func schedule(after delay: Duration, _ work: @escaping ScheduledWork) -> ScheduledTask {
        base.schedule(after: delay, work)
    }
}
