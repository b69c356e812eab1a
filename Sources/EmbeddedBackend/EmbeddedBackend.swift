import Foundation
import Models
import Services

/// The embedded backend: an ``EmbeddedServer`` on a ``Services/VirtualScheduler`` plus file stores.
///
/// The file stores write off the main actor (``Services/DiskWriter``); their saves complete on the
/// virtual clock in the order they were made, the main actor waiting for the disk when one comes up,
/// so runs stay deterministic.
///
/// Everything a test, scenario or the demo needs to run the engine with no network and no wall clock.
/// An app in real time builds its services with ``makeServices(server:storageDirectory:writer:ids:)``
/// over a server on an app's ``Services/DispatchScheduler`` (what `DiscoverApp.embedded` does).
public struct EmbeddedBackend: Sendable {
    /// The server.
    public let server: EmbeddedServer
    /// The virtual clock every service delivers on.
    public let scheduler: VirtualScheduler
    /// The folder holding the stored session and the users' local data.
    public let storageDirectory: URL
    /// Client ids, shared across relaunches so they never repeat within a run.
    public let ids: SequentialIDGenerator
    /// Writes the stored session and the users' queues off the main actor, shared across relaunches
    /// so a relaunch reads what the last process saved.
    public let writer: DiskWriter
    /// The stored session and the users' queues when they are kept in memory rather than in files
    /// (`storesInMemory`), shared across relaunches; `nil` with files.
    public let memoryStores: (session: InMemorySessionStore, userData: InMemoryUserDataStore)?

    /// The instant the demo world starts at: 2026-01-15 09:00 UTC.
    public static let demoStart = Date(timeIntervalSince1970: 1_768_467_600)

    /// Creates a backend whose clock starts at `start`, storing files under `storageDirectory`, or,
    /// when `storesInMemory`, keeping the app's stored session and queues in memory (what
    /// `discover explore` does by default: thousands of steps a second, no disk).
    public init(
        storageDirectory: URL, start: Date = EmbeddedBackend.demoStart,
        configuration: EmbeddedServerConfiguration = .init(), storesInMemory: Bool = false
    ) {
        self.memoryStores = storesInMemory ? (InMemorySessionStore(), InMemoryUserDataStore()) : nil
        let scheduler = VirtualScheduler(now: start)
        self.scheduler = scheduler
        self.server = EmbeddedServer(scheduler: scheduler, configuration: configuration)
        self.storageDirectory = storageDirectory
        self.ids = SequentialIDGenerator(prefix: "id")
        self.writer = DiskWriter()
    }

    /// A second device or person on the same server and clock, with its own storage folder: for two
    /// engines in one process (two users chatting).
    public init(sharing other: EmbeddedBackend, storageDirectory: URL) {
        self.server = other.server
        self.scheduler = other.scheduler
        self.ids = other.ids
        self.storageDirectory = storageDirectory
        self.writer = DiskWriter()
        self.memoryStores = nil
    }

    /// The services for one app process over this backend; a relaunch makes them anew over the same
    /// server and folder.
    public func makeServices() -> AppServices {
        guard let memoryStores else {
            return Self.makeServices(
                server: server, storageDirectory: storageDirectory, writer: writer, ids: ids)
        }
        return Self.services(
            server: server, sessionStore: memoryStores.session, userData: memoryStores.userData, ids: ids)
    }

    /// The services for one app process over `server`, delivering on the server's clock (a virtual one,
    /// or an app's ``Services/DispatchScheduler``), keeping the stored session and the users' queues in
    /// files under `storageDirectory` as ``makeServices()`` does.
    public static func makeServices(
        server: EmbeddedServer, storageDirectory: URL, writer: DiskWriter, ids: any IDGenerator
    ) -> AppServices {
        let scheduler = server.scheduler
        return services(
            server: server,
            sessionStore: FileSessionStore(
                fileURL: sessionFileURL(in: storageDirectory), writer: writer, scheduler: scheduler),
            userData: userDataStore(in: storageDirectory, writer: writer, scheduler: scheduler), ids: ids)
    }

    private static func services(
        server: EmbeddedServer, sessionStore: any SessionStore, userData: any UserDataStore,
        ids: any IDGenerator
    ) -> AppServices {
        AppServices(
            auth: EmbeddedAuthService(server: server),
            profiles: EmbeddedProfileService(server: server),
            discovery: EmbeddedDiscoveryService(server: server),
            chat: EmbeddedChatService(server: server),
            sessionStore: sessionStore, userData: userData,
            scheduler: server.scheduler, ids: ids, network: EmbeddedNetworkMonitor(server: server))
    }

    /// Where the app keeps each user's swipe queue and outbox: `users/` in the storage directory,
    /// written by ``writer``, saves completing on the virtual clock.
    public var userDataStore: FileUserDataStore {
        Self.userDataStore(in: storageDirectory, writer: writer, scheduler: scheduler)
    }

    /// Where the stored session lives.
    public var sessionFileURL: URL { Self.sessionFileURL(in: storageDirectory) }

    private static func userDataStore(in directory: URL, writer: DiskWriter, scheduler: any Scheduler)
        -> FileUserDataStore
    {
        FileUserDataStore(
            rootURL: directory.appendingPathComponent("users", isDirectory: true), writer: writer,
            scheduler: scheduler)
    }

    private static func sessionFileURL(in directory: URL) -> URL {
        directory.appendingPathComponent("session.json", isDirectory: false)
    }

    /// Adds the demo people: alice, bob, carol and dave, each with a profile (see ``DemoData``).
    public func addDemoAccounts() {
        server.addDemoAccounts()
    }
}
