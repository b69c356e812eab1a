import Observation
import Synchronization

/// Holds one context's state and tells observers when it changes: the engine's observer mechanism.
///
/// There is one way to change the state, ``update(_:)``, and one way to group changes, ``batch(_:)``.
/// Observers hear once per outermost update or batch, and not at all when the state ends equal.
/// The state is observable three ways: ``observe(_:)`` with a closure and a token, ``states`` as an
/// `AsyncSequence`, and the Observation framework (`Observable`, as SwiftUI reads it).
///
/// The store is the one place where the engine trades a little plainness for speed, because every
/// context's every change runs through it: the code a change runs (``update(_:)``, ``batch(_:)``,
/// ``observe(_:)`` and their helpers) is `@inlinable`, so a context in another module (an app's
/// own) gets it specialized for its state rather than generic code that looks up type metadata on
/// each change; and the store's own properties, main-actor isolated, skip the run-time exclusivity
/// checks (the one overlap they could catch, an update inside another update's body, is a
/// `precondition`). Observers live on the main actor; a token cancelled on another thread hands its
/// id over through a small lock, read before the next delivery. Together they bring the machinery
/// to about 1.5× a hand-written floor, from 7–50× (Docs/Performance.md, section 1). Nothing else in
/// the engine does this; `Scripts/check-clarity` names this file as its one exception.
@MainActor
public final class StateStore<State: Sendable & Equatable>: Observable {
    /// A closure observer of the state.
    public typealias Observer = @MainActor @Sendable (State) -> Void
    /// A closure observer of reported errors.
    public typealias ErrorObserver = @MainActor @Sendable (any Error) -> Void

    /// The current snapshot. Emits when an update leaves it different.
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
    @inlinable public var snapshot: State { storage }

    /// How many closure observers are registered.
    public var observerCount: Int {
        removeCancelledObservers()
        return observers.callbacks.count
    }

    @usableFromInline @exclusivity(unchecked) var storage: State
    @usableFromInline let registrar = ObservationRegistrar()
    /// Whether ``state`` was ever read: until then no Observation scope can be watching this store,
    /// so a change need not tell the registrar (most stores are watched only through ``observe(_:)``).
    @usableFromInline @exclusivity(unchecked) var isTracked = false
    /// The closure observers.
    @usableFromInline @exclusivity(unchecked) var observers = Observers()
    /// The ids of observers whose tokens were cancelled, to remove before the next delivery: a token
    /// may cancel on any thread.
    @usableFromInline let cancelled = CancelledObservers()
    /// The streams handed out by ``states``; made by the first one.
    private var streams: StreamTable?
    /// The state before the outermost update or batch began; `nil` when no change is in progress.
    @usableFromInline @exclusivity(unchecked) var before: State?
    @usableFromInline @exclusivity(unchecked) var isUpdating = false
    @usableFromInline @exclusivity(unchecked) var isDelivering = false
    /// Set when a change arrives while observers are being told, so they are told again.
    @usableFromInline @exclusivity(unchecked) var hasUndelivered = false

    /// Creates a store holding `initial`.
    public init(_ initial: State) {
        storage = initial
    }

    /// Changes the state; observers hear once, after the outermost update or batch, if it changed.
    ///
    /// Calling `update` from inside another update's `body` is a programming error: use
    /// ``batch(_:)`` to group several updates.
    @inlinable
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
    @inlinable
    public func batch(_ body: () -> Void) {
        let opened = begin()
        body()
        if opened { end() }
    }

    /// Calls `observer` now with the current state, then after every change, until the token is
    /// cancelled or released.
    @inlinable
    public func observe(_ observer: @escaping Observer) -> ObservationToken {
        let id = observers.add(observer)
        observer(storage)
        return ObservationToken { [cancelled] in cancelled.add(id) }
    }

    /// The current state, then every change, as an `AsyncSequence`; ends when the consumer stops.
    public var states: AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: State.self, bufferingPolicy: .bufferingNewest(64))
        let streams = self.streams ?? StreamTable()
        self.streams = streams
        continuation.yield(storage)
        let id = streams.add(continuation)
        continuation.onTermination = { [streams] _ in streams.remove(id) }
        return stream
    }

    /// Reports an error the context cannot handle itself; error observers (its flow) raise it up the tree.
    public func report(_ error: any Error) {
        removeCancelledObservers()
        for observer in observers.errorCallbacks { observer(error) }
    }

    /// Calls `observer` with every error the context reports, until the token is cancelled or released.
    public func observeErrors(_ observer: @escaping ErrorObserver) -> ObservationToken {
        let id = observers.addError(observer)
        return ObservationToken { [cancelled] in cancelled.add(id) }
    }

    /// Remembers the state before a change; `true` when this call opened the outermost change.
    @inlinable
    func begin() -> Bool {
        guard before == nil else { return false }
        before = storage
        return true
    }

    /// Ends the outermost change: if the state differs from the one before, Observation and the
    /// observers hear of it.
    @inlinable
    func end() {
        guard let before else { return }
        self.before = nil
        guard before != storage else { return }
        if isTracked { registrar.withMutation(of: self, keyPath: \.storage) {} }
        deliver()
    }

    /// Tells every observer and stream the newest state.
    ///
    /// An observer that changes the store while being told is fine: the delivery starts again with
    /// the newest state, so every observer ends on the latest snapshot and none hears an older one
    /// after a newer.
    @inlinable
    func deliver() {
        guard !isDelivering else {
            hasUndelivered = true
            return
        }
        isDelivering = true
        defer { isDelivering = false }
        repeat {
            if cancelled.isPending { removeCancelledObservers() }
            hasUndelivered = false
            let snapshot = storage
            for observer in observers.callbacks {
                observer(snapshot)
                if hasUndelivered { break }
            }
            if !hasUndelivered { yieldToStreams(snapshot) }
        } while hasUndelivered
    }

    /// Hands `state` to every stream still listening.
    @usableFromInline
    func yieldToStreams(_ state: State) {
        streams?.yield(state)
    }

    /// Removes the observers whose tokens were cancelled.
    ///
    /// Each closure is let go after the list changed: it may hold a token of this same store, whose
    /// cancel is then removed by the next turn of the loop.
    @usableFromInline
    func removeCancelledObservers() {
        while let ids = cancelled.take() {
            for id in ids {
                let removed = observers.remove(id)
                _ = removed
            }
        }
    }

    // Not isolated: only the stream table, which is thread-safe, is touched.
    deinit {
        streams?.finishAll()
    }
}
