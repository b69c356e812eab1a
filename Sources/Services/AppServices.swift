/// Every service the engine needs, as a backend provides them.
///
/// Injected into the app flow; each flow and context receives only the services it uses.
public struct AppServices: Sendable {
    /// Accounts and tokens.
    public var auth: any AuthService
    /// Profiles.
    public var profiles: any ProfileService
    /// The stored session.
    public var sessionStore: any SessionStore
    /// Per-user local data.
    public var userData: any UserDataStore
    /// Time and timers.
    public var scheduler: any Scheduler

    /// Bundles services.
    public init(
        auth: any AuthService, profiles: any ProfileService, sessionStore: any SessionStore,
        userData: any UserDataStore, scheduler: any Scheduler
    ) {
        self.auth = auth
        self.profiles = profiles
        self.sessionStore = sessionStore
        self.userData = userData
        self.scheduler = scheduler
    }
}
