import Foundation

/// A message waiting in the persistent outbox until the server confirms it.
public struct OutgoingMessage: QueueItem, Identifiable {
    /// The client transaction id: the server applies each one once.
    public var id: String
    /// The conversation.
    public var conversation: String
    /// The text, trimmed and validated.
    public var text: String
    /// When the user sent it, on the client's clock.
    public var createdAt: Date
    /// The match the message was written to, as the client knew it when it was sent.
    ///
    /// Kept in the outbox so that a launch shows the conversation's row and screen with the message
    /// waiting before the server's list arrives (slow or offline). The server never reads it; `nil`
    /// in an outbox written before it was kept (the message then shows once the list arrives).
    public var match: Match?
    /// The id of the swipe that made the match, when it was still queued as the message was written:
    /// the message waits until the server has that swipe (`nil` in an outbox written before it was kept).
    public var dependsOn: String?
    /// Why the server refused the message for good, once it did: it stays in the outbox, shown as not
    /// sent with this reason and never retried, until the user deletes it.
    public var refusal: String?

    /// A conversation keeps its messages in order.
    public var lane: String { conversation }

    /// Creates an outgoing message.
    public init(
        id: String, conversation: String, text: String, createdAt: Date, match: Match? = nil,
        dependsOn: String? = nil, refusal: String? = nil
    ) {
        self.id = id
        self.conversation = conversation
        self.text = text
        self.createdAt = createdAt
        self.match = match
        self.dependsOn = dependsOn
        self.refusal = refusal
    }
}
