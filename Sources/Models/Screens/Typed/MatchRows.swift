import PersistentList

/// The rows of the matches list, read from the list's state as they are asked for: a view, not a copy.
///
/// New matches come first, then conversations. Two values are equal when they show the same list;
/// comparing shares the list's structure, so it costs little even for a million conversations.
/// ``changes`` and ``revision`` say how the rows changed since the list before, for a front end
/// that animates them.
public struct MatchRows: RandomAccessCollection, Equatable, Sendable {
    private let newMatches: [Match]
    private let conversations: PersistentList<ConversationSummary>
    /// How these rows differ from those of the revision before.
    public let changes: [ListChange]
    /// The list's revision; one more at each change.
    public let revision: Int

    /// The rows of `state`.
    public init(_ state: ChatListState) {
        newMatches = state.newMatches
        conversations = state.conversations
        changes = state.changes
        revision = state.revision
    }

    /// The first row's position.
    public var startIndex: Int { 0 }

    /// One past the last row's position.
    public var endIndex: Int { newMatches.count + conversations.count }

    /// The row at `position`.
    public subscript(position: Int) -> MatchRow {
        position < newMatches.count
            ? MatchRow(newMatch: newMatches[position])
            : MatchRow(conversations[position - newMatches.count])
    }

    /// The rows in order, read leaf by leaf (cheaper than by position for a long list).
    public func makeIterator() -> Iterator {
        Iterator(newMatches: newMatches.makeIterator(), conversations: conversations.makeIterator())
    }

    /// Reads the rows in order: the new matches, then the conversations.
    public struct Iterator: IteratorProtocol {
        fileprivate var newMatches: IndexingIterator<[Match]>
        fileprivate var conversations: PersistentList<ConversationSummary>.Iterator

        /// The next row, if any.
        public mutating func next() -> MatchRow? {
            if let match = newMatches.next() { return MatchRow(newMatch: match) }
            return conversations.next().map(MatchRow.init)
        }
    }
}

extension MatchRow {
    /// The row of a match with no conversation yet.
    public init(newMatch match: Match) {
        self.init(
            matchID: match.id, name: match.displayName, preview: nil, unreadCount: 0, lastActivity: nil,
            isNew: true)
    }

    /// The row of a conversation: its name, a preview of its last message, its unread count and when
    /// it was last active.
    public init(_ summary: ConversationSummary) {
        self.init(
            matchID: summary.id, name: summary.match.displayName,
            preview: summary.lastMessage.map(MatchRow.preview), unreadCount: summary.unreadCount,
            lastActivity: summary.lastActivity, isNew: false)
    }

    /// The first 40 characters of a message on one line: line feeds shown as spaces.
    private static func preview(_ message: Message) -> String {
        let text = message.text.count > 40 ? "\(message.text.prefix(40))…" : message.text
        guard text.unicodeScalars.contains("\n") else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" ? " " : $0 }))
    }
}
