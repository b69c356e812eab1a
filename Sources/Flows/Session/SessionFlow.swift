import Contexts
import Models

/// Scripts the session use case: who is signed in decides what the app shows.
///
/// 1. Launch: a "launching" screen while the stored session is restored and validated (or refreshed).
/// 2. Signed out: a ``LoginFlow``, with the reason (expired, revoked) and the username pre-filled;
///    the session it signs in goes to the ``Contexts/SessionContext``.
/// 3. Signed in: a ``MainFlow`` for the session, opening a deep link that waited for login, or the
///    place restored from the last run.
/// 4. ``Models/SessionError`` raised anywhere below ends the session and shows login.
/// 5. Logout (confirmed in the main flow) tears the session's flows and contexts down.
/// 6. Deep links (``DeepLinkOpened``) are followed when signed in and kept for later when not.
@MainActor
public final class SessionFlow: FlowNode {
    /// What this flow shows and starts, for the flow graph.
    nonisolated public static let declaration = FlowDeclaration(
        name: "SessionFlow", screens: [.launching],
        transitions: [
            .init(.launching, .welcome, on: "no session"),
            .init(.launching, .signIn, on: "expired or revoked"),
            .init(.launching, .home, on: "restored"), .init(.signIn, .home, on: "signed in"),
            .init(.home, .welcome, on: "logged out"),
        ],
        children: ["LoginFlow", "MainFlow"],
        exits: [.init(from: ["MainFlow"], to: .signIn, on: "session ended")])

    /// What the flow shows.
    private enum Place {
        /// Nothing yet (before launch).
        case nothing
        /// The launching screen, while the stored session is restored.
        case launching
        /// The login flow, signed out.
        case login(LoginFlow)
        /// The signed-in part of the app.
        case main(MainFlow)
    }

    /// The session context this flow observes.
    public let context: SessionContext
    private let environment: FlowEnvironment
    private var observations: [ObservationToken] = []
    private var place = Place.nothing
    /// The session state last rendered.
    private var rendered: SessionPhase?
    private var pendingRoute: Route?

    /// Creates the flow over the app's services.
    public init(environment: FlowEnvironment) {
        self.environment = environment
        self.context = SessionContext(services: environment.services)
        super.init(name: "SessionFlow")
        own(context)
        handle(SessionError.self) { [weak self] error in self?.sessionEnded(error) }
        subscribe(to: DeepLinkOpened.self) { [weak self] event in self?.deepLinkOpened(event.route) }
    }

    /// The session context's state.
    public override var stateSummary: String? {
        switch context.snapshot.phase {
        case .idle: "SessionContext: idle"
        case .restoring: "SessionContext: restoring"
        case .signedOut(let reason, _): "SessionContext: signed out" + (reason.map { " (\($0))" } ?? "")
        case .signedIn(let details): "SessionContext: signed in as \(details.user.id)"
        }
    }

    /// The deep link waiting for login, if any.
    public var waitingRoute: Route? { pendingRoute }

    /// The signed-in part of the app (deck, chat, profile), while signed in.
    public var mainFlow: MainFlow? {
        if case .main(let main) = place { return main }
        return nil
    }

    /// Starts observing the session and launches it.
    public override func start() {
        observations = watch(context) { [weak self] state in self?.render(state) }
        context.launch()
    }

    private func render(_ state: SessionState) {
        guard state.phase != rendered else { return }
        rendered = state.phase
        switch state.phase {
        case .idle: break
        case .restoring: showLaunching()
        case .signedOut(let reason, let username): showLogin(notice: reason, username: username)
        case .signedIn(let details): showMain(details)
        }
    }

    // 1. Launch.
    private func showLaunching() {
        removeChildren()
        place = .launching
        environment.show(SessionScreens.launching(), .root, by: self) { _ in }
    }

    // 2. Signed out (and 5., after a logout).
    private func showLogin(notice: SignedOutReason?, username: String?) {
        let wasSignedIn = if case .main = place { true } else { false }
        removeChildren()
        if let notice, notice != .loggedOut || wasSignedIn {
            environment.analytics.record(.sessionEnded(notice))
        }
        let login = LoginFlow(environment: environment, notice: notice, username: username) {
            [weak self] session in self?.context.signedIn(session)
        }
        place = .login(login)
        attach(login)
        login.start()
    }

    // 3. Signed in.
    private func showMain(_ details: SessionPhase.SignedIn) {
        let wasRestoring = if case .launching = place { true } else { false }
        removeChildren()
        place = .nothing
        guard let scope = context.scope else { return }
        if wasRestoring { environment.analytics.record(.sessionRestored) }
        let route = pendingRoute ?? details.restoredRoute
        if let pendingRoute { environment.analytics.record(.deepLinkOpened(pendingRoute)) }
        pendingRoute = nil
        let main = MainFlow(
            environment: environment, scope: scope, session: context, isNewAccount: details.isNewAccount,
            route: route)
        place = .main(main)
        attach(main)
        main.start()
    }

    // 4. A session error raised below.
    private func sessionEnded(_ error: SessionError) {
        switch error {
        case .ended(let reason): context.sessionEnded(reason)
        }
    }

    // 6. Deep links.
    private func deepLinkOpened(_ route: Route) {
        if let main = mainFlow {
            environment.analytics.record(.deepLinkOpened(route))
            main.open(route)
        } else {
            pendingRoute = route
            environment.analytics.record(.deepLinkDeferred(route))
        }
    }

    private func removeChildren() {
        for child in children { child.end() }
    }
}
