import Foundation

/// Something that happened in the user's conversations, pushed live by the chat service.
public enum ChatEvent: Hashable, Sendable {
    /// A message arrived (from the other person, or the user's own from another device), or a new
    /// version of one that did (edited: the same id, its new text).
    case messageReceived(Message)
    /// A message was taken back (deleted on the server by its sender): it leaves the conversation.
    case messageRemoved(conversation: String, id: String)
    /// The other person's device received the user's messages up to this one.
    case delivered(conversation: String, upTo: Date)
    /// The other person read the user's messages up to this time.
    case read(conversation: String, upTo: Date)
    /// The other person started or stopped typing.
    case typing(conversation: String, isTyping: Bool)
    /// A new match (someone liked the user back).
    case matched(Match)
    /// The match ended (either side unmatched or blocked).
    case unmatched(conversation: String)
}
