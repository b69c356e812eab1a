/// The matches list's observable state: new matches, then conversations, with the changes from the
/// previous snapshot.
public struct ChatListState: Hashable, Sendable {
    /// Matches with no message yet, newest first.
    public var newMatches: [Match]
    /// Conversations with messages, by last activity, newest first: a ``TreeList``, so a snapshot
    /// that moves one conversation shares every other row with the one before.
    public var conversations: TreeList<ConversationSummary>
    /// How ``rowIDs`` changed from the previous snapshot to this one.
    public var changes: [ListChange]
    /// Counts snapshots; ``changes`` lead from `revision - 1` to this one.
    public var revision: Int
    /// Messages waiting in the outbox, in every conversation.
    public var outboxCount: Int
    /// Whether the list has come from the server at least once.
    public var isLoaded: Bool

    /// An empty list.
    public init() {
        newMatches = []
        conversations = []
        changes = []
        revision = 0
        outboxCount = 0
        isLoaded = false
    }

    /// The ids of the rows in display order: new matches, then conversations.
    public var rowIDs: [String] { newMatches.map(\.id) + conversations.map(\.id) }

    /// Whether two lists hold the same values: the revision and counts first, the rows last.
    public static func == (lhs: ChatListState, rhs: ChatListState) -> Bool {
        lhs.revision == rhs.revision && lhs.outboxCount == rhs.outboxCount && lhs.isLoaded == rhs.isLoaded
            && lhs.changes == rhs.changes && lhs.newMatches == rhs.newMatches
            && lhs.conversations == rhs.conversations
    }

    /// The unread count of a conversation with a user, if there is one.
    public func unreadCount(with user: UserID) -> Int? {
        conversations.first { $0.match.user == user }?.unreadCount
            ?? newMatches.first { $0.user == user }.map { _ in 0 }
    }
}
