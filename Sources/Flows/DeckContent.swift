import Models

/// Builds the deck's part of the home screen.
///
/// The deck changes more often than what it shows: the server's answer to a swipe only takes it off
/// the queue. A ``Look`` the flow keeps of what home showed tells whether the next deck looks the
/// same — the flow renders home only when it does not — and the elements are appended straight to home's own (no array of the
/// deck's to build, copy and free on every swipe), written over the last render's (``ElementSlots``:
/// those that stay the same are left where they are). The allowance line is kept with what it shows.
/// The result is the same as building them afresh from the deck.
struct DeckContent {
    // The allowance line changes less often than the card (a pass leaves it): it is kept with what
    // it shows and built again only when that changes. The peek changes with every swipe: kept, it
    // was compared and replaced on every render for nothing.
    private var allowanceLine: (likes: Int, superLikes: Int, element: ScreenElement)?
    // What a render with a card appends as it is, held by the builder rather than in `static let`s
    // (each read of one went through its lazy initializer's check): the swipe buttons with rewind
    // after them, enabled or not, and the preferences button.
    private let swipeActionsAndRewind = Self.swipeActions + [Self.rewindEnabled]
    private let swipeActionsAndNoRewind = Self.swipeActions + [Self.rewindDisabled]
    private let preferences = Self.preferencesAction

    /// What home shows of a deck, kept to tell whether a later deck looks different (``show(_:)``)
    /// without keeping the deck.
    ///
    /// A kept deck shared its box with the store's, so the next swipe, which changes the box in
    /// place when the store holds it alone, copied it (and freed the old one after the render). The
    /// look is changed field by field, in place: made afresh and assigned whole, it was copied and
    /// destroyed through value witnesses on every render.
    struct Look {
        private var top: Candidate?
        private var next: Candidate?
        private var isEmpty = false
        private var canRewind = false
        private var likes: Int?
        private var superLikes: Int?
        private var waiting = 0
        private var failure: RequestFailure?
        private var viewerInterests: [Interest] = []

        /// Becomes what home shows of `state`; returns whether that differs from what it showed
        /// (the cards compared in place, by identity first).
        mutating func show(_ state: DeckState) -> Bool {
            var changed = false
            if !state.hasCard(top, at: 0) {
                top = state.top
                changed = true
            }
            if !state.hasCard(next, at: 1) {
                next = state.next
                changed = true
            }
            let isEmpty = state.isEmpty
            let canRewind = state.canRewind
            let likes = state.allowance?.likesRemaining
            let superLikes = state.allowance?.superLikesRemaining
            let waiting = DeckContent.waitingSwipes(state)
            if isEmpty != self.isEmpty || canRewind != self.canRewind || likes != self.likes
                || superLikes != self.superLikes || waiting != self.waiting
            {
                self.isEmpty = isEmpty
                self.canRewind = canRewind
                self.likes = likes
                self.superLikes = superLikes
                self.waiting = waiting
                changed = true
            }
            if !showsFailure(of: state) {
                failure = state.failure
                changed = true
            }
            if !state.hasViewerInterests(viewerInterests) {
                viewerInterests = state.viewerInterests
                changed = true
            }
            return changed
        }

        /// Whether `state` has this look's failure (none in both, most often, told without copying).
        private func showsFailure(of state: DeckState) -> Bool {
            guard let failure else { return !state.hasFailure }
            return state.failure == failure
        }
    }

    /// The swipes the deck says are waiting: only those held up by a failure.
    private static func waitingSwipes(_ state: DeckState) -> Int {
        state.isSendingDelayed ? state.queuedSwipes : 0
    }

    /// The elements showing `state`: the failure, the top card and a peek at the next, the buttons,
    /// the allowance, the swipes waiting and the preferences.
    mutating func elements(for state: DeckState) -> [ScreenElement] {
        var elements: [ScreenElement] = []
        elements.reserveCapacity(Self.maximumCount)
        append(state, to: &elements)
        return elements
    }

    /// At most how many elements ``put(_:into:)`` puts.
    static let maximumCount = 15

    /// ``elements(for:)`` appended to `elements`.
    mutating func append(_ state: DeckState, to elements: inout [ScreenElement]) {
        var slots = ElementSlots(taking: &elements, from: elements.count)
        put(state, into: &slots)
        slots.finish(into: &elements)
    }

