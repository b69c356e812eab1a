/// A context: one use case's state and behaviour, observable through its ``StateStore``.
///
/// Methods are inputs ("Call when ..."); the store's state is the output ("Emits when ...").
@MainActor
public protocol StateContext: AnyObject {
    /// The snapshot type.
    associatedtype State: Sendable & Equatable

    /// The store holding the state and its observers.
    var store: StateStore<State> { get }

    /// Call when the use case ends (its flow ended): cancels the context's timers, feeds and pending
    /// requests, so nothing of it runs again. Calling it again does nothing.
    func end()
}

extension StateContext {
    /// The current snapshot; read inside `withObservationTracking`, it registers interest
    /// (``StateStore/state``).
    public var state: State { store.state }

    /// The current snapshot, read without registering Observation interest (``StateStore/snapshot``).
    public var snapshot: State { store.snapshot }

    /// Calls `observer` now and after every change; see ``StateStore/observe(_:)``.
    public func observe(_ observer: @escaping @MainActor @Sendable (State) -> Void) -> ObservationToken {
        store.observe(observer)
    }

    /// The current state then every change; see ``StateStore/states``.
    public var states: AsyncStream<State> { store.states }
}
