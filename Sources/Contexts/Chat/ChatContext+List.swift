import Foundation
import Interactors
import Models

/// The matches list behind ``ChatContext``: the rows that changed, published with their changes.
extension ChatContext {
    /// Publishes the list: the rows changed since the last publish are put where they now sort
    /// (``MatchesListOrder``), with the changes from the previous snapshot.
    ///
    /// Only the changed rows are looked at, so an arrival costs O(log n) in the number of
    /// conversations; when most rows changed at once (the list arriving from the server), the rows
    /// are sorted and diffed as a whole instead.
    func publish() {
        let edits = changedRows.map { id in
            MatchesListOrder.Edit(id: id, shown: records[id]?.shownKey, summary: records[id]?.summary)
        }
        changedRows = []
        let rebuilds = MatchesListOrder.prefersRebuild(edits: edits.count, rows: summaryCount)
        let summaries = rebuilds ? records.values.compactMap(\.summary) : []
        store.update { state in
            var (list, changes) =
                rebuilds
                ? MatchesListOrder.rebuilt(from: summaries, replacing: state)
                : MatchesListOrder.apply(edits, to: state)
            ListRevision.record(changes, revision: &list.revision, changes: &list.changes)
            state = list
        }
        if rebuilds {
            for id in Array(records.keys) {
                let summary = records[id]?.summary
                records[id]?.shownKey = summary.map(MatchesListOrder.Key.init)
            }
        } else {
            for edit in edits {
                records[edit.id]?.shownKey = edit.summary.map(MatchesListOrder.Key.init)
            }
        }
    }
}
