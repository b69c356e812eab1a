import Foundation

/// A row of a conversation: one message with who sent it and, for the user's own, how far it got.
public struct MessageRow: Hashable, Sendable, Codable {
    /// How far one of the user's messages got.
    public enum Delivery: Hashable, Sendable {
        /// On its way to the server.
        case sending
        /// The server has it.
        case sent
        /// It reached the other person's device.
        case delivered
        /// The other person read it.
        case read
        /// It was not sent: `canRetry` when sending again may work, else the server refused it for
        /// `reason`.
        case failed(reason: String?, canRetry: Bool)
    }

    /// The message's id.
    public var id: String
    /// The sender's user id.
    public var sender: String
    /// The sender's name as shown: "You" for the user's own.
    public var senderName: String
    /// Whether the user sent it.
    public var isMine: Bool
    /// The text.
    public var text: String
    /// Whether it is an action ("/me waves") rather than a plain message.
    public var isAction: Bool
    /// When it was sent.
    public var sentAt: Date
    /// Whether its sender changed it.
    public var isEdited: Bool
    /// How far it got: the user's own messages only.
    public var delivery: Delivery?

    /// Creates a row.
    public init(
        id: String, sender: String, senderName: String, isMine: Bool, text: String, isAction: Bool,
        sentAt: Date, isEdited: Bool, delivery: Delivery?
    ) {
        self.id = id
        self.sender = sender
        self.senderName = senderName
        self.isMine = isMine
        self.text = text
        self.isAction = isAction
        self.sentAt = sentAt
        self.isEdited = isEdited
        self.delivery = delivery
    }
}

extension MessageRow {
    /// Who said what: "You: text", "Carl: text", or "* Carl waves" for an action.
    public var title: String {
        if isAction { return isMine ? "* \(senderName): \(text)" : "* \(senderName) \(text)" }
        return "\(senderName): \(text)"
    }

    /// The delivery in words (the user's own) and "edited": "read", "not sent: reason, edited".
    public var detail: String {
        let edited = isEdited ? ["edited"] : []
        return ((delivery.map { [$0.text] } ?? []) + edited).joined(separator: ", ")
    }
}

extension MessageRow.Delivery {
    /// The delivery in words: "sending", "sent", "delivered", "read", "not sent" or "not sent: reason".
    public var text: String {
        switch self {
        case .sending: "sending"
        case .sent: "sent"
        case .delivered: "delivered"
        case .read: "read"
        case .failed(_, canRetry: true): "not sent"
        case .failed(let reason, canRetry: false): "not sent: \(reason ?? "refused")"
        }
    }
}
