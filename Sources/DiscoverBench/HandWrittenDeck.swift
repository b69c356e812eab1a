import Flows
import Interactors
import Models
import Services

/// The deck written by hand, the baseline of section 2: what a plain app would do for a swipe,
/// without flows, contexts or state stores.
///
/// One final class over the same services as the engine (the embedded backend, the in-memory swipe
/// queue) doing the same work for a swipe: the same rules (`SwipeLimiter`, `DeckRefillPolicy`,
/// `CandidateRanker`), the swipe recorded in the queue and saved, sent to the discovery service one
/// at a time and taken off the queue when the server confirms it, a page fetched when the deck runs
/// low, the same analytics events, and the home screen rendered again — the same `HomeScreen` the engine
/// renders, which ``DeckSwipe`` checks.
@MainActor
final class HandWrittenDeck {
    private let services: AppServices
    private let presenter: any Presenter
    private let analytics = CountingAnalytics()
    private let user: User
    private let token: String
    private let queueStore: (any QueueStore<Swipe>)?

    private var cards: [Candidate] = []
    private var seen: Set<UserID> = []
    private var cursor: String?
    private var isLoading = false
    private var isExhausted = false
    private var allowance: SwipeAllowance?
    private var viewerInterests: [Interest] = []
    private var queue: [Swipe] = []
    private var isSending = false
    private var rewindable: Candidate?
    private var announcedTop: UserID?

    /// Shows home for the signed-in `session` and loads the first page.
    init(session: AuthSession, services: AppServices, presenter: any Presenter) {
        self.services = services
        self.presenter = presenter
        user = session.user
        token = session.tokens.accessToken
        queueStore = try? services.userData.swipeQueue(for: session.user.id)
        queue = queueStore?.load().items ?? []
        presenter.setRoot(homeScreen()) { [weak self] action in self?.handle(action) }
        refillIfNeeded()
    }

    /// Handles a tap on home's deck: like and pass; the bench taps nothing else.
    func handle(_ action: AppAction) {
        guard case .home(.deck(let action)) = action else { return }
        switch action {
        case .likeTapped: swiped(.like)
        case .passTapped: swiped(.pass)
        case .superLikeTapped, .rewindTapped, .openProfileTapped, .preferencesTapped, .widenPreferencesTapped,
            .retryTapped, .retrySendingTapped, .refusalDismissed:
            break
        }
    }

    private func swiped(_ action: SwipeAction) {
        let now = services.scheduler.now
        guard let top = cards.first, let allowance,
            case .allowed(let remaining) = SwipeLimiter.decide(action, allowance: allowance, at: now)
        else { return }
        let swipe = Swipe(id: services.ids.next(), candidate: top.id, action: action, swipedAt: now)
        queue.append(swipe)
        queueStore?.save(queue) { _ in }
        cards.removeFirst()
        self.allowance = remaining
        rewindable = action == .pass ? top : nil
        analytics.record(.swiped(action, top.id))
        sendNextSwipe()
        refillIfNeeded()
        render()
    }

    private func sendNextSwipe() {
        guard !isSending, let swipe = queue.first else { return }
        isSending = true
        services.discovery.sendSwipe(swipe, accessToken: token) { [weak self] result in
            self?.sent(swipe, result)
        }
    }

    private func sent(_ swipe: Swipe, _ result: Result<SwipeOutcome, ServiceError>) {
        isSending = false
        guard case .success = result else { return }
        queue.removeAll { $0.id == swipe.id }
        queueStore?.save(queue) { _ in }
        sendNextSwipe()
    }

    private func refillIfNeeded() {
        guard
            DeckRefillPolicy.shouldFetch(
                cardsLeft: cards.count, isLoading: isLoading, isExhausted: isExhausted, hasFailed: false)
        else { return }
        isLoading = true
        services.discovery.fetchCandidates(
            cursor: cursor, limit: DeckRefillPolicy.pageSize, accessToken: token
        ) { [weak self] result in
            guard let self, case .success(let page) = result else { return }
            self.received(page)
        }
    }

    private func received(_ page: DiscoveryPage) {
        isLoading = false
        let viewer = CandidateRanker.Viewer(
            id: user.id, interests: Set(page.viewerInterests), preferences: page.preferences)
        let ranked = CandidateRanker.rank(page.candidates, for: viewer, excluding: seen)
        seen.formUnion(ranked.map(\.id))
        cards = CandidateRanker.merge(ranked, into: cards, for: viewer)
        cursor = page.nextCursor
        isExhausted = page.nextCursor == nil
        viewerInterests = page.viewerInterests
        var allowance = page.allowance
        allowance.likesRemaining -= queue.filter { $0.action == .like }.count
        allowance.superLikesRemaining -= queue.filter { $0.action == .superLike }.count
        self.allowance = allowance
        render()
        refillIfNeeded()
    }

    // MARK: Home

    private func render() {
        if let top = cards.first, top.id != announcedTop {
            announcedTop = top.id
            analytics.record(.cardShown(top.id))
        }
        presenter.update(homeScreen())
    }

    private func homeScreen() -> AppScreen {
        let content: DeckPanel.Content =
            if let top = cards.first {
                .card(CandidateCard(top, viewerInterests: viewerInterests, next: cards.dropFirst().first))
            } else {
                .loading
            }
        let panel = DeckPanel(
            failure: nil, content: content, canRewind: rewindable != nil,
            likesLeft: allowance.map {
                LikesLeft(likes: $0.likesRemaining, superLikes: $0.superLikesRemaining)
            },
            waitingToSend: 0, unsent: 0, showsPreferences: !cards.isEmpty || !isExhausted)
        return .home(HomeScreen(displayName: user.displayName, username: user.username, tab: .deck(panel)))
    }
}
