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

    /// Bundles services.
    public init(
        auth: any AuthService, profiles: any ProfileService, discovery: any DiscoveryService,
        chat: any ChatService,
        sessionStore: any SessionStore, userData: any UserDataStore, scheduler: any Scheduler,
        ids: any IDGenerator
    ) {
        self.auth = auth
        self.profiles = profiles
        self.discovery = discovery
        self.chat = chat
        self.sessionStore = sessionStore
        self.userData = userData
        self.scheduler = scheduler
        self.ids = ids
    }
}