    /// ``elements(for:)`` put into `slots`: written over the last render's elements, those that are
    /// the same left where they are (a swipe's render changes only the card's lines and the peek).
    ///
    /// What a deck with a card and no failure or swipes held up shows (every swipe's render) runs
    /// through a short stretch of code: the failure, the deck without a card and the swipes waiting
    /// are put by functions of their own.
    mutating func put(_ state: DeckState, into slots: inout ElementSlots) {
        if state.hasFailure { Self.putFailure(state, into: &slots) }
        if let top = state.top {
            DeckScreens.card(top, viewerInterests: state.viewerInterests, into: &slots)
            if let next = state.next { slots.put(.text(DirectText.joined("Next: ", next.displayName))) }
            for action in state.canRewind ? swipeActionsAndRewind : swipeActionsAndNoRewind {
                slots.put(action)
            }
        } else {
            Self.putNoCard(state, into: &slots)
        }
        if let allowance = state.allowance {
            slots.put(line(likes: allowance.likesRemaining, superLikes: allowance.superLikesRemaining))
        }
        if state.isSendingDelayed { Self.putWaiting(state, into: &slots) }
        if state.top != nil || !state.isEmpty { slots.put(preferences) }
    }

    /// The failure's banner and "Retry".
    @inline(never)
    private static func putFailure(_ state: DeckState, into slots: inout ElementSlots) {
        guard let failure = state.failure else { return }
        slots.put(.error(Copy.banner(for: failure)))
        slots.put(retryAction)
    }

    /// A deck without a card: empty (with what to do about it) or still looking, then rewind.
    @inline(never)
    private static func putNoCard(_ state: DeckState, into slots: inout ElementSlots) {
        if state.isEmpty {
            for element in emptyDeck { slots.put(element) }
        } else if !state.hasFailure {
            slots.put(looking)
        }
        slots.put(state.canRewind ? rewindEnabled : rewindDisabled)
    }

    /// The notice of swipes held up by a failure, if any is waiting.
    @inline(never)
    private static func putWaiting(_ state: DeckState, into slots: inout ElementSlots) {
        let waiting = waitingSwipes(state)
        if waiting > 0 { slots.put(.notice("Waiting to send \(waiting) swipe(s).")) }
    }

    /// The allowance line, kept while the counts stay the same.
    private mutating func line(likes: Int, superLikes: Int) -> ScreenElement {
        if let allowanceLine, allowanceLine.likes == likes, allowanceLine.superLikes == superLikes {
            return allowanceLine.element
        }
        var text = TextBuilder(capacity: 64)
        text.append("Likes left today: ")
        text.append(likes)
        text.append(" · Super likes left: ")
        text.append(superLikes)
        let element = ScreenElement.text(text.text)
        allowanceLine = (likes, superLikes, element)
        return element
    }

    private static let retryAction = ScreenElement.action(
        ScreenAction(id: DeckScreens.retry, label: "Retry", style: .primary))
    private static let swipeActions: [ScreenElement] = [
        .action(ScreenAction(id: DeckScreens.pass, label: "Pass")),
        .action(ScreenAction(id: DeckScreens.like, label: "Like", style: .primary)),
        .action(ScreenAction(id: DeckScreens.superLike, label: "Super like")),
        .action(ScreenAction(id: DeckScreens.openProfile, label: "Open profile")),
    ]
    private static let emptyDeck: [ScreenElement] = [
        .text("No one new around you right now."),
        .text("Widen your age range or distance to see more people."),
        .action(ScreenAction(id: DeckScreens.widen, label: "Widen preferences", style: .primary)),
    ]
    private static let looking = ScreenElement.text("Looking for people near you…")
    private static let rewindEnabled = ScreenElement.action(
        ScreenAction(id: DeckScreens.rewind, label: "Rewind", isEnabled: true))
    private static let rewindDisabled = ScreenElement.action(
        ScreenAction(id: DeckScreens.rewind, label: "Rewind", isEnabled: false))
    private static let preferencesAction = ScreenElement.action(
        ScreenAction(id: DeckScreens.preferences, label: "Preferences"))
}
