import Foundation
import Models

/// A queue of durable work (the swipe queue, the outbox, …) in one owner-only file, written off the main actor by a
/// ``DiskWriter``.
///
/// The file is a ``QueueFile``: a header line, then one item per line. Loading reads it on the
/// writer's queue (after every save made before), then has the writer remove the temporary files a
/// crashed write left in the folder. A file that cannot be read whole is moved aside to `<name>.unreadable-<n>`
/// (owner-only, never overwritten), whatever could be read of it is written back at once and
/// answered, with the problem to report once. A save returns at once; its completion comes on the main actor, through the
/// scheduler, once the file is durable.
public struct FileQueueStore<Item: QueueItem>: QueueStore {
    /// The file.
    public let fileURL: URL
    private let path: String
    private let writer: DiskWriter
    private let scheduler: any Scheduler

    /// Creates a store on `fileURL` whose saves go through `writer` and complete on `scheduler`;
    /// nothing is touched until the first call.
    public init(fileURL: URL, writer: DiskWriter, scheduler: any Scheduler) {
        self.fileURL = fileURL
        self.path = fileURL.path
        self.writer = writer
        self.scheduler = scheduler
    }

    /// The queued items, oldest first, and the problem met reading them, if any.
    ///
    /// No file is an empty queue. A damaged file is moved aside and the items read from it answered,
    /// with ``StoreError/quarantined(path:movedTo:recovered:reason:)``; a file that cannot be read at
    /// all answers no items and ``StoreError/io(path:operation:errno:)``.
    public func load() -> LoadedItems<Item> {
        let path = path
        let fileURL = fileURL
        do throws(StoreError) {
            let directory = AtomicFile.split(path).directory
            return try writer.read(path, inDirectory: directory, scheduler: scheduler) {
                () throws(StoreError) -> LoadedItems<Item> in
                guard let data = try AtomicFile.read(fileURL) else { return LoadedItems([]) }
                let contents = QueueFile.decode(data, as: Item.self)
                guard let damage = contents.damage else { return LoadedItems(contents.items) }
                do throws(StoreError) {
                    let aside = try AtomicFile.moveAside(path)
                    // What was read is kept at once, so a crash before the next save loses none of it.
                    if !contents.items.isEmpty {
                        try AtomicFile.write(try Self.encode(contents.items, path: path), toPath: path)
                    }
                    return LoadedItems(
                        contents.items,
                        problem: .quarantined(
                            path: path, movedTo: aside, recovered: contents.items.count, reason: damage))
                } catch {
                    return LoadedItems(contents.items, problem: error)
                }
            }
        } catch {
            return LoadedItems([], problem: error)
        }
    }

    /// Replaces the queue (an empty one removes the file) off the main actor; `completion` runs on the
    /// main actor once it is durable, or with why not.
    public func save(_ items: [Item], completion: @escaping StoreCompletion) {
        let path = path
        writer.save(
            toPath: path, scheduler: scheduler,
            contents: { () throws(StoreError) -> Data? in
                items.isEmpty ? nil : try Self.encode(items, path: path)
            },
            completion: completion)
    }

    /// The bytes of a file at `path` holding `items`.
    private static func encode(_ items: [Item], path: String) throws(StoreError) -> Data {
        do {
            return try QueueFile.encode(items)
        } catch {
            throw .unreadable(path: path, reason: "could not encode \(Item.self)")
        }
    }
}
