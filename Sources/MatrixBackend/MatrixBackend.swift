import Foundation
import Models
import Services

/// A real backend: every service over the Matrix Client-Server API of a homeserver (Synapse), with
/// answers delivered on a ``Services/PumpedScheduler`` and local files like the embedded backend's.
///
/// The same flows and contexts run on it unchanged. A test, the scenario runner or a tool drives it
/// by pumping its scheduler on the main actor (``settle(timeout:)``, ``wait(until:timeout:)``). An
/// app on a run loop needs no pumping: its services come from
/// ``makeServices(connection:storageDirectory:writer:ids:)`` over a connection on an app's
/// ``Services/DispatchScheduler`` (what `DiscoverApp.matrix` does).
public struct MatrixBackend: Sendable {
    /// What the services share (HTTP client, caches, operations in flight).
    public let connection: MatrixConnection
    /// The wall-clock scheduler every answer and event is delivered on.
    public let scheduler: PumpedScheduler
    /// The folder holding the stored session, the users' local data and the sync tokens.
    public let storageDirectory: URL
    /// Client ids (swipe ids, transaction ids): a random prefix per backend, so ids never repeat on a
    /// server that outlives the process.
    public let ids: SequentialIDGenerator
    /// Writes the stored session and the users' queues off the main actor.
    public let writer: DiskWriter

    /// Creates a backend for `configuration`, storing files under `storageDirectory`.
    public init(configuration: MatrixConfiguration, storageDirectory: URL) {
        let scheduler = PumpedScheduler()
        self.scheduler = scheduler
        self.connection = MatrixConnection(configuration: configuration, scheduler: scheduler)
        self.storageDirectory = storageDirectory
        self.ids = Self.freshIDs()
        self.writer = DiskWriter()
    }

    /// A second device or person on the same homeserver and scheduler, with its own connection and
    /// folder: for two engines in one process.
    public init(
        sharing other: MatrixBackend, configuration: MatrixConfiguration? = nil, storageDirectory: URL
    ) {
        self.scheduler = other.scheduler
        self.connection = MatrixConnection(
            configuration: configuration ?? other.connection.configuration, scheduler: other.scheduler)
        self.storageDirectory = storageDirectory
        self.ids = other.ids
        self.writer = DiskWriter()
    }

    /// The mapping's settings.
    public var configuration: MatrixConfiguration { connection.configuration }

    /// The services for one app process; a relaunch makes them anew over the same folder.
    public func makeServices() -> AppServices {
        Self.makeServices(
            connection: connection, storageDirectory: storageDirectory, writer: writer, ids: ids)
    }

    /// The services for one app process over `connection`, delivering on the connection's scheduler (a
    /// ``Services/PumpedScheduler``, or an app's ``Services/DispatchScheduler``), keeping local files
    /// under `storageDirectory` as ``makeServices()`` does; the connection's ``MatrixNetworkMonitor``
    /// tells the queues when the homeserver can be reached.
    public static func makeServices(
        connection: MatrixConnection, storageDirectory: URL, writer: DiskWriter, ids: any IDGenerator
    ) -> AppServices {
        let scheduler = connection.scheduler
        let tokens = syncTokens(in: storageDirectory)
        return AppServices(
            auth: MatrixAuthService(connection: connection, syncTokens: tokens),
            profiles: MatrixProfileService(connection: connection),
            discovery: MatrixDiscoveryService(connection: connection),
            chat: MatrixChatService(connection: connection, syncTokens: tokens),
            sessionStore: FileSessionStore(
                fileURL: sessionFileURL(in: storageDirectory), writer: writer, scheduler: scheduler),
            userData: FileUserDataStore(
                rootURL: storageDirectory.appendingPathComponent("users", isDirectory: true), writer: writer,
                scheduler: scheduler),
            scheduler: scheduler, ids: ids, network: connection.network)
    }

    /// Client ids with a random prefix, so they never repeat on a server that outlives the process.
    public static func freshIDs() -> SequentialIDGenerator {
        SequentialIDGenerator(prefix: "t" + UUID().uuidString.prefix(8).lowercased())
    }

    /// The live feed's stored `next_batch` tokens, one file per user under `sync/`.
    public var syncTokens: MatrixSyncTokenStore { Self.syncTokens(in: storageDirectory) }

    private static func syncTokens(in directory: URL) -> MatrixSyncTokenStore {
        MatrixSyncTokenStore(directory: directory.appendingPathComponent("sync", isDirectory: true))
    }

    private static func sessionFileURL(in directory: URL) -> URL {
        directory.appendingPathComponent("session.json", isDirectory: false)
    }

    /// Where the stored session lives.
    public var sessionFileURL: URL { Self.sessionFileURL(in: storageDirectory) }

    /// Whether this device is offline (every request fails at once with `networkUnavailable`), as a
    /// phone in airplane mode: the app learns it from its requests and its live feed
    /// (``MatrixNetworkMonitor``), not from this switch.
    public var isOffline: Bool {
        get { connection.http.isOffline }
        nonmutating set { connection.http.isOffline = newValue }
    }

    /// Runs answers as they arrive until no service call of this backend is in flight; `false` if some
    /// still were after `timeout`.
    @MainActor
    @discardableResult
    public func settle(timeout: Duration = .seconds(30)) -> Bool {
        let connection = connection
        return scheduler.pump(until: { connection.operationsInFlight == 0 }, timeout: timeout)
    }

    /// Runs answers and events as they arrive until `condition` holds; `false` if it did not within
    /// `timeout`.
    @MainActor
    @discardableResult
    public func wait(until condition: @MainActor () -> Bool, timeout: Duration = .seconds(30)) -> Bool {
        scheduler.pump(until: condition, timeout: timeout)
    }

    /// Calls a service and waits for its answer, for set-up code and tests.
    @MainActor
    public func await<Value: Sendable>(
        timeout: Duration = .seconds(30), _ call: (@escaping ServiceCompletion<Value>) -> Void
    ) -> Result<Value, ServiceError> {
        var outcome: Result<Value, ServiceError>?
        call { outcome = $0 }
        scheduler.pump(until: { outcome != nil }, timeout: timeout)
        return outcome ?? .failure(.networkUnavailable)
    }
}
