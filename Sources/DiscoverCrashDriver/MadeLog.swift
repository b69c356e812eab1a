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

    func queue<Item: QueueItem>(named name: String, of type: Item.Type, for user: UserID)
        throws(StoreError) -> any QueueStore<Item>
    {
        Queue(base: try base.queue(named: name, of: type, for: user), log: log)
    }

    @MainActor
    func removeAll(for user: UserID, completion: @escaping StoreCompletion) {
        base.removeAll(for: user, completion: completion)
    }

    /// What the log notes of queued items: swipes and messages.
    static func entries(_ items: [some QueueItem]) -> [MadeLog.Entry] {
        items.compactMap { item in
            switch item {
            case let swipe as Swipe:
                MadeLog.Entry(kind: "swipe", id: swipe.id, detail: swipe.candidate.rawValue)
            case let message as OutgoingMessage:
                MadeLog.Entry(kind: "message", id: message.id, detail: message.text)
            default: nil
            }
        }
    }

    /// A queue that logs what it made durable.
    struct Queue<Item: QueueItem>: QueueStore {
        let base: any QueueStore<Item>
        let log: MadeLog

        func load() -> LoadedItems<Item> {
            let loaded = base.load()
            MainActor.assumeIsolated { log.made(LoggingUserDataStore.entries(loaded.items)) }
            return loaded
        }

        @MainActor
        func save(_ items: [Item], completion: @escaping StoreCompletion) {
            base.save(items) { [log] result in
                if case .success = result { log.made(LoggingUserDataStore.entries(items)) }
                completion(result)
            }
        }
    }
}
