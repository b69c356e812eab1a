import Interactors
import Models

/// Everything ``ChatContext`` keeps about one conversation.
///
/// A class, so that a record found once is read and changed where it is stored. Only the main-actor
/// ``ChatContext`` holds records, and no access to a field spans a call that could come back to it
/// (merges and summary edits are pure; observers are called after the access ends), so the run-time
/// exclusivity checks are left out for its fields.
@MainActor
final class ConversationRecord {
    /// The conversation's id.
    let id: String
    /// The conversation's summary; `nil` when it is not (or no longer) one of the user's.
    @exclusivity(unchecked) private(set) var summary: ConversationSummary?
    /// Whether ``summary`` is set (read without copying the summary).
    @exclusivity(unchecked) private(set) var hasSummary = false
    /// Its loaded messages, merged by id.
    @exclusivity(unchecked) var log = ConversationLog()
    /// The key its row was published with, to find it again by binary search.
    @exclusivity(unchecked) var publishedKey: RowKey?
    /// Where its row was last placed among the conversations: a guess, right until another
    /// conversation moves past it, so checked by its id before use.
    @exclusivity(unchecked) var publishedIndex = 0
    /// How many of its screens are open.
    @exclusivity(unchecked) var openCount = 0
    /// Its observers through ``ChatContext/observeConversation(_:_:)``.
    @exclusivity(unchecked) var observers: ObserverRegistry<ChatContext.ConversationChange>?
    /// Its open screens (``ConversationContext``): told every change as `observers` are, and first,
    /// but of a message merged alone without its id in `added`, which a screen does not read.
    @exclusivity(unchecked) var screens: ObserverRegistry<ChatContext.ConversationChange>?
    /// Where the next older history page starts; `nil` when there is none (or none loaded yet).
    @exclusivity(unchecked) var olderCursor: String?
    /// Whether its newest history page arrived.
    @exclusivity(unchecked) var historyLoaded = false
    /// Whether older messages exist on the server: until the newest page arrived, and then while a
    /// page says where an older one starts.
    var hasOlderMessages: Bool { !historyLoaded || olderCursor != nil }
    /// Whether a history page of it is loading.
    @exclusivity(unchecked) var isLoadingHistory = false
    /// Whether its row is marked for the next publish (it is in ``ChatContext/dirty``).
    @exclusivity(unchecked) var isMarked = false
    /// Its notices of the user starting and stopping typing, made on first use.
    @exclusivity(unchecked) var typingStarted: ChatContext.TypingNotice?
    @exclusivity(unchecked) var typingStopped: ChatContext.TypingNotice?

    /// An empty record of a conversation.
    init(id: String) { self.id = id }

    /// Replaces the summary; returns how the number of summaries changed (−1, 0 or 1).
    func replaceSummary(with summary: ConversationSummary?) -> Int {
        let change = (summary != nil ? 1 : 0) - (hasSummary ? 1 : 0)
        self.summary = summary
        hasSummary = summary != nil
        return change
    }

    /// Makes `newest` the summary's last message unless the one it has sorts after it, and counts
    /// `unseen` messages as unread (``ConversationSummary/take(_:unseen:)``); in place, and nothing
    /// without a summary.
    func take(_ newest: Message?, unseen: Int) {
        guard hasSummary else { return }
        // One access to the stored summary, changed where it is: reading it through optional chains
        // copied the summary out (and back) twice a call.
        summary?.take(newest, unseen: unseen)
    }
}
