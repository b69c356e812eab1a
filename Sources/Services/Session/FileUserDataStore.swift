import Foundation
import Models

/// A ``UserDataStore`` with one owner-only folder per user under a root folder.
///
/// Folder names are the hex of the user id's UTF-8 bytes, so any id is a safe single path component.
/// Each queue is a ``FileQueueStore`` in `<name>.json`, written off the main actor by one
/// ``DiskWriter``; the folder is
/// made by the first write. Removing a user's data waits for the writes queued before it, so nothing
/// written for the user is left behind, temporary files and files moved aside included.
public struct FileUserDataStore: UserDataStore {
    /// The folder holding every user's folder.
    public let rootURL: URL
    /// Writes the queues' files.
    public let writer: DiskWriter
    private let scheduler: any Scheduler

    /// Creates a store under `rootURL` whose saves go through `writer` and complete on `scheduler` (an
    /// app's main queue by default); nothing is touched until the first call.
    public init(
        rootURL: URL, writer: DiskWriter = DiskWriter(), scheduler: any Scheduler = DispatchScheduler()
    ) {
        self.rootURL = rootURL
        self.writer = writer
        self.scheduler = scheduler
    }

    /// The user's folder, created owner-only if missing.
    public func directory(for user: UserID) throws(StoreError) -> URL {
        let url = location(of: user)
        try AtomicFile.createDirectory(url)
        return url
    }

    /// The name of a user's swipe queue file in their folder.
    public static let swipeQueueFileName = fileName(of: QueueName.swipes)
    /// The name of a user's outbox file in their folder.
    public static let outboxFileName = fileName(of: QueueName.outbox)

    /// The file name of the queue named `name`.
    public static func fileName(of name: String) -> String { name + ".json" }

    /// The user's queue named `name`: `<name>.json` in the user's folder.
    public func queue<Item: QueueItem>(named name: String, of type: Item.Type, for user: UserID)
        throws(StoreError) -> any QueueStore<Item>
    {
        let folder = location(of: user)
        guard QueueName.isValid(name) else {
            throw .unreadable(path: folder.path, reason: "not a queue name: \(name.debugDescription)")
        }
        return FileQueueStore<Item>(
            fileURL: folder.appendingPathComponent(Self.fileName(of: name), isDirectory: false),
            writer: writer,
            scheduler: scheduler)
    }

    /// Deletes the user's folder, after every write queued before, off the main actor.
    public func removeAll(for user: UserID, completion: @escaping StoreCompletion) {
        let folder = location(of: user)
        writer.perform(
            scheduler: scheduler, { () throws(StoreError) in try AtomicFile.remove(folder) },
            completion: completion)
    }

    /// Where the user's folder is, whether or not it exists.
    public func location(of user: UserID) -> URL {
        let name = user.rawValue.utf8.map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
        return rootURL.appendingPathComponent("u" + name, isDirectory: true)
    }
}
