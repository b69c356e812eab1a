/// A handle on work given to a ``Scheduler``; cancelling it keeps the work from running.
///
/// Dropping the handle does not cancel the work.
public struct ScheduledTask: Sendable {
    private let onCancel: @Sendable () -> Void

    /// Creates a handle that runs `onCancel` when cancelled.
    public init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }

    /// Keeps the work from running if it has not run yet.
    public func cancel() { onCancel() }
}
