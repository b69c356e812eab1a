import Synchronization

/// Thread-safe storage for observer callbacks, so a token can unregister from any thread.
final class ObserverRegistry<Value: Sendable>: Sendable {
    typealias Callback = @MainActor @Sendable (Value) -> Void

    private struct Entries {
        var nextID: UInt64 = 0
        var callbacks: [(id: UInt64, callback: Callback)] = []
    }

    private let entries = Mutex(Entries())

    /// Adds a callback; the token removes it.
    func add(_ callback: @escaping Callback) -> ObservationToken {
        let id = entries.withLock { entries -> UInt64 in
            let id = entries.nextID
            entries.nextID += 1
            entries.callbacks.append((id, callback))
            return id
        }
        return ObservationToken { [weak self] in
            self?.entries.withLock { $0.callbacks.removeAll { $0.id == id } }
        }
    }

    /// The callbacks in the order added.
    var callbacks: [Callback] { entries.withLock { $0.callbacks.map(\.callback) } }

    /// How many callbacks are registered.
    var count: Int { entries.withLock { $0.callbacks.count } }
}
