/// The requests the embedded server answers, for counting and for injected failures.
public enum EmbeddedEndpoint: String, Hashable, Sendable, CaseIterable {
    /// Sign in with credentials.
    case signIn
    /// Create an account.
    case signUp
    /// Who owns this access token.
    case validate
    /// Trade a refresh token for new tokens.
    case refresh
    /// End a session.
    case signOut
    /// Save one's own profile.
    case saveProfile
    /// Read a public profile.
    case fetchProfile
    /// Read a page of candidates.
    case fetchCandidates
    /// Record a swipe.
    case sendSwipe
    /// Undo a pass.
    case undoSwipe
    /// Save who the user looks for.
    case savePreferences
    /// Read the conversations list.
    case fetchConversations
    /// Read a page of history.
    case fetchMessages
    /// Send a message.
    case sendMessage
    /// Mark a conversation read.
    case markRead
    /// Say typing started or stopped.
    case setTyping
    /// End a match.
    case unmatch
}
