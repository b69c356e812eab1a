import Models

/// Keeps the signed-in session between launches.
public protocol SessionStore: Sendable {
    /// The stored session, `nil` when none; ``StoreError/unreadable(path:reason:)`` when the file is bad.
    func load() throws(StoreError) -> StoredSession?

    /// Replaces the stored session; `completion` runs on the main actor once it is durable, or with why
    /// not.
    ///
    /// Returns at once (a file store writes off the main actor); an in-memory store completes before
    /// returning. A later ``load()`` or ``delete(completion:)`` comes after the write.
    @MainActor
    func save(_ session: StoredSession, completion: @escaping StoreCompletion)

    /// Removes the stored session, after any save made before; succeeds when there was none.
    /// `completion` runs on the main actor once it is gone, or with why not.
    ///
    /// Returns at once; a later ``load()`` comes after the removal. A file store also removes the
    /// temporary files a crashed write of the session left behind; an in-memory store completes
    /// before returning.
    @MainActor
    func delete(completion: @escaping StoreCompletion)
}
