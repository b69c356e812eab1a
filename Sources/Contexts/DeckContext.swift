import Foundation
import Interactors
import Models
import Services

/// The recommendations use case's context: the ranked deck, swipes and their persistent queue.
///
/// Inputs: ``start()``, ``swiped(_:)``, ``rewind()``, ``matchSeen()``, ``outOfLikesSeen()``,
/// ``outOfSuperLikesSeen()``, ``retry()``, ``preferencesChanged(_:)``. Output: ``DeckState``
/// through ``store``. Pages are ranked by ``CandidateRanker`` and merged into the cards left; the next
/// page is asked for before the deck runs dry (``DeckRefillPolicy``). Every swipe goes into a
/// persistent queue first and leaves it only when the server confirmed it, so a swipe made offline is
/// sent once when the network returns (retried with ``RetryPolicy``), and survives a relaunch. A
/// refused session is reported as ``SessionError/ended(_:)``; the queue stays on disk.
@MainActor
public final class DeckContext: StateContext {
    /// The observable state. Emits on every swipe, page, response and countdown tick.
    public let store = StateStore(DeckState())

    private let viewerID: UserID
    private let authorizer: RequestAuthorizer
    /// The discovery service and the queue's store, shared by reference with each swipe's request.
    private let backend: Backend
    private let scheduler: any Scheduler
    private let ids: any IDGenerator

    // The deck's bookkeeping is main-actor isolated and never accessed across a call that could come
    // back to it (collections are edited in place by the standard library; the store, the service and
    // the scheduler are called after each access ends), so the run-time exclusivity checks are left out
    // (Decision 22).
    @exclusivity(unchecked) private var started = false
    @exclusivity(unchecked) private var generation = 0
    @exclusivity(unchecked) private var cursor: String?
    @exclusivity(unchecked) private var shown: Set<UserID> = []
    @exclusivity(unchecked) private var queue: [Swipe] = []
    @exclusivity(unchecked) private var sendingID: String?
    @exclusivity(unchecked) private var undoAfterSending: Set<String> = []
    @exclusivity(unchecked) private var retryAttempt = 0
    @exclusivity(unchecked) private var retryTask: ScheduledTask?
    @exclusivity(unchecked) private var resetTask: ScheduledTask?
    /// The id of the last pass, which rewind can take back (kept alone: the whole swipe was copied
    /// on every swipe for its id).
    @exclusivity(unchecked) private var lastPassID: String?
    @exclusivity(unchecked) private var announcedMatches: Set<String> = []
    /// The card of each queued swipe, in the queue's order (`nil` for a swipe loaded from an earlier
    /// run), to put a refused like's card back: kept beside the queue, so a swipe's card is found with
    /// it, not by hashing its id.
    @exclusivity(unchecked) private var queuedCards: [Candidate?] = []
    /// The delivery of the last swipe sent, kept to send the next with once its answers are in.
    @exclusivity(unchecked) private var lastDelivery: SwipeDelivery?
    /// This deck, held weakly, for the answers of swipes in flight: made once and shared.
    private let weakSelf = WeakReference<DeckContext>()

    /// Creates the deck of `viewer`; `queueStore` keeps unsent swipes (memory only when `nil`).
    public init(
        viewer: UserID, authorizer: RequestAuthorizer, discovery: any DiscoveryService,
        scheduler: any Scheduler,
        ids: any IDGenerator, queueStore: (any SwipeQueueStore)?
    ) {
        self.viewerID = viewer
        self.authorizer = authorizer
        self.backend = Backend(discovery: discovery, queueStore: queueStore)
        self.scheduler = scheduler
        self.ids = ids
        weakSelf.object = self
    }

    /// Call once when the signed-in app starts: loads and sends queued swipes, then the first page.
    public func start() {
        guard !started else { return }
        started = true
        do {
            queue = try backend.loadQueue()
        } catch {
            store.report(error)
        }
        queuedCards = Array(repeating: nil, count: queue.count)
        // Queued swipes from an earlier run are decided: their cards must not come back.
        shown.formUnion(queue.map(\.candidate))
        // Most often nothing was queued: setting 0 again would still copy the deck's storage.
        if queue.count != store.current.queuedSwipes {
            store.update { $0.queuedSwipes = queue.count }
        }
        flush()
        refillIfNeeded()
    }

