/// Every service the engine needs, as a backend provides them.
///
/// Injected into the app flow; each flow and context receives only the services it uses.
public struct AppServices: Sendable {
    /// Accounts and tokens.
    public var auth: any AuthService
    /// Profiles.
    public var profiles: any ProfileService
    /// Candidates and swipes.
    public var discovery: any DiscoveryService
    /// Conversations and messages.
    public var chat: any ChatService
    /// The stored session.
    public var sessionStore: any SessionStore
    /// Per-user local data.
    public var userData: any UserDataStore
    /// Time and timers.
    public var scheduler: any Scheduler
    /// Client ids for swipes and messages.
    public var ids: any IDGenerator
    /// Whether the network can be reached, and word when it comes back (retries wait for it).
    public var network: any NetworkMonitor

    /// Bundles services; without a `network` monitor, the network is taken to be always reachable
    /// (``UnmonitoredNetwork``).
    public init(
        auth: any AuthService, profiles: any ProfileService, discovery: any DiscoveryService,
        chat: any ChatService,
        sessionStore: any SessionStore, userData: any UserDataStore, scheduler: any Scheduler,
        ids: any IDGenerator, network: (any NetworkMonitor)? = nil
    ) {
        self.auth = auth
        self.profiles = profiles
        self.discovery = discovery
        self.chat = chat
        self.sessionStore = sessionStore
        self.userData = userData
        self.scheduler = scheduler
        self.ids = ids
        self.network = network ?? UnmonitoredNetwork(scheduler: scheduler)
    }
}
