import Models
import Synchronization

/// A ``UserDataStore`` that keeps every user's queues in memory for as long as the store object
/// lives.
///
/// For previews, benchmarks and tests that measure the engine without the file system. An app uses
/// ``FileUserDataStore``: what is kept here is gone when the process ends. Stores handed out for a
/// user share that user's data, so one instance shared between launches in one process keeps unsent
/// swipes and messages across a simulated relaunch. A save completes before it returns.
public final class InMemoryUserDataStore: UserDataStore {
    /// One user's queues, each by name, behind its own lock, held by the stores handed out for the
    /// user. A user's record stays once made; ``removeAll(for:completion:)`` empties it, so stores
    /// handed out before still reach the user's data.
    private final class Record: Sendable {
        let queues = Mutex<[String: any Sendable]>([:])
    }

    private let records = Mutex<[UserID: Record]>([:])

    /// Creates an empty store.
    public init() {}

    /// The user's queue named `name`, kept in this store.
    public func queue<Item: QueueItem>(named name: String, of type: Item.Type, for user: UserID)
        throws(StoreError) -> any QueueStore<Item>
    {
        guard QueueName.isValid(name) else {
            throw .unreadable(path: "memory", reason: "not a queue name: \(name.debugDescription)")
        }
        return Queue<Item>(name: name, record: record(of: user))
    }

    /// Forgets everything kept for the user and completes before returning.
    @MainActor
    public func removeAll(for user: UserID, completion: @escaping StoreCompletion) {
        if let record = records.withLock({ $0[user] }) { record.queues.withLock { $0 = [:] } }
        completion(.success(()))
    }

    /// Whether anything is kept for the user: items waiting in any queue.
    public func hasData(for user: UserID) -> Bool {
        guard let record = records.withLock({ $0[user] }) else { return false }
        return record.queues.withLock { queues in
            queues.values.contains { ($0 as? [any QueueItem])?.isEmpty == false }
        }
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

    /// One queue of one user.
    private struct Queue<Item: QueueItem>: QueueStore {
        let name: String
        let record: Record

        func load() -> LoadedItems<Item> {
            LoadedItems(record.queues.withLock { $0[name] as? [Item] } ?? [])
        }

        @MainActor
        func save(_ items: [Item], completion: @escaping StoreCompletion) {
            record.queues.withLock { $0[name] = items }
            completion(.success(()))
        }
    }
}