    /// Call when the user swipes the top card (right: like, left: pass, up: super like).
    public func swiped(_ action: SwipeAction) {
        let now = scheduler.now
        // Read in place: a copy of the state held the deck's box while the swipe changes it, which
        // then copied it.
        let (top, allowance) = store.inspect { ($0.top, $0.allowance) }
        guard let top, let allowance else { return }
        let decision = SwipeLimiter.decide(action, allowance: allowance, at: now)
        guard case .allowed(let remaining) = decision else { return refused(decision) }
        let swipe = Swipe(id: ids.next(), candidate: top.id, action: action, swipedAt: now)
        lastPassID = action == .pass ? swipe.id : nil
        queue.append(swipe)
        queuedCards.append(top)
        persistQueue()
        // One notification for the swipe, its match and the page request it may start, each changing
        // the deck in place: the flow keeps no snapshot, so its box is most often the store's alone.
        store.batchChangingInPlace {
            store.update { state in
                state.takeTop(
                    swiped: swipe, allowance: remaining, rewindable: action == .pass ? top : nil,
                    queuedSwipes: queue.count)
            }
            // Most swipes make no match: the match (a large optional, whose destruction alone ran
            // through several value witnesses) is made apart, only for one that does.
            if MatchDetector.makesMatch(swiping: action, on: top) {
                matched(swiping: action, on: top, at: now)
            }
            flush()
            refillIfNeeded()
        }
    }

    /// A swipe the daily limits refused: the out-of-likes countdown or the out-of-super-likes notice.
    ///
    /// Apart from ``swiped(_:)`` (as ``matched(swiping:on:at:)`` is), so that an allowed swipe runs through a
    /// short stretch of code.
    @inline(never)
    private func refused(_ decision: SwipeLimiter.Decision) {
        switch decision {
        case .outOfLikes(let resetsAt):
            store.update { $0.likesResetInSeconds = secondsUntil(resetsAt) }
            scheduleResetTick()
        case .outOfSuperLikes:
            store.update { $0.isOutOfSuperLikes = true }
        case .allowed:
            break
        }
    }

    /// A swipe of `action` on `card` that made a match on this side: the match waits to be seen
    /// (inside the swipe's batch).
    @inline(never)
    private func matched(swiping action: SwipeAction, on card: Candidate, at now: Date) {
        guard let match = MatchDetector.match(viewer: viewerID, swiping: action, on: card, at: now) else {
            return
        }
        announcedMatches.insert(match.id)
        store.update { $0.pendingMatch = match }
    }

    /// Call when the user taps rewind: brings the last passed card back (a like cannot be rewound).
    public func rewind() {
        guard let pass = lastPassID, let card = store.current.rewindable else { return }
        lastPassID = nil
        if sendingID == pass {
            undoAfterSending.insert(pass)
        } else if let index = Self.index(of: pass, in: queue) {
            queue.remove(at: index)
            queuedCards.remove(at: index)
            persistQueue()
        } else {
            undo(pass)
        }
        if queue.isEmpty {
            // Nothing left to send: no retry is waiting any more.
            retryTask?.cancel()
            retryTask = nil
            retryAttempt = 0
        }
        store.update { state in
            state.cards.insertFirst(card)
            state.rewindable = nil
            state.queuedSwipes = queue.count
            if queue.isEmpty { state.isSendingDelayed = false }
        }
    }

    /// Call when the user closed the "It's a match" modal, either way.
    public func matchSeen() {
        store.update { $0.pendingMatch = nil }
    }

    /// Call when the user closed the out-of-likes modal.
    public func outOfLikesSeen() {
        resetTask?.cancel()
        store.update { $0.likesResetInSeconds = nil }
    }

    /// Call when the user closed the out-of-super-likes notice.
    public func outOfSuperLikesSeen() {
        store.update { $0.isOutOfSuperLikes = false }
    }

    /// Call when the user taps retry after a page failed to load.
    public func retry() {
        store.update { $0.failure = nil }
        refillIfNeeded()
    }

    /// Call when the user saved new preferences: the deck reloads from the first page.
    public func preferencesChanged(_ preferences: SearchPreferences) {
        generation += 1
        cursor = nil
        shown = Set(queue.map(\.candidate))
        store.update { state in
            state.cards = []
            state.isLoading = false
            state.isExhausted = false
            state.failure = nil
            state.preferences = preferences
            state.rewindable = nil
        }
        lastPassID = nil
        refillIfNeeded()
    }

    // MARK: Pages

