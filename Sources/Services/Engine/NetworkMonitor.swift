/// What the device knows of its network: whether it can reach it, and word when it comes back.
///
/// A request that failed for lack of network is retried when the network returns, not on a timer
/// that fires for nothing while it is down (see ``UnmonitoredNetwork`` for a platform that cannot
/// tell). The embedded backend reports its `network down` knob; the Matrix backend learns it from its
/// requests and its live feed (`MatrixNetworkMonitor`); an app could also ask its platform's path
/// monitor.
public protocol NetworkMonitor: Sendable {
    /// Whether the network can be reached, as far as the device knows.
    var isReachable: Bool { get }

    /// Runs `work` once on the main actor, through the scheduler, the next time the network can be
    /// reached: at once when it can be now. The returned task cancels it.
    @discardableResult
    func whenReachable(_ work: @escaping ScheduledWork) -> ScheduledTask
}
