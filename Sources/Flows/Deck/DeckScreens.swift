import Models

/// Builds what the deck shows from its state: its panel of home, the full profile of a card and the
/// modals. Pure functions of their inputs.
enum DeckScreens {
    /// The deck's state in brief, for the flow tree (``DeckFlow/stateSummary``).
    static func summary(of state: DeckState) -> String {
        var parts = ["cards=\(state.cards.count)"]
        if let top = state.top { parts.append("top=\(top.id)") }
        if state.isLoading { parts.append("loading") }
        if state.isExhausted { parts.append("exhausted") }
        if state.queue.count > 0 { parts.append("queued=\(state.queue.count)") }
        return "DeckContext: " + parts.joined(separator: " ")
    }

    /// The deck's panel of home: the failure, the top card with a peek at the next (or why there is
    /// none), whether rewind is possible, the likes left, the swipes waiting, not sent and refused.
    static func panel(_ state: DeckState) -> DeckPanel {
        let content: DeckPanel.Content =
            if let top = state.top {
                .card(
                    CandidateCard(
                        top, viewerInterests: state.viewerInterests, next: state.cards.dropFirst().first))
            } else if state.isEmpty {
                .noOneNew
            } else {
                .loading
            }
        return DeckPanel(
            failure: state.failure, content: content, canRewind: state.canRewind,
            likesLeft: likesLeft(state.allowance),
            waitingToSend: state.queue.waitingToShow, unsent: state.queue.unsent, refusal: state.refusal,
            showsPreferences: !state.cards.isEmpty || !state.isEmpty)
    }

    /// The likes and super likes left, once the allowance is known.
    private static func likesLeft(_ allowance: SwipeAllowance?) -> LikesLeft? {
        allowance.map { LikesLeft(likes: $0.likesRemaining, superLikes: $0.superLikesRemaining) }
    }

    /// A card's full profile, pushed by "Open profile".
    static func fullProfile(_ candidate: Candidate, viewerInterests: [Interest]) -> ProfileScreen {
        ProfileScreen(.candidate(CandidateCard(candidate, viewerInterests: viewerInterests)))
    }

    /// The "It's a match!" modal.
    static func match(_ match: Match) -> MatchModal { MatchModal(name: match.displayName) }

    /// The out-of-likes modal, counting down to the reset.
    static func outOfLikes(secondsLeft: Int) -> OutOfLikesModal { OutOfLikesModal(secondsLeft: secondsLeft) }
}
