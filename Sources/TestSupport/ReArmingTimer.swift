import Services

/// A timer that re-arms itself on a scheduler for ever, as a runaway timer of an app would: for the
/// tests of the scheduler's and the scenario runner's limits on work.
///
/// It holds the scheduler weakly, so a scheduler left with the timer armed at the end of a test goes
/// with its work. (A closure re-arming itself through a strong capture of the scheduler would keep
/// both alive for the rest of the process.)
public enum ReArmingTimer {
    /// Arms a timer on `scheduler` that runs every `period` (again and again at once when zero).
    public static func arm(on scheduler: VirtualScheduler, every period: Duration = .zero) {
        scheduler.schedule(after: period) { [weak scheduler] in
            guard let scheduler else { return }
            arm(on: scheduler, every: period)
        }
    }
}
