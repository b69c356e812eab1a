import Foundation

/// One row of the matches list: a match, its last message and how many are unread.
public struct ConversationSummary: Hashable, Codable, Sendable, Identifiable {
    /// The match (its id is the conversation's).
    public var match: Match
    /// The newest message, if any.
    public var lastMessage: Message?
    /// Messages from the other person the user has not read.
    public var unreadCount: Int

    /// Creates a summary.
    public init(match: Match, lastMessage: Message?, unreadCount: Int) {
        self.match = match
        self.lastMessage = lastMessage
        self.unreadCount = unreadCount
    }

    /// The conversation's id.
    public var id: String { match.id }
    /// When something last happened: the last message, or the match.
    public var lastActivity: Date { lastMessage?.sentAt ?? match.matchedAt }
}
