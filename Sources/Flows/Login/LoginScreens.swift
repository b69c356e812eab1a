import Models

/// Builds the login use case's screens from their state: pure functions.
enum LoginScreens {
    /// The welcome screen, with why the user was signed out (nothing after a plain logout).
    static func welcome(notice: SignedOutReason?) -> WelcomeScreen {
        WelcomeScreen(notice: notice)
    }

    /// The sign-in or sign-up form for `state`; "Back" when it was reached from the welcome screen.
    ///
    /// The notice shows unless it is a plain logout; field errors show once the user tried to
    /// submit; "Retry" shows after an offline or server failure.
    static func form(_ state: LoginState, canGoBack: Bool) -> LoginFormScreen {
        LoginFormScreen(
            mode: state.mode, notice: state.notice == .loggedOut ? nil : state.notice, failure: state.failure,
            rateLimitSecondsRemaining: state.rateLimitSecondsRemaining,
            fields: LoginField.fields(for: state.mode).map { field in
                LoginFormScreen.Field(
                    field,
                    FormValue(
                        state.value(field), error: state.showsFieldErrors ? state.fieldErrors[field] : nil))
            },
            canSubmit: state.canSubmit, showsRetry: showsRetry(after: state.failure), canGoBack: canGoBack)
    }

    /// Whether a failure can be retried at once: offline, or the server's.
    private static func showsRetry(after failure: RequestFailure?) -> Bool {
        switch failure {
        case .offline, .server: true
        case .wrongCredentials, .rateLimited, nil: false
        }
    }
}
