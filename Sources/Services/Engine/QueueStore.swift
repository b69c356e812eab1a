import Models

/// Keeps the items of one kind of durable work (swipes, messages, …) that have not reached the
/// server, in order, across relaunches.
///
/// A context asks the user's ``UserDataStore`` for one by name (``UserDataStore/queue(named:of:for:)``):
/// ``FileQueueStore`` keeps them in a file written off the main actor; ``InMemoryUserDataStore``'s
/// queues keep them in memory.
public protocol QueueStore<Item>: Sendable {
    /// The kind of item kept.
    associatedtype Item: QueueItem

    /// The queued items, oldest first, and the problem met reading them, if any.
    ///
    /// A file that cannot be read whole is moved aside (kept, owner-only) and the items that could be
    /// read from it are answered with ``StoreError/quarantined(path:movedTo:recovered:reason:)``:
    /// report the problem once and keep the items; the next save writes them.
    func load() -> LoadedItems<Item>

    /// Replaces the queue (an empty one removes the file); `completion` runs on the main actor once it
    /// is durable, or with why not.
    ///
    /// Returns at once. Send an item only after a save holding it completed, so the server never
    /// holds an item the disk does not. Completions come in the order of the saves; saves made in a
    /// row may be written as one (the latest). An in-memory store completes before returning.
    @MainActor
    func save(_ items: [Item], completion: @escaping StoreCompletion)
}
