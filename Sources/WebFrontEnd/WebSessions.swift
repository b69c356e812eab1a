import EmbeddedBackend
import Foundation
import Services

/// Every browser session the server holds, by id: at most ``maximumCount``.
///
/// On the embedded backend the sessions share one world: one ``EmbeddedBackend/EmbeddedServer``
/// with the demo people, so two people in two browsers can sign up, match and chat live. Each
/// session keeps its own engine and files.
@MainActor
public final class WebSessions {
    /// The most sessions at once; a further `POST /api/sessions` is answered 503.
    public static let maximumCount = 64

    /// The backend new sessions run on.
    public let backend: WebBackend
    /// The embedded world every session shares (`nil` on Matrix, where the homeserver is the world).
    public let world: EmbeddedServer?
    private var sessions: [String: WebSession] = [:]

    /// Creates an empty registry making sessions on `backend`; on the embedded backend, with a
    /// fresh world of the demo people, in real time on the main queue.
    public init(backend: WebBackend) {
        self.backend = backend
        switch backend {
        case .embedded:
            let world = EmbeddedServer(scheduler: DispatchScheduler())
            world.addDemoAccounts()
            self.world = world
        case .matrix:
            world = nil
        }
    }

    /// The session with this id, if any.
    public subscript(id: String) -> WebSession? { sessions[id] }

    /// How many sessions are open.
    public var count: Int { sessions.count }

    /// Makes and launches a session at `now`; `nil` when ``maximumCount`` are open.
    public func create(at now: Date) throws(WebSessionError) -> WebSession? {
        guard sessions.count < Self.maximumCount else { return nil }
        let id = UUID().uuidString.lowercased()
        let session = try WebSession(id: id, backend: backend, world: world, now: now)
        sessions[id] = session
        return session
    }

    /// Tears the session down; `false` if there is none with this id.
    @discardableResult
    public func remove(_ id: String) -> Bool {
        guard let session = sessions.removeValue(forKey: id) else { return false }
        session.close()
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

    /// Tears every session down (the server is stopping).
    public func removeAll() {
        for id in Array(sessions.keys) { remove(id) }
    }
}
