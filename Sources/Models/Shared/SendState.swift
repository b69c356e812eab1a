/// Where an item of a send queue (a swipe or a message) is on its way to the server.
public enum SendState: Hashable, Sendable {
    /// Queued: sent when its turn comes and what it depends on has reached the server.
    case waiting
    /// On its way to the server.
    case sending
    /// The server has it.
    case sent
    /// The last attempt failed, with why; `retryable` when trying again may succeed (a fault for now,
    /// or the bound of attempts reached), `false` when the refusal is final (never retried).
    case failed(reason: String, retryable: Bool)
}
