import Foundation

/// The deck context's observable state: the ranked cards and everything around them.
public struct DeckState: Hashable, Sendable {
    /// The ranked cards still to swipe; the first is on top, the second is the peek.
    public var cards: [Candidate]
    /// Whether a page request is in flight.
    public var isLoading: Bool
    /// Whether the server said there are no more pages.
    public var isExhausted: Bool
    /// The last page request's failure, shown with "Retry".
    public var failure: RequestFailure?
    /// The likes and super likes left, once the first page told.
    public var allowance: SwipeAllowance?
    /// The preferences the deck is filtered with, once the first page told.
    public var preferences: SearchPreferences?
    /// The viewer's interests, to show what a card shares with them.
    public var viewerInterests: [Interest]
    /// The last card passed, which rewind can bring back; a like cannot be rewound.
    public var rewindable: Candidate?
    /// A new match waiting for the user to see the "It's a match" modal.
    public var pendingMatch: Match?
    /// Set when a like was refused for the daily limit: seconds until likes come back, counted down.
    public var likesResetInSeconds: Int?
    /// Set when a super like was refused for the daily allowance.
    public var isOutOfSuperLikes: Bool
    /// Swipes waiting in the persistent queue to reach the server.
    public var queuedSwipes: Int
    /// The last swipe the user made (accepted by the daily limits).
    public var lastSwipe: Swipe?

    /// Creates an empty deck.
    public init() {
        cards = []
        isLoading = false
        isExhausted = false
        failure = nil
        allowance = nil
        preferences = nil
        viewerInterests = []
        rewindable = nil
        pendingMatch = nil
        likesResetInSeconds = nil
        isOutOfSuperLikes = false
        queuedSwipes = 0
        lastSwipe = nil
    }

    /// The card on top.
    public var top: Candidate? { cards.first }
    /// The card under it.
    public var next: Candidate? { cards.dropFirst().first }
    /// Whether no card is left and none will come.
    public var isEmpty: Bool { cards.isEmpty && isExhausted && !isLoading && failure == nil }
}
