import PersistentList

/// The matches list's observable state: new matches, then conversations, with the changes from the
/// previous snapshot.
///
/// The conversations are a ``PersistentList/PersistentList``: a snapshot that moves one conversation
/// shares every other row with the one before, so a list of a million conversations changes in
/// O(log n).
public struct ChatListState: Hashable, Sendable {
    /// Counts snapshots; ``changes`` lead from `revision - 1` to this one.
    public var revision = 0
    /// How ``rowIDs`` changed from the previous snapshot to this one.
    public var changes: [ListChange] = []
    /// The messages the server has not confirmed, in every conversation, oldest first (those refused
    /// for good stay until the user deletes them).
    public var outbox = SendQueue<OutgoingMessage>()
    /// Whether the list has come from the server at least once.
    ///
    /// Until it has, the list is loading: the rows it has (matches made and messages waiting in the
    /// outbox) are not all there are, and an empty list means "not known yet", never "no matches".
    public var isLoaded = false
    /// Why the last attempt to load the list failed (offline, a server fault), while it has not
    /// loaded; `nil` during the first attempt and once loaded. Another attempt follows on its own.
    public var loadFailure: RequestFailure?
    /// Matches with no message yet, newest first.
    public var newMatches: [Match] = []
    /// Conversations with messages, by last activity, newest first.
    public var conversations = PersistentList<ConversationSummary>()

    /// An empty list.
    public init() {}

    /// Messages waiting in the outbox to be sent, in every conversation (those refused for good not
    /// counted).
    public var outboxCount: Int { outbox.entries.count { !$0.isRefused } }

    /// The ids of the rows in display order: new matches, then conversations.
    public var rowIDs: [String] { newMatches.map(\.id) + conversations.map(\.id) }

    /// The unread count of a conversation with a user, if there is one (0 for a new match).
    public func unreadCount(with user: UserID) -> Int? {
        conversations.first { $0.match.user == user }?.unreadCount
            ?? newMatches.first { $0.user == user }.map { _ in 0 }
    }
}
