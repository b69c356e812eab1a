/// One conversation: its messages, who is typing, the draft, and what can be done with it.
///
/// While the matches list loads (a conversation opened by a link at launch) it says so; for a
/// conversation that is not one of the user's, it says it is not available.
public struct ConversationScreen: StackScreenValue {
    /// What the user can do in a conversation.
    public enum Action: Equatable, Sendable {
        /// "Back" to home.
        case backTapped
        /// "Try again" while the matches list would not load.
        case reloadTapped
        /// The user typed into "Message"; carries the whole draft.
        case draftChanged(String)
        /// "Send" the draft.
        case sendTapped
        /// "Load older messages".
        case loadOlderTapped
        /// "Retry failed messages".
        case retryFailedTapped
        /// "Delete unsent messages".
        case deleteUnsentTapped
        /// "Unmatch", which asks first.
        case unmatchTapped
        /// "Block", which asks first.
        case blockTapped
    }

    /// What the screen shows.
    public enum Content: Equatable, Sendable {
        /// "Loading…" while the matches list loads, with why its last attempt failed.
        case loading(failure: RequestFailure?)
        /// The conversation is not one of the user's.
        case unavailable
        /// The conversation.
        case conversation(Conversation)
    }

    /// An open conversation.
    public struct Conversation: Equatable, Sendable {
        /// The other person's name (the title).
        public var name: String
        /// The messages, oldest first.
        public var messages: MessageRows
        /// Whether older messages can be loaded ("Load older messages").
        public var hasOlderMessages: Bool
        /// Whether older messages are on their way ("Load older messages" is disabled).
        public var isLoadingHistory: Bool
        /// Whether the match ended (unmatched or blocked): nothing can be sent any more.
        public var isEnded: Bool
        /// Why the last request failed.
        public var failure: RequestFailure?
        /// Whether the other person is typing.
        public var otherIsTyping: Bool
        /// Whether some messages failed for now ("Retry failed messages").
        public var canRetryFailed: Bool
        /// Whether some messages were not sent ("Delete unsent messages").
        public var canDeleteUnsent: Bool
        /// What is wrong with the message typed, once "Send" was tapped.
        public var problem: MessageProblem?
        /// The message being written.
        public var draft: String

        /// Creates an open conversation.
        public init(
            name: String, messages: MessageRows, hasOlderMessages: Bool, isLoadingHistory: Bool,
            isEnded: Bool,
            failure: RequestFailure?, otherIsTyping: Bool, canRetryFailed: Bool, canDeleteUnsent: Bool,
            problem: MessageProblem?, draft: String
        ) {
            self.name = name
            self.messages = messages
            self.hasOlderMessages = hasOlderMessages
            self.isLoadingHistory = isLoadingHistory
            self.isEnded = isEnded
            self.failure = failure
            self.otherIsTyping = otherIsTyping
            self.canRetryFailed = canRetryFailed
            self.canDeleteUnsent = canDeleteUnsent
            self.problem = problem
            self.draft = draft
        }
    }

    /// What it shows.
    public var content: Content

    /// Creates the screen.
    public init(_ content: Content) { self.content = content }

    /// The value for a front end's stack.
    public var appScreen: AppScreen { .conversation(self) }

    /// `action` as a conversation's, if it is one.
    public static func action(in action: AppAction) -> Action? {
        guard case .conversation(let action) = action else { return nil }
        return action
    }
}
