import Models
import Synchronization

/// A ``SessionStore`` that keeps the session in memory for as long as the store object lives.
///
/// For previews, benchmarks and tests that measure the engine without the file system. An app uses
/// ``FileSessionStore``: a session kept here is gone when the process ends. Share one instance
/// between launches in one process to keep the session across a simulated relaunch.
public final class InMemorySessionStore: SessionStore {
    private let session: Mutex<StoredSession?>

    /// Creates an empty store, or one holding `session`.
    public init(_ session: StoredSession? = nil) { self.session = Mutex(session) }

    /// The stored session, `nil` when none was saved or it was deleted.
    public func load() throws(StoreError) -> StoredSession? { session.withLock { $0 } }

    /// Replaces the stored session and completes before returning.
    @MainActor
    public func save(_ session: StoredSession, completion: @escaping StoreCompletion) {
        self.session.withLock { $0 = session }
        completion(.success(()))
    }

    /// Forgets the stored session and completes before returning.
    @MainActor
    public func delete(completion: @escaping StoreCompletion) {
        session.withLock { $0 = nil }
        completion(.success(()))
    }
}
