import Interactors
import Models
import Services

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
            guard store.snapshot.isLoading, requested == store.snapshot.cursor else { return }
            guard page.cursor == requested else {
                store.update { state in
                    state.isLoading = false
                    state.failure = .server("Unexpected page from the server")
                }
                return
            }
            let viewer = CandidateRanker.Viewer(
                id: viewerID, interests: Set(page.viewerInterests), preferences: page.preferences)
            store.update { state in
                state.cards = CandidateRanker.rankAndMerge(page.candidates, into: state.cards, for: viewer) {
                    state.held.insert($0).inserted
                }
                state.cursor = page.nextCursor
                state.isLoading = false
                state.isExhausted = page.nextCursor == nil
                state.preferences = page.preferences
                state.viewerInterests = page.viewerInterests
                state.allowance = SwipeLimiter.allowance(page.allowance, lessQueued: state.queuedSwipes)
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

    /// Asks for the page at the state's cursor; the answer goes to ``received(_:for:)`` unless the
    /// deck reloaded meanwhile (new preferences), or is gone.
    func fetchPage() {
        let discovery = discovery
        let cursor = store.snapshot.cursor
        let generation = store.snapshot.generation
        authorizer.perform(
            { token, completion in
                discovery.fetchCandidates(
                    cursor: cursor, limit: DeckRefillPolicy.pageSize, accessToken: token,
                    completion: completion)
            },
            completion: tasks.answer { [weak self] result in
                guard let self, generation == self.store.snapshot.generation else { return }
                self.received(result, for: cursor)
            })
    }
}
