import Observation
import Synchronization

/// Holds one context's state and tells observers when it changes: the engine's observer mechanism.
///
/// There is one way to change the state, ``update(_:)``, and one way to group changes, ``batch(_:)``.
/// Observers hear once per outermost update or batch, and not at all when the state ends equal.
/// The state is observable three ways: ``observe(_:)`` with a closure and a token, ``states`` as an
/// `AsyncSequence`, and the Observation framework (`Observable`, as SwiftUI reads it).
@MainActor
public final class StateStore<State: Sendable & Equatable>: Observable {
    /// The current snapshot.
    ///
    /// Emits when an update leaves it different.
    ///
    /// Reading it inside `withObservationTracking` (SwiftUI's body) registers interest in it.
    public var state: State {
        isTracked = true
        registrar.access(self, keyPath: \.storage)
        return storage
    }

    /// The current snapshot, read without registering Observation interest.
    ///
    /// Inside a ``batch(_:)`` it includes the batch's updates so far.
    public var snapshot: State { storage }

    /// How many closure observers are registered.
    public var observerCount: Int { observers.count }

    private var storage: State
    private let registrar = ObservationRegistrar()
    /// Whether ``state`` was ever read: until then no Observation scope can be watching this store,
    /// so a change need not tell the registrar (most stores are watched only through ``observe(_:)``).
    private var isTracked = false
    private let observers = ObserverRegistry<State>()
    private let streams = StreamTable()
    /// The state before the outermost update or batch began; `nil` when no change is in progress.
    private var before: State?
    private var isUpdating = false
    private var isDelivering = false
    /// Set when a change arrives while observers are being told, so they are told again.
    private var hasUndelivered = false

    /// Creates a store holding `initial`.
    public init(_ initial: State) {
        storage = initial
    }

    /// Changes the state; observers hear once, after the outermost update or batch, if it changed.
    ///
    /// Calling `update` from inside another update's `body` is a programming error: use
    /// ``batch(_:)`` to group several updates.
    public func update(_ body: (inout State) -> Void) {
        precondition(!isUpdating, "StateStore.update called inside another update's body; use batch")
        isUpdating = true
        let opened = begin()
        body(&storage)
        isUpdating = false
        if opened { end() }
    }

    /// Groups several updates into one notification, sent when the outermost batch ends.
    ///
    /// Each update inside applies at once, so ``snapshot`` reads the newest state.
    public func batch(_ body: () -> Void) {
        let opened = begin()
        body()
        if opened { end() }
    }

    /// Calls `observer` now with the current state, then after every change, until the token is
    /// cancelled or released.
    public func observe(_ observer: @escaping @MainActor @Sendable (State) -> Void) -> ObservationToken {
        let token = observers.add(observer)
        observer(storage)
        return token
    }

    /// The current state, then every change, as an `AsyncSequence`; ends when the consumer stops.
    public var states: AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: State.self, bufferingPolicy: .bufferingNewest(64))
        continuation.yield(storage)
        let id = streams.add(continuation)
        continuation.onTermination = { [streams] _ in streams.remove(id) }
        return stream
    }

    /// Reports an error the context cannot handle itself; error observers (its flow) raise it up the tree.
    public func report(_ error: any Error) {
        for callback in observers.errorCallbacks { callback(error) }
    }

    /// Calls `observer` with every error the context reports, until the token is cancelled or released.
    public func observeErrors(_ observer: @escaping @MainActor @Sendable (any Error) -> Void)
        -> ObservationToken
    {
        observers.addError(observer)
    }

    /// Remembers the state before a change; `true` when this call opened the outermost change.
    private func begin() -> Bool {
        guard before == nil else { return false }
        before = storage
        return true
    }

    /// Ends the outermost change: if the state differs from the one before, Observation and the
    /// observers hear of it.
    private func end() {
        let changed = before != storage
        before = nil
        guard changed else { return }
        if isTracked { registrar.withMutation(of: self, keyPath: \.storage) {} }
        deliver()
    }

    /// Tells every observer and stream the newest state.
    ///
    /// An observer that changes the store while being told is fine: the delivery starts again with
    /// the newest state, so every observer ends on the latest snapshot and none hears an older one
    /// after a newer.
    private func deliver() {
        guard !isDelivering else {
            hasUndelivered = true
            return
        }
        isDelivering = true
        defer { isDelivering = false }
        repeat {
            hasUndelivered = false
            let snapshot = storage
            for callback in observers.callbacks {
                callback(snapshot)
                if hasUndelivered { break }
            }
            if !hasUndelivered { streams.yield(snapshot) }
        } while hasUndelivered
    }

    // Not isolated: only the stream table, which is thread-safe, is touched.
    deinit {
        streams.finishAll()
    }

    /// The continuations of the streams handed out by ``states``, behind a lock: a stream may end on
    /// any thread.
    private final class StreamTable: Sendable {
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
            entries.withLock { $0.open.isEmpty ? [] : Array($0.open.values) }
        }
    }
}
