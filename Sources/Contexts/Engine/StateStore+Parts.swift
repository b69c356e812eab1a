import Synchronization

// The store's own parts: what its observers and streams are kept in. Like the store, they trade a
// little plainness for speed (see ``StateStore``'s doc comment), and nothing outside the store uses
// them.
extension StateStore {
    /// The ids of cancelled observers, handed from any thread to the main actor.
    @usableFromInline
    final class CancelledObservers: Sendable {
        private let ids = Mutex<[Int]>([])
        @usableFromInline let hasIDs = Atomic<Bool>(false)

        @usableFromInline init() {}

        /// Whether some ids wait to be taken.
        @inlinable var isPending: Bool { hasIDs.load(ordering: .acquiring) }

        /// Adds the id of an observer whose token was cancelled.
        @usableFromInline func add(_ id: Int) {
            ids.withLock { ids in
                ids.append(id)
                hasIDs.store(true, ordering: .releasing)
            }
        }

        /// Takes the ids added so far; `nil` when there are none.
        @usableFromInline
        func take() -> [Int]? {
            ids.withLock { ids in
                hasIDs.store(false, ordering: .releasing)
                defer { ids = [] }
                return ids.isEmpty ? nil : ids
            }
        }
    }

    /// The closure observers in the order added, each list with its ids beside it.
    @usableFromInline
    struct Observers {
        @usableFromInline var lastID = 0
        @usableFromInline var ids: [Int] = []
        @usableFromInline var callbacks: [Observer] = []
        var errorIDs: [Int] = []
        var errorCallbacks: [ErrorObserver] = []

        @usableFromInline init() {}

        /// Adds a state observer and returns its id.
        @inlinable
        mutating func add(_ callback: @escaping Observer) -> Int {
            lastID += 1
            ids.append(lastID)
            callbacks.append(callback)
            return lastID
        }

        /// Adds an error observer and returns its id.
        mutating func addError(_ callback: @escaping ErrorObserver) -> Int {
            lastID += 1
            errorIDs.append(lastID)
            errorCallbacks.append(callback)
            return lastID
        }

        /// Takes out the observer added under `id`, from whichever list holds it.
        mutating func remove(_ id: Int) -> (Observer?, ErrorObserver?) {
            if let index = ids.firstIndex(of: id) {
                ids.remove(at: index)
                return (callbacks.remove(at: index), nil)
            }
            if let index = errorIDs.firstIndex(of: id) {
                errorIDs.remove(at: index)
                return (nil, errorCallbacks.remove(at: index))
            }
            return (nil, nil)
        }
    }

    /// The continuations of the streams handed out by ``states``, behind a lock: a stream may end on
    /// any thread.
    final class StreamTable: Sendable {
        private let entries = Mutex<(lastID: Int, open: [Int: AsyncStream<State>.Continuation])>((0, [:]))

        /// Keeps `continuation` until ``remove(_:)`` with the id returned.
        func add(_ continuation: AsyncStream<State>.Continuation) -> Int {
            entries.withLock { entries in
                entries.lastID += 1
                entries.open[entries.lastID] = continuation
                return entries.lastID
            }
        }

        /// Forgets the continuation kept under `id`.
        func remove(_ id: Int) { _ = entries.withLock { $0.open.removeValue(forKey: id) } }

        /// Hands `state` to every stream still listening.
        func yield(_ state: State) { for stream in listening() { stream.yield(state) } }

        /// Ends every stream still listening.
        func finishAll() { for stream in listening() { stream.finish() } }

        private func listening() -> [AsyncStream<State>.Continuation] {
            entries.withLock { Array($0.open.values) }
        }
    }
}
