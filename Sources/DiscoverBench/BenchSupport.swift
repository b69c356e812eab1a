import EmbeddedBackend
import Flows
import Foundation
import Interactors
import Models
import Services

/// A presenter that shows nothing: the benchmark measures the engine, not a front end.
@MainActor
final class NullPresenter: Presenter {
    var shown = 0
    func setRoot(_ screen: Screen, onIntent: @escaping IntentHandler) { shown += 1 }
    func push(_ screen: Screen, onIntent: @escaping IntentHandler) { shown += 1 }
    func replaceTop(_ screen: Screen, onIntent: @escaping IntentHandler) { shown += 1 }
    func pop() {}
    func present(_ screen: Screen, onIntent: @escaping IntentHandler) { shown += 1 }
    func dismiss() {}
    func update(_ screen: Screen) { shown += 1 }
    func showAlert(_ alert: ScreenAlert, onIntent: @escaping IntentHandler) { shown += 1 }
}

/// A presenter that keeps only what a front end needs to answer: the intent handlers of the screens
/// shown (the navigation stack, modals, an alert) and their ids; it renders nothing.
@MainActor
final class RecordingPresenter: Presenter {
    private var stack: [(id: ScreenID, onIntent: IntentHandler)] = []
    private var modals: [(id: ScreenID, onIntent: IntentHandler)] = []
    private var alert: IntentHandler?

    /// The screen on top (a modal over the stack), if any.
    var top: ScreenID? { modals.last?.id ?? stack.last?.id }

    /// Sends an intent to the alert if one shows, else to the top screen.
    func send(_ intent: Intent) {
        if let alert {
            self.alert = nil
            alert(intent)
        } else {
            (modals.last ?? stack.last)?.onIntent(intent)
        }
    }

    func setRoot(_ screen: Screen, onIntent: @escaping IntentHandler) {
        stack = [(screen.id, onIntent)]
        modals = []
    }
    func push(_ screen: Screen, onIntent: @escaping IntentHandler) { stack.append((screen.id, onIntent)) }
    func replaceTop(_ screen: Screen, onIntent: @escaping IntentHandler) {
        if !stack.isEmpty { stack.removeLast() }
        stack.append((screen.id, onIntent))
    }
    func pop() { if stack.count > 1 { stack.removeLast() } }
    func present(_ screen: Screen, onIntent: @escaping IntentHandler) { modals.append((screen.id, onIntent)) }
    func dismiss() { if !modals.isEmpty { modals.removeLast() } }
    func update(_ screen: Screen) {}
    func showAlert(_ alert: ScreenAlert, onIntent: @escaping IntentHandler) { self.alert = onIntent }
}

/// An analytics sink that counts.
@MainActor
final class CountingAnalytics: AnalyticsSink {
    var count = 0
    func record(_ event: AnalyticsEvent) { count += 1 }
}

/// A discovery service with an endless pool of candidates and an unlimited allowance, answering on
/// the scheduler at once: the deck's engine path without a server.
struct EndlessDiscovery: DiscoveryService {
    let scheduler: any Scheduler

    func fetchCandidates(
        cursor: String?, limit: Int, accessToken: String,
        completion: @escaping ServiceCompletion<DiscoveryPage>
    ) {
        let page = Self.page(cursor: cursor, limit: limit, now: scheduler.now)
        scheduler.schedule { completion(.success(page)) }
    }

    /// The page after `cursor`: the server's work, the same for the engine and the floor.
    static func page(cursor: String?, limit: Int, now: Date) -> DiscoveryPage {
        let start = Int(cursor ?? "0") ?? 0
        let candidates = (start..<start + limit).map { index in
            Candidate(
                id: UserID("b\(index)"), displayName: "B\(index)", age: 30, bio: "",
                interests: [Interest("Music")],
                distanceKm: index % 50, lastActiveAt: now)
        }
        return DiscoveryPage(
            cursor: cursor, candidates: candidates, nextCursor: String(start + limit), preferences: .default,
            viewerInterests: [Interest("Music")],
            allowance: SwipeAllowance(
                dailyLikes: 1 << 40, likesRemaining: 1 << 40, dailySuperLikes: 1, superLikesRemaining: 1,
                resetsAt: now.addingTimeInterval(86_400)))
    }

    func sendSwipe(_ swipe: Swipe, accessToken: String, completion: @escaping ServiceCompletion<SwipeOutcome>)
    {
        scheduler.schedule { completion(.success(.recorded)) }
    }

    func undoSwipe(id: String, accessToken: String, completion: @escaping ServiceCompletion<Void>) {
        scheduler.schedule { completion(.success(())) }
    }

    func savePreferences(
        _ preferences: SearchPreferences, accessToken: String, completion: @escaping ServiceCompletion<Void>
    ) {
        scheduler.schedule { completion(.success(())) }
    }
}

/// The bare floor: a swipe reduced to a counter and a card index, in one final class with a switch and
/// closure callbacks (no queue, no server, no ranking); kept to compare with earlier figures.
@MainActor
final class FloorDeck {
    enum Intent {
        case like
        case pass
    }

