import Foundation
import Models

/// The matches list's order and the changes that lead to it: new matches (no message yet) newest
/// first, then conversations by their last message, newest first; rows of one instant by id.
///
/// A pure function of the rows shown and what changed: ``apply(_:to:)`` moves only the rows that
/// changed, each found by binary search with the key it was shown with, so one change costs
/// O(log n) rows looked at (the conversations are a persistent list, which a change copies in
/// O(log n) too); ``rebuilt(from:replacing:)`` sorts and diffs everything, for a change of most rows
/// at once (the list arriving from the server).
public enum MatchesListOrder {
    /// Where a row sits: its section and the date it is sorted by.
    public struct Key: Hashable, Sendable {
        /// Whether the row is a conversation (it has a message) rather than a new match.
        public var isConversation: Bool
        /// The last message's time, or (for a new match) the match's.
        public var date: Date

        /// The key of a summary's row.
        public init(_ summary: ConversationSummary) {
            isConversation = summary.lastMessage != nil
            date = summary.lastActivity
        }
    }

    /// One conversation whose row may have changed.
    public struct Edit: Hashable, Sendable {
        /// The conversation's id.
        public var id: String
        /// The key its row is shown with; `nil` when it has no row.
        public var shown: Key?
        /// What its row should show now; `nil` when it should have none.
        public var summary: ConversationSummary?

        /// Creates an edit.
        public init(id: String, shown: Key?, summary: ConversationSummary?) {
            self.id = id
            self.shown = shown
            self.summary = summary
        }
    }

    /// Whether `edits` edits of a list of `rows` rows are better done by ``rebuilt(from:replacing:)``:
    /// when they are many, and most of the list.
    public static func prefersRebuild(edits: Int, rows: Int) -> Bool {
        edits > 64 && edits * 2 > rows
    }

    /// `list` with its rows edited, and the changes from its rows to the new ones.
    ///
    /// The edits are applied in the order of their ids: the moves, inserts and removals in the order
    /// made, each index referring to the rows as they are at that point, then an update for each
    /// conversation whose row's content changed, at its final index, top down. Only the rows of
    /// `list` change (`newMatches` and `conversations`), not its changes or revision.
    public static func apply(_ edits: [Edit], to list: ChatListState) -> (
        list: ChatListState, changes: [ListChange]
    ) {
        var list = list
        var changes: [ListChange] = []
        var contentChanged: [Edit] = []
        for edit in edits.sorted(by: { $0.id < $1.id }) where place(edit, in: &list, changes: &changes) {
            contentChanged.append(edit)
        }
        var updates: [(id: String, row: Int)] = []
        for edit in contentChanged {
            guard let summary = edit.summary else { continue }
            let index = conversationIndex(of: edit.id, at: Key(summary).date, in: list)
            updates.append((edit.id, list.newMatches.count + index))
        }
        updates.sort { $0.row < $1.row }
        changes += updates.map { .update($0.id, at: $0.row) }
        return (list, changes)
    }

    /// `list` with its rows made of `summaries` (every conversation's), sorted, and the changes from
    /// its rows to the new ones (``ListDiff``): O(n log n).
    ///
    /// A conversation's row counts as updated when its content changed, or when it was a new match
    /// (its first message turns it into a conversation).
    public static func rebuilt(from summaries: [ConversationSummary], replacing list: ChatListState) -> (
        list: ChatListState, changes: [ListChange]
    ) {
        let matches = summaries.filter { $0.lastMessage == nil }.sorted(by: isNewerRow)
        let conversations = summaries.filter { $0.lastMessage != nil }.sorted(by: isNewerRow)
        var shown: [String: ConversationSummary] = [:]
        for summary in list.conversations { shown[summary.id] = summary }
        let wereNewMatches = Set(list.newMatches.map(\.id))
        var updated = Set<String>()
        for summary in conversations {
            if let old = shown[summary.id] {
                if old != summary { updated.insert(summary.id) }
            } else if wereNewMatches.contains(summary.id) {
                updated.insert(summary.id)
            }
        }
        var rebuilt = list
        rebuilt.newMatches = matches.map(\.match)
        rebuilt.conversations = .init(conversations)
        return (rebuilt, ListDiff.changes(from: list.rowIDs, to: rebuilt.rowIDs, updated: updated))
    }

