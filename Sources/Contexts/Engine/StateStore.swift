import Observation
import Synchronization

/// Holds one context's state and tells observers when it changes: the engine's observer mechanism.
///
/// There is one way to change the state, ``update(_:)``, and one way to group changes, ``batch(_:)``.
/// Observers hear once per outermost update or batch, and not at all when the state ends equal.
/// The state is observable three ways: ``observe(_:)`` with a closure and a token, ``states`` as an
/// `AsyncSequence`, and the Observation framework (`Observable`, as SwiftUI reads it). A context
/// reports the errors it cannot handle with ``report(_:)``; its flow hears them through
/// ``observeErrors(_:)`` and raises them up the flow tree. A state with a part derived from the rest
/// (the matches list from the conversations) brings it up to date in `finishing`, once per change,
/// before anyone hears of it.
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
        registrar.access(self, keyPath: currentPath)
        return current
    }

    /// The current snapshot, read without registering Observation interest.
    ///
    /// Inside a ``batch(_:)`` it includes the batch's updates so far.
    public var snapshot: State { current }

    /// How many closure observers are registered.
    public var observerCount: Int { listeners.withLock { $0.states.count } }

    private var current: State
    /// The state when the outermost update or batch began; `nil` when no change is open.
    private var before: State?
    /// Whether observers are being told, and whether a change arrived meanwhile.
    private var isDelivering = false
    private var hasUndelivered = false
    private let registrar = ObservationRegistrar()
    /// The key path Observation knows the state by: made once, as a generic type's key path is built
    /// at run time.
    private let currentPath: KeyPath<StateStore, State>
    private let finishing: @MainActor (inout State) -> Void
    /// Who listens. Behind a lock because a token may be cancelled, and a stream end, on any thread.
    private let listeners = Mutex(Listeners())

    /// Creates a store holding `initial`; `finishing` runs at the end of every outermost update or
    /// batch, on the state it leaves.
    public init(_ initial: State, finishing: @escaping @MainActor (inout State) -> Void = { _ in }) {
        current = initial
        self.finishing = finishing
        currentPath = \.current
    }

    /// Changes the state; observers hear once, after the outermost update or batch, if it changed.
    ///
    /// Calling `update` from inside another update's `body` is a programming error that stops the
    /// program (Swift's exclusivity check): use ``batch(_:)`` to group several updates.
    public func update(_ body: (inout State) -> Void) {
        batch { body(&current) }
    }

    /// Groups several updates into one notification, sent when the outermost batch ends.
    ///
    /// Each update inside applies at once, so ``snapshot`` reads the newest state.
    public func batch(_ body: () -> Void) {
        guard before == nil else { return body() }
        before = current
        body()
        finishing(&current)
        if before.take() != current { changed() }
    }

    /// Calls `observer` now with the current state, then after every change, until the token is
    /// cancelled or released.
    public func observe(_ observer: @escaping Observer) -> ObservationToken {
        let id = listeners.withLock { $0.add(state: observer) }
        observer(current)
        return ObservationToken { [weak self] in self?.removeListener(id) }
    }

    /// The current state, then every change, as an `AsyncSequence`; ends when the consumer stops or
    /// the store goes away.
    public var states: AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: State.self, bufferingPolicy: .bufferingNewest(64))
        continuation.yield(current)
        let id = listeners.withLock { $0.add(stream: continuation) }
        continuation.onTermination = { [weak self] _ in self?.removeListener(id) }
        return stream
    }

    /// Reports an error the context cannot handle itself; error observers (its flow) raise it up the tree.
    public func report(_ error: any Error) {
        for observer in listeners.withLock({ $0.errors.map { $0.observer } }) { observer(error) }
    }

    /// Calls `observer` with every error the context reports, until the token is cancelled or released.
    public func observeErrors(_ observer: @escaping ErrorObserver) -> ObservationToken {
        let id = listeners.withLock { $0.add(error: observer) }
        return ObservationToken { [weak self] in self?.removeListener(id) }
    }

    /// Tells Observation, the observers and the streams that the state changed.
    ///
    /// An observer that changes the store while being told is fine: the round stops and a new one
    /// starts with the newest state, so every observer ends on the latest snapshot and none hears an
    /// older one after a newer.
    private func changed() {
        registrar.withMutation(of: self, keyPath: currentPath) {}
        guard !isDelivering else {
            hasUndelivered = true
            return
        }
        isDelivering = true
        defer { isDelivering = false }
        repeat {
            hasUndelivered = false
            let state = current
            let (observers, streams) = listeners.withLock {
                ($0.states.map { $0.observer }, Array($0.streams.values))
            }
            for observer in observers where !hasUndelivered { observer(state) }
            if !hasUndelivered { for stream in streams { stream.yield(state) } }
        } while hasUndelivered
    }

    /// Forgets the listener added under `id`; any thread.
    ///
    /// The removed closure is let go after the lock is released: it may hold a token of this same
    /// store, whose cancel comes back here.
    private nonisolated func removeListener(_ id: Int) {
        let removed = listeners.withLock { $0.remove(id) }
        withExtendedLifetime(removed) {}
    }

    // Not isolated: only the lock-protected listeners are touched.
    deinit {
        for stream in listeners.withLock({ $0.streams.values }) { stream.finish() }
    }

    /// The state observers and error observers in the order added, and the open streams, each under an id.
    private struct Listeners {
        var lastID = 0
        var states: [(id: Int, observer: Observer)] = []
        var errors: [(id: Int, observer: ErrorObserver)] = []
        var streams: [Int: AsyncStream<State>.Continuation] = [:]

        mutating func add(state observer: @escaping Observer) -> Int {
            lastID += 1
            states.append((lastID, observer))
            return lastID
        }

        mutating func add(error observer: @escaping ErrorObserver) -> Int {
            lastID += 1
            errors.append((lastID, observer))
            return lastID
        }

        mutating func add(stream: AsyncStream<State>.Continuation) -> Int {
            lastID += 1
            streams[lastID] = stream
            return lastID
        }

        /// Takes out whatever was added under `id`, handed back to be released outside the lock.
        mutating func remove(_ id: Int) -> (any Sendable)? {
            if let index = states.firstIndex(where: { $0.id == id }) { return states.remove(at: index) }
            if let index = errors.firstIndex(where: { $0.id == id }) { return errors.remove(at: index) }
            return streams.removeValue(forKey: id)
        }
    }
}
