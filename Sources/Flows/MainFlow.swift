import Contexts
import Models

/// Scripts the signed-in app for one session; it and everything below it die with the session.
///
/// 1. The matches list loads as soon as the session starts, and the deck (``DeckFlow``) too — for a
///    new account, after ``ProfileSetupFlow``, so it ranks with the new profile.
/// 2. A new account first goes through ``ProfileSetupFlow``.
/// 3. Home: tabs for the deck and the matches; a new match (``MatchMade``) joins the list at once.
/// 4. Routes (deep links, or the place restored on relaunch): deck, matches, a profile
///    (``ProfileFlow``), a conversation (a placeholder until chat lands).
/// 5. Every move is reported to the ``SessionContext`` so a relaunch returns to it.
/// 6. "Log out" asks for confirmation (warning about unsent swipes), then the session context logs out.
@MainActor
public final class MainFlow: FlowNode {
    /// What this flow shows and starts, for the flow graph.
    nonisolated public static let declaration = FlowDeclaration(
        name: "MainFlow", screens: [.home, .chat],
        transitions: [
            .init(.home, .chat, on: "a match"), .init(.chat, .home, on: "Back"),
            .init(.profileSetup, .home, on: "Save or Skip"),
        ],
        children: ["DeckFlow", "ProfileSetupFlow", "ProfileFlow"])

    /// The deck flow, alive for the whole session.
    public let deck: DeckFlow
    /// The user's matches.
    public let matches: MatchListContext

    private let environment: FlowEnvironment
    private let scope: SessionScope
    private weak var session: SessionContext?
    private var tab: HomeScreens.Tab = .deck
    private var showsHome = false
    private var pendingRoute: Route?
    private var observations: [ObservationToken] = []

    /// Creates the flow for a signed-in session.
    public init(environment: FlowEnvironment, scope: SessionScope, session: SessionContext) {
        self.environment = environment
        self.scope = scope
        self.session = session
        self.deck = DeckFlow(environment: environment, context: scope.makeDeckContext()) { current in
            scope.makePreferencesContext(current: current)
        }
        self.matches = scope.makeMatchListContext()
        super.init(name: "MainFlow")
        subscribe(to: MatchMade.self) { [weak self] event in self?.matches.matchMade(event.match) }
    }

    /// The session's user and the home tab.
    public override var stateSummary: String? {
        "SessionScope: \(scope.user.id) tab=\(tab) matches=\(matches.state.count)"
    }

    /// Starts the signed-in app: the deck and matches load, profile set-up comes first for a new
    /// account, then home, then `route`.
    public func start(isNewAccount: Bool, route: Route?) {
        attach(deck)
        deck.onContentChanged = { [weak self] in self?.refreshHome() }
        deck.onOpenChat = { [weak self] match in self?.open(.chat(match.id)) }
        observations = [matches.observe { [weak self] _ in self?.refreshHome() }]
        matches.load()
        guard isNewAccount else {
            deck.start()
            return open(route ?? .deck)
        }
        pendingRoute = route
        let setup = ProfileSetupFlow(environment: environment, context: scope.makeProfileSetupContext()) {
            [weak self] in
            guard let self else { return }
            for child in self.children where child is ProfileSetupFlow { child.detachFromParent() }
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
        for child in children where child is ProfileFlow { child.detachFromParent() }
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
                for child in self.children where child is ProfileFlow { child.detachFromParent() }
                self.deck.isVisible = self.tab == .deck
                self.session?.routeChanged(self.tabRoute)
            }
            attach(profile)
            profile.start()
        case .chat(let match):
            showHome(.matches)
            environment.show(HomeScreens.chatPlaceholder(match: match), .push) { [weak self] intent in
                guard let self, intent == .tap(HomeScreens.back) else { return }
                self.environment.presenter.pop()
                self.session?.routeChanged(self.tabRoute)
            }
        }
        session?.routeChanged(route)
    }

    private var tabRoute: Route { tab == .deck ? .deck : .matches }

    private var homeScreen: Screen {
        let content = tab == .deck ? deck.content : HomeScreens.matches(matches.state)
        return HomeScreens.home(user: scope.user, tab: tab, content: content)
    }

    private func showHome(_ tab: HomeScreens.Tab) {
        self.tab = tab
        environment.show(homeScreen, .root) { [weak self] in self?.homeIntent($0) }
        showsHome = true
        deck.isVisible = tab == .deck
    }

    private func refreshHome() {
        guard showsHome else { return }
        environment.presenter.update(homeScreen)
    }

    private func homeIntent(_ intent: Intent) {
        switch intent {
        case .tap(HomeScreens.deckTab): open(.deck)
        case .tap(HomeScreens.matchesTab): open(.matches)
        case .tap(HomeScreens.logOut):
            environment.presenter.showAlert(
                HomeScreens.logoutAlert(queuedSwipes: deck.context.state.queuedSwipes)
            ) {
                [weak self] in self?.logoutAlertIntent($0)
            }
        case .tap(let id):
            if let match = HomeScreens.matchID(for: id) {
                open(.chat(match))
            } else if tab == .deck {
                _ = deck.handle(intent)
            }
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
}
