import Foundation
import PersistentList

/// The deck context's observable state: the ranked cards and everything around them.
///
/// A plain value: every snapshot an observer keeps stays as it was, whatever happens to the deck
/// after it. The cards are the ranked ones still to swipe, a page or two of them at a time (the
/// context asks for the next page before they run out); the swipes on their way to the server are
/// ``swipes`` (counted for the screen in ``queue``). Everything the deck decides with is here too
/// (the next page's cursor, the cards already held, the matches announced, the last pass): a deck
/// made from a copy of this value goes on exactly as the original would.
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
    /// The last like or super like the server refused for good, told until the user dismisses it.
    public var refusal: SwipeRefusal?
    /// The last swipe the user made (accepted by the daily limits).
    public var lastSwipe: Swipe?
    /// The swipes (and undos of passes) the server has not confirmed, oldest first, sent one at a time.
    public var swipes = SendQueue<Swipe>()

    // MARK: What the deck decides with

    /// Whether the deck started (read its queue and asked for its first page).
    public var isStarted = false
    /// Counts the reloads (new preferences): the answer to a page asked for before one is ignored.
    public var generation = 0
    /// The cursor of the next page to ask for.
    public var cursor: String?
    /// Every card the deck has held, and the card of every queued swipe: none is shown twice.
    ///
    /// A persistent set: it grows with every page, and a page adds to it without copying it.
    public var held = PersistentSet<UserID>()
    /// The swipes made in this run that are still queued, by swipe id.
    public var madeThisRun: [String: SwipeMade] = [:]
    /// The id of the last pass, which rewind can take back.
    public var lastPassID: String?
    /// The matches already shown, so the server's confirmation of one is not shown again.
    public var announcedMatches: Set<String> = []
    /// The reset of the allowance the deck's turn of the day is set for.
    public var dayTurnAt: Date?

    /// Creates an empty deck.
    public init() {}

    /// The card on top.
    public var top: Candidate? { cards.first }

    /// The card under it.
    public var next: Candidate? { cards.dropFirst().first }

    /// Whether a card is waiting to be rewound.
    public var canRewind: Bool { rewindable != nil }

    /// The swipe queue as the deck shows it: the swipes waiting (undos not counted), whether sending
    /// is delayed, and those given up on.
    public var queue: SwipeQueueState {
        var counts = SwipeQueueState()
        for entry in swipes.entries {
            if case .failed = entry.state { counts.isSendingDelayed = true }
            guard !entry.item.isUndo else { continue }
            counts.count += 1
            if entry.isGivenUp { counts.unsent += 1 }
        }
        return counts
    }

    /// The swipes the server has not confirmed, oldest first (undos of passes not counted).
    public var queuedSwipes: [Swipe] { swipes.items.filter { !$0.isUndo } }

    /// Whether no card is left and none will come.
    public var isEmpty: Bool { cards.isEmpty && isExhausted && !isLoading && failure == nil }
}
