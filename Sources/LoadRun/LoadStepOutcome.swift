/// What came of trying a step of a person's day.
enum LoadStepOutcome: Hashable, Sendable {
    /// It was done.
    case done
    /// What it needs is not shown yet: try again shortly (for a bounded time).
    case notYet
    /// It no longer makes sense (why, counted).
    case skipped(String)
    /// It failed in a way that should not happen (why, reported as an error).
    case failed(String)
}
