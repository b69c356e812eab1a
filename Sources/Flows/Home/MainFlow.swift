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
    /// What this flow shows and starts, for the flow graph.
    nonisolated public static let declaration = FlowDeclaration(
        name: "MainFlow", screens: [.home],
        transitions: [
            .init(.signUp, .profileSetup, on: "account created"),
            .init(.profileSetup, .home, on: "Save or Skip"),
        ],
        children: ["DeckFlow", "ProfileSetupFlow", "ProfileFlow", "ChatFlow"],
        exits: [
            .init(from: ["DeckFlow", "ProfileFlow", "ChatFlow"], to: .home, on: "a link opens another place")
        ])

    /// Where the user is.
    enum Place {
        /// Not started.
        case idle
        /// Profile set-up, before home shows for a new account; a route opened meanwhile waits.
        case settingUp(ProfileSetupFlow, routeAfter: Route?)
        /// Home shows a tab.
        case home(HomeScreens.Tab)
        /// A profile or a conversation (its flow) covers home (on a tab).
        case covered(HomeScreens.Tab, by: FlowNode)

        /// The tab home shows (or will show first).
        var tab: HomeScreens.Tab {
            switch self {
            case .idle, .settingUp: .deck
            case .home(let tab), .covered(let tab, _): tab
            }
        }
    }

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
        observations = watch(chat, render: { [weak self] _ in self?.renderHome() })
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
        if case .covered(_, let cover) = place { cover.end() }
        switch route {
        case .deck:
            showHome(.deck)
        case .matches:
            showHome(.matches)
        case .profile(let user):
            showHome(place.tab)
            deck.isVisible = false
            let context = scope.makeProfileViewerContext(for: user)
            cover { ProfileFlow(environment: environment, context: context, onClosed: $0) }
        case .chat(let conversation):
            showHome(.matches)
            cover { ChatFlow(environment: environment, conversation: conversation, chat: chat, onClosed: $0) }
        }
        session?.routeChanged(route)
    }

    /// Step 3: shows home on `tab`.
    private func showHome(_ tab: HomeScreens.Tab) {
        place = .home(tab)
        environment.show(home, .root, by: self) { [weak self] action in self?.handle(action) }
        deck.isVisible = tab == .deck
    }

    /// Home for the current tab, as the deck and the matches are now.
    private var home: HomeScreen {
        HomeScreens.home(for: scope.user, tab: place.tab, deck: deck.panel, list: chat.snapshot.list)
    }

    /// Step 3: home again after the deck or the matches changed (under a cover too, so it is current
    /// when uncovered); a front end shows an equal screen as it was.
    private func renderHome() {
        switch place {
        case .idle, .settingUp: break
        case .home, .covered: environment.update(home)
        }
    }

    /// Step 4: puts a profile or a conversation above home, made with what it calls when it closes.
    private func cover(_ make: (@escaping @MainActor () -> Void) -> FlowNode) {
        let flow = make { [weak self] in self?.uncover() }
        place = .covered(place.tab, by: flow)
        attach(flow)
        flow.start()
    }

    /// Steps 4 and 5: the profile or conversation above home finished; home shows again, and the
    /// session hears of the tab.
    private func uncover() {
        guard case .covered(let tab, let cover) = place else { return }
        cover.end()
        place = .home(tab)
        deck.isVisible = tab == .deck
        session?.routeChanged(tab == .deck ? .deck : .matches)
    }

    /// Step 3: the deck changed.
    public func deckFlowDidChange(_ flow: DeckFlow) { renderHome() }

    /// Step 4: the user wants to message a new match.
    public func deckFlow(_ flow: DeckFlow, didRequestChatWith match: Match) { open(.chat(match.id)) }

    /// Steps 3, 4 and 6: what the user does on home.
    private func handle(_ action: HomeScreen.Action) {
        switch action {
        case .deckTabTapped: open(.deck)
        case .matchesTabTapped: open(.matches)
        case .logOutTapped: confirmLogout()
        case .deck(let action): deck.handle(action)
        case .matches(.conversationTapped(let conversation)): open(.chat(conversation))
        case .matches(.reloadTapped): chat.reloadList()
        }
    }

    /// Step 6: asks before logging out, warning about what was not sent.
    private func confirmLogout() {
        let alert = HomeScreens.logoutAlert(
            queuedSwipes: deck.context.snapshot.queue.count, unsentMessages: chat.snapshot.outboxCount)
        environment.alert(alert) { [weak self] action in
            switch action {
            case .confirmTapped:
                self?.environment.analytics.record(.logoutConfirmed)
                self?.session?.logout()
            case .cancelTapped:
                self?.environment.analytics.record(.logoutCancelled)
            }
        }
    }
}
