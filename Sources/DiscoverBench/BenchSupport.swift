import EmbeddedBackend
import Flows
import Foundation
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
        let start = Int(cursor ?? "0") ?? 0
        let now = scheduler.now
        let candidates = (start..<start + limit).map { index in
            Candidate(
                id: UserID("b\(index)"), displayName: "B\(index)", age: 30, bio: "",
                interests: [Interest("Music")],
                distanceKm: index % 50, lastActiveAt: now)
        }
        let page = DiscoveryPage(
            cursor: cursor, candidates: candidates, nextCursor: String(start + limit), preferences: .default,
            viewerInterests: [Interest("Music")],
            allowance: SwipeAllowance(
                dailyLikes: 1 << 40, likesRemaining: 1 << 40, dailySuperLikes: 1, superLikesRemaining: 1,
                resetsAt: now.addingTimeInterval(86_400)))
        scheduler.schedule { completion(.success(page)) }
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

/// The hand-written floor: the same swipe work in one final class with a switch and closure callbacks.
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
