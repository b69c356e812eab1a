import Foundation
import Interactors
import Models
import Services

/// The journey written by hand: the floor of section 2, as ``HandWrittenDeck`` is the floor of section 1.
///
/// One `final class` with a `switch` over the same intents ``Journey`` sends, talking to the same
/// services of a ``Journey`` prepared the same way, and doing the same work the engine does for them:
/// the same requests with the same arguments in the same order (``DiscoverBench/recordedRequests()``
/// checks each answer against the engine's), the same pure interactors (`LoginValidator`,
/// `CandidateRanker`, `SwipeLimiter`, `MatchDetector`, `DeepLinkParser`, `TypingPolicy`,
/// `MessageValidator`, `ConversationLog`), the session, swipe queue and outbox saved to the same
/// stores as often, one typing check waiting at a time, the same analytics events counted, and
/// the text the user sees kept up to date as a hand-written interface keeps its labels: the card's
/// lines, the peek, the allowance, the match, the matches list and the message rows.
///
/// It leaves out exactly the engine: flows, contexts, state stores and snapshots, observers, screens
/// as values, the request authorizer (it sends the access token it has; the journey's never expires).
@MainActor
final class HandWrittenJourney {
    enum Place {
        case launching, welcome, login, home, match, chat, logoutAlert
    }

    let services: AppServices
    let runDue: () -> Void
    let analytics = CountingAnalytics()

    var place = Place.launching
    /// Whether home shows the matches (else the deck).
    var showsMatches = false
    var fields: [LoginField: String] = [:]
    var user: User?
    var session: StoredSession?
    var token = ""

    // The deck.
    var queueStore: (any SwipeQueueStore)?
    var cards: [Candidate] = []
    var shown: Set<UserID> = []
    var cursor: String?
    var isLoading = false
    var isExhausted = false
    var allowance: SwipeAllowance?
    var viewerInterests: [Interest] = []
    var queue: [Swipe] = []
    /// The card of each queued swipe, in the queue's order (as the engine's deck keeps them).
    var queuedCards: [Candidate?] = []
    var sendingSwipe = false
    var rewindable: Candidate?
    var pendingMatch: Match?
    var announcedMatches: Set<String> = []

    // The chat.
    var outboxStore: (any OutboxStore)?
    var outbox: [OutgoingMessage] = []
    var sendingMessage = false
    var summaries: [ConversationSummary] = []
    var logs: [String: ConversationLog] = [:]
    var subscription: ScheduledTask?
    var open: String?
    /// The open conversation's messages, kept by its screen.
    var openLog = ConversationLog()
    var openName = ""
    var draft = ""
    var typing = TypingPolicy.State()
    var typingCheck: ScheduledTask?

    // What the user sees.
    var cardLines: [String] = []
    var shownTop: UserID?
    var peekName = ""
    var peekLine = ""
    var allowanceLine = ""
    var matchLine = ""
    var listLines: [String] = []
    var rowTitles: [String] = []
    var rowDetails: [String] = []
    var alertText = ""

    /// A journey over `journey`'s services, delivering answers with its scheduler.
    init(_ journey: Journey) {
        services = journey.services
        let scheduler = journey.backend.scheduler
        runDue = { scheduler.runDue() }
    }

    /// Runs a hand-written journey over `journey`'s services (kept alive until it ends).
    static func run(_ journey: Journey) -> Bool { run(journey) { _ in } }

    /// Runs a hand-written journey, calling `phaseEnded` after each of ``Journey/Phase``'s phases.
    static func run(_ journey: Journey, _ phaseEnded: (Journey.Phase) -> Void) -> Bool {
        let floor = HandWrittenJourney(journey)
        return withExtendedLifetime(floor) { floor.run(phaseEnded) }
    }

    /// The journey ``Journey/run()`` makes, by hand, calling `phaseEnded` where it does. `true` if
    /// it ends signed out on the welcome screen.
    func run(_ phaseEnded: (Journey.Phase) -> Void) -> Bool {
        launch()
        runDue()
        phaseEnded(.launch)
        send(.tap("logIn"))
        send(.edit("username", "alice"))
        send(.edit("password", "wonderland"))
        send(.tap("submit"))
        phaseEnded(.login)
        send(.tap("deck:like"))
        guard place == .match else { return false }
        send(.tap("match:keepSwiping"))
        for _ in 0..<19 { send(.tap("deck:pass")) }
        phaseEnded(.swipes)
        openLink("discover://chat/m-alice-dave")
        runDue()
        guard place == .chat else { return false }
        for index in 0..<10 {
            send(.edit("message", "Message \(index)"))
            send(.tap("chat:send"))
        }
        guard outbox.isEmpty else { return false }
        send(.tap("back"))
        phaseEnded(.chat)
        send(.tap("logOut"))
        send(.tap("confirmLogOut"))
        phaseEnded(.logout)
        return place == .welcome && cardLines.isEmpty && rowTitles.isEmpty
    }

