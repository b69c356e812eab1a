import Services

/// The handles of one context's timers, feeds and observations, cancelled together when it ends.
///
/// A context keeps each handle under a name (`"countdown"`, `"feed"`); keeping another under the same
/// name cancels the one before, as a timer set again replaces its last run. A request's completion
/// passed through ``answer(_:)`` is dropped once the bag is cancelled, so an answer that arrives after
/// the context ended changes nothing. ``cancelAll()`` (a context's `end()`) cancels everything, and
/// whatever is kept after it is cancelled at once. Releasing the bag cancels it too.
@MainActor
public final class CancelBag {
    /// What cancels each handle kept, by name (holding it keeps an observation's token alive).
    private var handles: [String: @Sendable () -> Void] = [:]
    /// Whether ``cancelAll()`` was called: the context ended.
    public private(set) var isCancelled = false

    /// Creates an empty bag.
    public init() {}

    /// Keeps `task` (a timer, a feed) under `name`, cancelling the handle kept there before.
    public func keep(_ task: ScheduledTask, as name: String) {
        keep(name, cancel: task.cancel)
    }

    /// Keeps `token` (an observation) under `name`, cancelling the handle kept there before.
    public func keep(_ token: ObservationToken, as name: String) {
        keep(name, cancel: token.cancel)
    }

    /// Whether a handle is kept under `name` (a timer that ran stays kept until cancelled or replaced).
    public func contains(_ name: String) -> Bool { handles[name] != nil }

    /// Cancels the handle kept under `name`, if any (a timer that ran is only forgotten).
    public func cancel(_ name: String) {
        handles.removeValue(forKey: name)?()
    }

    /// `completion`, called only while the bag is not cancelled: the answer of a request that
    /// arrives after the context ended is dropped.
    public func answer<Value>(
        _ completion: @escaping @MainActor @Sendable (Value) -> Void
    ) -> @MainActor @Sendable (Value) -> Void {
        { [weak self] value in
            guard let self, !self.isCancelled else { return }
            completion(value)
        }
    }

    /// Cancels every handle kept, and every one kept from now on.
    public func cancelAll() {
        isCancelled = true
        let handles = self.handles
        self.handles = [:]
        for cancel in handles.values { cancel() }
    }

    private func keep(_ name: String, cancel: @escaping @Sendable () -> Void) {
        self.cancel(name)
        if isCancelled { cancel() } else { handles[name] = cancel }
    }

    isolated deinit {
        cancelAll()
    }
}
