import Foundation

/// The connections an ``HTTPServer`` serves and whether it stopped, behind one lock.
///
/// The lock is an `NSLock` rather than a `Mutex`: every connection's thread takes it, and on Linux
/// ThreadSanitizer cannot follow a contended `Mutex` handing over (it reports races that are not
/// there), while it follows `NSLock`. Every stored property is read and written under the lock only.
final class ConnectionTable: @unchecked Sendable {
    private let lock = NSLock()
    private var open: Set<Int32> = []
    private var stopped = false

    /// How many connections are open.
    var count: Int { lock.withLock { open.count } }

    /// Admits `client` unless `limit` connections are open or the server stopped; `true` if admitted.
    func admit(_ client: Int32, limit: Int) -> Bool {
        lock.withLock {
            guard open.count < limit, !stopped else { return false }
            open.insert(client)
            return true
        }
    }

    /// Forgets `client`, whose connection ended.
    func remove(_ client: Int32) {
        lock.withLock { _ = open.remove(client) }
    }

    /// Marks the server stopped; the connections open then, or `nil` if it had stopped already.
    func stop() -> [Int32]? {
        lock.withLock {
            guard !stopped else { return nil }
            stopped = true
            return Array(open)
        }
    }
}
