/// Every service the engine needs, as a backend provides them.
///
/// Injected into the app flow; each flow and context receives only the services it uses. The
/// services are held in one shared, immutable box: the app flow's environment, the session context
/// and each session's scope keep a copy, and copying eight existentials retained (and later
/// released) eight references where copying the box retains one. Setting a service makes a new box.
public struct AppServices: Sendable {
    /// The services themselves.
    @usableFromInline
    struct Fields: Sendable {
        @usableFromInline var auth: any AuthService
        @usableFromInline var profiles: any ProfileService
        @usableFromInline var discovery: any DiscoveryService
        @usableFromInline var chat: any ChatService
        @usableFromInline var sessionStore: any SessionStore
        @usableFromInline var userData: any UserDataStore
        @usableFromInline var scheduler: any Scheduler
        @usableFromInline var ids: any IDGenerator
    }

    /// The box every copy shares; never changed once made.
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }

    // Reads are inlined where a service is asked for (a call per read cost as much as the copy it spared).
    @usableFromInline var storage: Storage

    /// Accounts and tokens.
    public var auth: any AuthService {
        @inlinable get { storage.fields.auth }
        set { change { $0.auth = newValue } }
    }
    /// Profiles.
    public var profiles: any ProfileService {
        @inlinable get { storage.fields.profiles }
        set { change { $0.profiles = newValue } }
    }
    /// Candidates and swipes.
    public var discovery: any DiscoveryService {
        @inlinable get { storage.fields.discovery }
        set { change { $0.discovery = newValue } }
    }
    /// Conversations and messages.
    public var chat: any ChatService {
        @inlinable get { storage.fields.chat }
        set { change { $0.chat = newValue } }
    }
    /// The stored session.
    public var sessionStore: any SessionStore {
        @inlinable get { storage.fields.sessionStore }
        set { change { $0.sessionStore = newValue } }
    }
    /// Per-user local data.
    public var userData: any UserDataStore {
        @inlinable get { storage.fields.userData }
        set { change { $0.userData = newValue } }
    }
    /// Time and timers.
    public var scheduler: any Scheduler {
        @inlinable get { storage.fields.scheduler }
        set { change { $0.scheduler = newValue } }
    }
    /// Client ids for swipes and messages.
    public var ids: any IDGenerator {
        @inlinable get { storage.fields.ids }
        set { change { $0.ids = newValue } }
    }

    /// Bundles services.
    public init(
        auth: any AuthService, profiles: any ProfileService, discovery: any DiscoveryService,
        chat: any ChatService,
        sessionStore: any SessionStore, userData: any UserDataStore, scheduler: any Scheduler,
        ids: any IDGenerator
    ) {
        storage = Storage(
            Fields(
                auth: auth, profiles: profiles, discovery: discovery, chat: chat, sessionStore: sessionStore,
                userData: userData, scheduler: scheduler, ids: ids))
    }

    /// Replaces the box with one holding the services `body` changed: other copies keep theirs.
    private mutating func change(_ body: (inout Fields) -> Void) {
        var fields = storage.fields
        body(&fields)
        storage = Storage(fields)
    }
}
