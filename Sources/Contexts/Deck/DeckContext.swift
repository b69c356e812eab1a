import Foundation
import Interactors
import Models
import Services

/// The recommendations use case's context: the ranked deck, swipes and their persistent queue.
///
/// Inputs: ``start()``, ``swiped(_:)``, ``rewind()``, ``matchSeen()``, ``outOfLikesSeen()``,
/// ``outOfSuperLikesSeen()``, ``retry()``, ``preferencesChanged(_:)``. Output: ``Models/DeckState`` through
/// ``store``. Pages are ranked by ``Interactors/CandidateRanker`` and merged into the cards left; the next
/// page is asked for before the deck runs dry (``Interactors/DeckRefillPolicy``). Every swipe goes into a
/// persistent queue first (sent once the queue holding it is on disk, written off the main actor) and
/// leaves it only when the server confirmed it, so a swipe made offline is sent once when the network
/// returns (retried then, or with ``Interactors/RetryPolicy``'s delay after a server fault or where the
/// network is not monitored), and survives a relaunch. A
/// refused session is reported as ``Models/SessionError/ended(_:)``; the queue stays on disk.
@MainActor
public final class DeckContext: StateContext {
    /// The observable state.
    ///
    /// Emits on every swipe, page, response and countdown tick.
    public let store = StateStore(DeckState())

    // Not private: the page requests (DeckContext+Requests.swift) use these too.
    let viewerID: UserID
    let authorizer: RequestAuthorizer
    let discovery: any DiscoveryService
    /// Where unsent swipes are kept; `nil` keeps them in memory only.
    let queueStore: (any SwipeQueueStore)?
    let scheduler: any Scheduler
    private let ids: any IDGenerator
    /// Tries failed sends and undos again: on a timer, or when the network returns.
    let retries: RetryTimer

    private var started = false
    /// Counts the reloads (new preferences): the answer to a page asked for before one is ignored.
    var generation = 0
    /// The cursor of the next page to ask for.
    var cursor: String?
    /// Every card the deck has held, and the card of every queued swipe: none is shown twice.
    var shown: Set<UserID> = []
    /// The swipes the server has not confirmed, oldest first; the first is the one sent.
    private(set) var queue: [Swipe] = []
    /// The queued swipes a finished save held (on disk, or the failure reported): only these are sent,
    /// so the server never holds a swipe the disk does not.
    private var savedIDs: Set<String> = []
    /// The card of each queued swipe made in this run, by swipe id: a refused like's card comes back.
    private var queuedCards: [String: Candidate] = [:]
    /// The id of the swipe on its way to the server, if any.
    private var sendingID: String?
    /// Passes rewound while on their way: undone on the server once it has them.
    private var undoAfterSending: Set<String> = []
    private var retryAttempt = 0
    private var retryTask: ScheduledTask?
    private var resetTask: ScheduledTask?
    /// The id of the last pass, which rewind can take back.
    private var lastPassID: String?
    /// The matches already shown, so the server's confirmation of one is not shown again.
    private var announcedMatches: Set<String> = []

    /// Creates the deck of `viewer`; `queueStore` keeps unsent swipes (memory only when `nil`);
    /// retries wait for `network` while it is down (always reachable when `nil`).
    public init(
        viewer: UserID, authorizer: RequestAuthorizer, discovery: any DiscoveryService,
        scheduler: any Scheduler,
        ids: any IDGenerator, queueStore: (any SwipeQueueStore)?, network: (any NetworkMonitor)? = nil
    ) {
        self.viewerID = viewer
        self.authorizer = authorizer
        self.discovery = discovery
        self.queueStore = queueStore
        self.scheduler = scheduler
        self.ids = ids
        self.retries = RetryTimer(
            scheduler: scheduler, network: network ?? UnmonitoredNetwork(scheduler: scheduler))
    }

    deinit {
        retryTask?.cancel()
        resetTask?.cancel()
    }

    /// Call once when the signed-in app starts: loads and sends queued swipes, then the first page.
    public func start() {
        guard !started else { return }
        started = true
        if let loaded = queueStore?.load() {
            queue = loaded.items
            savedIDs = Set(queue.map(\.id))
            if let problem = loaded.problem { store.report(problem) }
        }
        // Queued swipes from an earlier run are decided: their cards must not come back.
        shown.formUnion(queue.map(\.candidate))
        store.update { $0.queuedSwipes = queue.count }
        flush()
        refillIfNeeded()
    }

