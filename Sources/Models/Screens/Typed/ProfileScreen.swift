/// Someone's profile: a card's full profile from the deck, or a profile opened by a link.
public struct ProfileScreen: StackScreenValue {
    /// What the user can do on a profile.
    public enum Action: Equatable, Sendable {
        /// "Back".
        case backTapped
        /// "Retry" after it failed to load.
        case retryTapped
    }

    /// What the profile shows.
    public enum Content: Hashable, Sendable {
        /// The top card of the deck, in full.
        case candidate(CandidateCard)
        /// A profile opened by a link, loading.
        case loading
        /// A profile opened by a link.
        case loaded(PublicProfile)
        /// A link to a profile that is not available.
        case notFound
        /// A profile that failed to load, with why.
        case failed(RequestFailure)
    }

    /// What it shows.
    public var content: Content

    /// Creates the screen.
    public init(_ content: Content) { self.content = content }

    /// The value for a front end's stack.
    public var appScreen: AppScreen { .profile(self) }

    /// `action` as a profile's, if it is one.
    public static func action(in action: AppAction) -> Action? {
        guard case .profile(let action) = action else { return nil }
        return action
    }
}
