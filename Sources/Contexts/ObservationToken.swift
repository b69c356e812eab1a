/// Keeps an observation alive; cancelling it, or letting it go, stops the observer.
public final class ObservationToken: Sendable {
    private let onCancel: @Sendable () -> Void

    /// Creates a token that runs `onCancel` once, on ``cancel()`` or when released.
    public init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }

    /// Stops the observation; calling it again does nothing.
    public func cancel() { onCancel() }

    deinit { onCancel() }
}
