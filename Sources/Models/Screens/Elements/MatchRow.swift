import Foundation

/// A row of the matches list: a new match or a conversation.
public struct MatchRow: Hashable, Sendable, Codable {
    /// The match's id (also its conversation's).
    public var matchID: String
    /// The other person's name.
    public var name: String
    /// The last message on one line, at most 40 characters and "…"; `nil` when there is none.
    public var preview: String?
    /// Messages from the other person the user has not read.
    public var unreadCount: Int
    /// When the last message was sent or, with none, when they matched; `nil` for a new match.
    public var lastActivity: Date?
    /// Whether this is a new match with no conversation yet.
    public var isNew: Bool

    /// Creates a row.
    public init(
        matchID: String, name: String, preview: String?, unreadCount: Int, lastActivity: Date?, isNew: Bool
    ) {
        self.matchID = matchID
        self.name = name
        self.preview = preview
        self.unreadCount = unreadCount
        self.lastActivity = lastActivity
        self.isNew = isNew
    }
}

extension MatchRow {
    /// The row's secondary text: "New match — say hi", or the preview and "· N unread".
    public var detail: String {
        if isNew { return "New match — say hi" }
        let text = preview ?? ""
        return unreadCount > 0 ? "\(text) · \(unreadCount) unread" : text
    }
}
