import Foundation

/// Every browser session the server holds, by id: at most ``maximumCount``.
@MainActor
public final class WebSessions {
    /// The most sessions at once; a further `POST /api/sessions` is answered 503.
    public static let maximumCount = 64

    /// The backend new sessions run on.
    public let backend: WebBackend
    private var sessions: [String: WebSession] = [:]

    /// Creates an empty registry making sessions on `backend`.
    public init(backend: WebBackend) {
        self.backend = backend
    }

    /// The session with this id, if any.
    public subscript(id: String) -> WebSession? { sessions[id] }

    /// How many sessions are open.
    public var count: Int { sessions.count }

    /// Makes and launches a session; `nil` when ``maximumCount`` are open.
    public func create() throws(WebSessionError) -> WebSession? {
        guard sessions.count < Self.maximumCount else { return nil }
        let id = UUID().uuidString.lowercased()
        let session = try WebSession(id: id, backend: backend)
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

    /// Tears every session down (the server is stopping).
    public func removeAll() {
        for id in Array(sessions.keys) { remove(id) }
    }
}
