import Foundation

/// The rows of a conversation's messages, read from its messages as they are asked for: a view, not
/// a copy.
///
/// Two values are equal when they show the same messages to the same user; comparing shares the
/// messages' structure, so it costs little for a long conversation. ``changes`` and ``revision`` say
/// how the rows changed since the messages before.
public struct MessageRows: RandomAccessCollection, Equatable, Sendable {
    private let messages: MessageList
    private let me: UserID
    private let name: String
    /// How these rows differ from those of the revision before.
    public let changes: [ListChange]
    /// The messages' revision; one more at each change.
    public let revision: Int

    /// The rows of `state`'s messages as user `me` sees them.
    public init(_ state: ConversationState, me: UserID) {
        messages = state.messages
        self.me = me
        name = state.match.displayName
        changes = state.changes
        revision = state.revision
    }

    /// The first row's position.
    public var startIndex: Int { 0 }

    /// One past the last row's position.
    public var endIndex: Int { messages.count }

    /// The row at `position`.
    public subscript(position: Int) -> MessageRow {
        MessageRow(messages[position], me: me, otherName: name)
    }

    /// The rows in order, read leaf by leaf (cheaper than by position for a long conversation).
    public func makeIterator() -> Iterator {
        Iterator(messages: messages.makeIterator(), me: me, name: name)
    }

    /// Reads the rows in order.
    public struct Iterator: IteratorProtocol {
        fileprivate var messages: MessageList.Iterator
        fileprivate let me: UserID
        fileprivate let name: String

        /// The next row, if any.
        public mutating func next() -> MessageRow? {
            messages.next().map { MessageRow($0, me: me, otherName: name) }
        }
    }
}

extension MessageRow {
    /// The row of `message` as user `me` sees it: who sent it ("You" or `otherName`) and the text,
    /// whether it is an action or was edited, and for the user's own, how far it got.
    public init(_ message: Message, me: UserID, otherName: String) {
        let isMine = message.sender == me
        self.init(
            id: message.id, sender: message.sender.rawValue, senderName: isMine ? "You" : otherName,
            isMine: isMine, text: message.text, isAction: message.kind == .action, sentAt: message.sentAt,
            isEdited: message.editedAt != nil, delivery: isMine ? Delivery(message) : nil)
    }
}

extension MessageRow.Delivery {
    /// How far the user's `message` got (a refusal with its reason).
    init(_ message: Message) {
        switch message.status {
        case .sending: self = .sending
        case .failed: self = .failed(reason: message.failureReason, canRetry: true)
        case .refused: self = .failed(reason: message.failureReason, canRetry: false)
        case .sent: self = .sent
        case .delivered: self = .delivered
        case .read: self = .read
        }
    }
}
