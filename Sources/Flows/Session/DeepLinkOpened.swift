import Models

/// Broadcast down the tree when the app is asked to open a deep link it understood.
public struct DeepLinkOpened: Hashable, Sendable {
    /// Where the link leads.
    public let route: Route

    /// Creates the event.
    public init(route: Route) { self.route = route }
}
