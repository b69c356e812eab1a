import Interactors
import Models

/// Everything ``ChatContext`` keeps about one conversation, changed in place as the conversation
/// goes on (the context reads and changes one field at a time, never the record as a whole).
final class ConversationRecord {
    /// The conversation's summary; `nil` when it is not (or no longer) one of the user's.
    var summary: ConversationSummary?
    /// Its loaded messages, merged by id.
    var log = ConversationLog()
    /// The key its row is shown with in the published list; `nil` when it has no row.
    var shownKey: MatchesListOrder.Key?
    /// How many of its screens are open.
    var openCount = 0
    /// Where the next older history page starts; `nil` when there is none (or none loaded yet).
    var olderCursor: String?
    /// Whether its newest history page arrived.
    var historyLoaded = false
    /// Whether a history page of it is loading.
    var isLoadingHistory = false

    /// Whether older messages exist on the server: until the newest page arrived, and then while a
    /// page says where an older one starts.
    var hasOlderMessages: Bool { !historyLoaded || olderCursor != nil }
}
