import Foundation
import Models

/// Where session-scoped contexts keep a user's local data: the swipe queue and the chat outbox.
///
/// ``FileUserDataStore`` keeps them in one owner-only folder per user (what an app uses);
/// ``InMemoryUserDataStore`` keeps them in memory for as long as the store object lives (previews,
/// benchmarks, tests that measure the engine without the file system).
public protocol UserDataStore: Sendable {
    /// The store of the user's swipes not yet confirmed by the server.
    func swipeQueue(for user: UserID) throws(StoreError) -> any SwipeQueueStore

    /// The store of the user's messages not yet confirmed by the server.
    func outbox(for user: UserID) throws(StoreError) -> any OutboxStore

    /// Deletes everything kept for the user (temporary files and files moved aside included), after
    /// every save made before; succeeds when there was nothing. `completion` runs on the main actor
    /// once it is gone, or with why not.
    ///
    /// Returns at once (a file store removes the folder off the main actor); a store handed out
    /// later reads after the removal. An in-memory store completes before returning.
    @MainActor
    func removeAll(for user: UserID, completion: @escaping StoreCompletion)
}
