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
/// 5. Success hands the session to `onSignedIn`; the ``SessionFlow`` takes over.
@MainActor
public final class LoginFlow: FlowNode {
    /// What this flow shows, for the flow graph.
    nonisolated public static let declaration = FlowDeclaration(
        name: "LoginFlow", screens: [.welcome, .signIn, .signUp],
        transitions: [
            .init(.welcome, .signIn, on: "Log in"), .init(.welcome, .signUp, on: "Create account"),
            .init(.signIn, .signUp, on: "Create an account instead"),
            .init(.signUp, .signIn, on: "I already have an account"),
            .init(.signIn, .welcome, on: "Back"), .init(.signUp, .welcome, on: "Back"),
        ])

    /// What the flow shows.
    private enum Place {
        /// The welcome screen.
        case welcome
        /// The form, with a "Back" button when it was pushed over the welcome screen.
        case form(canGoBack: Bool)
    }

    /// The context this flow scripts.
    public let context: LoginContext
    private let environment: FlowEnvironment
    /// Why the user was signed out, shown on the first screen.
    private let notice: SignedOutReason?
    private let onSignedIn: @MainActor (AuthSession) -> Void
    private var observation: ObservationToken?
    private var place = Place.welcome
    /// The login state last rendered.
    private var rendered: LoginState?

    /// Creates the flow; `notice` and `username` come from the reason the user was signed out, and
    /// `onSignedIn` takes the session once login succeeds.
    public init(
        environment: FlowEnvironment, notice: SignedOutReason?, username: String?,
        onSignedIn: @escaping @MainActor (AuthSession) -> Void
    ) {
        self.environment = environment
        self.notice = notice
        self.onSignedIn = onSignedIn
        self.context = LoginContext(
            auth: environment.services.auth, scheduler: environment.services.scheduler, notice: notice,
            username: username)
        super.init(name: "LoginFlow")
        own(context)
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
    public override func start() {
        // 1. Welcome, or straight to the form after an expiry or revocation.
        if notice == nil || notice == .loggedOut {
            environment.show(LoginScreens.welcome(notice: notice), .root, by: self) { [weak self] in
                self?.welcomeAction($0)
            }
        } else {
            showForm(.signIn, placement: .root)
        }
        observation = context.observe { [weak self] state in self?.render(state) }
    }

    // 1. What the user does on the welcome screen.
    private func welcomeAction(_ action: WelcomeScreen.Action) {
        switch action {
        case .logInTapped: showForm(.signIn, placement: .push)
        case .createAccountTapped: showForm(.signUp, placement: .push)
        }
    }

    // 2. The form.
    private func showForm(_ mode: LoginMode, placement: FlowEnvironment.Placement) {
        context.modeSelected(mode)
        // Pushed from welcome it goes back there; switching mode keeps whether it could.
        let canGoBack =
            switch (placement, place) {
            case (.push, _): true
            case (.replaceTop, .form(let shownWithBack)): shownWithBack
            case (.replaceTop, .welcome), (.root, _): false
            }
        place = .form(canGoBack: canGoBack)
        environment.show(LoginScreens.form(context.snapshot, canGoBack: canGoBack), placement, by: self) {
            [weak self] in self?.formAction($0)
        }
    }

    // 3. Edits and submits go to the context.
    private func formAction(_ action: LoginFormScreen.Action) {
        switch action {
        case .fieldChanged(let field, let value):
            context.fieldChanged(field, to: value)
        case .submitTapped, .retryTapped:
            context.submit()
        case .switchModeTapped:
            showForm(context.snapshot.mode == .signIn ? .signUp : .signIn, placement: .replaceTop)
        case .backTapped:
            place = .welcome
            environment.pop(by: self)
        }
    }

    // 4. and 5. Every change of the state: the form again, analytics, and the session on success.
    private func render(_ state: LoginState) {
        defer { rendered = state }
        // The form of a completed sign-in is the one shown while it was sent (the same values, no
        // failure, submit disabled) and the session's screen replaces it at once: not rendered again.
        if case .form(let canGoBack) = place, rendered?.mode == state.mode,
            !(state.isCompleted && rendered?.isSubmitting == true)
        {
            environment.update(LoginScreens.form(state, canGoBack: canGoBack))
        }
        guard let previous = rendered else { return }
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
            onSignedIn(completed)
        }
    }
}
