import Contexts
import Models

/// Scripts the signed-in app for one session; it and everything below it die with the session.
///
/// 1. The chat (matches, conversations, the outbox, the live feed) starts with the session, and the
///    deck (``DeckFlow``) too — for a new account, after ``ProfileSetupFlow``, so it ranks with the
///    new profile.
/// 2. A new account first goes through ``ProfileSetupFlow``; a route opened meanwhile waits for it.
/// 3. Home: tabs for the deck and the matches; a new match (``MatchMade``) joins the list at once.
///    Until the server's list arrives the matches tab says it is loading ("Try again" when offline).
/// 4. Routes (deep links, or the place restored on relaunch): deck, matches, a profile
///    (``ProfileFlow``), a conversation (``ChatFlow``).
/// 5. Every move is reported to the ``Contexts/SessionContext`` so a relaunch returns to it.
/// 6. "Log out" asks for confirmation (warning about unsent swipes), then the session context logs out.
@MainActor
public final class MainFlow: FlowNode, DeckFlowDelegate {
    /// The deck flow, alive for the whole session.
    public let deck: DeckFlow
    /// The user's matches and conversations.
    public let chat: ChatContext

    private let environment: FlowEnvironment
    private let scope: SessionScope
    private weak var session: SessionContext?
    private let isNewAccount: Bool
    /// The route to open first (a link opened before login, or the place restored at launch).
    private let firstRoute: Route?
    private var place = Place.idle
    private var observations: [ObservationToken] = []
    /// The matches list's elements last built, and the list they show.
    private var matchesList: (list: ChatListState, elements: [ScreenElement])?
    /// Home's frame (who is signed in, the tabs, "Log out") last built, for the tab it shows.
    private var homeFrame: HomeScreens.Frame?

    /// Creates the flow for a signed-in session; a new account sets up its profile first, and
    /// `route` (or the deck tab) opens when home first shows.
    public init(
        environment: FlowEnvironment, scope: SessionScope, session: SessionContext, isNewAccount: Bool,
        route: Route?
    ) {
        self.environment = environment
        self.scope = scope
        self.session = session
        self.isNewAccount = isNewAccount
        self.firstRoute = route
        self.deck = DeckFlow(environment: environment, context: scope.makeDeckContext()) { current in
            scope.makePreferencesContext(current: current)
        }
        self.chat = scope.makeChatContext()
        super.init(name: "MainFlow")
        own(chat)
        deck.delegate = self
        subscribe(to: MatchMade.self) { [weak self] event in self?.chat.matchMade(event.match) }
    }

    /// The session's user and the home tab.
    public override var stateSummary: String? {
        "SessionScope: \(scope.user.id) tab=\(place.tab) rows=\(chat.snapshot.rowIDs.count) outbox=\(chat.snapshot.outboxCount)"
    }

    /// Steps 1 and 2: the chat starts, then profile set-up for a new account, then the deck and the
    /// first route (or the deck tab).
    public override func start() {
        attach(deck)
        observations = watch(chat, render: { [weak self] _ in self?.chatChanged() })
        chat.start()
        guard isNewAccount else {
            deck.start()
            return open(firstRoute ?? .deck)
        }
        let setup = ProfileSetupFlow(environment: environment, context: scope.makeProfileSetupContext()) {
            [weak self] in self?.setUpFinished()
        }
        place = .settingUp(setup, routeAfter: firstRoute)
        attach(setup)
        setup.start()
    }

    /// Step 2 done: the deck starts, and the route waiting opens.
    private func setUpFinished() {
        guard case .settingUp(let setup, let route) = place else { return }
        setup.end()
        place = .idle
        deck.start()
        open(route ?? .deck)
    }

    /// Steps 4 and 5: goes to a route — a tab of home, or a profile or conversation above home.
    public func open(_ route: Route) {
        if case .settingUp(let setup, _) = place {
            place = .settingUp(setup, routeAfter: route)
            return
        }
        deck.closeCovers()
        if case .covered(_, let cover, _) = place { cover.end() }
        switch route {
        case .deck:
            showHome(.deck)
        case .matches:
            showHome(.matches)
        case .profile(let user):
            showHome(place.tab)
            deck.isVisible = false
            let context = scope.makeProfileViewerContext(for: user)
            let profile = ProfileFlow(environment: environment, context: context) { [weak self] in
                self?.uncover()
            }
            cover(with: profile)
            profile.start()
        case .chat(let conversation):
            showHome(.matches)
            let flow = ChatFlow(environment: environment, conversation: conversation, chat: chat) {
                [weak self] in self?.uncover()
            }
            cover(with: flow)
            flow.start()
        }
        session?.routeChanged(route)
    }

