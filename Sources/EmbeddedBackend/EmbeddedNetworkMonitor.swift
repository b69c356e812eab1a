import Services

/// The embedded network as a device sees it: reachable unless the server's `isNetworkDown` knob is
/// set, and work waiting for it runs when the knob is cleared.
public struct EmbeddedNetworkMonitor: NetworkMonitor {
    private let server: EmbeddedServer

    /// Creates a monitor of `server`'s network.
    public init(server: EmbeddedServer) { self.server = server }

    /// Whether the network is up.
    public var isReachable: Bool { !server.isNetworkDown }

    /// Runs `work` once, on the server's scheduler, the next time the network is up (at once when it
    /// is); the returned task cancels it.
    @discardableResult
    public func whenReachable(_ work: @escaping ScheduledWork) -> ScheduledTask {
        server.whenNetworkUp(work)
    }
}
