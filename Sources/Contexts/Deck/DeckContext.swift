import Foundation
import Interactors
import Models
import Services

/// The recommendations use case's context: the ranked deck, swipes and their persistent queue.
///
/// Inputs: ``start()``, ``swiped(_:)``, ``rewind()``, ``matchSeen()``, ``outOfLikesSeen()``,
/// ``outOfSuperLikesSeen()``, ``retry()``, ``retrySending()``, ``preferencesChanged(_:)``, ``end()``.
/// Output: ``Models/DeckState`` through ``store``, with the swipes on their way
/// (``Models/DeckState/queue``). Pages are ranked by ``Interactors/CandidateRanker`` and merged into the cards left; the next
/// page is asked for before the deck runs dry (``Interactors/DeckRefillPolicy``). Every swipe goes into a
/// persistent queue first and leaves it only when the server confirmed it, so a swipe made offline is sent
/// once when the network returns (retried then, or with ``Interactors/RetryPolicy``'s delay after a
/// server fault or where the network is not monitored), and survives a relaunch. A
/// refused session is reported as ``Models/SessionError/ended(_:)``; the queue stays on disk.
@MainActor
public final class DeckContext: StateContext {
    /// The observable state.
    ///
    /// Emits on every swipe, page, response, countdown tick and change of the swipe queue.
    public let store = StateStore(DeckState())

    // Not private: the page requests and the swipe queue (DeckContext+Requests.swift,
    // DeckContext+SwipeQueue.swift) use these too.
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
    /// The swipes (and undos) the server has not confirmed, oldest first, sent one at a time.
    let swipes: SendQueue<Swipe>
    /// What the chat is told of the queue (a message to a new match waits for its swipe).
    let pendingSwipes: PendingSwipes?
    /// The swipes made in this run that are still queued, by swipe id.
    var madeThisRun: [String: SwipeMade] = [:]
    /// The out-of-likes countdown's next tick (`"countdown"`), the day's turn (`"dayTurn"`) and the
    /// answers of the page and swipe requests, cancelled by ``end()``.
    let tasks = CancelBag()
    /// The reset the day's turn is set for.
    var dayTurnAt: Date?
    /// The id of the last pass, which rewind can take back.
    private var lastPassID: String?
    /// The matches already shown, so the server's confirmation of one is not shown again.
    var announcedMatches: Set<String> = []

    /// Creates the deck of `viewer`; `queueStore` keeps unsent swipes (memory only when `nil`);
    /// retries wait for `network` while it is down (always reachable when `nil`); `pendingSwipes` is
    /// told what the queue holds (for the chat).
    public init(
        viewer: UserID, authorizer: RequestAuthorizer, discovery: any DiscoveryService,
        scheduler: any Scheduler,
        ids: any IDGenerator, queueStore: (any SwipeQueueStore)?, network: (any NetworkMonitor)? = nil,
        pendingSwipes: PendingSwipes? = nil
    ) {
        self.viewerID = viewer
        self.authorizer = authorizer
        self.discovery = discovery
        self.queueStore = queueStore
        self.scheduler = scheduler
        self.ids = ids
        let retries = RetryTimer(
            scheduler: scheduler, network: network ?? UnmonitoredNetwork(scheduler: scheduler))
        self.retries = retries
        self.pendingSwipes = pendingSwipes
        self.swipes = SendQueue(retries: retries)
        swipes.save = { entries, done in
            guard let queueStore else { return done(.success(())) }
            queueStore.save(entries.map(\.item), completion: done)
        }
        swipes.onSaveFailed = { [weak self] error in self?.store.report(error) }
        swipes.onChange = { [weak self] _, _ in self?.queueChanged() }
        swipes.onReady = { [weak self] in self?.flush() }
    }

    /// The swipes the server has not confirmed, oldest first (undos of passes not counted).
    var queuedSwipes: [Swipe] { swipes.items.filter { !$0.isUndo } }

