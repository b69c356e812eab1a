import Foundation
import Models
import Services

/// The items the app made durable: each swipe and message once a save holding it completed (or a
/// launch loaded it from disk), appended to a log the checker reads.
///
/// What the app promises is that an item on disk reaches the server exactly once; an item the kill
/// caught before its save completed was never promised (the user saw it "sending").
@MainActor
final class MadeLog {
    /// One item made.
    struct Entry: Codable, Hashable {
        /// `message` or `swipe`.
        var kind: String
        /// The transaction id or swipe id.
        var id: String
        /// The message's text, or the swiped candidate.
        var detail: String
    }

    private var logged: Set<String>
    private let file: LineFile?

    /// Reads the log at `path` and opens it for appending.
    init(path: String) {
        logged = Set(LineFile.lines(of: path, as: Entry.self).values.map(\.id))
        file = LineFile(path: path)
    }

    /// Logs the items of a completed save (or a load) not logged before.
    func made(_ entries: [Entry]) {
        for entry in entries where logged.insert(entry.id).inserted { file?.append(entry) }
    }
}

/// The backend's user data store, whose saves and loads tell the ``MadeLog`` what is durable.
struct LoggingUserDataStore: UserDataStore {
    let base: any UserDataStore
    let log: MadeLog

    func swipeQueue(for user: UserID) throws(StoreError) -> any SwipeQueueStore {
        Queue(base: try base.swipeQueue(for: user), log: log)
    }

    func outbox(for user: UserID) throws(StoreError) -> any OutboxStore {
        Outbox(base: try base.outbox(for: user), log: log)
    }

    @MainActor
    func removeAll(for user: UserID, completion: @escaping StoreCompletion) {
        base.removeAll(for: user, completion: completion)
    }

    static func entries(_ swipes: [Swipe]) -> [MadeLog.Entry] {
        swipes.map { MadeLog.Entry(kind: "swipe", id: $0.id, detail: $0.candidate.rawValue) }
    }

    static func entries(_ messages: [OutgoingMessage]) -> [MadeLog.Entry] {
        messages.map { MadeLog.Entry(kind: "message", id: $0.id, detail: $0.text) }
    }

    /// A swipe queue that logs what it made durable.
    struct Queue: SwipeQueueStore {
        let base: any SwipeQueueStore
        let log: MadeLog

        func load() -> LoadedItems<Swipe> {
            let loaded = base.load()
            MainActor.assumeIsolated { log.made(LoggingUserDataStore.entries(loaded.items)) }
            return loaded
        }

        @MainActor
        func save(_ swipes: [Swipe], completion: @escaping StoreCompletion) {
            base.save(swipes) { [log] result in
                if case .success = result { log.made(LoggingUserDataStore.entries(swipes)) }
                completion(result)
            }
        }
    }

    /// An outbox that logs what it made durable.
    struct Outbox: OutboxStore {
        let base: any OutboxStore
        let log: MadeLog

        func load() -> LoadedItems<OutgoingMessage> {
            let loaded = base.load()
            MainActor.assumeIsolated { log.made(LoggingUserDataStore.entries(loaded.items)) }
            return loaded
        }

        @MainActor
        func save(_ messages: [OutgoingMessage], completion: @escaping StoreCompletion) {
            base.save(messages) { [log] result in
                if case .success = result { log.made(LoggingUserDataStore.entries(messages)) }
                completion(result)
            }
        }
    }
}
