import Synchronization

// The store's own parts: what its observers and streams are kept in. Like the store, they trade a
// little plainness for speed (see ``StateStore``'s doc comment), and nothing outside the store uses
// them.
extension StateStore {
    /// The store's state with its observers and where a change stands, in one value: a change is one
    /// access to it (each access of a stored property is checked for exclusivity at run time).
    @usableFromInline
    struct Core {
        /// The current state.
        @usableFromInline var state: State
        /// The closure observers.
        @usableFromInline var observers = Observers()
        /// The state before the outermost update or batch began; `nil` when no change is open.
        @usableFromInline var before: State?
        /// Whether the state was read through Observation (``StateStore/state``).
        @usableFromInline var isTracked = false
        /// Whether observers are being told.
        @usableFromInline var isDelivering = false
        /// Whether a change arrived while observers were being told, so they are told again.
        @usableFromInline var hasUndelivered = false

        @usableFromInline init(state: State) {
            self.state = state
        }

        /// One round of telling the observers: the state to tell and who to tell.
        @usableFromInline
        struct Round {
            @usableFromInline let state: State
            @usableFromInline let observers: [Observer]

            @usableFromInline init(state: State, observers: [Observer]) {
                self.state = state
                self.observers = observers
            }
        }

        /// Runs an update's body on the state; `true` when this closed the outermost change and
        /// left the state different.
        ///
        /// The store holds this value for the whole body, so the store touched from inside it (an
        /// update nested in another's body) is an overlapping access, which Swift's run-time
        /// exclusivity check stops.
        @inlinable
        mutating func update(_ body: (inout State) -> Void) -> Bool {
            let opened = open()
            body(&state)
            return opened && close()
        }

        /// Opens the outermost change, if none is open; `true` when this call opened it.
        @inlinable
        mutating func open() -> Bool {
            guard before == nil else { return false }
            before = state
            return true
        }

        /// Closes the outermost change; `true` when the state differs from where it began.
        @inlinable
        mutating func close() -> Bool {
            guard let before else { return false }
            self.before = nil
            return before != state
        }

        /// The first round of telling the observers; `nil` (and they are told again) when they are
        /// being told already.
        @inlinable
        mutating func beginDelivery() -> Round? {
            guard !isDelivering else {
                hasUndelivered = true
                return nil
            }
            isDelivering = true
            return Round(state: state, observers: observers.callbacks)
        }

        /// The next round, when a change arrived during the last one; else `nil`, and delivery ends.
        @inlinable
        mutating func nextRound() -> Round? {
            guard hasUndelivered else {
                isDelivering = false
                return nil
            }
            hasUndelivered = false
            return Round(state: state, observers: observers.callbacks)
        }
    }

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
