import Synchronization

/// Keeps an observation alive; cancelling it, or letting it go, stops the observer.
public final class ObservationToken: Sendable {
    // Either a closure to run, or a registry (held weakly), the id to remove from it and how: a
    // registry's own token spares a closure's context, an allocation for every observer added.
    // `remove` captures nothing (the registry is handed to it), so it needs no context either.
    private let onCancel: (@Sendable () -> Void)?
    private weak let registry: (any AnyObject & Sendable)?
    private let remove: (@Sendable (any AnyObject & Sendable, UInt64) -> Void)?
    private let id: UInt64
    private let cancelled = Atomic<Bool>(false)

    /// Creates a token that runs `onCancel` once, on ``cancel()`` or when released.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
        registry = nil
        remove = nil
        id = 0
    }

    /// Creates a token that calls `remove` with `registry` and `id` once, on ``cancel()`` or when
    /// released, if the registry is still alive: as `init(onCancel:)` with a closure capturing the
    /// registry weakly and the id.
    @usableFromInline
    init(
        registry: any AnyObject & Sendable, id: UInt64,
        remove: @escaping @Sendable (any AnyObject & Sendable, UInt64) -> Void
    ) {
        onCancel = nil
        self.registry = registry
        self.remove = remove
        self.id = id
    }

    /// Stops the observation; calling it again does nothing.
    public func cancel() {
        guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if let onCancel {
            onCancel()
        } else if let registry, let remove {
            remove(registry, id)
        }
    }

    deinit { cancel() }
}