    /// Call when the user swipes the top card (right: like, left: pass, up: super like).
    public func swiped(_ action: SwipeAction) {
        let now = scheduler.now
        guard let top = store.snapshot.top, let allowance = store.snapshot.allowance else { return }
        switch SwipeLimiter.decide(action, allowance: allowance, at: now) {
        case .outOfLikes(let resetsAt):
            store.update { $0.likesResetInSeconds = SwipeLimiter.secondsUntil(resetsAt, from: now) }
            scheduleResetTick()
        case .outOfSuperLikes:
            store.update { $0.isOutOfSuperLikes = true }
        case .allowed(let remaining):
            let swipe = Swipe(id: ids.next(), candidate: top.id, action: action, swipedAt: now)
            lastPassID = action == .pass ? swipe.id : nil
            queue.append(swipe)
            queuedCards[swipe.id] = top
            persistQueue()
            let match = MatchDetector.match(viewer: viewerID, swiping: action, on: top, at: now)
            if let match { announcedMatches.insert(match.id) }
            // One notification for the swipe, its match and the page request it may start.
            store.batch {
                store.update { state in
                    state.cards.removeFirst()
                    state.allowance = remaining
                    state.rewindable = action == .pass ? top : nil
                    state.lastSwipe = swipe
                    state.queuedSwipes = queue.count
                    if let match { state.pendingMatch = match }
                }
                flush()
                refillIfNeeded()
            }
        }
    }

    /// Call when the user taps rewind: brings the last passed card back (a like cannot be rewound).
    public func rewind() {
        guard let pass = lastPassID, let card = store.snapshot.rewindable else { return }
        lastPassID = nil
        if sendingID == pass {
            undoAfterSending.insert(pass)
        } else if let index = queue.firstIndex(where: { $0.id == pass }) {
            queue.remove(at: index)
            queuedCards[pass] = nil
            savedIDs.remove(pass)
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
            state.cards.insert(card, at: 0)
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

    // MARK: The swipe queue

    /// Sends the oldest queued swipe once a save held it, unless one is on its way already.
    private func flush() {
        guard sendingID == nil, let swipe = queue.first, isSaved(swipe) else { return }
        retryTask?.cancel()
        retryTask = nil
        sendingID = swipe.id
        send(swipe)
    }

    /// The server's answer to the swipe with id `id`.
    func sent(_ id: String, _ result: Result<SwipeOutcome, ServiceError>) {
        sendingID = nil
        switch result {
        case .success(let outcome):
            retryAttempt = 0
            let card = dequeue(id)
            if undoAfterSending.remove(id) != nil { undo(id) }
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
            retryTask = retries.schedule(attempt: retryAttempt) { [weak self] in self?.flush() }
        }
    }

    /// Takes the swipe with id `id`, which the server answered, off the queue; returns its card, if
    /// this run made it.
    @discardableResult
    private func dequeue(_ id: String) -> Candidate? {
        queue.removeAll { $0.id == id }
        savedIDs.remove(id)
        let card = queuedCards.removeValue(forKey: id)
        persistQueue()
        store.update { state in
            state.queuedSwipes = queue.count
            state.isSendingDelayed = false
        }
        return card
    }

    /// Saves the queue off the main actor; when the save is done (a failure is reported to the flow),
    /// the swipes it held may be sent, and the oldest is if the save freed it.
    private func persistQueue() {
        guard let queueStore else { return }
        let saved = queue.map(\.id)
        queueStore.save(queue) { [weak self] result in
            guard let self else { return }
            if case .failure(let error) = result { self.store.report(error) }
            let headWasWaiting = self.queue.first.map { !self.isSaved($0) } ?? false
            self.savedIDs.formUnion(saved)
            self.savedIDs.formIntersection(self.queue.map(\.id))
            if headWasWaiting { self.flush() }
        }
    }

    /// Whether a save held `swipe` (always, with no store).
    private func isSaved(_ swipe: Swipe) -> Bool {
        queueStore == nil || savedIDs.contains(swipe.id)
    }

    // MARK: The daily reset

    /// Counts the out-of-likes modal down, a tick at each whole minute left.
    private func scheduleResetTick() {
        resetTask?.cancel()
        guard let secondsLeft = store.snapshot.likesResetInSeconds else { return }
        resetTask = scheduler.schedule(after: SwipeLimiter.countdownStep(secondsLeft: secondsLeft)) {
            [weak self] in
            self?.resetTick()
        }
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
