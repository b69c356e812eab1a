import Models

/// Keeps swipes that have not reached the server, in order, across relaunches.
public protocol SwipeQueueStore: Sendable {
    /// The queued swipes, oldest first; empty when none.
    ///
    /// Throws ``StoreError`` when the file is bad.
    func load() throws(StoreError) -> [Swipe]

    /// Replaces the queue.
    func save(_ swipes: [Swipe]) throws(StoreError)
}
