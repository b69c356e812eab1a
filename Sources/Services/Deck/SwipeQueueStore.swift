import Models

/// Keeps swipes that have not reached the server, in order, across relaunches.
///
/// ``FileSwipeQueueStore`` keeps them in a file written off the main actor; ``InMemoryUserDataStore``'s
/// queue keeps them in memory.
public protocol SwipeQueueStore: Sendable {
    /// The queued swipes, oldest first, and the problem met reading them, if any.
    ///
    /// A file that cannot be read whole is moved aside (kept, owner-only) and the swipes that could be
    /// read from it are answered with ``StoreError/quarantined(path:movedTo:recovered:reason:)``:
    /// report the problem once and keep the swipes (their cards must not come back); the next save
    /// writes them.
    func load() -> LoadedItems<Swipe>

    /// Replaces the queue (an empty one removes the file); `completion` runs on the main actor once it
    /// is durable, or with why not.
    ///
    /// Returns at once. Send a swipe only after a save holding it completed, so the server never holds
    /// a swipe the disk does not. Completions come in the order of the saves; saves made in a row may
    /// be written as one (the latest). An in-memory store completes before returning.
    @MainActor
    func save(_ swipes: [Swipe], completion: @escaping StoreCompletion)
}
