import Foundation

/// The deck context's observable state: the ranked cards and everything around them.
///
/// A plain value: every snapshot an observer keeps stays as it was, whatever happens to the deck
/// after it. The cards are the ranked ones still to swipe, a page or two of them at a time (the
/// context asks for the next page before they run out); the swipes on their way to the server are
/// counted in ``queue``.
public struct DeckState: Hashable, Sendable {
    /// The ranked cards still to swipe; the first is on top, the second is the peek.
    public var cards: [Candidate] = []
    /// Whether a page request is in flight.
    public var isLoading = false
    /// Whether the server said there are no more pages.
    public var isExhausted = false
    /// The last page request's failure, shown with "Retry".
    public var failure: RequestFailure?
    /// The likes and super likes left, once the first page told.
    public var allowance: SwipeAllowance?
    /// The preferences the deck is filtered with, once the first page told.
    public var preferences: SearchPreferences?
    /// The viewer's interests, to show what a card shares with them.
    public var viewerInterests: [Interest] = []
    /// The last card passed, which rewind can bring back; a like cannot be rewound.
    public var rewindable: Candidate?
    /// A new match waiting for the user to see the "It's a match" modal.
    public var pendingMatch: Match?
    /// Set when a like was refused for the daily limit: seconds until likes come back, counted down.
    public var likesResetInSeconds: Int?
    /// Set when a super like was refused for the daily allowance.
    public var isOutOfSuperLikes = false
    /// The last swipe the user made (accepted by the daily limits).
    public var lastSwipe: Swipe?
    /// The swipes on their way to the server, as the deck shows them.
    public var queue = SwipeQueueState()

    /// Creates an empty deck.
    public init() {}

    /// The card on top.
    public var top: Candidate? { cards.first }

    /// The card under it.
    public var next: Candidate? { cards.dropFirst().first }

    /// Whether a card is waiting to be rewound.
    public var canRewind: Bool { rewindable != nil }

    /// Whether no card is left and none will come.
    public var isEmpty: Bool { cards.isEmpty && isExhausted && !isLoading && failure == nil }
}
