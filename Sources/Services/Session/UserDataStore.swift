import Foundation
import Models

/// Where session-scoped contexts keep a user's local data: a queue per kind of durable work (the
/// swipe queue, the chat outbox, …), each asked for by name.
///
/// ``FileUserDataStore`` keeps them in one owner-only folder per user (what an app uses);
/// ``InMemoryUserDataStore`` keeps them in memory for as long as the store object lives (previews,
/// benchmarks, tests that measure the engine without the file system).
public protocol UserDataStore: Sendable {
    /// The user's queue named `name` of items of type `type` not yet confirmed by the server.
    ///
    /// A name is a short word of lower-case letters, digits and dashes (``QueueName/isValid(_:)``);
    /// any other throws ``StoreError/unreadable(path:reason:)``. Asking twice for one name gives the
    /// same queue.
    func queue<Item: QueueItem>(named name: String, of type: Item.Type, for user: UserID) throws(StoreError)
        -> any QueueStore<Item>

    /// Deletes everything kept for the user (temporary files and files moved aside included), after
    /// every save made before; succeeds when there was nothing. `completion` runs on the main actor
    /// once it is gone, or with why not.
    ///
    /// Returns at once (a file store removes the folder off the main actor); a store handed out
    /// later reads after the removal. An in-memory store completes before returning.
    @MainActor
    func removeAll(for user: UserID, completion: @escaping StoreCompletion)
}

extension UserDataStore {
    /// The store of the user's swipes not yet confirmed by the server (the queue named `swipes`).
    public func swipeQueue(for user: UserID) throws(StoreError) -> any QueueStore<Swipe> {
        try queue(named: QueueName.swipes, of: Swipe.self, for: user)
    }

    /// The store of the user's messages not yet confirmed by the server (the queue named `outbox`).
    public func outbox(for user: UserID) throws(StoreError) -> any QueueStore<OutgoingMessage> {
        try queue(named: QueueName.outbox, of: OutgoingMessage.self, for: user)
    }

    /// The store of the user's reads, unmatches and blocks not yet confirmed by the server (the queue
    /// named `chat-actions`).
    public func chatActions(for user: UserID) throws(StoreError) -> any QueueStore<ChatAction> {
        try queue(named: QueueName.chatActions, of: ChatAction.self, for: user)
    }
}
