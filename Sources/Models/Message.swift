import Foundation

/// One chat message, as the client shows it.
public struct Message: Hashable, Codable, Sendable, Identifiable {
    /// Where a message is on its way from sender to reader.
    public enum Status: String, Hashable, Codable, Sendable {
        /// In the outbox, not confirmed by the server yet.
        case sending
        /// The last attempt failed; it stays in the outbox and can be retried.
        case failed
        /// The server has it.
        case sent
        /// The other person's device has it.
        case delivered
        /// The other person read it.
        case read
    }

    /// The server's id, or the client transaction id while sending.
    public var id: String
    /// The conversation (the match's id).
    public var conversation: String
    /// Who wrote it.
    public var sender: UserID
    /// The text, trimmed.
    public var text: String
    /// The server's timestamp (the client's clock while sending); orders messages first
    /// (``isOrderedBefore(_:)``).
    public var sentAt: Date
    /// The client transaction id it was sent with, for the sender's own messages.
    public var transactionID: String?
    /// Its progress (for the sender's own messages; received ones are ``Status/sent``).
    public var status: Status

    /// Creates a message.
    public init(
        id: String, conversation: String, sender: UserID, text: String, sentAt: Date,
        transactionID: String? = nil,
        status: Status = .sent
    ) {
        self.id = id
        self.conversation = conversation
        self.sender = sender
        self.text = text
        self.sentAt = sentAt
        self.transactionID = transactionID
        self.status = status
    }

    /// Whether `self` comes before `other` in a conversation: by timestamp, then (at one instant)
    /// the server's before the unsent, then id.
    ///
    /// At one instant (several messages in the same millisecond, or under virtual time), the
    /// server's messages come first and the user's unsent ones (sending or not sent) after them, as
    /// a message waiting to go out belongs at the bottom; ids then compare shorter first, so
    /// sequential ids (`id-9`, `id-10`) keep the order they were made in.
    public func isOrderedBefore(_ other: Message) -> Bool {
        if sentAt != other.sentAt { return sentAt < other.sentAt }
        if isPending != other.isPending { return other.isPending }
        if id.utf8.count != other.id.utf8.count { return id.utf8.count < other.id.utf8.count }
        return id < other.id
    }

    /// Whether the message is the user's and not on the server yet (sending or not sent).
    public var isPending: Bool { status == .sending || status == .failed }

    /// Whether two messages hold the same values: the id and status first (what usually differs),
    /// the conversation last.
    public static func == (lhs: Message, rhs: Message) -> Bool {
        lhs.id == rhs.id && lhs.status == rhs.status && lhs.sentAt == rhs.sentAt && lhs.text == rhs.text
            && lhs.sender == rhs.sender && lhs.transactionID == rhs.transactionID
            && lhs.conversation == rhs.conversation
    }

    /// Whether `other` is a message equal to this one (`false` for none).
    func isEqual(to other: Message?) -> Bool {
        guard let other else { return false }
        return self == other
    }
}
