import Foundation
import Interactors
import Models
import Services

/// The matches list behind ``ChatContext``: the marked rows, published with their changes.
extension ChatContext {
    /// Marks a record's row for the next ``publish()`` (once, however often it changes before).
    func mark(_ record: ConversationRecord) {
        guard !record.isMarked else { return }
        record.isMarked = true
        dirty.append(record)
    }

    /// Publishes the list: new matches newest first, then conversations by last activity, with the
    /// changes from the previous snapshot.
    ///
    /// Only the rows marked by ``setSummary(_:for:)`` since the last publish are looked at: each is
    /// found by binary search with the key it was published with, removed, and inserted where its new
    /// key sorts, so an arrival costs O(log n) in the number of conversations (the conversations are a
    /// ``TreeList``, so the new snapshot shares every other row with the previous one). The changes
    /// are the moves, inserts and removals in the order made, each index referring to the rows as they
    /// are at that point, then an update for each row whose content changed, at its final index.
    ///
    /// When most rows changed at once (the list arriving from the server), the rows are sorted and
    /// diffed as a whole instead (``republishAll(_:)``), which is cheaper in bulk.
    func publish() {
        // One marked row (a message sent, confirmed or received) is the usual case, published by a
        // short function of its own.
        if dirty.count == 1 { return publishOne() }
        // The marked records are at hand: placing a row looks nothing up by its id.
        let marked = dirty.sorted { $0.id < $1.id }
        for record in dirty { record.isMarked = false }
        // A small list of marks is emptied in place; a large one (the first load of a long list) is
        // let go.
        dirty.removeAll(keepingCapacity: dirty.count <= 16)
        store.update { state in
            if marked.count > 64, marked.count * 2 > summaryCount {
                republishAll(&state)
                return
            }
            var changes: [ListChange] = []
            var updated: [ConversationRecord] = []
            for record in marked where place(record, in: &state, changes: &changes) != nil {
                updated.append(record)
            }
            var rows: [(id: String, row: Int)] = []
            for record in updated {
                if let row = row(of: record, in: state) { rows.append((record.id, row)) }
            }
            rows.sort { $0.row < $1.row }
            for (id, row) in rows { changes.append(.update(id, at: row)) }
            state.changes = changes
            state.outboxCount = outbox.count
            if !changes.isEmpty { state.revision += 1 }
        }
    }

    /// ``publish()`` of the one marked row: no sorted copy of the marks, the mark taken off the end (no
    /// generic range replacement), and the row the update is at known from placing it.
    ///
    /// Not inlined: a message sent, confirmed or received runs only this, not the general publish.
    @inline(never)
    private func publishOne() {
        let record = dirty.removeLast()
        record.isMarked = false
        store.update { state in
            // Every publish changes the list: its box is made its own first, in the spare one (which
            // lets go of the rows it held, the storage the row replaced below is copied into).
            state.makeUnique(spare: &spareList)
            var changes: [ListChange] = []
            // A conversation whose row stays where it was (the usual case) is replaced in a short
            // function of its own; the rest is placed by the general one.
            let (isReplaced, replacedRow) = replaceInPlace(record, in: &state)
            if let row = isReplaced ? replacedRow : place(record, in: &state, changes: &changes) {
                // One row changed where it was (each message sent or confirmed in the open
                // conversation): the same change as the last snapshot's keeps its array.
                if changes.isEmpty, Self.isOnlyUpdate(record.id, at: row, in: state.changes) {
                    state.outboxCount = outbox.count
                    state.revision += 1
                    return
                }
                changes.append(.update(record.id, at: row))
            }
            state.changes = changes
            state.outboxCount = outbox.count
            if !changes.isEmpty { state.revision += 1 }
        }
    }

    /// Whether `changes` is the one update of the row of `id` at `row`: then a publish of that same
    /// change keeps the array (equal to `[.update(id, at: row)]`, without allocating one).
    nonisolated static func isOnlyUpdate(_ id: String, at row: Int, in changes: [ListChange]) -> Bool {
        guard changes.count == 1, case .update(let shown, let shownRow) = changes[0] else { return false }
        return shownRow == row && shown == id
    }

