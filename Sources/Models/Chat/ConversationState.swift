/// One open conversation's observable state.
public struct ConversationState: Hashable, Sendable {
    /// Counts snapshots; ``changes`` lead from `revision - 1` to this one.
    ///
    /// Declared first, so that two snapshots of different revisions compare unequal without their
    /// messages being compared.
    public var revision = 0
    /// How the message ids changed from the previous snapshot to this one.
    public var changes: [ListChange] = []
    /// The match.
    public var match: Match
    /// The loaded messages, oldest first.
    ///
    /// The next snapshot shares them (a ``MessageList``), so a message added or changed costs
    /// O(log n), however long the conversation.
    public var messages = MessageList()
    /// Whether older messages exist on the server.
    public var hasOlderMessages = true
    /// Whether a history page is loading.
    public var isLoadingHistory = false
    /// Whether the other person is typing now.
    public var otherIsTyping = false
    /// Why the last message typed could not be sent.
    public var problem: MessageProblem?
    /// The last history request's failure.
    public var failure: RequestFailure?
    /// Whether the match has ended.
    public var isUnmatched = false
    /// The text being written.
    public var draft = ""
    /// Whether the draft was just sent and nothing was typed since: a tap on Send then (a double
    /// tap, Enter twice) sends nothing and shows no problem.
    public var draftWasJustSent = false
    /// Whether the conversation is shown (between its context's `open()` and `close()`): edits and
    /// sends count only then.
    public var isOpen = false
    /// Where the user's typing is ("typing" sent, the last keystroke), for the typing debounce.
    public var typing = TypingState()

    /// A conversation with nothing loaded yet.
    public init(match: Match) {
        self.match = match
    }
}
