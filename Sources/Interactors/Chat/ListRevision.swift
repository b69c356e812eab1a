import Models

/// How a list's snapshot records its changes: ``Models/ChatListState/changes`` and
/// ``Models/ConversationState/changes`` lead from `revision - 1` to `revision`, in every snapshot.
///
/// A snapshot that changes no row (the outbox's count, a status, the list loaded) keeps its revision
/// and the changes that led to it. Were it to replace them with none, a front end that last showed
/// `revision - 1` (the list was covered by another screen meanwhile) would apply no change where
/// there was one, and show rows the state does not have.
public enum ListRevision {
    /// Records `new`, the changes from the rows of the snapshot `revision` and `changes` describe to
    /// the next one's: a new revision with them, or, when there are none, the same revision with the
    /// changes that led to it.
    public static func record(_ new: [ListChange], revision: inout Int, changes: inout [ListChange]) {
        guard !new.isEmpty else { return }
        changes = new
        revision += 1
    }
}
