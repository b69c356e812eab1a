import Foundation

/// The deck context's observable state: the ranked cards and everything around them.
///
/// A value with copy-on-write storage: a snapshot is copied (to every observer, on every read) by one
/// reference count, and two snapshots that share storage compare equal at once; a change copies the
/// storage once, then edits it in place. Equality compares the fields that change most often first.
///
/// The storage is a ``CopyOnWriteBox`` held directly (not through ``CopyOnWrite``), edited by plain
/// setters after `makeUnique()`: a change through ``CopyOnWrite``'s `_modify` nested in the
/// property's ran two coroutines whose frames held a copy of the fields, each allocated with `malloc`
/// on every change.
/// No property has a `_modify` of its own for the same reason (its frame was allocated too): an edit
/// of the cards reads them, edits the copy (taking the top card off copies none) and sets them back;
/// a swipe's changes go through ``takeTop(swiped:allowance:rewindable:queuedSwipes:)`` instead, in
/// place. The fields that change seldom sit in a second box (`Seldom`), shared by the snapshots a
/// swipe makes. The queue's count and whether sending is held up (all a swipe's answer changes) are
/// kept in the value itself, beside the box: an answer then makes a snapshot sharing the box, with no
/// box to allocate, fill and later free.
public struct DeckState: Hashable, Sendable {
    /// The fields a swipe changes, and the box of the others.
    @usableFromInline struct Fields: Sendable {
        @usableFromInline var isLoading = false
        @usableFromInline var isExhausted = false
        @usableFromInline var lastSwipe: Swipe?
        @usableFromInline var cards: DeckCards = []
        @usableFromInline var allowance: SwipeAllowance?
        @usableFromInline var rewindable: Candidate?
        @usableFromInline var seldom = SeldomStorage(Seldom())
    }

    /// The fields that change seldom (a page, a modal, a failure), in a box of their own: a swipe's
    /// copy of the fields copies one reference for all of them, and two decks sharing the box have
    /// the same values there without comparing them.
    @usableFromInline struct Seldom: Hashable, Sendable {
        @usableFromInline var isOutOfSuperLikes = false
        @usableFromInline var likesResetInSeconds: Int?
        @usableFromInline var pendingMatch: Match?
        @usableFromInline var failure: RequestFailure?
        @usableFromInline var preferences: SearchPreferences?
        @usableFromInline var viewerInterests: [Interest] = []
    }

    /// The fields' box, shared by snapshots: written only after `makeUnique()`.
    @usableFromInline typealias Storage = CopyOnWriteBox<Fields>
    /// The seldom changed fields' box, shared by snapshots: written only after `makeSeldomUnique()`.
    @usableFromInline typealias SeldomStorage = CopyOnWriteBox<Seldom>

    // Internal, not private, so that the getters below can be inlined into other modules: a read of
    // the deck from a flow or the context is then a load, not a call that retains what it returns.
    @usableFromInline var storage: Storage

    /// Copies the box first if another snapshot shares it.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    }

    /// Copies the fields' box, then the seldom changed fields' box, if another snapshot shares either.
    private mutating func makeSeldomUnique() {
        makeUnique()
        if !isKnownUniquelyReferenced(&storage.fields.seldom) {
            storage.fields.seldom = SeldomStorage(storage.fields.seldom.fields)
        }
    }