    /// Step 3: shows home on `tab`.
    private func showHome(_ tab: HomeScreens.Tab) {
        place = .home(tab)
        environment.show(homeScreen(), .root, by: self) { [weak self] intent in self?.homeIntent(intent) }
        deck.isVisible = tab == .deck
    }

    /// Home for the current tab, with the deck's part or the matches list; the frame is built again
    /// only when the tab changed, the list only when it changed since it was last built.
    private func homeScreen() -> Screen {
        let tab = place.tab
        let frame = frame(for: tab)
        guard tab == .matches else { return HomeScreens.home(frame) { deck.addContent(to: &$0) } }
        let list = chat.snapshot.list
        if matchesList?.list != list { matchesList = (list, ChatScreens.matchesList(list)) }
        let rows = matchesList?.elements ?? []
        return HomeScreens.home(frame) { $0 += rows }
    }

    /// Home's frame for `tab`: the one last built if it is that tab's, else a new one.
    private func frame(for tab: HomeScreens.Tab) -> HomeScreens.Frame {
        if let frame = homeFrame, frame.tab == tab { return frame }
        let frame = HomeScreens.frame(for: scope.user, tab: tab)
        homeFrame = frame
        return frame
    }

    /// Step 4: puts a profile or a conversation above home.
    private func cover(with flow: FlowNode) {
        place = .covered(place.tab, by: flow, homeIsStale: false)
        attach(flow)
    }

    /// Steps 4 and 5: the profile or conversation above home finished; home shows again (rendered
    /// afresh if it changed), and the session hears of the tab.
    private func uncover() {
        guard case .covered(let tab, let cover, let homeIsStale) = place else { return }
        cover.end()
        place = .home(tab)
        deck.isVisible = tab == .deck
        if homeIsStale { refreshHome() }
        session?.routeChanged(tab == .deck ? .deck : .matches)
    }

    /// Renders home again, or marks it stale while a flow covers it (it renders when uncovered).
    private func refreshHome() {
        switch place {
        case .idle, .settingUp: break
        case .home: environment.presenter.update(homeScreen())
        case .covered(let tab, let cover, _): place = .covered(tab, by: cover, homeIsStale: true)
        }
    }

    /// Step 3: the matches changed; home shows them again if they are its tab.
    private func chatChanged() {
        if place.tab == .matches, chat.snapshot.list != matchesList?.list { refreshHome() }
    }

    /// Step 3: the deck's part of home changed.
    public func deckFlowDidChangeContent(_ flow: DeckFlow) {
        refreshHome()
    }

    /// Step 4: the user wants to message a new match.
    public func deckFlow(_ flow: DeckFlow, didRequestChatWith match: Match) {
        open(.chat(match.id))
    }

    private func homeIntent(_ intent: Intent) {
        if place.tab == .deck, deck.handle(intent) { return }
        switch intent {
        case .tap(ActionID.Home.deckTab): open(.deck)
        case .tap(ActionID.Home.matchesTab): open(.matches)
        case .tap(ActionID.Home.logOut): confirmLogout()
        case .tap(ActionID.Matches.reload): chat.reloadList()
        case .tap(let id):
            if let conversation = ActionID.Matches.conversationID(openedBy: id) { open(.chat(conversation)) }
        case .edit:
            break
        }
    }

    /// Step 6: asks before logging out, warning about what was not sent.
    private func confirmLogout() {
        let alert = HomeScreens.logoutAlert(
            queuedSwipes: deck.context.snapshot.queue.count, unsentMessages: chat.snapshot.outboxCount)
        environment.presenter.showAlert(alert) { [weak self] intent in
            let confirmed = intent == .tap(ActionID.Home.confirmLogOut)
            self?.environment.analytics.record(confirmed ? .logoutConfirmed : .logoutCancelled)
            if confirmed { self?.session?.logout() }
        }
    }
}
