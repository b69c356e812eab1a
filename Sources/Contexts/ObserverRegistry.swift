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

    // The lock guards the ids and `storedCallbacks` and holds only the next id, a type that does not
    // depend on `Value`: a `Mutex` of a struct holding the callbacks was generic in `Value`, so its
    // metadata was looked up at run time on every add (about 4 k instructions) and again on every
    // registry released (about 2 k). The ids and the array are only touched inside `lock.withLock`,
    // never overlapping, hence `nonisolated(unsafe)` and no run-time exclusivity checks.
    @usableFromInline let lock = Mutex<UInt64>(0)
    // The ids in use, in the callbacks' order (ids only grow, and a removal keeps the order): those
    // below 64 as bits of `firstIDs`, the rest in `laterIDs`. A callback's index is the number of ids
    // before its own. Nearly every registry is given fewer than 64 observers in its life, and an
    // array of ids was an allocation for each registry observed.
    @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var firstIDs: UInt64 = 0
    @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var laterIDs: [UInt64] = []
    // Kept beside the ids so a notification reads the array as it is, without building one.
    @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var storedCallbacks: [Callback] = []

    /// Creates an empty registry.
    @usableFromInline
    init() {}

    /// Adds a callback; the token removes it (holding this registry weakly, as a closure would).
    @inlinable
    func add(_ callback: @escaping Callback) -> ObservationToken {
        let id = lock.withLock { nextID -> UInt64 in
            let id = nextID
            nextID += 1
            if id < 64 { firstIDs |= 1 << id } else { laterIDs.append(id) }
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
            let index: Int
            if id < 64 {
                let bit: UInt64 = 1 << id
                guard firstIDs & bit != 0 else { return nil }
                index = (firstIDs & (bit &- 1)).nonzeroBitCount
                firstIDs &= ~bit
            } else {
                guard let later = laterIDs.firstIndex(of: id) else { return nil }
                laterIDs.remove(at: later)
                index = firstIDs.nonzeroBitCount + later
            }
            return storedCallbacks.remove(at: index)
        }
    }

    /// The callbacks in the order added.
    var callbacks: [Callback] { lock.withLock { _ in storedCallbacks } }

    /// How many callbacks are registered.
    var count: Int { lock.withLock { _ in storedCallbacks.count } }
}
