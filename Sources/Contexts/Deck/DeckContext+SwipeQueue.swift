import Interactors
import Models
import Services

/// The swipe queue behind ``DeckContext``: a ``SendQueue`` of swipes (and undos), one at a time in
/// order, each kept until the server confirmed it; the server's answers, and what the deck shows of
/// the queue (``Models/DeckState/queue``).
extension DeckContext {
    /// Sends the queued swipe whose turn has come (one at a time, in order).
    func flush() {
        for swipe in swipes.take() { send(swipe) }
    }

    /// The server's answer to the swipe (or undo) with id `id`.
    func sent(_ id: String, _ result: Result<SwipeOutcome, ServiceError>) {
        let predicted = swipes.item(id)?.match
        switch result {
        case .success(let outcome):
            let made = madeThisRun.removeValue(forKey: id)
            if made?.isRewound == true, var undo = swipes.item(id) {
                // Rewound while on its way: the server has it now, so its undo takes its place.
                undo.isUndo = true
                swipes.remove(id)
                swipes.enqueue(undo)
            } else {
                swipes.succeeded(id)
            }
            if case .recorded = outcome { matchNotMade(id, predicted: predicted) }
            pendingSwipes?.settled(id)
            received(outcome, card: made?.card)
        case .failure(.tokenExpired):
            store.report(SessionError.ended(.sessionExpired))
        case .failure(.tokenRevoked):
            store.report(SessionError.ended(.sessionRevoked))
        case .failure(let error):
            if case .refuse(let reason)? = swipes.failed(id, with: error) {
                // Refused for good: it leaves the queue, and what waited for it learns why.
                swipes.remove(id)
                madeThisRun[id] = nil
                matchNotMade(id, predicted: predicted)
                pendingSwipes?.refused(id, reason: reason)
            }
        }
        queueChanged()
        flush()
    }

    /// What the server said of a swipe it has: a match is announced once, a like over the allowance
    /// brings its card back with the out-of-likes modal.
    func received(_ outcome: SwipeOutcome, card: Candidate?) {
        switch outcome {
        case .recorded:
            break
        case .matched(let match):
            if !announcedMatches.contains(match.id) {
                announcedMatches.insert(match.id)
                store.update { $0.pendingMatch = match }
            }
        case .limitReached(let resetsAt):
            let seconds = SwipeLimiter.secondsUntil(resetsAt, from: scheduler.now)
            store.update { state in
                state.allowance?.likesRemaining = 0
                state.allowance?.resetsAt = resetsAt
                if let card, !state.cards.contains(where: { $0.id == card.id }) {
                    state.cards.insert(card, at: 0)
                }
                state.likesResetInSeconds = seconds
            }
            scheduleResetTick()
        }
    }

    /// The swipe with id `id` did not make the match the client saw it make (the like it answered
    /// became an ordinary like, or was refused): the "It's a match" modal, if it still shows that
    /// match, goes, and the chat drops the conversation (through ``PendingSwipes``).
    func matchNotMade(_ id: String, predicted: Match?) {
        guard let match = predicted else { return }
        pendingSwipes?.matchNotMade(id)
        announcedMatches.remove(match.id)
        if store.snapshot.pendingMatch?.id == match.id { store.update { $0.pendingMatch = nil } }
    }

    /// Shows in ``Models/DeckState/queue`` the swipes queued (undos not counted), whether one failed (and waits for
    /// a retry or the user), and how many the queue gave up on: in one pass over the queue.
    func queueChanged() {
        var counts = SwipeQueueState()
        for entry in swipes.entries {
            if case .failed = entry.state { counts.isSendingDelayed = true }
            guard !entry.item.isUndo else { continue }
            counts.count += 1
            if entry.isGivenUp { counts.unsent += 1 }
        }
        store.update { $0.queue = counts }
    }
}
