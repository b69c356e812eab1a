import Synchronization

/// Keeps an observation alive; cancelling it, or letting it go, stops the observer.
public final class ObservationToken: Sendable {
    /// What stops the observation; taken out (and run) by the first cancel.
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    /// Creates a token that runs `onCancel` once, on ``cancel()`` or when released.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

    /// Stops the observation; calling it again does nothing.
    public func cancel() {
        let action = onCancel.withLock { $0.take() }
        action?()
    }

    deinit { cancel() }
}
