/// The work budget: how much work one scenario may make the runner do.
extension ScenarioRunner {
    /// The most units of work (on virtual time, scheduled tasks run) a scenario may do by default.
    ///
    /// Over a hundred times what any scenario of `Scenarios/` needs (the most, out of likes, runs about
    /// 900: the countdown's ticks over 15 hours), so only a runaway reaches it: a timer that re-arms
    /// itself for ever, which a long `wait` would otherwise run tick by tick. `discover run
    /// --work-budget <n>` changes it.
    public static let defaultWorkBudget = 100_000

    /// Why a scenario over the budget failed.
    var overBudgetMessage: String {
        "this scenario did more than \(workBudget) units of work (scheduled tasks run); a `wait` may be"
            + " spinning on a timer that re-arms itself (raise the limit with --work-budget <n>)"
    }
}
