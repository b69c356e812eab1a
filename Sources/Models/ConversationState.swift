/// One open conversation's observable state.
public struct ConversationState: Hashable, Sendable {
    /// The match.
    public var match: Match
    /// The loaded messages, oldest first.
    public var messages: [Message]
    /// How the message ids changed from the previous snapshot to this one.
    public var changes: [ListChange]
    /// Counts snapshots; ``changes`` lead from `revision - 1` to this one.
    public var revision: Int
    /// Whether older messages exist on the server.
    public var hasOlderMessages: Bool
    /// Whether a history page is loading.
    public var isLoadingHistory: Bool
    /// Whether the other person is typing now.
    public var otherIsTyping: Bool
    /// Why the last message typed could not be sent.
    public var problem: MessageProblem?
    /// The last history request's failure.
    public var failure: RequestFailure?
    /// Whether the match has ended.
    public var isUnmatched: Bool
    /// The text being written.
    public var draft: String

    /// A conversation with nothing loaded yet.
    public init(match: Match) {
        self.match = match
        messages = []
        changes = []
        revision = 0
        hasOlderMessages = true
        isLoadingHistory = false
        otherIsTyping = false
        problem = nil
        failure = nil
        isUnmatched = false
        draft = ""
    }

    /// Whether two states hold the same values: the fields that change most and cost least first,
    /// the messages (equal at once when they share storage) and the match last.
    public static func == (lhs: ConversationState, rhs: ConversationState) -> Bool {
        lhs.revision == rhs.revision && lhs.draft == rhs.draft && lhs.otherIsTyping == rhs.otherIsTyping
            && lhs.problem == rhs.problem && lhs.isLoadingHistory == rhs.isLoadingHistory
            && lhs.hasOlderMessages == rhs.hasOlderMessages && lhs.isUnmatched == rhs.isUnmatched
            && lhs.failure == rhs.failure && lhs.changes == rhs.changes && lhs.messages == rhs.messages
            && lhs.match == rhs.match
    }
}
