import Contexts
import EmbeddedBackend
import Models
import Services
import Synchronization
import TestSupport
import Testing

/// What the session context asks of its session store at launch: a launch with nothing stored
/// deletes nothing; a stored session that cannot be read is deleted.
@MainActor
@Suite struct SessionContextStoreTests {
    /// A session store in memory that records each call made to it, and can fail to read.
    final class RecordingSessionStore: SessionStore {
        private let base = InMemorySessionStore()
        private let recorded = Mutex<[String]>([])
        private let loadError: StoreError?

        /// Creates an empty store whose reads fail with `loadError`, if given.
        init(loadError: StoreError? = nil) { self.loadError = loadError }

        /// The calls made so far, in order: "load", "save", "delete".
        var calls: [String] { recorded.withLock { $0 } }

        func load() throws(StoreError) -> StoredSession? {
            recorded.withLock { $0.append("load") }
            if let loadError { throw loadError }
            return try base.load()
        }

        func save(_ session: StoredSession, completion: @escaping StoreCompletion) {
            recorded.withLock { $0.append("save") }
            base.save(session, completion: completion)
        }

        func delete(completion: @escaping StoreCompletion) {
            recorded.withLock { $0.append("delete") }
            base.delete(completion: completion)
        }
    }

    let directory = TemporaryDirectory()

    func context(with store: RecordingSessionStore) -> SessionContext {
        var services = EmbeddedBackend(storageDirectory: directory.url).makeServices()
        services.sessionStore = store
        return SessionContext(services: services)
    }

    @Test func launchWithNothingStored_signsOut_withoutAskingTheStoreToDeleteAnything() {
        let store = RecordingSessionStore()
        let context = context(with: store)
        context.launch()
        #expect(context.snapshot.phase == .signedOut(reason: nil, username: nil))
        #expect(store.calls == ["load"])
    }

    @Test func launchWithAnUnreadableSession_signsOut_andDeletesIt() {
        let store = RecordingSessionStore(loadError: .unreadable(path: "session.json", reason: "garbage"))
        let context = context(with: store)
        context.launch()
        #expect(context.snapshot.phase == .signedOut(reason: .storedSessionUnreadable, username: nil))
        #expect(store.calls == ["load", "delete"])
    }
}
