import Models

/// Builds the conversation's screen from its state: pure functions.
enum ChatScreens {
    /// The conversation for user `me`: its messages, whether older ones can be loaded, who is typing,
    /// what failed, the problem with the draft, and the draft.
    static func conversation(_ state: ConversationState, me: UserID) -> ConversationScreen {
        // Messages that failed for now can be retried; those and the ones refused for good, deleted
        // (in an ended conversation too: what its end refused stays until deleted).
        let canDelete = state.messages.failedCount + state.messages.refusedCount > 0
        let conversation = ConversationScreen.Conversation(
            name: state.match.displayName, messages: MessageRows(state, me: me),
            hasOlderMessages: !state.isUnmatched && state.hasOlderMessages
                && (!state.messages.isEmpty || !state.isLoadingHistory),
            isLoadingHistory: state.isLoadingHistory, isEnded: state.isUnmatched, failure: state.failure,
            otherIsTyping: state.otherIsTyping,
            canRetryFailed: canDelete && !state.isUnmatched && state.messages.failedCount > 0,
            canDeleteUnsent: canDelete, problem: state.problem, draft: state.draft)
        return ConversationScreen(.conversation(conversation))
    }

    /// The screen shown while the matches list loads (a conversation opened by a link, or restored, at
    /// launch, with no message waiting for it), with why the last attempt failed.
    static func loading(failure: RequestFailure?) -> ConversationScreen {
        ConversationScreen(.loading(failure: failure))
    }

    /// The screen of a conversation that is not one of the user's.
    static let unavailable = ConversationScreen(.unavailable)

    /// The alert that asks before unmatching (or blocking) `name`.
    static func confirmation(block: Bool, name: String) -> EndMatchAlert {
        EndMatchAlert(name: name, isBlock: block)
    }
}
