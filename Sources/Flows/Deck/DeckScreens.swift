import Models

/// Builds what the deck shows from its state: its part of home, the full profile of a card and the
/// modals. Pure functions of their inputs.
enum DeckScreens {
    /// What of the deck's state (its swipe queue included) its part of home shows; ``addHome(for:to:)`` reads
    /// nothing else, so two states that show the same give the same elements.
    ///
    /// A swipe confirmed, a page asked for or a match seen leave it as it was: the flow builds home
    /// again only when it changed.
    struct Shown: Equatable {
        var failure: RequestFailure?
        /// The top card and the one under it (the peek).
        var cards: [Candidate]
        var viewerInterests: [Interest]
        var isEmpty: Bool
        var canRewind: Bool
        var allowance: SwipeAllowance?
        /// The swipes waiting to be sent, told only while sending is delayed (else 0), and those the
        /// queue gave up on, waiting for "Retry sending".
        var queue: QueueNotice

        /// What `state` shows.
        init(_ state: DeckState) {
            failure = state.failure
            cards = Array(state.cards.prefix(2))
            viewerInterests = state.viewerInterests
            isEmpty = state.isEmpty
            canRewind = state.canRewind
            allowance = state.allowance
            queue = QueueNotice(state.queue)
        }
    }

    /// What of the swipe queue home tells: the swipes waiting (only while sending is delayed) and
    /// those not sent.
    struct QueueNotice: Equatable {
        var waiting: Int
        var unsent: Int

        /// What `queue` tells.
        init(_ queue: SwipeQueueState) {
            waiting = queue.waitingToShow
            unsent = queue.unsent
        }
    }

    /// The deck's state in brief, for the flow tree (``DeckFlow/stateSummary``).
    static func summary(of state: DeckState) -> String {
        var parts = ["cards=\(state.cards.count)"]
        if let top = state.top { parts.append("top=\(top.id)") }
        if state.isLoading { parts.append("loading") }
        if state.isExhausted { parts.append("exhausted") }
        if state.queue.count > 0 { parts.append("queued=\(state.queue.count)") }
        return "DeckContext: " + parts.joined(separator: " ")
    }

    /// The deck's part of the home screen, added to `elements`: the failure, the top card and a
    /// peek at the next, the buttons, the allowance, the swipes waiting and the preferences.
    static func addHome(for shown: Shown, to elements: inout [ScreenElement]) {
        if let failure = shown.failure {
            elements.append(.error(Copy.banner(for: failure)))
            elements.append(.action(ScreenAction(id: ActionID.Deck.retry, label: "Retry", style: .primary)))
        }
        if let top = shown.cards.first {
            let next = shown.cards.dropFirst().first
            elements.append(.card(CandidateCard(top, viewerInterests: shown.viewerInterests, next: next)))
            elements += swipeButtons
        } else if shown.isEmpty {
            elements += [
                .text("No one new around you right now."),
                .text("Widen your age range or distance to see more people."),
                .action(ScreenAction(id: ActionID.Deck.widen, label: "Widen preferences", style: .primary)),
            ]
        } else if shown.failure == nil {
            elements.append(.text("Looking for people near you…"))
        }
        elements.append(
            .action(ScreenAction(id: ActionID.Deck.rewind, label: "Rewind", isEnabled: shown.canRewind)))
        if let allowance = shown.allowance {
            elements.append(
                .likesLeft(
                    LikesLeft(likes: allowance.likesRemaining, superLikes: allowance.superLikesRemaining)))
        }
        if shown.queue.waiting > 0 {
            elements.append(.notice("Waiting to send \(shown.queue.waiting) swipe(s)."))
        }
        if shown.queue.unsent > 0 {
            elements.append(.error("Couldn't send \(shown.queue.unsent) swipe(s)."))
            elements.append(.action(ScreenAction(id: ActionID.Deck.retrySending, label: "Retry sending")))
        }
        if !shown.cards.isEmpty || !shown.isEmpty {
            elements.append(.action(ScreenAction(id: ActionID.Deck.preferences, label: "Preferences")))
        }
    }

    /// The buttons under the top card.
    static let swipeButtons: [ScreenElement] = [
        .action(ScreenAction(id: ActionID.Deck.pass, label: "Pass")),
        .action(ScreenAction(id: ActionID.Deck.like, label: "Like", style: .primary)),
        .action(ScreenAction(id: ActionID.Deck.superLike, label: "Super like")),
        .action(ScreenAction(id: ActionID.Deck.openProfile, label: "Open profile")),
    ]

    /// A card's full profile, pushed by "Open profile": its lines, all its interests and "Back".
    static func fullProfile(_ candidate: Candidate, viewerInterests: [Interest]) -> Screen {
        let elements: [ScreenElement] = [
            .card(CandidateCard(candidate, viewerInterests: viewerInterests)),
            .text("Interests: " + candidate.interests.map(\.name).joined(separator: ", ")),
            .action(ScreenAction(id: .back, label: "Back")),
        ]
        return Screen(id: .profile, title: candidate.displayName, elements: elements)
    }

    /// The "It's a match!" modal.
    static func match(_ match: Match) -> Screen {
        Screen(
            id: .match, title: "It's a match!",
            elements: [
                .text("You and \(match.displayName) like each other."),
                .action(
                    ScreenAction(id: ActionID.Match.sendMessage, label: "Send a message", style: .primary)),
                .action(ScreenAction(id: ActionID.Match.keepSwiping, label: "Keep swiping")),
            ])
    }

    /// The out-of-likes modal, counting down to the reset.
    static func outOfLikes(secondsLeft: Int) -> Screen {
        Screen(
            id: .outOfLikes, title: "You're out of likes",
            elements: [
                .text("You've used today's likes."),
                .countdown(Countdown(kind: .likesReset, secondsLeft: secondsLeft)),
                .action(ScreenAction(id: ActionID.OutOfLikes.ok, label: "OK", style: .primary)),
            ])
    }

    /// The notice that no super like is left today.
    static let outOfSuperLikes = ScreenAlert(
        title: "No super likes left", message: "You get one super like a day.",
        actions: [ScreenAction(id: ActionID.Deck.superLikesOK, label: "OK", style: .primary)])
}
