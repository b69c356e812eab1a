import Foundation
import Models
import Services

/// The other side changing what they already said: an edit of one of their messages and a deletion,
/// as that person's app would make them (a scenario's `bob edits "hi" to "hello"`, `bob deletes "hi"`).
///
/// Both act on the sender's newest message with that exact text in their live match with the other
/// person, and reach the other person's devices as the Matrix backend's do: an edit is the message
/// again with its new text and ``Models/Message/editedAt`` (``Models/ChatEvent/messageReceived(_:)``,
/// the same id, so it replaces the one shown), a deletion is
/// ``Models/ChatEvent/messageRemoved(conversation:id:)``.
extension EmbeddedServer {
    /// Changes the text of `sender`'s newest message `text` to their match `other` into `newText`,
    /// marked edited now, and tells `other`'s devices; answers the message as edited.
    ///
    /// Throws ``Models/ServiceError/rejected(_:)`` when the two are not matched (an ended match's
    /// messages stay as they were) and ``Models/ServiceError/notFound`` when `sender` sent no such
    /// message there.
    @discardableResult
    public func editMessage(by sender: UserID, with other: UserID, from text: String, to newText: String)
        throws(ServiceError) -> Message
    {
        let now = scheduler.now
        let result = state.withLock { state -> Result<Message, ServiceError> in
            let conversation = Match.id(between: sender, and: other)
            switch Self.newestMessage(of: sender, saying: text, in: conversation, to: other, state: state) {
            case .failure(let error): return .failure(error)
            case .success(let index):
                var message = state.chat.conversations[conversation, default: .init()].messages[index]
                message.text = newText
                message.editedAt = now
                state.chat.conversations[conversation, default: .init()].messages[index] = message
                if let transaction = message.transactionID {
                    // A resend of the message's transaction answers the message as it is now.
                    state.chat.transactions[.init(sender: sender, transaction: transaction)] = message
                }
                emit(in: &state, to: other, .messageReceived(seen(by: other, message, in: state)))
                return .success(message)
            }
        }
        return try result.get()
    }

    /// Deletes `sender`'s newest message `text` to their match `other` from the conversation, and
    /// tells `other`'s devices; answers the message deleted.
    ///
    /// A message `other` had not read stops counting as unread. Throws as
    /// ``editMessage(by:with:from:to:)`` does.
    @discardableResult
    public func deleteMessage(by sender: UserID, with other: UserID, _ text: String) throws(ServiceError)
        -> Message
    {
        let result = state.withLock { state -> Result<Message, ServiceError> in
            let conversation = Match.id(between: sender, and: other)
            switch Self.newestMessage(of: sender, saying: text, in: conversation, to: other, state: state) {
            case .failure(let error): return .failure(error)
            case .success(let index):
                let message = state.chat.conversations[conversation, default: .init()].messages.remove(
                    at: index)
                state.chat.conversations[conversation, default: .init()].update(other) { receipts in
                    let wasRead = (receipts.readUpTo ?? .distantPast) >= message.sentAt
                    if !wasRead, receipts.unread > 0 { receipts.unread -= 1 }
                }
                emit(in: &state, to: other, .messageRemoved(conversation: conversation, id: message.id))
                return .success(message)
            }
        }
        return try result.get()
    }

    /// The index of `sender`'s newest message saying exactly `text` in their live match `conversation`
    /// with `other`.
    private static func newestMessage(
        of sender: UserID, saying text: String, in conversation: String, to other: UserID, state: State
    ) -> Result<Int, ServiceError> {
        guard let pair = state.discovery.matches[conversation],
            Set([pair.first, pair.second]) == Set([sender, other])
        else { return .failure(.matchEnded) }
        let messages = state.chat.conversations[conversation]?.messages ?? []
        guard let index = messages.lastIndex(where: { $0.sender == sender && $0.text == text }) else {
            return .failure(.notFound)
        }
        return .success(index)
    }
}