    /// The ranked cards still to swipe; the first is on top, the second is the peek.
    ///
    /// Reading them costs one reference count, whatever their number; taking the top card off
    /// (``DeckCards/removeFirst()``) copies none of the others, which earlier snapshots share.
    public var cards: DeckCards {
        @inlinable get { storage.fields.cards }
        set {
            makeUnique()
            storage.fields.cards = newValue
        }
    }
    /// Whether a page request is in flight.
    public var isLoading: Bool {
        @inlinable get { storage.fields.isLoading }
        set {
            makeUnique()
            storage.fields.isLoading = newValue
        }
    }
    /// Whether the server said there are no more pages.
    public var isExhausted: Bool {
        @inlinable get { storage.fields.isExhausted }
        set {
            makeUnique()
            storage.fields.isExhausted = newValue
        }
    }
    /// The last page request's failure, shown with "Retry".
    public var failure: RequestFailure? {
        @inlinable get { storage.fields.seldom.fields.failure }
        set {
            makeSeldomUnique()
            storage.fields.seldom.fields.failure = newValue
        }
    }
    /// The likes and super likes left, once the first page told.
    public var allowance: SwipeAllowance? {
        @inlinable get { storage.fields.allowance }
        set {
            makeUnique()
            storage.fields.allowance = newValue
        }
    }
    /// The preferences the deck is filtered with, once the first page told.
    public var preferences: SearchPreferences? {
        @inlinable get { storage.fields.seldom.fields.preferences }
        set {
            makeSeldomUnique()
            storage.fields.seldom.fields.preferences = newValue
        }
    }
    /// The viewer's interests, to show what a card shares with them.
    public var viewerInterests: [Interest] {
        @inlinable get { storage.fields.seldom.fields.viewerInterests }
        set {
            makeSeldomUnique()
            storage.fields.seldom.fields.viewerInterests = newValue
        }
    }
    /// The last card passed, which rewind can bring back; a like cannot be rewound.
    public var rewindable: Candidate? {
        @inlinable get { storage.fields.rewindable }
        set {
            makeUnique()
            storage.fields.rewindable = newValue
        }
    }
    /// A new match waiting for the user to see the "It's a match" modal.
    public var pendingMatch: Match? {
        @inlinable get { storage.fields.seldom.fields.pendingMatch }
        set {
            makeSeldomUnique()
            storage.fields.seldom.fields.pendingMatch = newValue
        }
    }
    /// Set when a like was refused for the daily limit: seconds until likes come back, counted down.
    public var likesResetInSeconds: Int? {
        @inlinable get { storage.fields.seldom.fields.likesResetInSeconds }
        set {
            makeSeldomUnique()
            storage.fields.seldom.fields.likesResetInSeconds = newValue
        }
    }
    /// Set when a super like was refused for the daily allowance.
    public var isOutOfSuperLikes: Bool {
        @inlinable get { storage.fields.seldom.fields.isOutOfSuperLikes }
        set {
            makeSeldomUnique()
            storage.fields.seldom.fields.isOutOfSuperLikes = newValue
        }
    }
    /// Swipes waiting in the persistent queue to reach the server.
    ///
    /// Held in the value, not the box: every swipe's answer changes it (see the type's notes).
    public var queuedSwipes = 0
    /// Whether sending the queued swipes failed and waits to try again (offline, a server error).
    ///
    /// The deck says swipes are waiting only then: a swipe on its way for one round trip is not news.
    /// Held in the value, not the box, as ``queuedSwipes`` is.
    public var isSendingDelayed = false
    /// The last swipe the user made (accepted by the daily limits).
    public var lastSwipe: Swipe? {
        @inlinable get { storage.fields.lastSwipe }
        set {
            makeUnique()
            storage.fields.lastSwipe = newValue
        }
    }

    /// Creates an empty deck.
    public init() {
        storage = Storage(Fields())
    }

    /// The card on top.
    @inlinable public var top: Candidate? { storage.fields.cards.first }
    /// The card under it.
    ///
    /// Read by position: `dropFirst().first` was left a function of its own, called on every render.
    @inlinable public var next: Candidate? {
        let cards = storage.fields.cards
        return cards.count > 1 ? cards[1] : nil
    }
    /// Whether no card is left and none will come.
    @inlinable public var isEmpty: Bool {
        storage.fields.cards.isEmpty && isExhausted && !isLoading && !hasFailure
    }

    /// Takes the top card off for `swipe`, with the allowance and the queue's count after it and the
    /// card rewind can bring back; the deck must have a top card.
    ///
    /// The same as setting ``cards`` (without the top card), ``allowance``, ``rewindable``,
    /// ``queuedSwipes`` and ``lastSwipe`` one by one, with one uniqueness check of the box instead of
    /// four (``queuedSwipes`` is held beside it), and the top card taken off in place (the cards are
    /// not read out and set back).
    public mutating func takeTop(
        swiped swipe: Swipe, allowance: SwipeAllowance, rewindable: Candidate?, queuedSwipes: Int
    ) {
        makeUnique()
        storage.fields.cards.removeFirst()
        storage.fields.allowance = allowance
        storage.fields.rewindable = rewindable
        storage.fields.lastSwipe = swipe
        self.queuedSwipes = queuedSwipes
    }

    /// Sets ``queuedSwipes`` and ``isSendingDelayed`` (as when a swipe's answer takes it off the
    /// queue): both are held in the value, so the box is left shared.
    public mutating func setQueue(count: Int, isSendingDelayed: Bool) {
        queuedSwipes = count
        self.isSendingDelayed = isSendingDelayed
    }

    /// Whether a failure is shown, read without copying it.
    @inlinable public var hasFailure: Bool {
        if case .none = storage.fields.seldom.fields.failure { return false }
        return true
    }

    /// The top card's id, read without copying the card.
    @inlinable public var topID: UserID? { storage.fields.cards.first?.id }