    private func send(_ intent: Intent) {
        handle(intent)
        runDue()
    }

    /// Handles an intent from the front end: one switch over where the user is and what they did.
    private func handle(_ intent: Intent) {
        switch (place, intent) {
        case (.welcome, .tap("logIn")): show(.login)
        case (.login, .edit("username", let text)): fields[.username] = text
        case (.login, .edit("password", let text)): fields[.password] = text
        case (.login, .tap("submit")): submit()
        case (.home, .tap("deck:like")): swiped(.like)
        case (.home, .tap("deck:pass")): swiped(.pass)
        case (.home, .tap("logOut")): askToLogOut()
        case (.match, .tap("match:keepSwiping")):
            pendingMatch = nil
            place = .home
        case (.chat, .edit("message", let text)): draftChanged(text)
        case (.chat, .tap("chat:send")): sendDraft()
        case (.chat, .tap("back")): closeConversation()
        case (.logoutAlert, .tap("confirmLogOut")): logOut()
        default: break
        }
    }

    func show(_ next: Place) {
        place = next
        switch next {
        case .welcome: analytics.record(.screenShown(.welcome))
        case .login: analytics.record(.screenShown(.signIn))
        case .home: analytics.record(.screenShown(.home))
        case .match: analytics.record(.screenShown(.match))
        case .chat: analytics.record(.screenShown(.chat))
        case .launching, .logoutAlert: break
        }
    }

    // MARK: Session and login

    private func launch() {
        analytics.record(.appLaunched)
        analytics.record(.screenShown(.launching))
        let stored = (try? services.sessionStore.load()) ?? nil
        guard stored == nil else { return }
        // Signed out: no session file may stay behind (the engine clears it the same way).
        try? services.sessionStore.delete()
        show(.welcome)
    }

    private func submit() {
        guard case .valid(let credentials) = LoginValidator.validateSignIn(fields) else { return }
        analytics.record(.loginSubmitted(.signIn))
        services.auth.signIn(credentials) { [weak self] result in
            guard let self, case .success(let session) = result else { return }
            self.signedIn(session)
        }
    }

    private func signedIn(_ signedIn: AuthSession) {
        analytics.record(.loginSucceeded(.signIn))
        user = signedIn.user
        token = signedIn.tokens.accessToken
        persist(StoredSession(user: signedIn.user, tokens: signedIn.tokens, lastRoute: nil))
        outboxStore = try? services.userData.outbox(for: signedIn.user.id)
        outbox = (try? outboxStore?.load()) ?? []
        services.chat.fetchConversations(accessToken: token) { [weak self] result in
            guard let self, case .success(let list) = result else { return }
            self.listArrived(list)
        }
        queueStore = try? services.userData.swipeQueue(for: signedIn.user.id)
        queue = (try? queueStore?.load()) ?? []
        queuedCards = Array(repeating: nil, count: queue.count)
        refillIfNeeded()
        show(.home)
        routeChanged(.deck)
    }

    private func persist(_ stored: StoredSession) {
        session = stored
        try? services.sessionStore.save(stored)
    }

    func routeChanged(_ route: Route) {
        guard var stored = session, stored.lastRoute != route else { return }
        stored.lastRoute = route
        persist(stored)
    }

    private func askToLogOut() {
        alertText = HandWrittenJourney.logoutMessage(queued: queue.count, unsent: outbox.count)
        place = .logoutAlert
    }

    private func logOut() {
        analytics.record(.logoutConfirmed)
        services.auth.signOut(accessToken: token) { _ in }
        if let user { try? services.userData.removeAll(for: user.id) }
        try? services.sessionStore.delete()
        subscription?.cancel()
        subscription = nil
        typingCheck?.cancel()
        user = nil
        session = nil
        token = ""
        cards = []
        shown = []
        queue = []
        queuedCards = []
        outbox = []
        summaries = []
        logs = [:]
        openLog = ConversationLog()
        cardLines = []
        rowTitles = []
        rowDetails = []
        listLines = []
        showsMatches = false
        analytics.record(.sessionEnded(.loggedOut))
        show(.welcome)
    }

    private static func logoutMessage(queued: Int, unsent: Int) -> String {
        var message = "You'll need to log in again to see your matches."
        if unsent > 0 { message += " \(unsent) message(s) have not been sent yet and will be lost." }
        if queued > 0 { message += " \(queued) swipe(s) have not been sent yet and will be lost." }
        return message
    }

    // MARK: The deck

