import Foundation
import Services
import Synchronization

/// The homeserver as this device reaches it: unreachable from the moment a request finds no network,
/// reachable again once the live feed has caught up with what it missed — so the work that waited
/// for the network (the outbox, the swipe queue, a failed list) runs after the feed's news, as on the
/// embedded backend.
///
/// Its inputs are what the connection sees:
///
/// - A request (a service call or the feed's poll) fails for want of network
///   (``requestFoundNoNetwork()``): unreachable.
/// - The live feed delivered a sync, or the server answered its poll with anything but a network
///   failure (``feedReachedServer()``): reachable, and the waiting work runs.
/// - No feed runs (before the conversations list has loaded, say): then nothing else would notice the
///   network coming back, so while unreachable the monitor asks the homeserver itself (`probe`), after
///   0.5, 1, 2, 4, then every 5 seconds; the first answer makes it reachable.
///
/// The waiting work runs oldest first, one piece at a time: each after the service calls the one
/// before started have been answered (``requestsSettled()``, when the connection has none in flight),
/// so a list asked for again is answered before a message waiting behind it is sent, as the embedded
/// server answers requests in order.
public final class MatrixNetworkMonitor: NetworkMonitor, Sendable {
    /// Asks the homeserver for something cheap and answers, on any thread, whether it was reached.
    public typealias Probe = @Sendable (_ answer: @escaping @Sendable (_ reached: Bool) -> Void) -> Void

    private let scheduler: any Scheduler
    private let probe: Probe
    private let isBusy: @Sendable () -> Bool
    private let state = Mutex(State())

    private struct State {
        var isReachable = true
        /// Live feeds running on this connection: while there is one, it says when the network is back.
        var feeds = 0
        var waiters: [(id: Int, work: ScheduledWork)] = []
        var nextWaiter = 0
        var isProbing = false
    }

    /// Creates a monitor delivering on `scheduler`, asking the server with `probe` while no feed runs,
    /// and holding waiting work back while `isBusy` (service calls in flight).
    public init(scheduler: any Scheduler, probe: @escaping Probe, isBusy: @escaping @Sendable () -> Bool) {
        self.scheduler = scheduler
        self.probe = probe
        self.isBusy = isBusy
    }

    /// Whether the homeserver can be reached, as far as this device knows.
    public var isReachable: Bool { state.withLock { $0.isReachable } }

    /// Runs `work` once on the scheduler the next time the homeserver can be reached (at once when it
    /// can now and nothing waits before it); the returned task cancels it.
    @discardableResult
    public func whenReachable(_ work: @escaping ScheduledWork) -> ScheduledTask {
        let waiter: Int? = state.withLock { state in
            guard !state.isReachable || !state.waiters.isEmpty else { return nil }
            let id = state.nextWaiter
            state.nextWaiter += 1
            state.waiters.append((id, work))
            return id
        }
        guard let waiter else { return scheduler.schedule(work) }
        return ScheduledTask { [weak self] in
            self?.state.withLock { $0.waiters.removeAll { $0.id == waiter } }
        }
    }

    // MARK: Inputs

    /// Call when a request failed for want of network: the homeserver is unreachable until the feed (or,
    /// with no feed, a probe) reaches it again.
    public func requestFoundNoNetwork() {
        let startProbe = state.withLock { state in
            state.isReachable = false
            return Self.takeProbeStart(&state)
        }
        if startProbe { scheduleProbe(attempt: 0) }
    }

    /// Call when a live feed starts: from now on it says when the network is back.
    public func feedStarted() {
        state.withLock { $0.feeds += 1 }
    }

    /// Call when a live feed ends: without one, the monitor asks the server itself while unreachable.
    public func feedEnded() {
        let startProbe = state.withLock { state in
            state.feeds = max(0, state.feeds - 1)
            return Self.takeProbeStart(&state)
        }
        if startProbe { scheduleProbe(attempt: 0) }
    }

    /// Call, on the main actor, when the live feed delivered what a sync brought (everything it
    /// missed, in order), or its poll got any answer but a network failure: the homeserver is
    /// reachable, and the waiting work runs now.
    @MainActor
    public func feedReachedServer() {
        becameReachable()
    }

    /// Call, on the main actor, when no service call is in flight any more: the next waiting piece of
    /// work may run.
    @MainActor
    public func requestsSettled() {
        runWaiters()
    }

    // MARK: Inside

    /// Whether a probe should start now (unreachable, no feed, none under way); marks it started.
    private static func takeProbeStart(_ state: inout State) -> Bool {
        guard !state.isReachable, state.feeds == 0, !state.isProbing else { return false }
        state.isProbing = true
        return true
    }

    /// The pause before probe number `attempt` (from 0) while no feed runs.
    ///
    /// Half a second, doubling, at most five seconds: the feed's own longest pause between failed polls.
    public static func probeDelay(attempt: Int) -> Duration {
        .milliseconds(min(5000, 500 << min(attempt, 4)))
    }

    private func scheduleProbe(attempt: Int) {
        scheduler.schedule(after: Self.probeDelay(attempt: attempt)) { [weak self] in
            self?.runProbe(attempt: attempt)
        }
    }

    @MainActor
    private func runProbe(attempt: Int) {
        let stillNeeded = state.withLock { state in
            guard !state.isReachable, state.feeds == 0 else {
                state.isProbing = false
                return false
            }
            return true
        }
        guard stillNeeded else { return }
        let scheduler = scheduler
        probe { [weak self] reached in
            scheduler.schedule { self?.probeAnswered(reached, attempt: attempt) }
        }
    }

    @MainActor
    private func probeAnswered(_ reached: Bool, attempt: Int) {
        enum Next { case reachable, again, stop }
        let next: Next = state.withLock { state in
            guard !state.isReachable, state.feeds == 0 else {
                state.isProbing = false
                return .stop
            }
            if reached {
                state.isProbing = false
                return .reachable
            }
            return .again
        }
        switch next {
        case .reachable: becameReachable()
        case .again: scheduleProbe(attempt: attempt + 1)
        case .stop: break
        }
    }

    @MainActor
    private func becameReachable() {
        state.withLock { $0.isReachable = true }
        runWaiters()
    }

    /// Runs the waiting work oldest first while the server is reachable, each piece once the service
    /// calls the one before started are answered.
    @MainActor
    private func runWaiters() {
        while !isBusy(), let work = nextWaiter() { work() }
    }

    private func nextWaiter() -> ScheduledWork? {
        state.withLock { state in
            guard state.isReachable, !state.waiters.isEmpty else { return nil }
            return state.waiters.removeFirst().work
        }
    }
}
