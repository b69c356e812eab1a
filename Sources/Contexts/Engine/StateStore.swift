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
/// each change. The state, its observers and where a change stands are one value (its `Core`), so a
/// change is one access to it, checked for exclusivity like any other. Observers live on the main
/// actor; a token cancelled on another thread hands its id over through a small lock, read before
/// the next delivery. Together they bring the machinery under 3× a hand-written floor, from 7–50×
/// (Docs/Performance.md, section 1). Nothing else in the engine does this; `Scripts/check-clarity`
/// names this file as its one exception.
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
        core.isTracked = true
        registrar.access(self, keyPath: \.core)
        return core.state
    }

    /// The current snapshot, read without registering Observation interest.
    ///
    /// Inside a ``batch(_:)`` it includes the batch's updates so far.
    @inlinable public var snapshot: State { core.state }

    /// How many closure observers are registered.
    public var observerCount: Int {
        removeCancelledObservers()
        return core.observers.callbacks.count
    }

    /// The state, its observers and where a change stands.
    @usableFromInline var core: Core
    @usableFromInline let registrar = ObservationRegistrar()
    /// The ids of observers whose tokens were cancelled, to remove before the next delivery: a token
    /// may cancel on any thread.
    @usableFromInline let cancelled = CancelledObservers()
    /// The streams handed out by ``states``; made by the first one.
    private var streams: StreamTable?

    /// Creates a store holding `initial`.
    public init(_ initial: State) {
        core = Core(state: initial)
    }

    /// Changes the state; observers hear once, after the outermost update or batch, if it changed.
    ///
    /// Calling `update` from inside another update's `body` is a programming error that stops the
    /// program: use ``batch(_:)`` to group several updates.
    @inlinable
    public func update(_ body: (inout State) -> Void) {
        if core.update(body) { changed() }
    }

    /// Groups several updates into one notification, sent when the outermost batch ends.
    ///
    /// Each update inside applies at once, so ``snapshot`` reads the newest state.
    @inlinable
    public func batch(_ body: () -> Void) {
        let opened = core.open()
        body()
        if opened, core.close() { changed() }
    }

    /// Calls `observer` now with the current state, then after every change, until the token is
    /// cancelled or released.
    @inlinable
    public func observe(_ observer: @escaping Observer) -> ObservationToken {
        let id = core.observers.add(observer)
        observer(core.state)
        return ObservationToken { [cancelled] in cancelled.add(id) }
    }

    /// The current state, then every change, as an `AsyncSequence`; ends when the consumer stops.
    public var states: AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: State.self, bufferingPolicy: .bufferingNewest(64))
        let streams = self.streams ?? StreamTable()
        self.streams = streams
        continuation.yield(core.state)
        let id = streams.add(continuation)
        continuation.onTermination = { [streams] _ in streams.remove(id) }
        return stream
    }

    /// Reports an error the context cannot handle itself; error observers (its flow) raise it up the tree.
    public func report(_ error: any Error) {
        removeCancelledObservers()
        for observer in core.observers.errorCallbacks { observer(error) }
    }

    /// Calls `observer` with every error the context reports, until the token is cancelled or released.
    public func observeErrors(_ observer: @escaping ErrorObserver) -> ObservationToken {
        let id = core.observers.addError(observer)
        return ObservationToken { [cancelled] in cancelled.add(id) }
    }

    /// Tells Observation and the observers that the state changed.
    @inlinable
    func changed() {
        if core.isTracked { registrar.withMutation(of: self, keyPath: \.core) {} }
        deliver()
    }

    /// Tells every observer and stream the newest state.
    ///
    /// An observer that changes the store while being told is fine: the delivery starts again with
    /// the newest state, so every observer ends on the latest snapshot and none hears an older one
    /// after a newer.
    @inlinable
    func deliver() {
        if cancelled.isPending { removeCancelledObservers() }
        guard var round = core.beginDelivery() else { return }
        while true {
            for observer in round.observers {
                observer(round.state)
                if core.hasUndelivered { break }
            }
            if cancelled.isPending { removeCancelledObservers() }
            guard let next = core.nextRound() else { return yieldToStreams(round.state) }
            round = next
        }
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
                let removed = core.observers.remove(id)
                _ = removed
            }
        }
    }

    // Not isolated: only the stream table, which is thread-safe, is touched.
    deinit {
        streams?.finishAll()
    }
}