    /// Sorts every row and diffs the whole list (``ListDiff``): O(n log n), for bulk changes.
    private func republishAll(_ state: inout ChatListState) {
        // Sort light keys (time, id, position) rather than whole summaries: moving a summary copies a
        // dozen references, moving a key copies one.
        let all = records.values.compactMap(\.summary)
        var matchKeys: [(date: Date, id: String, index: Int)] = []
        var conversationKeys: [(date: Date, id: String, index: Int)] = []
        for (index, summary) in all.enumerated() {
            if let last = summary.lastMessage {
                conversationKeys.append((last.sentAt, summary.id, index))
            } else {
                matchKeys.append((summary.lastActivity, summary.id, index))
            }
        }
        let newestFirst = {
            (a: (date: Date, id: String, index: Int), b: (date: Date, id: String, index: Int)) in
            a.date != b.date ? a.date > b.date : a.id < b.id
        }
        matchKeys.sort(by: newestFirst)
        conversationKeys.sort(by: newestFirst)
        let oldIDs = state.rowIDs
        var previous: [String: ConversationSummary] = [:]
        previous.reserveCapacity(state.conversations.count)
        for summary in state.conversations { previous[summary.id] = summary }
        state.newMatches = matchKeys.map { all[$0.index].match }
        state.conversations = TreeList(conversationKeys.lazy.map { all[$0.index] })
        state.outboxCount = outbox.count
        var updated = Set<String>()
        for key in conversationKeys {
            if let old = previous[key.id], old != all[key.index] { updated.insert(key.id) }
        }
        // A new match's first message turns its row into a conversation: the row's content changed.
        let wereNew = Set(oldIDs).subtracting(previous.keys)
        for key in conversationKeys where wereNew.contains(key.id) { updated.insert(key.id) }
        for record in records.values { record.publishedKey = record.summary.map(RowKey.init) }
        state.changes = ListDiff.changes(from: oldIDs, to: state.rowIDs, updated: updated)
        if !state.changes.isEmpty { state.revision += 1 }
    }

    /// ``place(_:in:changes:)`` of a conversation whose key did not change and whose row is where it
    /// was last placed: its row is replaced if its content changed. Returns whether that was the case
    /// (`false` changes nothing: place it), and the row when its content changed.
    ///
    /// Not inlined: the general placement is a long function, and a message sent, confirmed or
    /// received in a conversation already at the top runs only this.
    @inline(never)
    private func replaceInPlace(_ record: ConversationRecord, in state: inout ChatListState) -> (Bool, Int?) {
        guard let oldKey = record.publishedKey, oldKey.isConversation, let summary = record.summary,
            RowKey(summary) == oldKey
        else { return (false, nil) }
        let index = record.publishedIndex
        let id = record.id
        guard index < state.conversations.count else { return (false, nil) }
        // One look at the row answers both questions (each read copies the row out to look at it).
        let (isTheRow, isShown) = state.conversations.read(index) { $0.look(id: id, showing: summary) }
        guard isTheRow else { return (false, nil) }
        guard !isShown else { return (true, nil) }
        // The rows are the snapshot's: copied into the spare storage the chat keeps for them.
        state.conversations.replace(at: index, with: summary, spare: &spareRows)
        return (true, state.newMatches.count + index)
    }

