import Foundation

/// One chat message, as the client shows it.
public struct Message: Hashable, Codable, Sendable, Identifiable {
    /// Where a message is on its way from sender to reader.
    public enum Status: String, Hashable, Codable, Sendable {
        /// In the outbox, not confirmed by the server yet.
        case sending
        /// The last attempt failed; it stays in the outbox and can be retried.
        case failed
        /// The server refused it for good (``Message/failureReason`` says why); it is never retried.
        case refused
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
    /// The server's timestamp (the client's clock while sending); orders messages first.
    public var sentAt: Date
    /// The client transaction id it was sent with, for the sender's own messages.
    public var transactionID: String?
    /// Its progress (for the sender's own messages; received ones are ``Status/sent``).
    public var status: Status
    /// Why the last attempt to send it failed, for the user's own message not sent.
    public var failureReason: String?
    /// How it reads: said, or done (an action, shown as "* Carl waves").
    public var kind: Kind
    /// When its sender last changed the text (it shows as edited); `nil` if never.
    public var editedAt: Date?

    /// How a message reads.
    public enum Kind: String, Hashable, Codable, Sendable {
        /// Said: "Carl: hello".
        case text
        /// Done, in the third person: "* Carl waves" (a Matrix emote).
        case action
    }

    /// Creates a message.
    public init(
        id: String, conversation: String, sender: UserID, text: String, sentAt: Date,
        transactionID: String? = nil,
        status: Status = .sent, failureReason: String? = nil, kind: Kind = .text, editedAt: Date? = nil
    ) {
        self.id = id
        self.conversation = conversation
        self.sender = sender
        self.text = text
        self.sentAt = sentAt
        self.transactionID = transactionID
        self.status = status
        self.failureReason = failureReason
        self.kind = kind
        self.editedAt = editedAt
    }

    /// Decodes a message; one encoded before ``kind`` and ``editedAt`` existed reads as said, unedited.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        conversation = try container.decode(String.self, forKey: .conversation)
        sender = try container.decode(UserID.self, forKey: .sender)
        text = try container.decode(String.self, forKey: .text)
        sentAt = try container.decode(Date.self, forKey: .sentAt)
        transactionID = try container.decodeIfPresent(String.self, forKey: .transactionID)
        status = try container.decode(Status.self, forKey: .status)
        failureReason = try container.decodeIfPresent(String.self, forKey: .failureReason)
        kind = try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .text
        editedAt = try container.decodeIfPresent(Date.self, forKey: .editedAt)
    }

    /// Whether the message is the user's and not on the server yet (sending, not sent or refused).
    public var isPending: Bool { status == .sending || status == .failed || status == .refused }
}
