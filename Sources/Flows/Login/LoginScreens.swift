import Models

/// Builds the login use case's screens from its state: pure presentation, no navigation.
enum LoginScreens {
    /// The welcome screen, with the reason the user was signed out, if any.
    static func welcome(notice: SignedOutReason?) -> Screen {
        var elements: [ScreenElement] = [.text("Meet people who share your interests.")]
        if let notice { elements.append(.notice(Copy.notice(for: notice))) }
        elements.append(.action(ScreenAction(id: ActionID.Welcome.logIn, label: "Log in", style: .primary)))
        elements.append(.action(ScreenAction(id: ActionID.Welcome.createAccount, label: "Create account")))
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
                    id: ActionID.LogIn.submit, label: isSignIn ? "Log in" : "Create account",
                    isEnabled: state.canSubmit,
                    style: .primary)))
        if state.failure == .offline || isServerFailure(state.failure) {
            elements.append(
                .action(ScreenAction(id: ActionID.LogIn.retry, label: "Retry", isEnabled: state.canSubmit)))
        }
        let switchLabel = isSignIn ? "Create an account instead" : "I already have an account"
        elements.append(.action(ScreenAction(id: ActionID.LogIn.switchMode, label: switchLabel)))
        if canGoBack { elements.append(.action(ScreenAction(id: .back, label: "Back"))) }
        return Screen(
            id: isSignIn ? .signIn : .signUp, title: isSignIn ? "Log in" : "Create account",
            elements: elements)
    }

    /// The screen's id for a form field.
    static func fieldID(_ field: LoginField) -> FieldID {
        switch field {
        case .username: FieldID.LogIn.username
        case .email: FieldID.LogIn.email
        case .password: FieldID.LogIn.password
        case .displayName: FieldID.LogIn.displayName
        case .birthDate: FieldID.LogIn.birthDate
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