    /// Call once when the signed-in app starts: loads and sends queued swipes, then the first page.
    public func start() {
        guard !started else { return }
        started = true
        let stored = queueStore?.load()
        if let problem = stored?.problem { store.report(problem) }
        let loaded = stored?.items ?? []
        swipes.load(loaded)
        // Matches of queued swipes were announced in the run that made them.
        announcedMatches.formUnion(loaded.compactMap(\.match?.id))
        pendingSwipes?.loaded(loaded)
        // Queued swipes from an earlier run are decided: their cards must not come back.
        shown.formUnion(loaded.filter { !$0.isUndo }.map(\.candidate))
        queueChanged()
        flush()
        refillIfNeeded()
    }

    /// Call when the user swipes the top card (right: like, left: pass, up: super like).
    public func swiped(_ action: SwipeAction) {
        let now = scheduler.now
        let deck = store.snapshot
        guard let top = deck.top, let allowance = deck.allowance else { return }
        switch SwipeLimiter.decide(action, allowance: allowance, at: now) {
        case .outOfLikes(let resetsAt):
            store.update { $0.likesResetInSeconds = SwipeLimiter.secondsUntil(resetsAt, from: now) }
            scheduleResetTick()
        case .outOfSuperLikes:
            store.update { $0.isOutOfSuperLikes = true }
        case .allowed(let remaining):
            let match = MatchDetector.match(viewer: viewerID, swiping: action, on: top, at: now)
            let swipe = Swipe(id: ids.next(), candidate: top.id, action: action, swipedAt: now, match: match)
            lastPassID = action == .pass ? swipe.id : nil
            madeThisRun[swipe.id] = SwipeMade(card: top)
            pendingSwipes?.queued(swipe)
            swipes.enqueue(swipe)
            if let match { announcedMatches.insert(match.id) }
            // One notification for the swipe, its match and the page request it may start; the
            // queue's, inside it, reaches observers who read the deck as it is after the swipe.
            store.batch {
                store.update { state in
                    state.cards.removeFirst()
                    state.allowance = remaining
                    state.rewindable = action == .pass ? top : nil
                    state.lastSwipe = swipe
                    if let match { state.pendingMatch = match }
                }
                queueChanged()
                flush()
                refillIfNeeded()
            }
            scheduleDayTurn()
        }
    }

    /// Call when the user taps rewind: brings the last passed card back (a like cannot be rewound).
    public func rewind() {
        guard let pass = lastPassID, let card = store.snapshot.rewindable else { return }
        lastPassID = nil
        switch swipes.state(of: pass) {
        case .sending?:
            madeThisRun[pass]?.isRewound = true
        case .some:
            swipes.remove(pass)
            madeThisRun[pass] = nil
            pendingSwipes?.settled(pass)
        case nil:
            // The server has the pass: its undo is queued (kept across relaunches until it lands).
            if let swipe = store.snapshot.lastSwipe, swipe.id == pass {
                var undo = swipe
                undo.isUndo = true
                swipes.enqueue(undo)
            }
        }
        store.batch {
            store.update { state in
                state.cards.insert(card, at: 0)
                state.rewindable = nil
            }
            queueChanged()
            flush()
        }
    }

    /// Call when the deck's flow ends (the session ended): stops the countdown, the day's turn and
    /// the queue's retries, and drops the answers still on their way. The queue stays saved.
    public func end() {
        tasks.cancelAll()
        swipes.cancelRetries()
    }

    /// Call when the user closed the "It's a match" modal, either way.
    public func matchSeen() {
        store.update { $0.pendingMatch = nil }
    }

    /// Call when the user closed the out-of-likes modal.
    public func outOfLikesSeen() {
        tasks.cancel("countdown")
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

    /// Call when the user taps "Retry sending": the swipes the queue gave up on are tried again.
    public func retrySending() {
        swipes.retry(swipes.entries.filter(\.isGivenUp).map(\.item.id))
        queueChanged()
        flush()
    }

    /// Call when the user saved new preferences: the deck reloads from the first page.
    public func preferencesChanged(_ preferences: SearchPreferences) {
        generation += 1
        cursor = nil
        shown = Set(queuedSwipes.map(\.candidate))
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
}
