import Contexts
import Models

/// Scripts the login use case, signed out, from the welcome screen to a session.
///
/// 1. Welcome: "Log in" or "Create account" (after an expiry or revocation, straight to "Log in"
///    with the reason shown and the username pre-filled).
/// 2. The form: fields validated locally with messages beside each; nothing is sent while invalid.
/// 3. Submit sends one request however often it is tapped.
/// 4. Outcomes: wrong credentials (banner), username taken (beside the field), rate limited (banner
///    with a countdown; submit disabled until it ends), offline or server error (banner and "Retry").
/// 5. Success hands the session to the ``SessionContext``; the ``SessionFlow`` takes over.
@MainActor
public final class LoginFlow: FlowNode {
    /// What this flow shows, for the flow graph.
    nonisolated public static let declaration = FlowDeclaration(
        name: "LoginFlow", screens: [.welcome, .signIn, .signUp],
        transitions: [
            .init(.welcome, .signIn, on: "Log in"), .init(.welcome, .signUp, on: "Create account"),
            .init(.signIn, .signUp, on: "Create an account instead"),
            .init(.signUp, .signIn, on: "I already have an account"), .init(.signIn, .home, on: "signed in"),
            .init(.signUp, .profileSetup, on: "account created"),
        ])

    private let environment: FlowEnvironment
    private weak var session: SessionContext?
    /// The context this flow scripts.
    public let context: LoginContext
    private var observation: ObservationToken?
    private var showsForm = false
    private var formHasBack = false
    /// The form's field elements last rendered, for the next render to reuse those that did not
    /// change (``LoginScreens/form(_:canGoBack:keeping:)``). Main-actor isolated and only passed
    /// in place to that pure function, which calls nothing that could come back to the flow, so the
    /// run-time exclusivity check of each render is left out (Decision 22).
    @exclusivity(unchecked) private var shownFields: [LoginScreens.KeptField] = []
    // What a render compares with the state rendered before it, kept rather than the whole state:
    // copying a `LoginState` (two tables, the session once signed in) retained every reference in it.
    private var previous: Rendered?
    /// This flow, held weakly, for its screens' and render closures: made once and shared (a
    /// `[weak self]` closure allocates a box of its own).
    private let weakSelf = WeakFlow<LoginFlow>()
    /// Why the user was signed out, shown on the first screen.
    private let notice: SignedOutReason?

    /// The parts of the last state rendered that the next render looks at.
    private struct Rendered {
        let mode: LoginMode
        let isSubmitting: Bool
        let isCompleted: Bool
    }

    /// Creates the flow; `notice` and `username` come from the reason the user was signed out.
    public init(
        environment: FlowEnvironment, session: SessionContext, notice: SignedOutReason?, username: String?
    ) {
        self.environment = environment
        self.session = session
        self.notice = notice
        self.context = LoginContext(
            auth: environment.services.auth, scheduler: environment.services.scheduler, notice: notice,
            username: username)
        super.init(name: "LoginFlow")
        weakSelf.flow = self
    }

    /// The login context's state.
    public override var stateSummary: String? {
        let state = context.snapshot
        var parts = ["\(state.mode)"]
        if state.isSubmitting { parts.append("submitting") }
        if let failure = state.failure { parts.append("failure=\(failure)") }
        if state.rateLimitSecondsRemaining > 0 { parts.append("wait=\(state.rateLimitSecondsRemaining)s") }
        return "LoginContext: " + parts.joined(separator: " ")
    }

    /// Shows the first screen and starts listening to the context.
    public func start() {
        // The notice the flow was made with (the context never changes it): reading it from a
        // snapshot copied the whole login state.
        let notice = notice
        if notice == nil || notice == .loggedOut {
            environment.show(LoginScreens.welcome(notice: notice), .root) { [weakSelf] in
                weakSelf.flow?.welcomeIntent($0)
            }
        } else {
            showForm(.signIn, placement: .root)
        }
        observation = context.observe { [weakSelf] state in weakSelf.flow?.render(state) }
    }

    private func welcomeIntent(_ intent: Intent) {
        switch intent {
        case .tap(LoginScreens.logIn): showForm(.signIn, placement: .push)
        case .tap(LoginScreens.createAccount): showForm(.signUp, placement: .push)
        default: break
        }
    }

    private func showForm(_ mode: LoginMode, placement: FlowEnvironment.Placement) {
        context.modeSelected(mode)
        if placement == .push { formHasBack = true } else if placement == .root { formHasBack = false }
        showsForm = true
        let form = LoginScreens.form(context.snapshot, canGoBack: formHasBack, keeping: &shownFields)
        environment.show(form, placement) {
            [weakSelf] in
            weakSelf.flow?.formIntent($0)
        }
    }

    private func formIntent(_ intent: Intent) {
        switch intent {
        case .edit(let id, let value):
            if let field = LoginScreens.field(for: id) { context.fieldChanged(field, to: value) }
        case .tap(LoginScreens.submit), .tap(LoginScreens.retry):
            context.submit()
        case .tap(LoginScreens.switchMode):
            showForm(context.snapshot.mode == .signIn ? .signUp : .signIn, placement: .replaceTop)
        case .tap(ActionID.back):
            showsForm = false
            environment.presenter.pop()
        default:
            break
        }
    }

    private func render(_ state: LoginState) {
        defer {
            previous = Rendered(
                mode: state.mode, isSubmitting: state.isSubmitting, isCompleted: state.isCompleted)
        }
        // The form of a completed sign-in is the one shown while it was sent (the same values, no
        // failure, submit disabled) and the session's screen replaces it at once: not rendered again.
        if showsForm, previous?.mode == state.mode, !(state.isCompleted && previous?.isSubmitting == true) {
            environment.presenter.update(
                LoginScreens.form(state, canGoBack: formHasBack, keeping: &shownFields))
        }
        guard let previous else { return }
        if !previous.isSubmitting, state.isSubmitting {
            environment.analytics.record(.loginSubmitted(state.mode))
        }
        if previous.isSubmitting, !state.isSubmitting {
            if state.isCompleted {
                environment.analytics.record(.loginSucceeded(state.mode))
            } else if let failure = state.failure {
                environment.analytics.record(.loginFailed(state.mode, failure))
            }
        }
        if !previous.isCompleted, let completed = state.completed {
            session?.signedIn(completed)
        }
    }
}
