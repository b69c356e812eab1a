import Models

/// Keeps messages that have not reached the server, in order, across relaunches.
///
/// ``FileOutboxStore`` keeps them in a file written off the main actor; ``InMemoryUserDataStore``'s
/// outbox keeps them in memory.
public protocol OutboxStore: Sendable {
    /// The waiting messages, oldest first, and the problem met reading them, if any.
    ///
    /// A file that cannot be read whole is moved aside (kept, owner-only) and the messages that could
    /// be read from it are answered with ``StoreError/quarantined(path:movedTo:recovered:reason:)``:
    /// report the problem once and keep the messages; the next save writes them.
    func load() -> LoadedItems<OutgoingMessage>

    /// Replaces the waiting messages (none removes the file); `completion` runs on the main actor once
    /// they are durable, or with why not.
    ///
    /// Returns at once. Send a message only after a save holding it completed, so the server never
    /// holds a message the disk does not. Completions come in the order of the saves; saves made in a
    /// row may be written as one (the latest). An in-memory store completes before returning.
    @MainActor
    func save(_ messages: [OutgoingMessage], completion: @escaping StoreCompletion)
}
