import EmbeddedBackend
import Foundation
import Services

/// Every browser session the server holds, by id: at most ``maximumCount``, each with its folder in
/// the data folder.
///
/// On the embedded backend the sessions share one world: one ``EmbeddedBackend/EmbeddedServer``
/// with the demo people, so two people in two browsers can sign up, match and chat live. Each
/// session keeps its own engine and files. The world is kept in the data folder's `world.json`
/// (``WorldStore``) and restored from it; a session whose folder is there is made again when its
/// browser asks for it (after a restart), signed in as it was.
@MainActor
public final class WebSessions {
    /// The most sessions at once; a further `POST /api/sessions` is answered 503.
    public static let maximumCount = 64

    /// The backend new sessions run on.
    public let backend: WebBackend
    /// The embedded world every session shares (`nil` on Matrix, where the homeserver is the world).
    nonisolated public let world: EmbeddedServer?
    /// Where the world is kept (`nil` on Matrix).
    nonisolated public let worldStore: WorldStore?
    /// The folder of the world and the sessions.
    public let data: WebDataFolder
    private var sessions: [String: WebSession] = [:]

    /// Creates a registry making sessions on `backend` with their files in `data`; on the embedded
    /// backend, with the world saved there (a fresh one of the demo people, saved at once, when there
    /// is none), in real time on the main queue.
    ///
    /// A world file that cannot be restored is ``WebDataError/unreadableWorld(path:_:)``: nothing
    /// starts and the file is left as it is. A write that fails later is told to `onSaveFailure`.
    public init(
        backend: WebBackend, data: WebDataFolder,
        onSaveFailure: @escaping @Sendable (WebDataError) -> Void = { _ in }
    ) throws(WebDataError) {
        self.backend = backend
        self.data = data
        switch backend {
        case .embedded:
            let store = WorldStore(fileURL: data.worldFileURL, onFailure: onSaveFailure)
            let scheduler = DispatchScheduler()
            let saved = try store.load()
            let snapshot =
                saved
                ?? {
                    let fresh = EmbeddedServer(scheduler: scheduler)
                    fresh.addDemoAccounts()
                    return fresh.snapshot()
                }()
            do {
                world = try EmbeddedServer(restoring: snapshot, scheduler: scheduler, store: store)
            } catch {
                throw .unreadableWorld(path: data.worldFileURL.path, error)
            }
            worldStore = store
            if saved == nil, let world { try store.keepNow(world) }
        case .matrix:
            world = nil
            worldStore = nil
        }
    }

    /// The session with this id, if it is open.
    public subscript(id: String) -> WebSession? { sessions[id] }

    /// The session with this id: the open one, or one made again from its folder (kept from before a
    /// restart) at `now`; `nil` when there is neither, the id is not one the server makes, or
    /// ``maximumCount`` are open.
    public func session(_ id: String, at now: Date) -> WebSession? {
        if let open = sessions[id] { return open }
        guard sessions.count < Self.maximumCount, let directory = data.sessionDirectory(for: id),
            FileManager.default.fileExists(atPath: directory.path),
            let session = try? WebSession(
                id: id, backend: backend, world: world, directory: directory, now: now)
        else { return nil }
        sessions[id] = session
        return session
    }

    /// How many sessions are open.
    public var count: Int { sessions.count }

    /// Makes and launches a session at `now`; `nil` when ``maximumCount`` are open.
    public func create(at now: Date) throws(WebSessionError) -> WebSession? {
        guard sessions.count < Self.maximumCount else { return nil }
        let id = UUID().uuidString.lowercased()
        guard let directory = data.sessionDirectory(for: id) else {
            throw .cannotStart("the session id '\(id)' names no folder")
        }
        let session = try WebSession(id: id, backend: backend, world: world, directory: directory, now: now)
        sessions[id] = session
        return session
    }

    /// Tears the session down and removes its folder (an open one, or one kept from before a
    /// restart); `false` if there is neither.
    @discardableResult
    public func remove(_ id: String) -> Bool {
        if let session = sessions.removeValue(forKey: id) {
            session.close()
            return true
        }
        guard let directory = data.sessionDirectory(for: id),
            FileManager.default.fileExists(atPath: directory.path)
        else { return false }
        try? FileManager.default.removeItem(at: directory)
        return true
    }

    /// Tears down the sessions idle for longer than `lifetime` at `now` (their browser tab is gone);
    /// answers their ids.
    @discardableResult
    public func removeIdle(longerThan lifetime: Duration, at now: Date) -> [String] {
        let seconds = Double(lifetime.components.seconds)
        let idle = sessions.values.filter { session in
            session.idleSince.map { now.timeIntervalSince($0) > seconds } ?? false
        }.map(\.id)
        for id in idle { remove(id) }
        return idle
    }

    /// Tears every session down and removes its folder.
    public func removeAll() {
        for id in Array(sessions.keys) { remove(id) }
    }

    /// Tears every open session's engine down, keeping its folder for the next run (the server is
    /// stopping).
    public func closeAll() {
        for session in sessions.values { session.close(removingFiles: false) }
        sessions = [:]
    }
}
