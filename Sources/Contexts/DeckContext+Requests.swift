import Interactors
import Models
import Services

extension DeckContext {
    /// The deck's services, held by one reference that request closures share.
    ///
    /// A closure capturing the service existential copies it (and allocates room for it); one
    /// capturing this object retains it. Without a store the queue lives in memory only. The calls
    /// go through the backend's own methods, as `ChatContext.Backend`'s do: the service or store is
    /// called where it is stored, not copied out of it first.
    final class Backend: Sendable {
        private let discovery: any DiscoveryService
        /// Where the queue is saved: the injected store, or one that keeps nothing.
        private let queueStore: any SwipeQueueStore

        init(discovery: any DiscoveryService, queueStore: (any SwipeQueueStore)?) {
            self.discovery = discovery
            self.queueStore = queueStore ?? NoQueueStore()
        }

        /// Asks for a page of candidates.
        func fetchCandidates(
            cursor: String?, limit: Int, accessToken: String,
            completion: @escaping ServiceCompletion<DiscoveryPage>
        ) {
            discovery.fetchCandidates(
                cursor: cursor, limit: limit, accessToken: accessToken, completion: completion)
        }

        /// Sends a swipe.
        func sendSwipe(
            _ swipe: Swipe, accessToken: String, completion: @escaping ServiceCompletion<SwipeOutcome>
        ) {
            discovery.sendSwipe(swipe, accessToken: accessToken, completion: completion)
        }

        /// Asks to undo a pass.
        func undoSwipe(id: String, accessToken: String, completion: @escaping ServiceCompletion<Void>) {
            discovery.undoSwipe(id: id, accessToken: accessToken, completion: completion)
        }

        /// The queue saved last.
        func loadQueue() throws(StoreError) -> [Swipe] { try queueStore.load() }

        /// Saves the queue.
        func saveQueue(_ swipes: [Swipe]) throws(StoreError) { try queueStore.save(swipes) }
    }

    /// A queue store for a deck without one: nothing to load, nothing kept.
    ///
    /// Lets the deck call its store without unwrapping an optional existential, which copied it on
    /// every save.
    private struct NoQueueStore: SwipeQueueStore {
        func load() throws(StoreError) -> [Swipe] { [] }
        func save(_ swipes: [Swipe]) throws(StoreError) {}
    }

    /// One page's request and answer (``AuthorizedRequest``): the cursor asked with and the deck's
    /// generation then, in one object the completion captures alone. (Closures for the request and
    /// the answer, and the authorizer's around them, allocated five contexts and thunks a page.)
    @MainActor
    final class PageRequest: AuthorizedRequest {
        let cursor: String?
        let generation: Int
        let backend: Backend
        let deck: WeakReference<DeckContext>
        let authorizer: WeakReference<RequestAuthorizer>

        init(
            cursor: String?, generation: Int, backend: Backend, deck: WeakReference<DeckContext>,
            authorizer: WeakReference<RequestAuthorizer>
        ) {
            self.cursor = cursor
            self.generation = generation
            self.backend = backend
            self.deck = deck
            self.authorizer = authorizer
        }

        /// Asks for the page with `token`; the answer goes to the deck, if it is still there (on the
        /// first try, unless it starts a retry).
        func send(accessToken token: String, isRetry: Bool) {
            if isRetry {
                backend.fetchCandidates(
                    cursor: cursor, limit: DeckRefillPolicy.pageSize, accessToken: token
                ) { [self] result in answered(result) }
            } else {
                backend.fetchCandidates(
                    cursor: cursor, limit: DeckRefillPolicy.pageSize, accessToken: token
                ) { [self] result in
                    if case .failure(let error) = result, retries(after: error) { return }
                    answered(result)
                }
            }
        }

        /// Hands the failed refresh to the deck, if it is still there.
        func failed(_ error: ServiceError) {
            answered(.failure(error))
        }

        private func answered(_ result: Result<DiscoveryPage, ServiceError>) {
            deck.object?.received(result, for: cursor, in: generation)
        }
    }

    /// One swipe's request and answer: what both need, in the one object both closures capture.
    ///
    /// A closure capturing a single reference needs no context of its own; capturing the service
    /// and the swipe, each of the two allocated one and copied both. The deck keeps the last one and
    /// sends the next swipe with it once nothing else holds it (``reused(for:)``), rather than
    /// allocating one per swipe.
    ///
    /// It is also the request the authorizer runs (``AuthorizedRequest``), so the completion the
    /// authorizer hands the service captures it alone.
    @MainActor
    final class SwipeDelivery: AuthorizedRequest {
        /// The swipe sent; changed only by ``reused(for:)``.
        private(set) var swipe: Swipe
        let backend: Backend
        let deck: WeakReference<DeckContext>
        let authorizer: WeakReference<RequestAuthorizer>

        init(
            _ swipe: Swipe, backend: Backend, deck: WeakReference<DeckContext>,
            authorizer: WeakReference<RequestAuthorizer>
        ) {
            self.swipe = swipe
            self.backend = backend
            self.deck = deck
            self.authorizer = authorizer
        }

        /// `delivery` made to send `swipe`, when the caller's reference is the only one (no request,
        /// answer or duplicate answer of its last swipe is still on its way: each holds it); `nil`
        /// otherwise, or when there is none.
        ///
        /// Reusing a delivery whose request could still be answered would hand that answer to the
        /// next swipe: the uniqueness check is what makes the reuse safe.
        static func reused(_ delivery: inout SwipeDelivery?, for swipe: Swipe) -> SwipeDelivery? {
            guard isKnownUniquelyReferenced(&delivery), let reusable = delivery else { return nil }
            reusable.swipe = swipe
            return reusable
        }

        /// Sends the swipe with `token`; the answer goes to the deck, if it is still there (on the
        /// first try, unless it starts a retry). Each completion captures the delivery alone.
        func send(accessToken token: String, isRetry: Bool) {
            if isRetry {
                backend.sendSwipe(swipe, accessToken: token) { [self] result in answered(result) }
            } else {
                backend.sendSwipe(swipe, accessToken: token) { [self] result in
                    if case .failure(let error) = result, retries(after: error) { return }
                    answered(result)
                }
            }
        }

        /// Hands the server's answer to the deck, if it is still there.
        private func answered(_ result: Result<SwipeOutcome, ServiceError>) {
            deck.object?.sent(swipe.id, result)
        }

        /// Hands the failed refresh to the deck, if it is still there.
        func failed(_ error: ServiceError) {
            answered(.failure(error))
        }
    }
}

extension DeckContext {
    // Closures handed to the standard library from main-actor code check the executor at run time
    // each time they run (about 220 instructions); formed in these nonisolated helpers, they do not.

    /// Where the swipe with id `id` waits in `queue`, if it does.
    ///
    /// Always inlined: a short loop, run on every answer to a swipe.
    @inline(__always)
    nonisolated static func index(of id: String, in queue: [Swipe]) -> Int? {
        for index in queue.indices where queue[index].id == id { return index }
        return nil
    }

    /// How many swipes of `action` wait in `queue`.
    nonisolated static func count(_ action: SwipeAction, in queue: [Swipe]) -> Int {
        queue.reduce(0) { $0 + ($1.action == action ? 1 : 0) }
    }
}
