import Observation
import Synchronization

/// Holds one context's state and tells observers when it changes: the engine's observer mechanism.
///
/// Observable three ways: ``observe(_:)`` with a closure and a token, ``states`` as an
/// `AsyncSequence`, and the Observation framework (`Observable`, as SwiftUI reads it). Changes made inside one
/// ``update(_:)`` (or nested updates) produce one notification, and none when the state ends equal.
@MainActor
public final class StateStore<State: Sendable & Equatable>: Observable {
    /// The current snapshot. Emits when an update leaves it different.
    ///
    /// Reading it inside `withObservationTracking` (SwiftUI's body) registers interest in it. Code
    /// that hears changes through ``observe(_:)`` reads ``snapshot`` instead: until someone reads
    /// `state`, no Observation tracking can include this store, and a change skips the registrar.
    public var state: State {
        let registrar: ObservationRegistrar
        if let made = self.registrar {
            registrar = made
        } else {
            registrar = ObservationRegistrar()
            self.registrar = registrar
            isReadThroughObservation = true
        }
        registrar.access(ObservedState.subject, keyPath: ObservedState.keyPath)
        return storage
    }

    /// The current snapshot, read without registering Observation interest.
    ///
    /// For code told of every change by ``observe(_:)`` (the flows): the same value as ``state``.
    @inlinable public var snapshot: State { storage }

    /// The newest state for the context that owns the store, read without registering interest: inside
    /// a ``batch(_:)`` it includes the batch's updates so far (not yet delivered).
    var current: State { pending ?? storage }

    // The store's own bookkeeping is never accessed overlappingly (it is main-actor isolated and
    // no access spans a call out), so the run-time exclusivity checks — about 1 % of a whole
    // journey — are left out for it. Usable from inlinable code so that ``snapshot`` and
    // ``observe(_:)`` are specialized where a flow calls them (see `ObserverRegistry`).
    @usableFromInline @exclusivity(unchecked) var storage: State
    // Made by the first read of `state` (most stores are only observed with `observe(_:)`): a
    // registrar allocates its storage when made, twice per store. Only after that read can a tracking
    // scope have registered interest, so until then a change need not tell a registrar (about 2 % of
    // a whole journey).
    @exclusivity(unchecked) private var registrar: ObservationRegistrar?
    // Counts the changes of `storage`: telling "changed while delivering" without comparing snapshots.
    @exclusivity(unchecked) private var version: UInt64 = 0

    // The error observers are a second list of the same registry (one allocation per store, not two).
    @usableFromInline let observers = ObserverRegistry<State>()
    // Made by the first `states` (most stores never hand out a stream): a `Mutex` of a table generic
    // in `State` held inline had its metadata looked up at run time for every store released.
    private var streams: StreamTable?
    @exclusivity(unchecked) private var pending: State?
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var isNotifying = false
    // Whether `registrar` was made, in a flag: `ObservationRegistrar` is resilient, and looking at an
    // optional one goes through its value witnesses (about 100 instructions per change).
    @exclusivity(unchecked) private var isReadThroughObservation = false

    /// Creates a store holding `initial`.
    public init(_ initial: State) {
        storage = initial
    }

    /// Changes the state; observers hear once, after the outermost update or batch, if it changed.
    ///
    /// Do not call `update` from inside another update's `body`; wrap several updates in ``batch(_:)``.
    public func update(_ body: (inout State) -> Void) {
        depth += 1
        var draft = pending.take() ?? storage
        body(&draft)
        pending = consume draft
        depth -= 1
        if depth == 0 { flush() }
    }

    /// Groups several updates into one notification.
    public func batch(_ body: () -> Void) {
        depth += 1
        body()
        depth -= 1
        if depth == 0 { flush() }
    }

    /// Delivers the new state. An observer that updates the store while being told is fine: the
    /// delivery starts again with the newest state, so every observer ends on the latest snapshot and
    /// none is told an older one after a newer.
    private func flush() {
        guard let next = pending.take(), Self.differs(&storage, from: next) else { return }
        if isReadThroughObservation {
            replaceObserved(with: next)
        } else {
            // Moved, not copied: a copy retained every reference in the state and released it again.
            storage = consume next
        }
        version &+= 1
        guard !isNotifying else { return }
        isNotifying = true
        defer { isNotifying = false }
        var delivered: UInt64
        repeat {
            delivered = version
            let snapshot = storage
            for callback in observers.callbacks {
                callback(snapshot)
                if version != delivered { break }
            }
            // A store that never handed out a stream (most) has none to lock and look at.
            if version == delivered, let streams { Self.yield(snapshot, to: streams) }
        } while version != delivered
    }

