import Models
import Synchronization

/// A ``UserDataStore`` that keeps every user's swipe queue and outbox in memory for as long as the
/// store object lives.
///
/// For previews, benchmarks and tests that measure the engine without the file system. An app uses
/// ``FileUserDataStore``: what is kept here is gone when the process ends. Stores handed out for a
/// user share that user's data, so one instance shared between launches in one process keeps unsent
/// swipes and messages across a simulated relaunch. A save completes before it returns.
public final class InMemoryUserDataStore: UserDataStore {
    /// One user's data.
    private struct Contents {
        var swipes: [Swipe] = []
        var outbox: [OutgoingMessage] = []
    }

    /// One user's data behind its own lock, held by the stores handed out for the user. A user's
    /// record stays once made; ``removeAll(for:)`` empties it, so stores handed out before still
    /// reach the user's data.
    private final class Record: Sendable {
        let data = Mutex(Contents())
    }

    private let records = Mutex<[UserID: Record]>([:])

    /// Creates an empty store.
    public init() {}

    /// The user's swipe queue, kept in this store.
    public func swipeQueue(for user: UserID) throws(StoreError) -> any SwipeQueueStore {
        SwipeQueue(record: record(of: user))
    }

    /// The user's outbox, kept in this store.
    public func outbox(for user: UserID) throws(StoreError) -> any OutboxStore {
        Outbox(record: record(of: user))
    }

    /// Forgets everything kept for the user and completes before returning.
    @MainActor
    public func removeAll(for user: UserID, completion: @escaping StoreCompletion) {
        if let record = records.withLock({ $0[user] }) { record.data.withLock { $0 = Contents() } }
        completion(.success(()))
    }

    /// Whether anything is kept for the user: swipes or messages waiting.
    public func hasData(for user: UserID) -> Bool {
        guard let record = records.withLock({ $0[user] }) else { return false }
        return record.data.withLock { !$0.swipes.isEmpty || !$0.outbox.isEmpty }
    }

    /// The user's record, made when it has none yet.
    private func record(of user: UserID) -> Record {
        records.withLock { records in
            if let record = records[user] { return record }
            let record = Record()
            records[user] = record
            return record
        }
    }

    /// The swipe queue of one user.
    private struct SwipeQueue: SwipeQueueStore {
        let record: Record

        func load() -> LoadedItems<Swipe> { LoadedItems(record.data.withLock { $0.swipes }) }
        @MainActor
        func save(_ swipes: [Swipe], completion: @escaping StoreCompletion) {
            record.data.withLock { $0.swipes = swipes }
            completion(.success(()))
        }
    }

    /// The outbox of one user.
    private struct Outbox: OutboxStore {
        let record: Record

        func load() -> LoadedItems<OutgoingMessage> { LoadedItems(record.data.withLock { $0.outbox }) }
        @MainActor
        func save(_ messages: [OutgoingMessage], completion: @escaping StoreCompletion) {
            record.data.withLock { $0.outbox = messages }
            completion(.success(()))
        }
    }
}
