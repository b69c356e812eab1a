import Models

/// Builds the login use case's screens from its state: pure presentation, no navigation.
enum LoginScreens {
    static let logIn: ActionID = "logIn"
    static let createAccount: ActionID = "createAccount"
    static let submit: ActionID = "submit"
    static let retry: ActionID = "retry"
    static let switchMode: ActionID = "switchMode"

    static func welcome(notice: SignedOutReason?) -> Screen {
        // Without a notice the welcome screen never changes: its elements are built once.
        guard let notice else { return Screen(id: .welcome, title: "Discover", elements: Welcome.plain) }
        var elements: [ScreenElement] = []
        elements.reserveCapacity(4)
        elements.append(Welcome.tagline)
        elements.append(.notice(Copy.notice(for: notice)))
        elements.append(Welcome.logIn)
        elements.append(Welcome.createAccount)
        return Screen(id: .welcome, title: "Discover", elements: elements)
    }

    /// The welcome screen's fixed elements.
    private enum Welcome {
        static let tagline = ScreenElement.text("Meet people who share your interests.")
        static let logIn = ScreenElement.action(
            ScreenAction(id: LoginScreens.logIn, label: "Log in", style: .primary))
        static let createAccount = ScreenElement.action(
            ScreenAction(id: LoginScreens.createAccount, label: "Create account"))
        static let plain = [tagline, logIn, createAccount]
    }

    static func form(_ state: LoginState, canGoBack: Bool) -> Screen {
        let isSignIn = state.mode == .signIn
        let fields = LoginField.fields(for: state.mode)
        // Room for every element at once: appending one by one grew the array four times per render.
        var elements: [ScreenElement] = []
        elements.reserveCapacity(fields.count + 6)
        if let notice = state.notice, notice != .loggedOut {
            elements.append(.notice(Copy.notice(for: notice)))
        }
        if let failure = state.failure {
            elements.append(
                .error(Copy.banner(for: failure, secondsRemaining: state.rateLimitSecondsRemaining)))
        }
        for field in fields {
            var message: String?
            if state.showsFieldErrors, let error = state.fieldErrors[field] {
                message = Copy.message(for: error, signInIdentifier: isSignIn && field == .username)
            }
            // Made whole, then moved into the element's box (no copy of the field left to destroy).
            let screenField = ScreenField(
                id: fieldID(field), label: label(field, mode: state.mode), value: state.value(field),
                isSecure: field == .password, error: message)
            elements.append(.field(consume screenField))
        }
        // The buttons are built once (each is boxed: built per render, each cost an allocation).
        let canSubmit = state.canSubmit
        elements.append(
            isSignIn
                ? (canSubmit ? FixedActions.logIn : FixedActions.logInDisabled)
                : (canSubmit ? FixedActions.createAccount : FixedActions.createAccountDisabled))
        if state.failure == .offline || isServerFailure(state.failure) {
            elements.append(canSubmit ? FixedActions.retry : FixedActions.retryDisabled)
        }
        elements.append(isSignIn ? FixedActions.toSignUp : FixedActions.toSignIn)
        if canGoBack { elements.append(FixedActions.back) }
        return Screen(
            id: isSignIn ? .signIn : .signUp, title: isSignIn ? "Log in" : "Create account",
            elements: elements)
    }

    /// The form's buttons, each in every state it can be shown in.
    private enum FixedActions {
        static let logIn = submitAction(label: "Log in", isEnabled: true)
        static let logInDisabled = submitAction(label: "Log in", isEnabled: false)
        static let createAccount = submitAction(label: "Create account", isEnabled: true)
        static let createAccountDisabled = submitAction(label: "Create account", isEnabled: false)
        static let retry = ScreenElement.action(ScreenAction(id: LoginScreens.retry, label: "Retry"))
        static let retryDisabled = ScreenElement.action(
            ScreenAction(id: LoginScreens.retry, label: "Retry", isEnabled: false))
        static let toSignUp = ScreenElement.action(
            ScreenAction(id: switchMode, label: "Create an account instead"))
        static let toSignIn = ScreenElement.action(
            ScreenAction(id: switchMode, label: "I already have an account"))
        static let back = ScreenElement.action(ScreenAction(id: .back, label: "Back"))

        private static func submitAction(label: String, isEnabled: Bool) -> ScreenElement {
            .action(ScreenAction(id: submit, label: label, isEnabled: isEnabled, style: .primary))
        }
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