    /// Whether row `a` comes before row `b` in a section: newer first, then by id.
    static func isNewerRow(_ a: ConversationSummary, _ b: ConversationSummary) -> Bool {
        a.lastActivity != b.lastActivity ? a.lastActivity > b.lastActivity : a.id < b.id
    }

    /// Puts the row of `edit` where its summary now sorts (or takes it out), recording the moves,
    /// inserts and removals in `changes`; returns whether it is a conversation whose content changed.
    private static func place(_ edit: Edit, in list: inout ChatListState, changes: inout [ListChange]) -> Bool
    {
        let id = edit.id
        let newKey = edit.summary.map(Key.init)
        var oldRow: Int?
        var wasConversation = false
        var contentChanged = false
        if let oldKey = edit.shown {
            if oldKey.isConversation {
                let index = conversationIndex(of: id, at: oldKey.date, in: list)
                let shown = list.conversations[index]
                if let summary = edit.summary, newKey == oldKey {
                    // Where it was: replaced, when it shows something else.
                    guard shown != summary else { return false }
                    list.conversations.replace(at: index, with: summary)
                    return true
                }
                oldRow = list.newMatches.count + index
                wasConversation = true
                contentChanged = edit.summary.map { $0 != shown } ?? false
                list.conversations.remove(at: index)
            } else {
                let index = matchIndex(of: id, at: oldKey.date, in: list.newMatches)
                if let summary = edit.summary, newKey == oldKey {
                    list.newMatches[index] = summary.match
                    return false
                }
                oldRow = index
                list.newMatches.remove(at: index)
            }
        }
        guard let summary = edit.summary, let newKey else {
            if let oldRow { changes.append(.remove(id, at: oldRow)) }
            return false
        }
        let newRow: Int
        if newKey.isConversation {
            let conversations = list.conversations
            let index = insertionIndex(id, at: newKey.date, count: conversations.count) {
                sortKey(of: conversations[$0])
            }
            list.conversations.insert(summary, at: index)
            newRow = list.newMatches.count + index
        } else {
            let matches = list.newMatches
            let index = insertionIndex(id, at: newKey.date, count: matches.count) {
                (matches[$0].matchedAt, matches[$0].id)
            }
            list.newMatches.insert(summary.match, at: index)
            newRow = index
        }
        guard let oldRow else {
            changes.append(.insert(id, at: newRow))
            return false
        }
        if oldRow != newRow { changes.append(.move(id, from: oldRow, to: newRow)) }
        // A new match's first message turns its row into a conversation: the row's content changed.
        return newKey.isConversation && (!wasConversation || contentChanged)
    }

    /// The index among the conversations of the row of `id`, shown with this date.
    private static func conversationIndex(of id: String, at date: Date, in list: ChatListState) -> Int {
        let conversations = list.conversations
        return index(of: id, at: date, count: conversations.count) { sortKey(of: conversations[$0]) }
    }

    /// What a conversation's row is sorted by: its date, then its id.
    private static func sortKey(of summary: ConversationSummary) -> (Date, String) {
        (summary.lastActivity, summary.id)
    }

    /// The index of the new match `id`, shown with this date.
    private static func matchIndex(of id: String, at date: Date, in matches: [Match]) -> Int {
        index(of: id, at: date, count: matches.count) { (matches[$0].matchedAt, matches[$0].id) }
    }

    /// Where a row with this key goes in `count` rows sorted newest first, then by id (`key` reads a
    /// row's): a binary search.
    private static func insertionIndex(
        _ id: String, at date: Date, count: Int, key: (Int) -> (Date, String)
    ) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let (otherDate, otherID) = key(middle)
            if otherDate != date ? otherDate > date : otherID < id {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// The index of the row shown with this key: a binary search (a scan, should the rows disagree).
    private static func index(of id: String, at date: Date, count: Int, key: (Int) -> (Date, String)) -> Int {
        let index = insertionIndex(id, at: date, count: count, key: key)
        if index < count, key(index).1 == id { return index }
        return (0..<count).first { key($0).1 == id } ?? index
    }
}
