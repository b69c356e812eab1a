import Models

/// Builds the login use case's screens from its state: pure presentation, no navigation.
enum LoginScreens {
    static let logIn: ActionID = "logIn"
    static let createAccount: ActionID = "createAccount"
    static let submit: ActionID = "submit"
    static let retry: ActionID = "retry"
    static let switchMode: ActionID = "switchMode"

    static func welcome(notice: SignedOutReason?) -> Screen {
        var elements: [ScreenElement] = [.text("Meet people who share your interests.")]
        if let notice { elements.append(.notice(Copy.notice(for: notice))) }
        elements += [
            .action(ScreenAction(id: logIn, label: "Log in", style: .primary)),
            .action(ScreenAction(id: createAccount, label: "Create account")),
        ]
        return Screen(id: .welcome, title: "Discover", elements: elements)
    }

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
            elements.append(
                .field(
                    ScreenField(
                        id: fieldID(field), label: label(field, mode: state.mode), value: state.value(field),
                        isSecure: field == .password,
                        error: error.map {
                            Copy.message(for: $0, signInIdentifier: isSignIn && field == .username)
                        })))
        }
        elements.append(
            .action(
                ScreenAction(
                    id: submit, label: isSignIn ? "Log in" : "Create account", isEnabled: state.canSubmit,
                    style: .primary)))
        if state.failure == .offline || isServerFailure(state.failure) {
            elements.append(.action(ScreenAction(id: retry, label: "Retry", isEnabled: state.canSubmit)))
        }
        elements.append(
            .action(
                ScreenAction(
                    id: switchMode,
                    label: isSignIn ? "Create an account instead" : "I already have an account")))
        if canGoBack { elements.append(.action(ScreenAction(id: .back, label: "Back"))) }
        return Screen(
            id: isSignIn ? .signIn : .signUp, title: isSignIn ? "Log in" : "Create account",
            elements: elements)
    }

    static func fieldID(_ field: LoginField) -> FieldID {
        switch field {
        case .username: "username"
        case .email: "email"
        case .password: "password"
        case .displayName: "displayName"
        case .birthDate: "birthDate"
        }
    }

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