    /// Stores `next` where an Observation tracking scope may be looking, telling the registrar.
    ///
    /// Out of ``flush()``, as ``yield(_:to:)`` is: the registrar and a stream's continuation are
    /// resilient types, whose sizes a function holding them looks up at run time on entry, on every
    /// change, even when neither is used.
    @inline(never)
    private func replaceObserved(with next: consuming State) {
        guard let registrar else {
            storage = consume next
            return
        }
        // willSet/didSet rather than withMutation: no closure to allocate and check the isolation of.
        registrar.willSet(ObservedState.subject, keyPath: ObservedState.keyPath)
        storage = consume next
        registrar.didSet(ObservedState.subject, keyPath: ObservedState.keyPath)
    }

    /// Hands `snapshot` to every stream still listening (see ``replaceObserved(with:)``).
    @inline(never)
    private static func yield(_ snapshot: State, to streams: StreamTable) {
        for continuation in streams.continuations() { continuation.yield(snapshot) }
    }

    /// Whether `next` differs from `current`: the stored state is compared in place, through an inout
    /// access, where reading the property for `!=` copied it (a retain and a release of each of its
    /// references, on every change).
    private static func differs(_ current: inout State, from next: borrowing State) -> Bool {
        current != next
    }

    /// Calls `observer` now with the current state, then after every change, until the token is
    /// cancelled or released.
    @inlinable
    public func observe(_ observer: @escaping @MainActor @Sendable (State) -> Void) -> ObservationToken {
        let token = observers.add(observer)
        observer(storage)
        return token
    }

    /// The current state, then every change, as an `AsyncSequence`; ends when the consumer stops.
    public var states: AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: State.self, bufferingPolicy: .bufferingNewest(64))
        let table: StreamTable
        if let streams {
            table = streams
        } else {
            table = StreamTable()
            streams = table
        }
        continuation.yield(storage)
        let id = table.add(continuation)
        continuation.onTermination = { [weak table] _ in table?.remove(id) }
        return stream
    }

    /// How many closure observers are registered.
    public var observerCount: Int { observers.count }

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

    // Not isolated: an isolated deinit hops through the executor check on every store released. Only
    // thread-safe parts are touched (the continuations are behind a lock; finishing one is safe anywhere).
    deinit {
        // Most stores never had a stream: finishing none should cost nothing.
        streams?.finishAll()
    }

    /// The continuations of the streams handed out by ``states``, behind a lock: a stream's end may be
    /// told on any thread.
    private final class StreamTable: Sendable {
        private let entries = Mutex<
            (nextID: UInt64, continuations: [UInt64: AsyncStream<State>.Continuation])
        >(
            (0, [:]))

        /// Keeps `continuation` until ``remove(_:)`` with the id returned.
        func add(_ continuation: AsyncStream<State>.Continuation) -> UInt64 {
            entries.withLock { entries in
                let id = entries.nextID
                entries.nextID += 1
                entries.continuations[id] = continuation
                return id
            }
        }

        /// Forgets the continuation kept under `id`.
        func remove(_ id: UInt64) {
            _ = entries.withLock { $0.continuations.removeValue(forKey: id) }
        }

        /// The continuations of the streams still listening (none, without allocating, when there are none).
        func continuations() -> [AsyncStream<State>.Continuation] {
            entries.withLock { $0.continuations.isEmpty ? [] : Array($0.continuations.values) }
        }

        /// Ends every stream still listening.
        func finishAll() {
            for continuation in continuations() { continuation.finish() }
        }
    }
}

/// The key under which every store's registrar records reads and changes of its state.
///
/// Each store has its own registrar, so one key serves them all. A key path into the generic store
/// itself would be built at run time for every store (about 12 k instructions, 2 % of a whole
/// journey); this one is not generic, so it is built once.
private final class ObservedState: Observable, Sendable {
    let state = 0

    static let subject = ObservedState()
    static let keyPath = \ObservedState.state
}
