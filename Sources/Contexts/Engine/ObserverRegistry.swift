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

    /// The two lists, each as ids beside callbacks in the same order, and the next id to hand out.
    private struct Lists {
        var nextID = 0
        var ids: [Int] = []
        var callbacks: [Callback] = []
        var errorIDs: [Int] = []
        var errorCallbacks: [ErrorCallback] = []
    }

    private let lists = Mutex(Lists())

    /// Creates an empty registry.
    init() {}

    /// Adds a callback to the state list; cancelling or releasing the token removes it.
    func add(_ callback: @escaping Callback) -> ObservationToken {
        let id = lists.withLock { lists in
            lists.nextID += 1
            lists.ids.append(lists.nextID)
            lists.callbacks.append(callback)
            return lists.nextID
        }
        return ObservationToken { [weak self] in self?.remove(id) }
    }

    /// Adds a callback to the error list; cancelling or releasing the token removes it.
    func addError(_ callback: @escaping ErrorCallback) -> ObservationToken {
        let id = lists.withLock { lists in
            lists.nextID += 1
            lists.errorIDs.append(lists.nextID)
            lists.errorCallbacks.append(callback)
            return lists.nextID
        }
        return ObservationToken { [weak self] in self?.remove(id) }
    }

    /// Removes the callback added under `id`, from whichever list holds it.
    ///
    /// The removed callback is handed out of the lock before it is let go: it may hold a token of
    /// this same registry, whose cancel comes back here.
    private func remove(_ id: Int) {
        let removed: (Callback?, ErrorCallback?) = lists.withLock { lists in
            if let index = lists.ids.firstIndex(of: id) {
                lists.ids.remove(at: index)
                return (lists.callbacks.remove(at: index), nil)
            }
            if let index = lists.errorIDs.firstIndex(of: id) {
                lists.errorIDs.remove(at: index)
                return (nil, lists.errorCallbacks.remove(at: index))
            }
            return (nil, nil)
        }
        _ = removed
    }

    /// The state list's callbacks, in the order added.
    var callbacks: [Callback] { lists.withLock { $0.callbacks } }

    /// The error list's callbacks, in the order added.
    var errorCallbacks: [ErrorCallback] { lists.withLock { $0.errorCallbacks } }

    /// How many callbacks the state list holds.
    var count: Int { lists.withLock { $0.callbacks.count } }
}
