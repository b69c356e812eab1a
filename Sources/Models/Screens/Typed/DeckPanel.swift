/// The deck's tab of home: the top card and its buttons, the likes left, the swipes waiting.
public struct DeckPanel: Hashable, Sendable {
    /// What the user can do on the deck.
    public enum Action: Equatable, Sendable {
        /// "Pass" on the top card.
        case passTapped
        /// "Like" on the top card.
        case likeTapped
        /// "Super like" on the top card.
        case superLikeTapped
        /// "Rewind": bring back the last card passed.
        case rewindTapped
        /// "Open profile": the top card in full.
        case openProfileTapped
        /// "Preferences": who the user looks for.
        case preferencesTapped
        /// "Widen preferences" when no one is left.
        case widenPreferencesTapped
        /// "Retry" after the deck failed to load.
        case retryTapped
        /// "Retry sending" the swipes the queue gave up on.
        case retrySendingTapped
        /// "OK" under the notice of a like the server refused.
        case refusalDismissed
    }

    /// What the middle of the deck shows.
    public enum Content: Hashable, Sendable {
        /// The top card (with a peek at the next) and the swipe buttons.
        case card(CandidateCard)
        /// No one new: the hint to widen the preferences.
        case noOneNew
        /// The first page is on its way ("Looking for people near you…" unless it failed).
        case loading
    }

    /// Why the last page failed to load ("Retry").
    public var failure: RequestFailure?
    /// What the middle shows.
    public var content: Content
    /// Whether "Rewind" can be tapped.
    public var canRewind: Bool
    /// The likes and super likes left today, once known.
    public var likesLeft: LikesLeft?
    /// Swipes waiting to be sent, told while sending is delayed (else 0).
    public var waitingToSend: Int
    /// Swipes the queue gave up on ("Retry sending").
    public var unsent: Int
    /// A like the server refused for good, told with its reason until dismissed ("OK").
    public var refusal: SwipeRefusal?
    /// Whether "Preferences" shows (once the deck has loaded something).
    public var showsPreferences: Bool

    /// Creates the panel with no refused like to tell.
    public init(
        failure: RequestFailure?, content: Content, canRewind: Bool, likesLeft: LikesLeft?,
        waitingToSend: Int,
        unsent: Int, showsPreferences: Bool
    ) {
        self.init(
            failure: failure, content: content, canRewind: canRewind, likesLeft: likesLeft,
            waitingToSend: waitingToSend, unsent: unsent, refusal: nil, showsPreferences: showsPreferences)
    }

    /// Creates the panel.
    public init(
        failure: RequestFailure?, content: Content, canRewind: Bool, likesLeft: LikesLeft?,
        waitingToSend: Int,
        unsent: Int, refusal: SwipeRefusal?, showsPreferences: Bool
    ) {
        self.failure = failure
        self.content = content
        self.canRewind = canRewind
        self.likesLeft = likesLeft
        self.waitingToSend = waitingToSend
        self.unsent = unsent
        self.refusal = refusal
        self.showsPreferences = showsPreferences
    }
}
