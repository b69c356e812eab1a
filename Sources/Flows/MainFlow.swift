import Contexts
import Models

/// Scripts the signed-in app for one session; it and everything below it die with the session.
///
/// 1. The chat (matches, conversations, the outbox, the live feed) starts with the session, and the deck (``DeckFlow``) too — for a
///    new account, after ``ProfileSetupFlow``, so it ranks with the new profile.
/// 2. A new account first goes through ``ProfileSetupFlow``.
/// 3. Home: tabs for the deck and the matches; a new match (``MatchMade``) joins the list at once.
/// 4. Routes (deep links, or the place restored on relaunch): deck, matches, a profile
///    (``ProfileFlow``), a conversation (``ChatFlow``).
/// 5. Every move is reported to the ``SessionContext`` so a relaunch returns to it.
/// 6. "Log out" asks for confirmation (warning about unsent swipes), then the session context logs out.
@MainActor
public final class MainFlow: FlowNode {
    /// What this flow shows and starts, for the flow graph.
    nonisolated public static let declaration = FlowDeclaration(
        name: "MainFlow", screens: [.home],
        transitions: [.init(.profileSetup, .home, on: "Save or Skip")],
        children: ["DeckFlow", "ProfileSetupFlow", "ProfileFlow", "ChatFlow"])

    /// The deck flow, alive for the whole session.
    public let deck: DeckFlow
    /// The user's matches and conversations.
    public let chat: ChatContext

    private let environment: FlowEnvironment
    private let scope: SessionScope
    private weak var session: SessionContext?
    // The flow's bookkeeping is main-actor isolated and never accessed across a call that could come
    // back to it (each access reads or writes in place; calls out happen after it ends), so the run-time
    // exclusivity checks — about 2 % of a journey, with the deck context's — are left out (Decision 22).
    @exclusivity(unchecked) private var tab: HomeScreens.Tab = .deck
    @exclusivity(unchecked) private var showsHome = false
    /// The deck tab's home elements last shown, kept to be written over by the next render: once the
    /// presenter let go of the last screen, its array is reused in place (no array to allocate and
    /// free on every swipe).
    @exclusivity(unchecked) private var deckHome: [ScreenElement] = []
    @exclusivity(unchecked) private var pendingRoute: Route?
    private let signedIn: ScreenElement
    private var observations: ContextWatch?
    /// This flow, held weakly, for its screen and render closures: made once and shared. It also
    /// keeps what the matches list's observer needs to know of home, and whether home changed while
    /// covered.
    private let weakSelf = Handle()
    /// The home part of ``weakSelf``.
    private var home: Handle { weakSelf }

    /// Creates the flow for a signed-in session.
    public init(environment: FlowEnvironment, scope: SessionScope, session: SessionContext) {
        self.environment = environment
        self.scope = scope
        self.session = session
        self.deck = DeckFlow(environment: environment, context: scope.makeDeckContext()) { current in
            scope.makePreferencesContext(current: current)
        }
        self.chat = scope.makeChatContext()
        self.signedIn = HomeScreens.signedIn(scope.user)
        super.init(name: "MainFlow")
        weakSelf.flow = self
        let weakSelf = weakSelf
        // The handler captures the weak holder alone, so it allocates no context.
        // Other events (a deep link) are told apart by their type first: a cast that fails costs
        // ~500 instructions, comparing types a few.
        subscribeEvents(of: MatchMade.self) { event in
            guard type(of: event) == MatchMade.self, let event = event as? MatchMade else { return }
            weakSelf.flow?.chat.matchMade(event.match)
        }
    }

    /// The session's user and the home tab.
    public override var stateSummary: String? {
        "SessionScope: \(scope.user.id) tab=\(tab) rows=\(chat.snapshot.rowIDs.count) outbox=\(chat.snapshot.outboxCount)"
    }

    /// Starts the signed-in app: the deck and matches load, profile set-up comes first for a new
    /// account, then home, then `route`.
    public func start(isNewAccount: Bool, route: Route?) {
        // The deck, and one flow above home at a time (profile set-up, a profile or a conversation).
        reserveChildren(2)
        attach(deck)
        let weakSelf = weakSelf
        deck.onContentChanged = { weakSelf.flow?.refreshHome() }
        deck.onOpenChat = { match in weakSelf.flow?.open(.chat(match.id)) }
        // Most changes of the list come while home does not show it (the deck tab, or a conversation
        // above): they are told apart by the home state the observer holds, without loading the flow.
        observations = watch(
            chat, through: weakSelf,
            render: { _ in
                guard weakSelf.showsMatches else { return }
                guard !weakSelf.isCovered else {
                    weakSelf.isStale = true
                    return
                }
                weakSelf.flow?.refreshHome()
            })
        chat.start()
        guard isNewAccount else {
            deck.start()
            return open(route ?? .deck)
        }
        pendingRoute = route
        let setup = ProfileSetupFlow(environment: environment, context: scope.makeProfileSetupContext()) {
            [weak self] in
            guard let self else { return }
            self.detachChildren(ofType: ProfileSetupFlow.self)
            let route = self.pendingRoute ?? .deck
            self.pendingRoute = nil
            self.deck.start()
            self.open(route)
        }
        attach(setup)
        setup.start()
    }

