import Foundation
import Models

/// The chat's receipts: a conversation read or delivered to one side, told to the other, and a
/// message as each side sees it (the sender's carries the other person's receipts).
extension EmbeddedServer {
    /// Marks `conversation` read by `reader` and tells the other person up to when.
    func read(in state: inout State, conversation: String, by reader: UserID, now: Date) {
        guard let other = partner(of: reader, in: conversation, state: state) else { return }
        let upTo = Self.read(&state.chat.conversations[conversation, default: .init()], by: reader, now: now)
        emit(in: &state, to: other, .read(conversation: conversation, upTo: upTo))
    }

    /// Marks a conversation read (and so delivered) by `reader` up to its last message (or `now`, when
    /// it has none); returns up to when.
    private static func read(_ conversation: inout ChatServerState.Conversation, by reader: UserID, now: Date)
        -> Date
    {
        let upTo = conversation.messages.last?.sentAt ?? now
        conversation.update(reader) { receipts in
            receipts.readUpTo = upTo
            receipts.deliveredUpTo = upTo
            receipts.unread = 0
        }
        return upTo
    }

    /// Marks `conversation`'s last message delivered to `recipient` (unless it is theirs or was already)
    /// and tells its sender.
    func deliver(in state: inout State, conversation: String, to recipient: UserID, now: Date) {
        guard let sender = partner(of: recipient, in: conversation, state: state),
            var record = state.chat.conversations[conversation],
            let upTo = Self.deliver(&record, to: recipient)
        else { return }
        state.chat.conversations[conversation] = record
        emit(in: &state, to: sender, .delivered(conversation: conversation, upTo: upTo))
    }

    /// Marks a conversation's last message delivered to `recipient` unless it is theirs or already
    /// was; returns its time when it was marked.
    private static func deliver(_ conversation: inout ChatServerState.Conversation, to recipient: UserID)
        -> Date?
    {
        guard let last = conversation.messages.last, last.sender != recipient,
            (conversation.deliveredUpTo(of: recipient) ?? .distantPast) < last.sentAt
        else { return nil }
        conversation.update(recipient) { $0.deliveredUpTo = last.sentAt }
        return last.sentAt
    }

    /// A message as `viewer` sees it: their own messages carry the other person's receipts.
    func seen(by viewer: UserID, _ message: Message, in state: State) -> Message {
        guard message.sender == viewer,
            let other = partner(of: viewer, in: message.conversation, state: state, includeEnded: true)
        else { return message }
        return seen(by: viewer, message, other: other, in: state)
    }

    /// A message of `viewer`'s, whose partner in the conversation is `other`, with `other`'s receipts.
    private func seen(by viewer: UserID, _ message: Message, other: UserID, in state: State) -> Message {
        guard message.sender == viewer else { return message }
        guard let conversation = state.chat.conversations[message.conversation] else {
            var seen = message
            seen.status = .sent
            return seen
        }
        return Self.seen(message, other: other, in: conversation)
    }

    /// A message with `other`'s receipts from its conversation: read, delivered or sent.
    static func seen(_ message: Message, other: UserID, in conversation: ChatServerState.Conversation)
        -> Message
    {
        var seen = message
        if let read = conversation.readUpTo(of: other), message.sentAt <= read {
            seen.status = .read
        } else if let delivered = conversation.deliveredUpTo(of: other), message.sentAt <= delivered {
            seen.status = .delivered
        } else {
            seen.status = .sent
        }
        return seen
    }
}
