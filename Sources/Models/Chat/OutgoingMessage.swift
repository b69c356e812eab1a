import Foundation

/// A message waiting in the persistent outbox until the server confirms it.
public struct OutgoingMessage: Hashable, Codable, Sendable, Identifiable {
    /// The client transaction id: the server applies each one once.
    public var id: String
    /// The conversation.
    public var conversation: String
    /// The text, trimmed and validated.
    public var text: String
    /// When the user sent it, on the client's clock.
    public var createdAt: Date

    /// Creates an outgoing message.
    public init(id: String, conversation: String, text: String, createdAt: Date) {
        self.id = id
        self.conversation = conversation
        self.text = text
        self.createdAt = createdAt
    }
}
