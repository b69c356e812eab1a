/// The sign-in or sign-up form: its fields with their errors, the failure, submit, retry and back.
public struct LoginFormScreen: StackScreenValue {
    /// What the user can do on the form.
    public enum Action: Equatable, Sendable {
        /// The user typed into a field; carries the field's whole new value.
        case fieldChanged(LoginField, String)
        /// "Log in" or "Create account".
        case submitTapped
        /// "Retry" after an offline or server failure.
        case retryTapped
        /// "Create an account instead" or "I already have an account".
        case switchModeTapped
        /// "Back" to the welcome screen.
        case backTapped
    }

    /// One field of the form.
    public struct Field: Hashable, Sendable {
        /// Which field.
        public var field: LoginField
        /// Its value and the error shown beside it.
        public var value: FormValue

        /// Creates a field.
        public init(_ field: LoginField, _ value: FormValue) {
            self.field = field
            self.value = value
        }
    }

    /// Signing in or signing up.
    public var mode: LoginMode
    /// Why the user was signed out (an expiry or revocation), shown above the form.
    public var notice: SignedOutReason?
    /// Why the last attempt failed.
    public var failure: RequestFailure?
    /// Seconds until the next attempt is allowed after too many.
    public var rateLimitSecondsRemaining: Int
    /// The fields, in order.
    public var fields: [Field]
    /// Whether "Log in" / "Create account" (and "Retry") can be tapped.
    public var canSubmit: Bool
    /// Whether "Retry" shows (after an offline or server failure).
    public var showsRetry: Bool
    /// Whether "Back" shows (the form was reached from the welcome screen).
    public var canGoBack: Bool

    /// Creates the form.
    public init(
        mode: LoginMode, notice: SignedOutReason?, failure: RequestFailure?, rateLimitSecondsRemaining: Int,
        fields: [Field], canSubmit: Bool, showsRetry: Bool, canGoBack: Bool
    ) {
        self.mode = mode
        self.notice = notice
        self.failure = failure
        self.rateLimitSecondsRemaining = rateLimitSecondsRemaining
        self.fields = fields
        self.canSubmit = canSubmit
        self.showsRetry = showsRetry
        self.canGoBack = canGoBack
    }

    /// The value for a front end's stack.
    public var appScreen: AppScreen { .loginForm(self) }

    /// `action` as the form's, if it is one.
    public static func action(in action: AppAction) -> Action? {
        guard case .loginForm(let action) = action else { return nil }
        return action
    }
}
