import Foundation
import Interactors
import Models

/// Everything the chat keeps about one conversation: part of ``ChatState``.
///
/// An open conversation's screen is a view of it (``ConversationContext``): its messages, with the
/// changes from the record's previous revision, whether older ones exist, typing and the match's end.
public struct ConversationRecord: Equatable, Sendable {
    /// The conversation's summary; `nil` when it is not (or no longer) one of the user's.
    public var summary: ConversationSummary?
    /// Its loaded messages, merged by id.
    public var log = ConversationLog()
    /// Counts the changes of its messages; ``changes`` lead from `revision - 1` to this one.
    public var revision = 0
    /// How the message ids changed at the last revision.
    public var changes: [ListChange] = []
    /// The key its row is shown with in the list; `nil` when it has no row.
    public var shownKey: MatchesListOrder.Key?
    /// How many of its screens are open.
    public var openCount = 0
    /// Where the next older history page starts; `nil` when there is none (or none loaded yet).
    public var olderCursor: String?
    /// Whether its newest history page arrived.
    public var historyLoaded = false
    /// Whether a history page of it is loading.
    public var isLoadingHistory = false
    /// Why the last history page failed, until one arrives.
    public var historyFailure: RequestFailure?
    /// Whether the other person is typing now.
    public var otherIsTyping = false
    /// When their "typing" lapses without word (``Interactors/TypingPolicy/othersExpireAfter``).
    public var otherTypingEndsAt: Date?
    /// Whether the match ended (unmatched or blocked, by either side).
    public var hasEnded = false

    /// An empty record.
    public init() {}

    /// Whether older messages exist on the server: until the newest page arrived, and then while a
    /// page says where an older one starts.
    public var hasOlderMessages: Bool { !historyLoaded || olderCursor != nil }

    /// Changes the messages with `body` (which returns the ids whose content changed) and records the
    /// changes from the messages before as a new revision; a new message from the other person ends
    /// their typing.
    mutating func changeMessages(by viewer: UserID, _ body: (inout ConversationLog) -> [String]) {
        let before = log.messages
        let updated = body(&log)
        let changes = ListDiff.changes(from: before, to: log.messages, updated: updated)
        ListRevision.record(changes, revision: &revision, changes: &self.changes)
        if let last = log.messages.last, last.sender != viewer,
            changes.contains(where: { if case .insert(last.id, _) = $0 { true } else { false } })
        {
            otherIsTyping = false
            otherTypingEndsAt = nil
        }
    }
}
