import Interactors
import Models
import Services

extension Swipe: QueueItem {
    /// The deck keeps its swipes in one order.
    var lane: String { "deck" }
    /// A swipe waits for nothing but the swipes before it.
    var dependsOn: String? { nil }
}

extension DeckContext {
    // MARK: Pages

    /// Asks for the next page when the deck runs low (``DeckRefillPolicy``).
    func refillIfNeeded() {
        let deck = store.snapshot
        guard
            DeckRefillPolicy.shouldFetch(
                cardsLeft: deck.cards.count, isLoading: deck.isLoading, isExhausted: deck.isExhausted,
                hasFailed: deck.failure != nil)
        else { return }
        store.update { $0.isLoading = true }
        fetchPage()
    }

    /// The server's answer to the page asked for with `requested` as the cursor.
    func received(_ result: Result<DiscoveryPage, ServiceError>, for requested: String?) {
        switch result {
        case .success(let page):
            // A page for another request (a duplicate or late delivery) changes nothing.
            guard store.snapshot.isLoading, requested == cursor else { return }
            guard page.cursor == requested else {
                store.update { state in
                    state.isLoading = false
                    state.failure = .server("Unexpected page from the server")
                }
                return
            }
            let viewer = CandidateRanker.Viewer(
                id: viewerID, interests: Set(page.viewerInterests), preferences: page.preferences)
            let merged = CandidateRanker.rankAndMerge(
                page.candidates, into: store.snapshot.cards, for: viewer, recordingShownIn: &shown)
            cursor = page.nextCursor
            store.update { state in
                state.cards = merged
                state.isLoading = false
                state.isExhausted = page.nextCursor == nil
                state.preferences = page.preferences
                state.viewerInterests = page.viewerInterests
                state.allowance = SwipeLimiter.allowance(page.allowance, lessQueued: queuedSwipes)
            }
            scheduleDayTurn()
            refillIfNeeded()
        case .failure(let error):
            store.update { $0.isLoading = false }
            switch RequestFailureMapper.map(error) {
            case .sessionEnded(let reason):
                store.report(SessionError.ended(reason))
            case .failure(let failure):
                store.update { $0.failure = failure }
            case .rateLimited, .fieldError:
                store.update { $0.failure = .server("Could not load people") }
            }
        }
    }

    // MARK: Requests

    /// Asks for the page at ``cursor``; the answer goes to ``received(_:for:)`` unless the deck
    /// reloaded meanwhile (new preferences), or is gone.
    func fetchPage() {
        let discovery = discovery
        let cursor = cursor
        let generation = generation
        authorizer.perform(
            { token, completion in
                discovery.fetchCandidates(
                    cursor: cursor, limit: DeckRefillPolicy.pageSize, accessToken: token,
                    completion: completion)
            },
            completion: tasks.answer { [weak self] result in
                guard let self, generation == self.generation else { return }
                self.received(result, for: cursor)
            })
    }

    /// Sends `swipe` (or, for an undo, undoes the pass it names); the answer goes to ``sent(_:_:)``,
    /// if the deck is still there.
    func send(_ swipe: Swipe) {
        let discovery = discovery
        guard swipe.isUndo else {
            authorizer.perform(
                { token, completion in discovery.sendSwipe(swipe, accessToken: token, completion: completion)
                },
                completion: tasks.answer { [weak self] result in self?.sent(swipe.id, result) })
            return
        }
        authorizer.perform(
            { token, completion in
                discovery.undoSwipe(id: swipe.id, accessToken: token, completion: completion)
            },
            completion: tasks.answer { [weak self] result in self?.sent(swipe.id, result.map { .recorded }) })
    }
}
