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
    ///
    /// The form has at most five fields: walking them costs less than hashing the key (each form
    /// render looks every field up).
    public func value(_ field: LoginField) -> String {
        for (key, value) in values where key == field { return value }
        return ""
    }

    /// Whether `field` holds `text` (set, and to that text; a field never typed holds nothing).
    ///
    /// Walks the fields rather than hashing the key, as ``value(_:)`` does.
    public func holds(_ text: String, in field: LoginField) -> Bool {
        for (key, value) in values where key == field { return value == text }
        return false
    }

    /// Whether tapping submit would do anything now.
    public var canSubmit: Bool { !isSubmitting && rateLimitSecondsRemaining == 0 && !isCompleted }

    /// Whether the request succeeded (``completed`` holds the session).
    ///
    /// Asked by its case: `completed == nil` picked the `Equatable` comparison of two optional
    /// sessions, copying the session (its user and tokens) into temporaries on every form render.
    public var isCompleted: Bool {
        if case .some = completed { return true }
        return false
    }
}
