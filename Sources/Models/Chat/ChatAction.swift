import Foundation

/// Something the user did to a conversation that the server must learn: reading it, unmatching,
/// blocking.
///
/// The app shows it done at once; it waits in a durable queue (saved, sent, retried, kept across
/// relaunches) until the server has it, in order with the conversation's other actions.
public struct ChatAction: QueueItem, Identifiable {
    /// What the user did.
    public enum Kind: String, Codable, Sendable {
        /// Read the conversation (up to ``ChatAction/readUpTo``).
        case read
        /// Unmatched the other person.
        case unmatch
        /// Unmatched and blocked the other person.
        case block
    }

    /// The transaction id.
    public var id: String
    /// The conversation.
    public var conversation: String
    /// What the user did.
    public var kind: Kind
    /// For a read: when the newest message read was sent; later messages stay unread.
    public var readUpTo: Date?
    /// For an unmatch or block of a match the client saw a queued like make: that swipe's id. The
    /// action waits until the server has the like (else it would find no match to end).
    public var dependsOn: String?

    /// A conversation's actions reach the server in the order they were made.
    public var lane: String { conversation }
    /// Creates an action.
    public init(id: String, conversation: String, kind: Kind, readUpTo: Date? = nil, dependsOn: String? = nil)
    {
        self.id = id
        self.conversation = conversation
        self.kind = kind
        self.readUpTo = readUpTo
        self.dependsOn = dependsOn
    }

    /// Reading `conversation` up to the message sent at `upTo`; its id says so, so the same read made
    /// twice is one action.
    public static func read(_ conversation: String, upTo: Date) -> ChatAction {
        let millisecond = Int64((upTo.timeIntervalSince1970 * 1000).rounded(.down))
        return ChatAction(
            id: "read:\(conversation):\(millisecond)", conversation: conversation, kind: .read, readUpTo: upTo
        )
    }

    /// Unmatching the other person of `conversation`, after the swipe `dependsOn` if it is given.
    public static func unmatch(_ conversation: String, after dependsOn: String? = nil) -> ChatAction {
        ChatAction(
            id: "unmatch:\(conversation)", conversation: conversation, kind: .unmatch, dependsOn: dependsOn)
    }

    /// Unmatching and blocking the other person of `conversation`, after the swipe `dependsOn` if it
    /// is given.
    public static func block(_ conversation: String, after dependsOn: String? = nil) -> ChatAction {
        ChatAction(
            id: "block:\(conversation)", conversation: conversation, kind: .block, dependsOn: dependsOn)
    }

    /// Whether it ends the conversation (an unmatch or a block).
    public var endsConversation: Bool { kind != .read }
}
