import Contexts
import Models

/// Scripts the session use case: who is signed in decides what the app shows.
///
/// 1. Launch: a "launching" screen while the stored session is restored and validated (or refreshed).
/// 2. Signed out: a ``LoginFlow``, with the reason (expired, revoked) and the username pre-filled.
/// 3. Signed in: a ``MainFlow`` for the session, opening a deep link that waited for login, or the
///    place restored from the last run.
/// 4. ``SessionError`` raised anywhere below ends the session and shows login.
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
            .init(.launching, .home, on: "restored"), .init(.home, .signIn, on: "session ended"),
            .init(.home, .welcome, on: "logged out"),
        ],
        children: ["LoginFlow", "MainFlow"])

    /// The session context this flow observes.
    public let context: SessionContext
    private let environment: FlowEnvironment
    private var observations: ContextWatch?
    private var pendingRoute: Route?
    private var previous: SessionState?
    /// This flow, held weakly, for its handlers and render closure: made once and shared (a
    /// `[weak self]` closure allocates a box of its own).
    private let weakSelf = WeakFlow<SessionFlow>()

    /// Creates the flow over the app's services.
    public init(environment: FlowEnvironment) {
        self.environment = environment
        self.context = SessionContext(services: environment.services)
        super.init(name: "SessionFlow")
        weakSelf.flow = self
        let weakSelf = weakSelf
        // Each handler captures the weak holder alone, so neither allocates a context.
        handleErrors(of: SessionError.self) { error in
            guard let error = error as? SessionError else { return false }
            weakSelf.flow?.sessionEnded(error)
            return true
        }
        // Other events (a match on every swipe that makes one) are told apart by their type first:
        // a cast that fails costs ~500 instructions, comparing types a few.
        subscribeEvents(of: DeepLinkOpened.self) { event in
            guard type(of: event) == DeepLinkOpened.self, let event = event as? DeepLinkOpened else { return }
            weakSelf.flow?.deepLinkOpened(event.route)
        }
    }

    /// The session context's state.
    public override var stateSummary: String? {
        switch context.snapshot {
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
        // A loop, not `first(where:)`: an isolated closure handed to it checked the executor per call.
        for child in children {
            if let main = child as? MainFlow { return main }
        }
        return nil
    }

    /// Starts observing the session and launches it.
    public func start() {
        let weakSelf = weakSelf
        observations = watch(context, through: weakSelf, render: { state in weakSelf.flow?.render(state) })
        context.launch()
    }

    private func render(_ state: SessionState) {
        // What the last state was, read once by its case: comparing with `previous?.user` or
        // `.restoring` copied the optional state (and the user in it) into temporaries for each test.
        var wasRestoring = false
        var wasSignedIn = false
        switch previous {
        case .none: break
        case .some(let last):
            guard last != state else { return }
            switch last {
            case .restoring: wasRestoring = true
            case .signedIn: wasSignedIn = true
            case .idle, .signedOut: break
            }
        }
        previous = state
        switch state {
        case .idle:
            break
        case .restoring:
            removeChildren()
            environment.show(Screen(id: .launching, title: "Discover", elements: [.text("Loading…")]), .root)
            { _ in }
        case .signedOut(let reason, let username):
            removeChildren()
            if let reason, reason != .loggedOut || wasSignedIn {
                environment.analytics.record(.sessionEnded(reason))
            }
            let login = LoginFlow(
                environment: environment, session: context, notice: reason, username: username)
            attach(login)
            login.start()
        case .signedIn(let details):
            removeChildren()
            guard let scope = context.scope else { return }
            if wasRestoring { environment.analytics.record(.sessionRestored) }
            let route = pendingRoute ?? details.restoredRoute
            if let pendingRoute { environment.analytics.record(.deepLinkOpened(pendingRoute)) }
            pendingRoute = nil
            let main = MainFlow(environment: environment, scope: scope, session: context)
            attach(main)
            main.start(isNewAccount: details.isNewAccount, route: route)
        }
    }

    private func sessionEnded(_ error: SessionError) {
        switch error {
        case .ended(let reason): context.end(reason)
        }
    }

    private func deepLinkOpened(_ route: Route) {
        if let main = mainFlow {
            environment.analytics.record(.deepLinkOpened(route))
            main.open(route)
        } else {
            pendingRoute = route
            environment.analytics.record(.deepLinkDeferred(route))
        }
    }

    private func removeChildren() { detachChildren(ofType: FlowNode.self) }
}
