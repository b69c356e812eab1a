import Models
import Synchronization

/// A ``UserDataStore`` that keeps every user's swipe queue and outbox in memory for as long as the
/// store object lives.
///
/// For previews, benchmarks and tests that measure the engine without the file system. An app uses
/// ``FileUserDataStore``: what is kept here is gone when the process ends. Stores handed out for a
/// user share that user's data, so one instance shared between launches in one process keeps unsent
/// swipes and messages across a simulated relaunch.
public final class InMemoryUserDataStore: UserDataStore {
    /// One user's data.
    private struct Record {
        var swipes: [Swipe] = []
        var outbox: [OutgoingMessage] = []
    }

    private let records = Mutex<[UserID: Record]>([:])

    /// Creates an empty store.
    public init() {}

    /// The user's swipe queue, kept in this store.
    public func swipeQueue(for user: UserID) throws(StoreError) -> any SwipeQueueStore {
        SwipeQueue(owner: self, user: user)
    }

    /// The user's outbox, kept in this store.
    public func outbox(for user: UserID) throws(StoreError) -> any OutboxStore {
        Outbox(owner: self, user: user)
    }

    /// Forgets everything kept for the user.
    public func removeAll(for user: UserID) throws(StoreError) {
        _ = records.withLock { $0.removeValue(forKey: user) }
    }

    /// Whether anything is kept for the user: swipes or messages waiting.
    public func hasData(for user: UserID) -> Bool {
        records.withLock { records in
            guard let record = records[user] else { return false }
            return !record.swipes.isEmpty || !record.outbox.isEmpty
        }
    }

    private func read<Value>(_ user: UserID, _ body: (Record) -> Value) -> Value {
        records.withLock { body($0[user] ?? Record()) }
    }

    private func write(_ user: UserID, _ body: (inout Record) -> Void) {
        // Edited in place with one lookup; a record emptied stays (until `removeAll(for:)`), so the
        // next write does not insert it again.
        records.withLock { records in body(&records[user, default: Record()]) }
    }

    /// The swipe queue of one user.
    private struct SwipeQueue: SwipeQueueStore {
        let owner: InMemoryUserDataStore
        let user: UserID

        func load() throws(StoreError) -> [Swipe] { owner.read(user) { $0.swipes } }
        func save(_ swipes: [Swipe]) throws(StoreError) { owner.write(user) { $0.swipes = swipes } }
    }

    /// The outbox of one user.
    private struct Outbox: OutboxStore {
        let owner: InMemoryUserDataStore
        let user: UserID

        func load() throws(StoreError) -> [OutgoingMessage] { owner.read(user) { $0.outbox } }
        func save(_ messages: [OutgoingMessage]) throws(StoreError) {
            owner.write(user) { $0.outbox = messages }
        }
    }
}
