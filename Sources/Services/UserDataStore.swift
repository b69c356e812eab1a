import Foundation
import Models

/// The per-user folder where session-scoped services keep local data (outbox, caches).
public protocol UserDataStore: Sendable {
    /// The user's folder, created owner-only if missing.
    func directory(for user: UserID) throws(StoreError) -> URL

    /// Deletes everything kept for the user; succeeds when there was nothing.
    func removeAll(for user: UserID) throws(StoreError)
}
