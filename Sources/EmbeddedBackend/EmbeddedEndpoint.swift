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

extension EmbeddedEndpoint {
    /// How many endpoints there are.
    static let count = allCases.count

    /// The endpoint's position in ``allCases``: per-endpoint counters are a table indexed by it, so
    /// counting a request hashes nothing (hashing an endpoint hashes its raw value, a string).
    var ordinal: Int {
        switch self {
        case .signIn: 0
        case .signUp: 1
        case .validate: 2
        case .refresh: 3
        case .signOut: 4
        case .saveProfile: 5
        case .fetchProfile: 6
        case .fetchCandidates: 7
        case .sendSwipe: 8
        case .undoSwipe: 9
        case .savePreferences: 10
        case .fetchConversations: 11
        case .fetchMessages: 12
        case .sendMessage: 13
        case .markRead: 14
        case .setTyping: 15
        case .unmatch: 16
        }
    }
}