    private func refillIfNeeded() {
        // The state is read for the question alone, not kept in a local across the update below: a
        // copy held then shared the deck's box, which the update (in place, after a swipe) copied.
        guard Self.needsPage(store.current) else { return }
        store.update { $0.isLoading = true }
        authorizer.perform(
            PageRequest(
                cursor: cursor, generation: generation, backend: backend, deck: weakSelf,
                authorizer: authorizer.weakSelf))
    }

    /// Whether `state` should ask for the next page (``DeckRefillPolicy``).
    private static func needsPage(_ state: borrowing DeckState) -> Bool {
        DeckRefillPolicy.shouldFetch(
            cardsLeft: state.cards.count, isLoading: state.isLoading, isExhausted: state.isExhausted,
            hasFailed: state.hasFailure)
    }

    /// The server's answer to the page asked for with `requested` as the cursor, in `generation`:
    /// an answer to a request made before the deck started again (new preferences) changes nothing.
    func received(_ result: Result<DiscoveryPage, ServiceError>, for requested: String?, in generation: Int) {
        guard generation == self.generation else { return }
        received(result, for: requested)
    }

    private func received(_ result: Result<DiscoveryPage, ServiceError>, for requested: String?) {
        switch result {
        case .success(let page):
            // A page for another request (a duplicate or late delivery) changes nothing.
            guard store.current.isLoading, requested == cursor else { return }
            guard page.cursor == requested else {
                store.update { state in
                    state.isLoading = false
                    state.failure = .server("Unexpected page from the server")
                }
                return
            }
            let viewer = CandidateRanker.Viewer(
                id: viewerID, interestList: page.viewerInterests, preferences: page.preferences)
            // Sized once per page, and doubled when it grows: growing a step at a time (or to the exact
            // size, every page) rehashes every id already in it. The first page makes room for two.
            let wanted = shown.count + page.candidates.count
            if wanted > shown.capacity {
                // A set made with room is specialized here; `reserveCapacity` on a set in use ran
                // unspecialized, looking its type up at run time (≈ 5 k instructions a page).
                var larger = Set<UserID>(
                    minimumCapacity: max(wanted, 2 * shown.capacity, 2 * DeckRefillPolicy.pageSize))
                larger.formUnion(shown)
                shown = larger
            }
            // Each candidate's id is looked up in `shown` and recorded there by one insertion.
            let merged = CandidateRanker.rankAndMerge(
                page.candidates, into: Array(store.current.cards), for: viewer, recordingIn: &shown)
            cursor = page.nextCursor
            store.update { state in
                state.cards = DeckCards(merged)
                state.isLoading = false
                state.isExhausted = page.nextCursor == nil
                state.preferences = page.preferences
                state.viewerInterests = page.viewerInterests
                state.allowance = allowanceAfterQueue(page.allowance)
            }
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

    /// The server's allowance, less the likes still waiting in the queue (it has not counted them).
    private func allowanceAfterQueue(_ allowance: SwipeAllowance) -> SwipeAllowance {
        var allowance = allowance
        allowance.likesRemaining = max(0, allowance.likesRemaining - Self.count(.like, in: queue))
        allowance.superLikesRemaining = max(
            0, allowance.superLikesRemaining - Self.count(.superLike, in: queue))
        return allowance
    }

    // MARK: The swipe queue

    private func flush() {
        guard sendingID == nil, let swipe = queue.first else { return }
        // Most often none is waiting: nothing to cancel, nor an empty optional to destroy.
        if let retry = retryTask {
            retry.cancel()
            retryTask = nil
        }
        sendingID = swipe.id
        let delivery: SwipeDelivery
        if let reusable = SwipeDelivery.reused(&lastDelivery, for: swipe) {
            delivery = reusable
        } else {
            delivery = SwipeDelivery(swipe, backend: backend, deck: weakSelf, authorizer: authorizer.weakSelf)
            lastDelivery = delivery
        }
        authorizer.perform(delivery)
    }

    /// The server's answer to the swipe with id `id` (only its id: the swipe is not copied out of its
    /// delivery for the answer).
    func sent(_ id: String, _ result: Result<SwipeOutcome, ServiceError>) {
        sendingID = nil
        switch result {
        case .success(let outcome):
            retryAttempt = 0
            let refusedCard = dequeue(id)
            // Most often none is waiting: an empty set need not hash the id.
            if !undoAfterSending.isEmpty, undoAfterSending.remove(id) != nil { undo(id) }
            switch outcome {
            case .recorded:
                break
            case .matched(let match):
                if !announcedMatches.contains(match.id) {
                    announcedMatches.insert(match.id)
                    store.update { $0.pendingMatch = match }
                }
            case .limitReached(let resetsAt):
                // The server refused the like: its card comes back and the out-of-likes modal shows.
                store.update { state in
                    state.allowance?.likesRemaining = 0
                    state.allowance?.resetsAt = resetsAt
                    if let card = refusedCard, !state.cards.contains(where: { $0.id == card.id }) {
                        state.cards.insertFirst(card)
                    }
                    state.likesResetInSeconds = secondsUntil(resetsAt)
                }
                scheduleResetTick()
            }
            flush()
        case .failure(.notFound), .failure(.rejected):
            dequeue(id)
            flush()
        case .failure(.tokenExpired):
            store.report(SessionError.ended(.sessionExpired))
        case .failure(.tokenRevoked):
            store.report(SessionError.ended(.sessionRevoked))
        case .failure:
            retryAttempt += 1
            store.update { $0.isSendingDelayed = true }
            retryTask = scheduler.schedule(after: RetryPolicy.delay(forAttempt: retryAttempt)) {
                [weak self] in
                self?.flush()
            }
        }
    }

    /// Takes the swipe with id `id`, which the server answered, off the queue; returns its card, if
    /// this run made it.
    @discardableResult
    private func dequeue(_ id: String) -> Candidate? {
        var card: Candidate?
        var emptied: [Swipe]?
        if let index = Self.index(of: id, in: queue) {
            // Most often the only one: taken off the end inline, without `remove(at:)`'s code.
            card = index == queuedCards.count - 1 ? queuedCards.removeLast() : queuedCards.remove(at: index)
            if queue.count == 1 {
                // The store keeps the array last saved, sharing its storage: emptied in place, the
                // queue would be copied first. Saved empty instead, the store lets the storage go;
                // emptied then, alone, it is kept for the next swipe to append to without allocating.
                emptied = queue
                queue = []
            } else {
                queue.remove(at: index)
            }
        }
        persistQueue()
        // Saving can call out (a failed save is reported to the error observers, which may swipe):
        // the kept storage comes back only to a queue still empty, never over a swipe made meanwhile.
        if var storage = emptied.take(), queue.isEmpty {
            // Its one swipe taken off (`removeAll(keepingCapacity:)` goes through `replaceSubrange`).
            storage.removeLast()
            queue = storage
        }
        store.update { $0.setQueue(count: queue.count, isSendingDelayed: false) }
        return card
    }

    /// Undoes a pass the server has; offline or on a server fault it tries again with ``RetryPolicy``
    /// while the app runs (an undo is not kept across a relaunch).
    private func undo(_ id: String, attempt: Int = 0) {
        let backend = backend
        authorizer.perform(
            { token, completion in
                backend.undoSwipe(id: id, accessToken: token, completion: completion)
            },
            completion: { [weak self] result in
                guard let self, case .failure(let error) = result else { return }
                switch error {
                case .networkUnavailable, .server, .malformedResponse:
                    self.scheduler.schedule(after: RetryPolicy.delay(forAttempt: attempt + 1)) {
                        [weak self] in
                        self?.undo(id, attempt: attempt + 1)
                    }
                default:
                    break
                }
            })
    }

    private func persistQueue() {
        do {
            try backend.saveQueue(queue)
        } catch {
            failedToSave(error)
        }
    }

    /// Reports a save of the queue that failed (apart: the save is on every swipe's way, this never).
    @inline(never)
    private func failedToSave(_ error: StoreError) {
        store.report(error)
    }

    // MARK: The daily reset

    private func secondsUntil(_ date: Date) -> Int {
        Int(min(max(0, date.timeIntervalSince(scheduler.now).rounded(.up)), 366 * 86_400))
    }

    private func scheduleResetTick() {
        resetTask?.cancel()
        guard let remaining = store.current.likesResetInSeconds else { return }
        let step = remaining % 60 == 0 ? min(60, remaining) : remaining % 60
        resetTask = scheduler.schedule(after: .seconds(max(1, step))) { [weak self] in self?.resetTick() }
    }

    private func resetTick() {
        guard let resetsAt = store.current.allowance?.resetsAt else { return }
        let remaining = secondsUntil(resetsAt)
        store.update { state in
            if remaining == 0 {
                state.likesResetInSeconds = nil
                state.allowance = state.allowance.map { SwipeLimiter.current($0, at: scheduler.now) }
            } else {
                state.likesResetInSeconds = remaining
            }
        }
        if remaining > 0 { scheduleResetTick() }
    }
}
