import Services

/// The connections an ``HTTPServer`` serves and whether it stopped, behind one lock (every
/// connection's thread takes it; see ``Services/Locked``).
final class ConnectionTable: Sendable {
    private struct State {
        var open: Set<Int32> = []
        var stopped = false
    }

    private let state = Locked(State())

    /// How many connections are open.
    var count: Int { state.withLock { $0.open.count } }

    /// Admits `client` unless `limit` connections are open or the server stopped; `true` if admitted.
    func admit(_ client: Int32, limit: Int) -> Bool {
        state.withLock { state in
            guard state.open.count < limit, !state.stopped else { return false }
            state.open.insert(client)
            return true
        }
    }

    /// Forgets `client`, whose connection ended.
    func remove(_ client: Int32) {
        state.withLock { _ = $0.open.remove(client) }
    }

    /// Marks the server stopped; the connections open then, or `nil` if it had stopped already.
    func stop() -> [Int32]? {
        state.withLock { state in
            guard !state.stopped else { return nil }
            state.stopped = true
            return Array(state.open)
        }
    }
}