    private func refillIfNeeded() {
        guard
            DeckRefillPolicy.shouldFetch(
                cardsLeft: cards.count, isLoading: isLoading, isExhausted: isExhausted, hasFailed: false)
        else { return }
        isLoading = true
        let requested = cursor
        services.discovery.fetchCandidates(
            cursor: requested, limit: DeckRefillPolicy.pageSize, accessToken: token
        ) { [weak self] result in
            guard let self, case .success(let page) = result, page.cursor == requested else { return }
            self.pageArrived(page)
        }
    }

    private func pageArrived(_ page: DiscoveryPage) {
        isLoading = false
        guard let user else { return }
        let viewer = CandidateRanker.Viewer(
            id: user.id, interests: Set(page.viewerInterests), preferences: page.preferences)
        let (ranked, merged) = CandidateRanker.rankAndMerge(
            page.candidates, into: cards, for: viewer, excluding: shown)
        for card in ranked { shown.insert(card.id) }
        cards = merged
        cursor = page.nextCursor
        isExhausted = page.nextCursor == nil
        viewerInterests = page.viewerInterests
        var allowance = page.allowance
        var likes = 0
        for swipe in queue where swipe.action == .like { likes += 1 }
        allowance.likesRemaining = max(0, allowance.likesRemaining - likes)
        setAllowance(allowance)
        showTop()
        refillIfNeeded()
    }

    private func swiped(_ action: SwipeAction) {
        let now = services.scheduler.now
        guard let top = cards.first, let allowance, let user,
            case .allowed(let remaining) = SwipeLimiter.decide(action, allowance: allowance, at: now)
        else { return }
        let swipe = Swipe(id: services.ids.next(), candidate: top.id, action: action, swipedAt: now)
        let match = MatchDetector.match(viewer: user.id, swiping: action, on: top, at: now)
        queue.append(swipe)
        queuedCards.append(top)
        try? queueStore?.save(queue)
        cards.removeFirst()
        rewindable = action == .pass ? top : nil
        analytics.record(.swiped(action, top.id))
        sendNextSwipe()
        refillIfNeeded()
        setAllowance(remaining)
        showTop()
        if let match {
            announcedMatches.insert(match.id)
            pendingMatch = match
            analytics.record(.matched(match.user))
            matchMade(match)
            matchLine = "You and " + match.displayName + " like each other."
            show(.match)
        }
    }

    func sendNextSwipe() {
        guard !sendingSwipe, let swipe = queue.first else { return }
        sendingSwipe = true
        services.discovery.sendSwipe(swipe, accessToken: token) { [weak self] result in
            self?.swipeSent(swipe, result)
        }
    }

    private func swipeSent(_ swipe: Swipe, _ result: Result<SwipeOutcome, ServiceError>) {
        sendingSwipe = false
        guard case .success(let outcome) = result else { return }
        for index in queue.indices where queue[index].id == swipe.id {
            queue.remove(at: index)
            queuedCards.remove(at: index)
            break
        }
        try? queueStore?.save(queue)
        if case .matched(let match) = outcome, !announcedMatches.contains(match.id) {
            announcedMatches.insert(match.id)
            pendingMatch = match
        }
        sendNextSwipe()
    }

    private func setAllowance(_ new: SwipeAllowance) {
        if let allowance, allowance.likesRemaining == new.likesRemaining,
            allowance.superLikesRemaining == new.superLikesRemaining
        {
            self.allowance = new
            return
        }
        allowance = new
        var text = TextBuilder(capacity: 64)
        text.append("Likes left today: ")
        text.append(new.likesRemaining)
        text.append(" · Super likes left: ")
        text.append(new.superLikesRemaining)
        allowanceLine = text.text
    }

    /// The card's lines and the peek, set again when the top card changed.
    private func showTop() {
        guard let top = cards.first else {
            cardLines = []
            shownTop = nil
            return
        }
        if cards.count > 1, cards[1].displayName != peekName {
            peekName = cards[1].displayName
            peekLine = "Next: " + peekName
        }
        guard top.id != shownTop else { return }
        shownTop = top.id
        analytics.record(.cardShown(top.id))
        cardLines.removeAll(keepingCapacity: true)
        var headline = TextBuilder(capacity: top.displayName.utf8.count + 32)
        headline.append(top.displayName)
        headline.append(", ")
        headline.append(top.age)
        headline.append(" · ")
        headline.append(top.distanceKm)
        headline.append(" km away")
        cardLines.append(headline.text)
        if top.superLikedYou { cardLines.append(top.displayName + " super liked you") }
        if !top.bio.isEmpty { cardLines.append(top.bio) }
        var shared = TextBuilder(capacity: 64)
        for interest in top.interests where viewerInterests.contains(interest) {
            shared.append(shared.isEmpty ? "Shared interests: " : ", ")
            shared.append(interest.name)
        }
        if !shared.isEmpty { cardLines.append(shared.text) }
    }
}
