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
    var current: State { draft?.pointee ?? storage }

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
    // While the outermost update or batch runs, its draft: the state with the updates so far, a
    // local of that call, which the nested updates and ``current`` reach through this pointer (set
    // only while that call's frame is live, cleared before it returns). A pointer, not a `State?` of
    // the store's: the deinit is generic, and destroying an optional state looked the optional's
    // metadata up at run time for every store released (about 500 instructions); a pointer is trivial.
    @exclusivity(unchecked) private var draft: UnsafeMutablePointer<State>?
    @exclusivity(unchecked) private var depth = 0
    // Whether an update ran inside the current batch (a batch without one has nothing to deliver).
    @exclusivity(unchecked) private var isDrafted = false
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
        if let draft {
            // Inside a batch: the batch's draft, with ``current`` reading the stored state while
            // `body` changes it (no read of the draft overlaps the change).
            depth += 1
            self.draft = nil
            body(&draft.pointee)
            self.draft = draft
            depth -= 1
            isDrafted = true
        } else if depth > 0 {
            // Inside another update's body, which is not supported: the change is lost, as the
            // outer update's draft replaces it.
            depth += 1
            var lost = storage
            body(&lost)
            depth -= 1
        } else {
            // The depth is back to zero before the delivery: an observer's update is an outermost one.
            depth = 1
            var next = storage
            body(&next)
            depth = 0
            commit(consume next)
        }
    }

    /// Changes the state in place, for a change the caller knows leaves it different: observers
    /// hear once, as after ``update(_:)``.
    ///
    /// The stored state itself is changed, without a draft to compare it with: a draft shared the
    /// state's storage, so changing a collection of it copied the collection first, even when the
    /// store held the only reference. Inside a batch it is ``update(_:)``. `body` must change the
    /// state (the observers are told without comparing) and must not read the store.
    func updateChangingInPlace(_ body: (inout State) -> Void) {
        guard depth == 0 else { return update(body) }
        depth = 1
        if isReadThroughObservation {
            changeObserved(body)
        } else {
            body(&storage)
        }
        depth = 0
        deliver()
    }

    /// Groups several updates, which the caller knows leave the state different, into one
    /// notification, each update changing the stored state in place: observers hear once, as after
    /// ``batch(_:)``.
    ///
    /// A batch's draft, a copy of the stored state, shared its storage, so the first change of a
    /// collection (or a box) of it copied it, even when the store held the only reference: here the
    /// draft the updates change is the stored state itself, and with nothing else holding its
    /// storage nothing is copied. Observers are told without comparing: `body` must change the state.
    /// The updates' bodies must not read the store, and until the batch ends ``snapshot`` is the
    /// state with its updates so far (as ``current`` is). Inside another update or batch, or where
    /// Observation may be tracking the state (the registrar is told of each change as a whole), it is
    /// ``batch(_:)``; a scope that starts tracking during the batch (a read of ``state`` in it) is told
    /// of the change when the batch ends.
    func batchChangingInPlace(_ body: () -> Void) {
        guard depth == 0, !isReadThroughObservation else { return batch(body) }
        depth = 1
        Self.withPointer(to: &storage) { stored in
            self.draft = stored
            body()
            self.draft = nil
        }
        depth = 0
        // Tracking that began inside the batch could not be told as the change happened: tell it now.
        if isReadThroughObservation { changeObserved { _ in } }
        deliver()
    }

    /// What `body` reads of the stored state (``snapshot``), read in place: reading a part of
    /// ``snapshot`` copied the whole state first (a retain and a release of each of its references).
    /// `body` must not change the state or call the store.
    func inspect<Result>(_ body: (inout State) -> Result) -> Result {
        body(&storage)
    }

    /// Groups several updates into one notification.
    public func batch(_ body: () -> Void) {
        guard depth == 0 else {
            depth += 1
            body()
            depth -= 1
            return
        }
        depth = 1
        var next = storage
        isDrafted = false
        Self.withPointer(to: &next) { draft in
            self.draft = draft
            body()
            self.draft = nil
        }
        depth = 0
        guard isDrafted else { return }
        commit(consume next)
    }

    /// Calls `body` with a pointer to `value`, valid during the call.
    ///
    /// `withUnsafeMutablePointer` itself, handed a closure made in the store (main-actor isolated),
    /// had the closure check the executor on every call (the library function is nonisolated).
    private nonisolated static func withPointer(
        to value: inout State, _ body: (UnsafeMutablePointer<State>) -> Void
    ) {
        withUnsafeMutablePointer(to: &value, body)
    }

    /// Stores `next` and delivers it, if it differs from the stored state.
    private func commit(_ next: consuming State) {
        guard Self.differs(&storage, from: next) else { return }
        if isReadThroughObservation {
            replaceObserved(with: next)
        } else {
            // Moved, not copied: a copy retained every reference in the state and released it again.
            storage = consume next
        }
        deliver()
    }

    /// Counts a change of the stored state and delivers it. An observer that updates the store
    /// while being told is fine: the delivery starts again with the newest state, so every observer
    /// ends on the latest snapshot and none is told an older one after a newer.
    private func deliver() {
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
    /// Out of ``commit(_:)``, as ``yield(_:to:)`` is: the registrar and a stream's continuation are
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

    /// Changes the stored state with `body` where an Observation tracking scope may be looking,
    /// telling the registrar (out of line, as ``replaceObserved(with:)``).
    @inline(never)
    private func changeObserved(_ body: (inout State) -> Void) {
        guard let registrar else { return body(&storage) }
        registrar.willSet(ObservedState.subject, keyPath: ObservedState.keyPath)
        body(&storage)
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
