import Synchronization

/// A list of observer callbacks, each under an id, that a token can remove from any thread.
///
/// A store keeps one registry: the state observers and the error observers are two lists of it.
/// Callbacks are called in the order they were added.
final class ObserverRegistry<Value: Sendable>: Sendable {
    /// A callback of the state list.
    typealias Callback = @MainActor @Sendable (Value) -> Void
    /// A callback of the error list.
    typealias ErrorCallback = @MainActor @Sendable (any Error) -> Void

    /// The two lists and the next id to hand out.
    private struct Lists {
        var nextID = 0
        var callbacks: [(id: Int, callback: Callback)] = []
        var errorCallbacks: [(id: Int, callback: ErrorCallback)] = []
    }

    private let lists = Mutex(Lists())

    /// Creates an empty registry.
    init() {}

    /// Adds a callback to the state list; cancelling or releasing the token removes it.
    func add(_ callback: @escaping Callback) -> ObservationToken {
        let id = lists.withLock { lists in
            let id = lists.nextID
            lists.nextID += 1
            lists.callbacks.append((id, callback))
            return id
        }
        return ObservationToken { [weak self] in self?.remove(id) }
    }

    /// Adds a callback to the error list; cancelling or releasing the token removes it.
    func addError(_ callback: @escaping ErrorCallback) -> ObservationToken {
        let id = lists.withLock { lists in
            let id = lists.nextID
            lists.nextID += 1
            lists.errorCallbacks.append((id, callback))
            return id
        }
        return ObservationToken { [weak self] in self?.remove(id) }
    }

    /// Removes the callback added under `id`, from whichever list holds it.
    ///
    /// The removed callback is handed out of the lock before it is let go: it may hold a token of
    /// this same registry, whose cancel comes back here.
    private func remove(_ id: Int) {
        let removed: (Callback?, ErrorCallback?) = lists.withLock { lists in
            if let index = lists.callbacks.firstIndex(where: { $0.id == id }) {
                return (lists.callbacks.remove(at: index).callback, nil)
            }
            if let index = lists.errorCallbacks.firstIndex(where: { $0.id == id }) {
                return (nil, lists.errorCallbacks.remove(at: index).callback)
            }
            return (nil, nil)
        }
        _ = removed
    }

    /// The state list's callbacks, in the order added.
    var callbacks: [Callback] { lists.withLock { $0.callbacks.map(\.callback) } }

    /// The error list's callbacks, in the order added.
    var errorCallbacks: [ErrorCallback] { lists.withLock { $0.errorCallbacks.map(\.callback) } }

    /// How many callbacks the state list holds.
    var count: Int { lists.withLock { $0.callbacks.count } }
}
