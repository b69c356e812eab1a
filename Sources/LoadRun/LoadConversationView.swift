/// One conversation as one side sees it at the end of a load run: through the app (its chat's state)
/// or through the server (the person's Matrix client reading the room).
public struct LoadConversationView: Hashable, Codable, Sendable {
    /// The other person's index.
    public var other: Int
    /// Whether the match goes on (an ended match's conversation is shown as ended, or not at all).
    public var isLive: Bool
    /// The messages' texts, oldest first.
    public var texts: [String]
    /// The unread count shown.
    public var unreadCount: Int
    /// How many of the person's own messages are not shown as read by the other side.
    public var ownUnread: Int

    /// Creates a view.
    public init(other: Int, isLive: Bool, texts: [String], unreadCount: Int, ownUnread: Int = 0) {
        self.other = other
        self.isLive = isLive
        self.texts = texts
        self.unreadCount = unreadCount
        self.ownUnread = ownUnread
    }
}