    struct State {
        var top: Int
        var likesRemaining: Int
        var swiped: Int
    }

    private var cards: [Int]
    private var index = 0
    private(set) var state = State(top: 0, likesRemaining: 1 << 40, swiped: 0)
    var observers: [(State) -> Void] = []

    init(cards: Int) { self.cards = Array(0..<cards) }

    func send(_ intent: Intent) {
        switch intent {
        case .like:
            guard state.likesRemaining > 0 else { return }
            state.likesRemaining -= 1
        case .pass:
            break
        }
        index += 1
        if index >= cards.count { cards += Array(cards.count..<cards.count + 20) }
        state.top = cards[index]
        state.swiped += 1
        for observer in observers { observer(state) }
    }
}

/// The honest floor: the engine's swipe work written by hand in one final class, without the engine's
/// layers (flow, context, state store, scheduler, request authorizer).
///
/// Same input (the front end's `Intent`), the same domain work through the same pure interactors
/// (`SwipeLimiter`, `MatchDetector`, `CandidateRanker`, `DeckRefillPolicy`), the same bookkeeping (a
/// swipe id, the queue of unsent swipes and their cards, the rewindable pass, the analytics event), the
/// same server (``EndlessDiscovery/page(cursor:limit:now:)``, answers delivered by ``deliver()``, as
/// `runDue()` delivers the engine's), and observers told on the swipe, on each answer and on each page.
@MainActor
final class HandWrittenDeck {
    private enum Answer {
        case swipe(Swipe)
        case page(DiscoveryPage)
    }

    /// Told after every change, with the deck itself: the cheapest way to let observers read it.
    var observers: [(HandWrittenDeck) -> Void] = []
    private(set) var cards: [Candidate] = []
    private(set) var allowance: SwipeAllowance?
    private(set) var rewindable: Candidate?
    private(set) var pendingMatch: Match?
    private(set) var lastSwipe: Swipe?
    private(set) var queue: [Swipe] = []
    private let analytics = CountingAnalytics()
    private let viewer: UserID = "me"
    private var now = Date(timeIntervalSince1970: 1_700_000_000)
    private var shown: Set<UserID> = []
    /// The card of each queued swipe, in the queue's order (as the engine's deck keeps them).
    private var queuedCards: [Candidate] = []
    private var answers: [Answer] = []
    private var cursor: String?
    private var isLoading = false
    private var nextID = 0

    init() {
        refillIfNeeded()
        deliver()
    }

    /// Handles a tap from the front end.
    func handle(_ intent: Intent) {
        guard case .tap(let id) = intent else { return }
        switch id {
        case "deck:like": swiped(.like)
        case "deck:pass": swiped(.pass)
        default: break
        }
    }

    /// Delivers the server's answers, as the engine's `runDue()` does.
    func deliver() {
        while !answers.isEmpty {
            switch answers.removeFirst() {
            case .swipe(let swipe):
                if let index = queue.firstIndex(where: { $0.id == swipe.id }) {
                    queue.remove(at: index)
                    queuedCards.remove(at: index)
                }
                notify()
            case .page(let page):
                isLoading = false
                let ranker = CandidateRanker.Viewer(
                    id: viewer, interests: Set(page.viewerInterests), preferences: page.preferences)
                // The same one-pass ranking and merging the engine's deck uses.
                let (ranked, merged) = CandidateRanker.rankAndMerge(
                    page.candidates, into: cards, for: ranker, excluding: shown)
                shown.formUnion(ranked.map(\.id))
                cursor = page.nextCursor
                cards = merged
                var allowance = page.allowance
                allowance.likesRemaining -= queue.filter { $0.action == .like }.count
                self.allowance = allowance
                notify()
            }
        }
    }

    private func swiped(_ action: SwipeAction) {
        guard let top = cards.first, let allowance,
            case .allowed(let remaining) = SwipeLimiter.decide(action, allowance: allowance, at: now)
        else { return }
        nextID += 1
        let swipe = Swipe(id: "bench-\(nextID)", candidate: top.id, action: action, swipedAt: now)
        if let match = MatchDetector.match(viewer: viewer, swiping: action, on: top, at: now) {
            pendingMatch = match
        }
        queue.append(swipe)
        queuedCards.append(top)
        answers.append(.swipe(swipe))
        cards.removeFirst()
        self.allowance = remaining
        rewindable = action == .pass ? top : nil
        lastSwipe = swipe
        analytics.record(.swiped(action, top.id))
        refillIfNeeded()
        notify()
    }

    private func refillIfNeeded() {
        guard
            DeckRefillPolicy.shouldFetch(
                cardsLeft: cards.count, isLoading: isLoading, isExhausted: false, hasFailed: false)
        else { return }
        isLoading = true
        answers.append(
            .page(EndlessDiscovery.page(cursor: cursor, limit: DeckRefillPolicy.pageSize, now: now)))
    }

    private func notify() {
        for observer in observers { observer(self) }
    }
}

/// A counter observers can bump.
final class Counter: @unchecked Sendable {
    var value = 0
    func add() { value &+= 1 }
}