    /// Whether the top card is `card` itself (one storage, so one id), or there is neither: told by
    /// identity, without reading or copying an id.
    ///
    /// `false` says nothing: the top card may still have `card`'s id (compare ``topID`` then).
    @inlinable public func topIsIdentical(to card: Candidate?) -> Bool {
        let cards = storage.fields.cards
        guard let card else { return cards.isEmpty }
        return !cards.isEmpty && cards[0].storage === card.storage
    }

    /// Whether the card at `position` from the top is `card` (the same storage, or equal values), or
    /// there is neither: compared in place, without copying the deck's card.
    @inlinable public func hasCard(_ card: Candidate?, at position: Int) -> Bool {
        let cards = storage.fields.cards
        guard let card else { return cards.count <= position }
        guard position < cards.count else { return false }
        return cards[position].storage === card.storage || cards[position] == card
    }

    /// Whether ``viewerInterests`` are `interests`, compared in place (the same array at once).
    @inlinable public func hasViewerInterests(_ interests: [Interest]) -> Bool {
        storage.fields.seldom.fields.viewerInterests == interests
    }

    /// The id of ``lastSwipe``, read without copying the rest of the swipe.
    @inlinable public var lastSwipeID: String? { storage.fields.lastSwipe?.id }

    /// Whether a match waits to be seen, read without copying it.
    @inlinable public var hasPendingMatch: Bool {
        if case .none = storage.fields.seldom.fields.pendingMatch { return false }
        return true
    }

    /// Whether this deck and `other` show the same failure and the same viewer's interests: at once
    /// when they share the box of the seldom changed fields (after a swipe or its answer, always).
    ///
    /// Always inlined into the home content's comparison, its one caller on a render: one function
    /// fewer run there.
    @inlinable @inline(__always)
    public func hasSameFailureAndInterests(as other: DeckState) -> Bool {
        let mine = storage.fields.seldom
        let theirs = other.storage.fields.seldom
        return mine === theirs
            || (mine.fields.failure == theirs.fields.failure
                && mine.fields.viewerInterests == theirs.fields.viewerInterests)
    }

    /// Whether ``lastSwipe`` is the same swipe in both (the same id, or none in either), compared in
    /// place without copying either.
    @inlinable public func hasSameLastSwipe(as other: DeckState) -> Bool {
        storage === other.storage
            || storage.fields.lastSwipe?.id == other.storage.fields.lastSwipe?.id
    }

    /// Whether this deck and `other` share their box: then they differ, if at all, only in the
    /// fields held beside it (``queuedSwipes`` and ``isSendingDelayed``, as after a swipe's answer).
    @inlinable public func sharesStorage(with other: DeckState) -> Bool { storage === other.storage }

    /// Whether a card is waiting to be rewound, read without copying it.
    @inlinable public var canRewind: Bool {
        if case .none = storage.fields.rewindable { return false }
        return true
    }

    /// Whether this deck and `other` begin with the same `count` cards (or the same fewer), compared
    /// in place without copying any.
    @inlinable public func startsWithSameCards(_ count: Int, as other: DeckState) -> Bool {
        let mine = storage.fields.cards
        let theirs = other.storage.fields.cards
        let length = min(mine.count, count)
        guard length == min(theirs.count, count) else { return false }
        for index in 0..<length where mine[index] != theirs[index] { return false }
        return true
    }

    /// Whether two decks hold the same values; shared storage (with the same fields held beside it)
    /// answers at once.
    ///
    /// Field by field in place, the cheap and most often changed first (a whole `Fields` comparison
    /// would copy both sides first). A new field must be added here; a test checks each one counts.
    public static func == (lhs: DeckState, rhs: DeckState) -> Bool {
        guard lhs.queuedSwipes == rhs.queuedSwipes, lhs.isSendingDelayed == rhs.isSendingDelayed else {
            return false
        }
        if lhs.storage === rhs.storage { return true }
        let left = lhs.storage
        let right = rhs.storage
        return left.fields.isLoading == right.fields.isLoading
            && left.fields.isExhausted == right.fields.isExhausted
            && left.fields.lastSwipe == right.fields.lastSwipe
            && left.fields.cards == right.fields.cards
            && left.fields.allowance == right.fields.allowance
            && left.fields.rewindable == right.fields.rewindable
            && (left.fields.seldom === right.fields.seldom
                || left.fields.seldom.fields == right.fields.seldom.fields)
    }

    /// Hashes the deck's values.
    public func hash(into hasher: inout Hasher) {
        let fields = storage.fields
        hasher.combine(queuedSwipes)
        hasher.combine(isSendingDelayed)
        hasher.combine(fields.isLoading)
        hasher.combine(fields.isExhausted)
        hasher.combine(fields.lastSwipe)
        hasher.combine(fields.cards)
        hasher.combine(fields.allowance)
        hasher.combine(fields.rewindable)
        hasher.combine(fields.seldom.fields)
    }
}