    /// Puts the row of `id` where its summary now sorts (or takes it out), recording the moves,
    /// inserts and removals in `changes`; returns the row it ends at when its content changed.
    ///
    /// Rows are looked at in place (``TreeList/read(_:_:)``): a summary is not copied to read its key
    /// or to compare it.
    private func place(
        _ record: ConversationRecord, in state: inout ChatListState, changes: inout [ListChange]
    ) -> Int? {
        let id = record.id
        let summary = record.summary
        // Not `summary.map(RowKey.init)`: a closure formed on the main actor and handed to the standard
        // library checks the executor at run time (about 220 instructions) each time it runs.
        let newKey: RowKey? = if let summary { RowKey(summary) } else { nil }
        var oldRow: Int?
        var wasConversation = false
        var contentChanged = false
        if let oldKey = record.publishedKey {
            if oldKey.isConversation {
                let index = Self.conversationIndex(
                    of: id, at: oldKey.date, in: state.conversations, guess: record.publishedIndex)
                if let summary, newKey == oldKey {
                    guard state.conversations.read(index, { $0 != summary }) else { return nil }
                    state.conversations.replace(at: index, with: summary)
                    record.publishedIndex = index
                    return state.newMatches.count + index
                }
                oldRow = state.newMatches.count + index
                wasConversation = true
                if let summary { contentChanged = state.conversations.read(index) { $0 != summary } }
                state.conversations.remove(at: index)
            } else {
                let index = Self.matchIndex(of: id, at: oldKey.date, in: state.newMatches)
                if let summary, newKey == oldKey {
                    state.newMatches[index] = summary.match
                    return nil
                }
                oldRow = index
                state.newMatches.remove(at: index)
            }
        }
        guard let summary, let newKey else {
            if let oldRow { changes.append(.remove(id, at: oldRow)) }
            record.publishedKey = nil
            return nil
        }
        let newRow: Int
        if newKey.isConversation {
            let index = Self.conversationInsertionIndex(id, at: newKey.date, in: state.conversations)
            state.conversations.insert(summary, at: index)
            record.publishedIndex = index
            newRow = state.newMatches.count + index
        } else {
            let index = Self.matchInsertionIndex(id, at: newKey.date, in: state.newMatches)
            state.newMatches.insert(summary.match, at: index)
            newRow = index
        }
        record.publishedKey = newKey
        guard let oldRow else {
            changes.append(.insert(id, at: newRow))
            return nil
        }
        if oldRow != newRow { changes.append(.move(id, from: oldRow, to: newRow)) }
        // A new match's first message turns its row into a conversation: the row's content changed.
        return newKey.isConversation && (!wasConversation || contentChanged) ? newRow : nil
    }

    /// The row a published record is shown at.
    private func row(of record: ConversationRecord, in state: ChatListState) -> Int? {
        let id = record.id
        guard let key = record.publishedKey else { return nil }
        if key.isConversation {
            return state.newMatches.count
                + Self.conversationIndex(
                    of: id, at: key.date, in: state.conversations, guess: record.publishedIndex)
        }
        return Self.matchIndex(of: id, at: key.date, in: state.newMatches)
    }

    /// The index of a conversation published with this key: `guess` (where it was last placed) when
    /// its row is still there, as it is unless another conversation moved past it since; otherwise
    /// found by binary search.
    nonisolated private static func conversationIndex(
        of id: String, at date: Date, in rows: TreeList<ConversationSummary>, guess: Int
    ) -> Int {
        if guess < rows.count, rows.read(guess, { $0.id == id }) { return guess }
        return index(of: id, at: date, count: rows.count) { row in
            rows.read(row) { ($0.lastActivity, $0.id) }
        }
    }

    /// The index of a new match published with this key.
    nonisolated private static func matchIndex(of id: String, at date: Date, in rows: [Match]) -> Int {
        index(of: id, at: date, count: rows.count) { row in (rows[row].matchedAt, rows[row].id) }
    }

    /// Where a conversation with this key goes.
    nonisolated private static func conversationInsertionIndex(
        _ id: String, at date: Date, in rows: TreeList<ConversationSummary>
    ) -> Int {
        insertionIndex(id, at: date, count: rows.count) { row in rows.read(row) { ($0.lastActivity, $0.id) } }
    }

    /// Where a new match with this key goes.
    nonisolated private static func matchInsertionIndex(_ id: String, at date: Date, in rows: [Match]) -> Int
    {
        insertionIndex(id, at: date, count: rows.count) { row in (rows[row].matchedAt, rows[row].id) }
    }

    /// Where a row with this key goes in `count` rows sorted newest first, then by id (`key` reads a
    /// row's): a binary search.
    nonisolated private static func insertionIndex(
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

    /// The index of the row published with this key (a binary search; a scan if the rows disagree).
    nonisolated private static func index(
        of id: String, at date: Date, count: Int, key: (Int) -> (Date, String)
    ) -> Int {
        let index = insertionIndex(id, at: date, count: count, key: key)
        if index < count, key(index).1 == id { return index }
        for row in 0..<count where key(row).1 == id { return row }
        return index
    }
}
