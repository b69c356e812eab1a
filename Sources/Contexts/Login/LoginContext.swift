import Foundation
import Interactors
import Models
import Services

/// The login use case's context: the sign-in and sign-up forms, validation and the one request.
///
/// Inputs: ``modeSelected(_:)``, ``fieldChanged(_:to:)``, ``submit()``. Output: ``Models/LoginState``
/// through ``store``; a success leaves the session in ``Models/LoginState/completed`` for the flow to hand
/// to the session context. Nothing is sent while a field is invalid, and a submit while a request is
/// in flight or a rate limit counts down does nothing.
@MainActor
public final class LoginContext: StateContext {
    /// The observable state.
    ///
    /// Emits on every edit, submit, response and countdown tick.
    public let store: StateStore<LoginState>

    private let auth: any AuthService
    private let scheduler: any Scheduler
    /// The rate limit's countdown and the request's answer, cancelled by ``end()``.
    private let tasks = CancelBag()

    /// Creates a context in a mode, with a notice and a pre-filled username (after an expiry).
    public init(
        auth: any AuthService, scheduler: any Scheduler, mode: LoginMode = .signIn,
        notice: SignedOutReason? = nil,
        username: String? = nil
    ) {
        self.auth = auth
        self.scheduler = scheduler
        var values: [LoginField: String] = [:]
        if let username { values[.username] = username }
        store = StateStore(LoginState(mode: mode, values: values, notice: notice))
    }

    /// Creates a context from a `state` another login context published: it goes on as that one
    /// would (a rate limit's countdown ticks on).
    public init(auth: any AuthService, scheduler: any Scheduler, state: LoginState) {
        self.auth = auth
        self.scheduler = scheduler
        store = StateStore(state)
        if state.rateLimitSecondsRemaining > 0 { scheduleTick() }
    }

    /// Call when the user switches between sign-in and sign-up; values typed so far are kept.
    public func modeSelected(_ mode: LoginMode) {
        guard store.snapshot.mode != mode else { return }
        store.update { state in
            state.mode = mode
            state.showsFieldErrors = false
            state.fieldErrors = [:]
            if state.failure != .rateLimited { state.failure = nil }
        }
    }

    /// Call when the user changes a field's text.
    public func fieldChanged(_ field: LoginField, to value: String) {
        let now = scheduler.now
        store.update { state in
            state.values[field] = value
            if state.showsFieldErrors {
                state.fieldErrors = LoginValidator.validate(mode: state.mode, values: state.values, now: now)
            }
        }
    }

    /// Call when the user taps submit (or retry): validates, then sends exactly one request.
    public func submit() {
        let state = store.snapshot
        guard state.canSubmit else { return }
        switch state.mode {
        case .signIn:
            switch LoginValidator.validateSignIn(state.values) {
            case .invalid(let errors): return showInvalid(errors)
            case .valid(let credentials):
                startRequest()
                auth.signIn(credentials, completion: tasks.answer { [weak self] in self?.finish($0) })
            }
        case .signUp:
            switch LoginValidator.validateSignUp(state.values, now: scheduler.now) {
            case .invalid(let errors): return showInvalid(errors)
            case .valid(let request):
                startRequest()
                auth.signUp(request, completion: tasks.answer { [weak self] in self?.finish($0) })
            }
        }
    }

    /// Call when the login use case ends: stops the countdown, and an answer still on its way is dropped.
    public func end() { tasks.cancelAll() }

    // MARK: Internals

    private func showInvalid(_ errors: [LoginField: FieldError]) {
        store.update { state in
            state.showsFieldErrors = true
            state.fieldErrors = errors
        }
    }

    /// Marks the request sent.
    private func startRequest() {
        store.update { state in
            state.isSubmitting = true
            state.failure = nil
            state.fieldErrors = [:]
        }
    }

    /// Takes the answer of the request sent.
    private func finish(_ result: Result<AuthSession, ServiceError>) {
        store.update { apply(result, to: &$0) }
    }

    /// Records the answer of a request in `state`.
    private func apply(_ result: Result<AuthSession, ServiceError>, to state: inout LoginState) {
        state.isSubmitting = false
        switch result {
        case .success(let session):
            state.completed = session
        case .failure(let error):
            switch RequestFailureMapper.map(error) {
            case .failure(let failure):
                state.failure = failure
            case .rateLimited(let seconds):
                state.failure = .rateLimited
                state.rateLimitSecondsRemaining = seconds
                scheduleTick()
            case .fieldError(let field, let fieldError):
                state.showsFieldErrors = true
                state.fieldErrors[field] = fieldError
            case .sessionEnded:
                state.failure = .server("Unexpected answer from the server")
            }
        }
    }

    private func scheduleTick() {
        tasks.keep(scheduler.schedule(after: .seconds(1)) { [weak self] in self?.tick() }, as: "countdown")
    }

    private func tick() {
        store.update { state in
            state.rateLimitSecondsRemaining = max(0, state.rateLimitSecondsRemaining - 1)
            if state.rateLimitSecondsRemaining == 0 {
                state.failure = nil
            } else {
                scheduleTick()
            }
        }
    }
}
