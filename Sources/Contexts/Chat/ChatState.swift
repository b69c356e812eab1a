import Foundation
import Interactors
import Models
import PersistentList

/// The chat's whole state, in one value: the matches list as its screen shows it, every
/// conversation's record, the outbox, and where loading the list stands.
///
/// The records are a ``PersistentList/PersistentMap``: a change to one conversation shares every
/// other record with the snapshot before, and comparing the two skips what they share, so a chat
/// with a million conversations changes in O(log n). The list is derived from the records' summaries
/// at the end of every change (``ChatContext``'s store places the rows whose summary changed). The
/// list's properties read through this value too (`state.rowIDs`, `state.outboxCount`).
@dynamicMemberLookup
public struct ChatState: Equatable, Sendable {
    /// The matches list: new matches, conversations by last activity, the changes from the last
    /// revision, whether it loaded, and the outbox.
    public var list = ChatListState()
    /// Every conversation the chat knows, by id.
    public var records = PersistentMap<String, ConversationRecord>()
    /// The reads, unmatches and blocks the server has not confirmed yet.
    public var actions = SendQueue<ChatAction>()
    /// How many conversations have a summary: the list's rows.
    public var rowCount = 0
    /// The conversations whose summary changed since their row was placed (empty between changes).
    public var unplacedRows: Set<String> = []
    /// Whether the chat started (read its outbox, asked for the list).
    public var isStarted = false
    /// Whether a request for the list is under way.
    public var isLoadingList = false
    /// The number of the last attempt to load the list (0 for the first).
    public var listAttempt = 0
    /// When the list is asked for again after a failure (at once when the network returns, for a
    /// failure offline); `nil` when no retry waits.
    public var listRetryAt: Date?

    /// An empty chat.
    public init() {}

    /// A property of the matches list.
    public subscript<Value>(dynamicMember path: KeyPath<ChatListState, Value>) -> Value {
        list[keyPath: path]
    }

    /// The unread count of the conversation with `user`, if there is one (0 for a new match).
    public func unreadCount(with user: UserID) -> Int? { list.unreadCount(with: user) }

    /// The messages the server has not confirmed (``Models/ChatListState/outbox``).
    public var outbox: SendQueue<OutgoingMessage> {
        get { list.outbox }
        set { list.outbox = newValue }
    }

    /// Changes the record of `conversation` (made when it has none) with `body`.
    mutating func edit(_ conversation: String, _ body: (inout ConversationRecord) -> Void) {
        var record = records[conversation] ?? ConversationRecord()
        body(&record)
        records[conversation] = record
    }

    /// Changes the messages of `conversation` with `body` (which returns the ids whose content
    /// changed), as a new revision of its record (``ConversationRecord/changeMessages(by:_:)``).
    mutating func changeMessages(
        of conversation: String, by viewer: UserID, _ body: (inout ConversationLog) -> [String]
    ) {
        edit(conversation) { $0.changeMessages(by: viewer, body) }
    }

    /// Sets the summary of `conversation` (`nil`: it has no row); its row is placed at the end of the
    /// change. A conversation whose match had ended starts afresh with a new match (an ended one keeps
    /// its row, with the same match, while it holds messages refused for its end).
    mutating func setSummary(_ summary: ConversationSummary?, for conversation: String) {
        let had = records[conversation]?.summary != nil
        if let summary, let record = records[conversation], record.hasEnded,
            record.summary?.match != summary.match
        {
            startAfresh(conversation)
        }
        rowCount += (summary != nil ? 1 : 0) - (had ? 1 : 0)
        edit(conversation) { $0.summary = summary }
        unplacedRows.insert(conversation)
    }

    /// A match made again in `conversation`, which had ended: its record starts afresh, and the row
    /// the ended match kept for its refused messages, if it did, moves (it is not shown twice).
    mutating func startAfresh(_ conversation: String) {
        guard let record = records[conversation], record.hasEnded else { return }
        var fresh = ConversationRecord()
        fresh.summary = record.summary
        fresh.shownKey = record.shownKey
        records[conversation] = fresh
    }

    /// Puts the rows whose summary changed where they now sort (``Interactors/MatchesListOrder``),
    /// with the changes from the previous revision: what the store runs at the end of every change.
    ///
    /// Only the changed rows are looked at, so an arrival costs O(log n) in the number of
    /// conversations; when most rows changed at once (the list arriving from the server), the rows are
    /// sorted and diffed as a whole instead.
    static func placeRows(_ state: inout ChatState) {
        guard !state.unplacedRows.isEmpty else { return }
        let edits = state.unplacedRows.sorted().map { id in
            MatchesListOrder.Edit(
                id: id, shown: state.records[id]?.shownKey, summary: state.records[id]?.summary)
        }
        state.unplacedRows = []
        let rebuilds = MatchesListOrder.prefersRebuild(edits: edits.count, rows: state.rowCount)
        var (list, changes) =
            rebuilds
            ? MatchesListOrder.rebuilt(
                from: state.records.compactMap { $0.value.summary }, replacing: state.list)
            : MatchesListOrder.apply(edits, to: state.list)
        ListRevision.record(changes, revision: &list.revision, changes: &list.changes)
        state.list = list
        let placed = rebuilds ? state.records.map(\.key) : edits.map(\.id)
        for id in placed {
            guard let summary = state.records[id]?.summary else {
                if state.records[id]?.shownKey != nil { state.edit(id) { $0.shownKey = nil } }
                continue
            }
            let key = MatchesListOrder.Key(summary)
            if state.records[id]?.shownKey != key { state.edit(id) { $0.shownKey = key } }
        }
    }
}