    /// Goes to a route: a tab of home, or a screen pushed above home.
    public func open(_ route: Route) {
        for child in children where child is ProfileFlow || child is ChatFlow {
            (child as? ChatFlow)?.context?.close()
            child.detachFromParent()
        }
        home.isCovered = false
        home.isStale = false
        switch route {
        case .deck:
            showHome(.deck)
        case .matches:
            showHome(.matches)
        case .profile(let user):
            showHome(tab)
            deck.isVisible = false
            let profile = ProfileFlow(
                environment: environment, context: scope.makeProfileViewerContext(for: user)
            ) {
                [weak self] in
                guard let self else { return }
                self.detachChildren(ofType: ProfileFlow.self)
                self.deck.isVisible = self.tab == .deck
                self.uncover()
                self.session?.routeChanged(self.tabRoute)
            }
            home.isCovered = true
            attach(profile)
            profile.start()
        case .chat(let conversation):
            showHome(.matches)
            let flow = ChatFlow(environment: environment, conversation: conversation, chat: chat) {
                [weakSelf] in
                guard let self = weakSelf.flow else { return }
                self.detachChildren(ofType: ChatFlow.self)
                self.uncover()
                self.session?.routeChanged(self.tabRoute)
            }
            home.isCovered = true
            attach(flow)
            flow.start()
        }
        session?.routeChanged(route)
    }

    private var tabRoute: Route { tab == .deck ? .deck : .matches }

    /// Builds home for the current tab, writing the deck tab's elements over the last render's.
    private func makeHomeScreen() -> Screen {
        guard tab == .deck else {
            deckHome = []
            var elements = HomeScreens.opening(
                signedIn: signedIn, tab: tab, room: ChatScreens.matchesListCount)
            ChatScreens.appendMatchesList(chat.snapshot, to: &elements)
            return HomeScreens.closing(&elements)
        }
        // The deck's part goes straight into home's elements: it changes on almost every swipe.
        // `deckHome` holds the deck tab's last render or nothing (emptied on the matches tab).
        var slots = HomeScreens.reopenDeck(&deckHome, signedIn: signedIn, room: DeckFlow.maximumContentCount)
        deck.putContent(into: &slots)
        return HomeScreens.closing(&slots, into: &deckHome)
    }

    private func showHome(_ tab: HomeScreens.Tab) {
        self.tab = tab
        home.showsMatches = showsHome && tab == .matches
        environment.show(makeHomeScreen(), .root) { [weakSelf] in weakSelf.flow?.homeIntent($0) }
        showsHome = true
        home.showsMatches = tab == .matches
        deck.isVisible = tab == .deck
    }

    /// Renders home again after a change of the deck, or of the matches while they show (the chat's
    /// observer calls it only then: the deck tab shows nothing of the chat). Put off while a flow
    /// covers home: rendering a screen nobody sees costs as much as one on top (the matches list is
    /// shown afresh when it comes back, as its revision says).
    private func refreshHome() {
        guard showsHome else { return }
        guard !home.isCovered else {
            home.isStale = true
            return
        }
        home.isStale = false
        environment.presenter.update(makeHomeScreen())
    }

    /// Call when the flow above home finished: home shows again, rendered afresh if it changed.
    private func uncover() {
        home.isCovered = false
        if home.isStale { refreshHome() }
    }

    private func homeIntent(_ intent: Intent) {
        // The deck's own taps (a swipe on almost every intent) go to it first: none of its ids is
        // home's or opens a conversation, so the order changes nothing but the work, and a swipe
        // skips the compares with home's ids and the conversation prefix.
        if tab == .deck, deck.handle(intent) { return }
        switch intent {
        case .tap(HomeScreens.deckTab): open(.deck)
        case .tap(HomeScreens.matchesTab): open(.matches)
        case .tap(HomeScreens.logOut):
            environment.presenter.showAlert(
                HomeScreens.logoutAlert(
                    queuedSwipes: deck.context.snapshot.queuedSwipes,
                    unsentMessages: chat.snapshot.outboxCount)
            ) {
                [weakSelf] in weakSelf.flow?.logoutAlertIntent($0)
            }
        case .tap(let id):
            if let conversation = ChatScreens.conversationID(for: id) { open(.chat(conversation)) }
        case .edit:
            break
        }
    }

    private func logoutAlertIntent(_ intent: Intent) {
        switch intent {
        case .tap(HomeScreens.confirmLogOut):
            environment.analytics.record(.logoutConfirmed)
            session?.logout()
        default:
            environment.analytics.record(.logoutCancelled)
        }
    }

    /// This flow held weakly (for the closures), with home's visibility as the matches list's
    /// observer reads it and whether home changed while a flow covered it.
    ///
    /// A change of the list while home does not show it — on the deck tab or under a conversation,
    /// most of them — is dealt with here, without loading the flow's weak reference (and releasing
    /// the flow) as reading the flow's own flags did, twice per change. One object for both: the
    /// observer captures it alone, and needs no context of its own.
    private final class Handle: WeakFlow<MainFlow> {
        // Main-actor isolated and only read or written in place: no run-time exclusivity checks.
        /// Whether home shows the matches tab (covered or not).
        @exclusivity(unchecked) var showsMatches = false
        /// Whether a flow is pushed above home (a profile or a conversation): home is not seen while
        /// it shows.
        @exclusivity(unchecked) var isCovered = false
        /// Whether home changed while covered, so it is rendered again when uncovered.
        @exclusivity(unchecked) var isStale = false
    }
}
