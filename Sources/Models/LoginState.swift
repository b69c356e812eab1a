/// The login context's observable state: the form, its errors and the submit's progress.
public struct LoginState: Hashable, Sendable {
    /// Sign-in or sign-up.
    public var mode: LoginMode
    /// The text of each field.
    public var values: [LoginField: String]
    /// The validation errors of the current values, for the fields of the current mode.
    public var fieldErrors: [LoginField: FieldError]
    /// Whether field errors are shown (after the first submit attempt).
    public var showsFieldErrors: Bool
    /// Whether a request is in flight.
    public var isSubmitting: Bool
    /// The last submit's failure, if any.
    public var failure: RequestFailure?
    /// Seconds until a rate limit ends; zero when not limited.
    public var rateLimitSecondsRemaining: Int
    /// Why the user was sent here, shown as a notice.
    public var notice: SignedOutReason?
    /// The session from a successful submit; the flow hands it to the session context.
    public var completed: AuthSession?

    /// Creates a state.
    public init(
        mode: LoginMode = .signIn,
        values: [LoginField: String] = [:],
        fieldErrors: [LoginField: FieldError] = [:],
        showsFieldErrors: Bool = false,
        isSubmitting: Bool = false,
        failure: RequestFailure? = nil,
        rateLimitSecondsRemaining: Int = 0,
        notice: SignedOutReason? = nil,
        completed: AuthSession? = nil
    ) {
        self.mode = mode
        self.values = values
        self.fieldErrors = fieldErrors
        self.showsFieldErrors = showsFieldErrors
        self.isSubmitting = isSubmitting
        self.failure = failure
        self.rateLimitSecondsRemaining = rateLimitSecondsRemaining
        self.notice = notice
        self.completed = completed
    }

    /// The text of a field, empty when never typed.
    public func value(_ field: LoginField) -> String { values[field] ?? "" }

    /// Whether tapping submit would do anything now.
    public var canSubmit: Bool { !isSubmitting && rateLimitSecondsRemaining == 0 && !isCompleted }

    /// Whether the request succeeded (``completed`` holds the session).
    public var isCompleted: Bool { completed != nil }
}
