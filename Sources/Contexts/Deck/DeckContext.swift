import Foundation
import Interactors
import Models
import PersistentList
import Services

/// The recommendations use case's context: the ranked deck, swipes and their persistent queue.
///
/// Inputs: ``start()``, ``swiped(_:)``, ``rewind()``, ``matchSeen()``, ``outOfLikesSeen()``,
/// ``outOfSuperLikesSeen()``, ``refusalSeen()``, ``retry()``, ``retrySending()``, ``preferencesChanged(_:)``, ``end()``.
/// Output: ``Models/DeckState`` through ``store``, with the swipes on their way
/// (``Models/DeckState/swipes``). Pages are ranked by ``Interactors/CandidateRanker`` and merged into
/// the cards left; the next page is asked for before the deck runs dry (``Interactors/DeckRefillPolicy``).
/// Every swipe goes into a ``DurableQueue`` first and leaves it only when the server confirmed it, so a
/// swipe made offline is sent once when the network returns (retried then, or with
/// ``Interactors/RetryPolicy``'s delay after a server fault), and survives a relaunch. A refused
/// session is reported as ``Models/SessionError/ended(_:)``; the queue stays on disk.
@MainActor
public final class DeckContext: StateContext {
    /// The observable state.
    ///
    /// Emits on every swipe, page, response, countdown tick and change of the swipe queue.
    public let store: StateStore<DeckState>

    // Not private: the page requests and the swipe queue (DeckContext+Requests.swift,
    // DeckContext+SwipeQueue.swift) use these too.
    let viewerID: UserID
    let authorizer: RequestAuthorizer
    let discovery: any DiscoveryService
    let scheduler: any Scheduler
    private let ids: any IDGenerator
    /// What the chat is told of the queue (a message to a new match waits for its swipe).
    let pendingSwipes: PendingSwipes?
    /// The out-of-likes countdown's next tick (`"countdown"`), the day's turn (`"dayTurn"`), the
    /// queue's retries and the answers of the page and swipe requests, cancelled by ``end()``.
    let tasks = CancelBag()
    /// Saves, sends and retries the swipes of ``Models/DeckState/swipes``.
    let swipes: DurableQueue<DeckState, Swipe, SwipeOutcome>

    /// Creates the deck of `viewer`; `queueStore` keeps unsent swipes (memory only when `nil`);
    /// retries wait for `network` while it is down (always reachable when `nil`); `pendingSwipes` is
    /// told what the queue holds (for the chat). A deck made from a `state` another deck published
    /// goes on as that deck would: its timers and retries are armed again from it.
    public init(
        viewer: UserID, authorizer: RequestAuthorizer, discovery: any DiscoveryService,
        scheduler: any Scheduler,
        ids: any IDGenerator, queueStore: (any QueueStore<Swipe>)?, network: (any NetworkMonitor)? = nil,
        pendingSwipes: PendingSwipes? = nil, state: DeckState = DeckState()
    ) {
        self.viewerID = viewer
        self.authorizer = authorizer
        self.discovery = discovery
        self.scheduler = scheduler
        self.ids = ids
        self.pendingSwipes = pendingSwipes
        store = StateStore(state)
        swipes = DurableQueue(
            in: store, at: \.swipes, file: queueStore, scheduler: scheduler,
            network: network ?? UnmonitoredNetwork(scheduler: scheduler), tasks: tasks)
        swipes.send = { [weak self] swipe, completion in self?.send(swipe, completion: completion) }
        swipes.answered = { [weak self] swipe, result, verdict in self?.sent(swipe, result, verdict) }
        resume()
    }

    /// Call once when the signed-in app starts: loads and sends queued swipes, then the first page.
    public func start() {
        guard !store.snapshot.isStarted else { return }
        let loaded = swipes.load()
        store.update { state in
            state.isStarted = true
            // Matches of queued swipes were announced in the run that made them.
            state.announcedMatches.formUnion(loaded.compactMap(\.match?.id))
            // Queued swipes from an earlier run are decided: their cards must not come back.
            state.held.formUnion(loaded.filter { !$0.isUndo }.map(\.candidate))
        }
        pendingSwipes?.loaded(loaded)
        swipes.flush()
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
            pendingSwipes?.queued(swipe)
            // One notification for the swipe, its match, its place in the queue and the page
            // request it may start.
            store.batch {
                store.update { state in
                    state.cards.removeFirst()
                    state.allowance = remaining
                    state.rewindable = action == .pass ? top : nil
                    state.lastPassID = action == .pass ? swipe.id : nil
                    state.lastSwipe = swipe
                    state.madeThisRun[swipe.id] = SwipeMade(card: top)
                    if let match {
                        state.pendingMatch = match
                        state.announcedMatches.insert(match.id)
                    }
                }
                swipes.enqueue(swipe)
                swipes.flush()
                refillIfNeeded()
            }
            scheduleDayTurn()
        }
    }

    /// Call when the user taps rewind: brings the last passed card back (a like cannot be rewound).
    public func rewind() {
        let deck = store.snapshot
        guard let pass = deck.lastPassID, let card = deck.rewindable else { return }
        store.batch {
            switch swipes.queue.entry(pass)?.state {
            case .sending?:
                store.update { $0.madeThisRun[pass]?.isRewound = true }
            case .some:
                swipes.remove(pass)
                store.update { $0.madeThisRun[pass] = nil }
                pendingSwipes?.settled(pass)
            case nil:
                // The server has the pass: its undo is queued (kept across relaunches until it lands).
                if let swipe = deck.lastSwipe, swipe.id == pass {
                    var undo = swipe
                    undo.isUndo = true
                    swipes.enqueue(undo)
                }
            }
            store.update { state in
                state.cards.insert(card, at: 0)
                state.rewindable = nil
                state.lastPassID = nil
            }
            swipes.flush()
        }
    }

    /// Call when the deck's flow ends (the session ended): stops the countdown, the day's turn and
    /// the queue's retries, and drops the answers still on their way. The queue stays saved.
    public func end() {
        tasks.cancelAll()
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

    /// Call when the user dismissed the notice of a refused like: it goes.
    public func refusalSeen() {
        store.update { $0.refusal = nil }
    }

    /// Call when the user taps "Retry sending": the swipes the queue gave up on are tried again.
    public func retrySending() {
        swipes.retry(swipes.queue.entries.filter(\.isGivenUp).map(\.item.id))
    }

    /// Call when the user saved new preferences: the deck reloads from the first page.
    public func preferencesChanged(_ preferences: SearchPreferences) {
        store.update { state in
            state.generation += 1
            state.cursor = nil
            state.held = PersistentSet(state.queuedSwipes.map(\.candidate))
            state.cards = []
            state.isLoading = false
            state.isExhausted = false
            state.failure = nil
            state.preferences = preferences
            state.rewindable = nil
            state.lastPassID = nil
        }
        refillIfNeeded()
    }

    /// Arms what the state says runs on its own (nothing, for a new deck): the queue's retries, the
    /// out-of-likes countdown and the day's turn; sends what may go.
    private func resume() {
        swipes.resume()
        scheduleResetTick()
        scheduleDayTurn()
        swipes.flush()
    }
}
