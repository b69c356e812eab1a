import Models

/// Keeps the signed-in session between launches.
public protocol SessionStore: Sendable {
    /// The stored session, `nil` when none; ``StoreError/unreadable(path:reason:)`` when the file is bad.
    func load() throws(StoreError) -> StoredSession?

    /// Replaces the stored session.
    func save(_ session: StoredSession) throws(StoreError)

    /// Removes the stored session; succeeds when there was none.
    func delete() throws(StoreError)
}
