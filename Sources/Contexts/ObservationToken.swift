import Synchronization

/// Keeps an observation alive; cancelling it, or letting it go, stops the observer.
public final class ObservationToken: Sendable {
    private let onCancel: @Sendable () -> Void
    private let cancelled = Atomic<Bool>(false)

    /// Creates a token that runs `onCancel` once, on ``cancel()`` or when released.
    public init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }

    /// Stops the observation; calling it again does nothing.
    public func cancel() {
        guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        onCancel()
    }

    deinit { cancel() }
}
