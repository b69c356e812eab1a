import Synchronization

/// Thread-safe storage for observer callbacks, so a token can unregister from any thread.
///
/// Adding and removing are inlinable: a flow observes a context from another module through
/// ``StateStore/observe(_:)``, and code not specialized for the state looked up the callbacks'
/// function type at run time (`swift_getFunctionTypeMetadataGlobalActor`) on every array change —
/// about 3.7 k instructions per observer added. Inlined, the flow's module specializes them.
@usableFromInline
final class ObserverRegistry<Value: Sendable>: Sendable {
    @usableFromInline
    typealias Callback = @MainActor @Sendable (Value) -> Void

    // The lock guards the ids and the callbacks and holds only the next id, a type that does not
    // depend on `Value`: a `Mutex` of a struct holding the callbacks was generic in `Value`, so its
    // metadata was looked up at run time on every add (about 4 k instructions) and again on every
    // registry released (about 2 k). The ids and the arrays are only touched inside `lock.withLock`,
    // never overlapping, hence `nonisolated(unsafe)` and no run-time exclusivity checks.
    @usableFromInline let lock = Mutex<UInt64>(0)
    @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var ids = ObserverIDs()
    // Kept beside the ids so a notification reads the array as it is, without building one.
    @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var storedCallbacks: [Callback] = []
    // A store's error observers (``StateStore/observeErrors(_:)``), a second list with ids from the
    // same count: a store keeps one registry, not one for each (an allocation per store).
    @exclusivity(unchecked) nonisolated(unsafe) var errorIDs = ObserverIDs()
    @exclusivity(unchecked) nonisolated(unsafe) var storedErrorCallbacks: [ErrorCallback] = []

    /// A callback of the error list.
    typealias ErrorCallback = @MainActor @Sendable (any Error) -> Void

    /// Creates an empty registry.
    @usableFromInline
    init() {}

    /// Adds a callback; the token removes it (holding this registry weakly, as a closure would).
    @inlinable
    func add(_ callback: @escaping Callback) -> ObservationToken {
        let id = lock.withLock { nextID -> UInt64 in
            let id = nextID
            nextID += 1
            ids.append(id)
            storedCallbacks.append(callback)
            return id
        }
        // The token is only ever made here, with this registry: the downcast cannot fail. Written in
        // this inlinable method, the closure is specialized with it and captures nothing.
        return ObservationToken(registry: self, id: id) { registry, id in
            unsafeDowncast(registry, to: ObserverRegistry.self).remove(id)
        }
    }

    /// Removes the callback added under `id`, if it is still there.
    @inlinable
    func remove(_ id: UInt64) {
        // The removed callback is handed out of the lock and let go there: releasing it may release a
        // token of this same registry (a callback holding one), whose cancel comes back here.
        _ = lock.withLock { _ -> Callback? in
            guard let index = ids.remove(id) else { return nil }
            return storedCallbacks.remove(at: index)
        }
    }

    /// Adds a callback to the error list; the token removes it, as ``add(_:)``'s does.
    func addError(_ callback: @escaping ErrorCallback) -> ObservationToken {
        let id = lock.withLock { nextID -> UInt64 in
            let id = nextID
            nextID += 1
            errorIDs.append(id)
            storedErrorCallbacks.append(callback)
            return id
        }
        return ObservationToken(registry: self, id: id) { registry, id in
            unsafeDowncast(registry, to: ObserverRegistry.self).removeError(id)
        }
    }

    /// Removes the error list's callback added under `id`, if it is still there.
    func removeError(_ id: UInt64) {
        // Let go out of the lock, as in ``remove(_:)``.
        _ = lock.withLock { _ -> ErrorCallback? in
            guard let index = errorIDs.remove(id) else { return nil }
            return storedErrorCallbacks.remove(at: index)
        }
    }

    /// The callbacks in the order added.
    var callbacks: [Callback] { lock.withLock { _ in storedCallbacks } }

    /// The error list's callbacks in the order added.
    var errorCallbacks: [ErrorCallback] { lock.withLock { _ in storedErrorCallbacks } }

    /// How many callbacks are registered (the error list's aside).
    var count: Int { lock.withLock { _ in storedCallbacks.count } }
}
