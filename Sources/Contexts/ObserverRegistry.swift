import Synchronization

/// Thread-safe storage for observer callbacks, so a token can unregister from any thread.
final class ObserverRegistry<Value: Sendable>: Sendable {
    typealias Callback = @MainActor @Sendable (Value) -> Void

    private struct Entries {
        var nextID: UInt64 = 0
        var ids: [UInt64] = []
        // Kept beside the ids so a notification reads the array as it is, without building one.
        var callbacks: [Callback] = []
    }

    private let entries = Mutex(Entries())

    /// Adds a callback; the token removes it.
    func add(_ callback: @escaping Callback) -> ObservationToken {
        let id = entries.withLock { entries -> UInt64 in
            let id = entries.nextID
            entries.nextID += 1
            entries.ids.append(id)
            entries.callbacks.append(callback)
            return id
        }
        return ObservationToken { [weak self] in
            self?.entries.withLock { entries in
                guard let index = entries.ids.firstIndex(of: id) else { return }
                entries.ids.remove(at: index)
                entries.callbacks.remove(at: index)
            }
        }
    }

    /// The callbacks in the order added.
    var callbacks: [Callback] { entries.withLock { $0.callbacks } }

    /// How many callbacks are registered.
    var count: Int { entries.withLock { $0.callbacks.count } }
}
