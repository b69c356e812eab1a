import Interactors
import Models
import Services

/// The deck's clock-driven changes: the daily reset of the allowance and the out-of-likes countdown.
extension DeckContext {
    // MARK: The daily reset

    /// At the next reset of the allowance (midnight), the deck's counters go back to the daily ones,
    /// without waiting for a page or a swipe. Armed by each page and swipe, once: a year offline
    /// costs one tick, not one a day.
    ///
    /// Set again only when the reset moves (a swipe leaves it where it is).
    func scheduleDayTurn() {
        let resetsAt = store.snapshot.allowance?.resetsAt
        guard resetsAt != store.snapshot.dayTurnAt || !tasks.contains("dayTurn") else { return }
        tasks.cancel("dayTurn")
        store.update { $0.dayTurnAt = resetsAt }
        guard let resetsAt else { return }
        let seconds = max(1, SwipeLimiter.secondsUntil(resetsAt, from: scheduler.now))
        let dayTurn = scheduler.schedule(after: .seconds(seconds)) { [weak self] in
            guard let self else { return }
            self.tasks.cancel("dayTurn")
            let now = self.scheduler.now
            self.tasks.cancel("countdown")
            self.store.update { state in
                state.allowance = state.allowance.map { SwipeLimiter.current($0, at: now) }
                // The out-of-likes countdown, if it shows, is over.
                state.likesResetInSeconds = nil
            }
        }
        tasks.keep(dayTurn, as: "dayTurn")
    }

    /// Counts the out-of-likes modal down, a tick at each whole minute left.
    func scheduleResetTick() {
        tasks.cancel("countdown")
        let deck = store.snapshot
        guard let shown = deck.likesResetInSeconds else { return }
        // From the reset itself when known, so that the ticks fall on the same instants however late
        // the countdown is armed (a deck made from a copy of another's state).
        let secondsLeft =
            deck.allowance.map { SwipeLimiter.secondsUntil($0.resetsAt, from: scheduler.now) } ?? shown
        let tick = scheduler.schedule(after: SwipeLimiter.countdownStep(secondsLeft: secondsLeft)) {
            [weak self] in
            self?.resetTick()
        }
        tasks.keep(tick, as: "countdown")
    }

    private func resetTick() {
        guard let resetsAt = store.snapshot.allowance?.resetsAt else { return }
        let now = scheduler.now
        let remaining = SwipeLimiter.secondsUntil(resetsAt, from: now)
        store.update { state in
            if remaining == 0 {
                state.likesResetInSeconds = nil
                state.allowance = state.allowance.map { SwipeLimiter.current($0, at: now) }
            } else {
                state.likesResetInSeconds = remaining
            }
        }
        if remaining > 0 { scheduleResetTick() }
    }
}
