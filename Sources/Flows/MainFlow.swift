import Contexts
import Models

/// Scripts the signed-in app for one session; it and everything below it die with the session.
///
/// 1. A new account first goes through ``ProfileSetupFlow``.
/// 2. Home: tabs for the deck and the matches (honest empty states until those use cases land).
/// 3. Routes (deep links, or the place restored on relaunch): deck, matches, a profile
///    (``ProfileFlow``), a conversation (a placeholder until chat lands).
/// 4. Every move is reported to the ``SessionContext`` so a relaunch returns to it.
/// 5. "Log out" asks for confirmation, then the session context logs out.
@MainActor
public final class MainFlow: FlowNode {
    private let environment: FlowEnvironment
    private let scope: SessionScope
    private weak var session: SessionContext?
    private var tab: HomeScreens.Tab = .deck
    private var showsHome = false
    private var pendingRoute: Route?

    /// Creates the flow for a signed-in session.
    public init(environment: FlowEnvironment, scope: SessionScope, session: SessionContext) {
        self.environment = environment
        self.scope = scope
        self.session = session
        super.init(name: "MainFlow")
    }

    /// The session's user and the home tab.
    public override var stateSummary: String? { "SessionScope: \(scope.user.id) tab=\(tab)" }

    /// Starts the signed-in app: profile set-up first for a new account, then home, then `route`.
    public func start(isNewAccount: Bool, route: Route?) {
        guard isNewAccount else { return open(route ?? .deck) }
        pendingRoute = route
        let setup = ProfileSetupFlow(environment: environment, context: scope.makeProfileSetupContext()) {
            [weak self] in
            guard let self else { return }
            for child in self.children where child is ProfileSetupFlow { child.detachFromParent() }
            let route = self.pendingRoute ?? .deck
            self.pendingRoute = nil
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
            let profile = ProfileFlow(
                environment: environment, context: scope.makeProfileViewerContext(for: user)
            ) {
                [weak self] in
                guard let self else { return }
                for child in self.children where child is ProfileFlow { child.detachFromParent() }
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

    private func showHome(_ tab: HomeScreens.Tab) {
        self.tab = tab
        environment.show(HomeScreens.home(user: scope.user, tab: tab), .root) { [weak self] in
            self?.homeIntent($0)
        }
        showsHome = true
    }

    private func homeIntent(_ intent: Intent) {
        switch intent {
        case .tap(HomeScreens.deckTab): open(.deck)
        case .tap(HomeScreens.matchesTab): open(.matches)
        case .tap(HomeScreens.logOut):
            environment.presenter.showAlert(HomeScreens.logoutAlert) { [weak self] in
                self?.logoutAlertIntent($0)
            }
        default: break
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
