import Models

/// Builds the login use case's screens from its state: pure presentation, no navigation.
enum LoginScreens {
    /// "Log in" on the welcome screen.
    static let logIn: ActionID = "logIn"
    /// "Create account" on the welcome screen.
    static let createAccount: ActionID = "createAccount"
    /// The form's submit button.
    static let submit: ActionID = "submit"
    /// "Retry" after an offline or server failure.
    static let retry: ActionID = "retry"
    /// Switches the form between sign-in and sign-up.
    static let switchMode: ActionID = "switchMode"

    /// The welcome screen, with the reason the user was signed out, if any.
    static func welcome(notice: SignedOutReason?) -> Screen {
        var elements: [ScreenElement] = [.text("Meet people who share your interests.")]
        if let notice { elements.append(.notice(Copy.notice(for: notice))) }
        elements.append(.action(ScreenAction(id: logIn, label: "Log in", style: .primary)))
        elements.append(.action(ScreenAction(id: createAccount, label: "Create account")))
        return Screen(id: .welcome, title: "Discover", elements: elements)
    }

    /// The sign-in or sign-up form: notice, failure banner, fields with their errors, then buttons.
    static func form(_ state: LoginState, canGoBack: Bool) -> Screen {
        let isSignIn = state.mode == .signIn
        var elements: [ScreenElement] = []
        if let notice = state.notice, notice != .loggedOut {
            elements.append(.notice(Copy.notice(for: notice)))
        }
        if let failure = state.failure {
            elements.append(
                .error(Copy.banner(for: failure, secondsRemaining: state.rateLimitSecondsRemaining)))
        }
        for field in LoginField.fields(for: state.mode) {
            let error = state.showsFieldErrors ? state.fieldErrors[field] : nil
            let screenField = ScreenField(
                id: fieldID(field), label: label(field, mode: state.mode), value: state.value(field),
                isSecure: field == .password,
                error: error.map { Copy.message(for: $0, signInIdentifier: isSignIn && field == .username) })
            elements.append(.field(screenField))
        }
        elements.append(
            .action(
                ScreenAction(
                    id: submit, label: isSignIn ? "Log in" : "Create account", isEnabled: state.canSubmit,
                    style: .primary)))
        if state.failure == .offline || isServerFailure(state.failure) {
            elements.append(.action(ScreenAction(id: retry, label: "Retry", isEnabled: state.canSubmit)))
        }
        let switchLabel = isSignIn ? "Create an account instead" : "I already have an account"
        elements.append(.action(ScreenAction(id: switchMode, label: switchLabel)))
        if canGoBack { elements.append(.action(ScreenAction(id: .back, label: "Back"))) }
        return Screen(
            id: isSignIn ? .signIn : .signUp, title: isSignIn ? "Log in" : "Create account",
            elements: elements)
    }

    /// The screen's id for a form field.
    static func fieldID(_ field: LoginField) -> FieldID {
        switch field {
        case .username: "username"
        case .email: "email"
        case .password: "password"
        case .displayName: "displayName"
        case .birthDate: "birthDate"
        }
    }

    /// The form field a screen's field id names, if any.
    static func field(for id: FieldID) -> LoginField? {
        LoginField.allCases.first { fieldID($0) == id }
    }

    private static func label(_ field: LoginField, mode: LoginMode) -> String {
        switch field {
        case .username: mode == .signIn ? "Username or email" : "Username"
        case .email: "Email (optional)"
        case .password: "Password"
        case .displayName: "Display name"
        case .birthDate: "Birth date (YYYY-MM-DD)"
        }
    }

    private static func isServerFailure(_ failure: RequestFailure?) -> Bool {
        if case .server = failure { return true }
        return false
    }
}
