import Interactors
import Models
import Services

/// The swipe queue behind ``DeckContext``: the server's answers to the swipes (and undos) that the
/// ``DurableQueue`` sends one at a time, in order.
extension DeckContext {
    /// Sends `swipe` (or, for an undo, undoes the pass it names).
    func send(
        _ swipe: Swipe,
        completion: @escaping @MainActor @Sendable (Result<SwipeOutcome, ServiceError>) -> Void
    ) {
        let discovery = discovery
        guard swipe.isUndo else {
            authorizer.perform(
                { token, completion in discovery.sendSwipe(swipe, accessToken: token, completion: completion)
                },
                completion: tasks.answer(completion))
            return
        }
        authorizer.perform(
            { token, completion in
                discovery.undoSwipe(id: swipe.id, accessToken: token, completion: completion)
            },
            completion: tasks.answer { completion($0.map { .recorded }) })
    }

    /// The server's answer to `swipe`, once the queue took it (`verdict`: what a failure means).
    func sent(
        _ swipe: Swipe, _ result: Result<SwipeOutcome, ServiceError>, _ verdict: SendQueuePolicy.Verdict?
    ) {
        let id = swipe.id
        switch result {
        case .success(let outcome):
            var made: SwipeMade?
            store.update { made = $0.madeThisRun.removeValue(forKey: id) }
            if made?.isRewound == true {
                // Rewound while on its way: the server has it now, so its undo takes its place.
                var undo = swipe
                undo.isUndo = true
                swipes.enqueue(undo)
            }
            if case .recorded = outcome { matchNotMade(id, predicted: swipe.match) }
            pendingSwipes?.settled(id)
            received(outcome, card: made?.card)
        case .failure(.tokenExpired):
            store.report(SessionError.ended(.sessionExpired))
        case .failure(.tokenRevoked):
            store.report(SessionError.ended(.sessionRevoked))
        case .failure:
            guard case .refuse(let reason)? = verdict else { return }
            // Refused for good: it leaves the queue, what waited for it learns why, and a like is
            // given back and told to the user (a pass of someone gone changes nothing for them).
            swipes.remove(id)
            store.update { state in
                let made = state.madeThisRun.removeValue(forKey: id)
                guard swipe.action != .pass, !swipe.isUndo else { return }
                state.allowance = state.allowance.map { SwipeLimiter.refunding(swipe, to: $0) }
                state.refusal = SwipeRefusal(
                    action: swipe.action, name: made?.card.displayName, reason: reason)
            }
            matchNotMade(id, predicted: swipe.match)
            pendingSwipes?.refused(id, reason: reason)
        }
    }

    /// What the server said of a swipe it has: a match is announced once, a like over the allowance
    /// brings its card back, with the out-of-likes modal when the allowance refused is today's.
    func received(_ outcome: SwipeOutcome, card: Candidate?) {
        switch outcome {
        case .recorded:
            break
        case .matched(let match):
            store.update { state in
                guard !state.announcedMatches.contains(match.id) else { return }
                state.announcedMatches.insert(match.id)
                state.pendingMatch = match
            }
        case .limitReached(let resetsAt):
            // Refused for the day the like was made: its card comes back. A day that is over (the
            // like waited offline while that day's likes were spent elsewhere) says nothing of today.
            let isToday = resetsAt > scheduler.now
            let seconds = SwipeLimiter.secondsUntil(resetsAt, from: scheduler.now)
            store.update { state in
                if let card, !state.cards.contains(where: { $0.id == card.id }) {
                    state.cards.insert(card, at: 0)
                }
                guard isToday else { return }
                state.allowance?.likesRemaining = 0
                state.allowance?.resetsAt = resetsAt
                state.likesResetInSeconds = seconds
            }
            if isToday { scheduleResetTick() }
        }
    }

    /// The swipe with id `id` did not make the match the client saw it make (the like it answered
    /// became an ordinary like, or was refused): the "It's a match" modal, if it still shows that
    /// match, goes, and the chat drops the conversation (through ``PendingSwipes``).
    func matchNotMade(_ id: String, predicted: Match?) {
        guard let match = predicted else { return }
        pendingSwipes?.matchNotMade(id, match: match)
        store.update { state in
            state.announcedMatches.remove(match.id)
            if state.pendingMatch?.id == match.id { state.pendingMatch = nil }
        }
    }
}
