import Models

extension LoginFormScreen: ProjectedScreen {
    /// The notice, the failure, the fields with their errors, submit, "Retry", the switch and "Back".
    public var generic: Screen {
        let isSignIn = mode == .signIn
        var elements: [ScreenElement] = []
        if let notice { elements.append(.notice(Copy.notice(for: notice))) }
        if let failure {
            elements.append(.error(Copy.banner(for: failure, secondsRemaining: rateLimitSecondsRemaining)))
        }
        for field in fields {
            let signInIdentifier = isSignIn && field.field == .username
            elements.append(
                .field(
                    ScreenField(
                        id: Self.fieldID(field.field), label: Self.label(field.field, mode: mode),
                        value: field.value.text, isSecure: field.field == .password,
                        error: field.value.error.map {
                            Copy.message(for: $0, signInIdentifier: signInIdentifier)
                        })))
        }
        elements.append(
            .action(
                ScreenAction(
                    id: ActionID.LogIn.submit, label: isSignIn ? "Log in" : "Create account",
                    isEnabled: canSubmit,
                    style: .primary)))
        if showsRetry {
            elements.append(
                .action(ScreenAction(id: ActionID.LogIn.retry, label: "Retry", isEnabled: canSubmit)))
        }
        let switchLabel = isSignIn ? "Create an account instead" : "I already have an account"
        elements.append(.action(ScreenAction(id: ActionID.LogIn.switchMode, label: switchLabel)))
        if canGoBack { elements.append(.action(ScreenAction(id: .back, label: "Back"))) }
        return Screen(
            id: isSignIn ? .signIn : .signUp, title: isSignIn ? "Log in" : "Create account",
            elements: elements)
    }

    /// The id of each action.
    public static func intent(for action: Action) -> Intent {
        switch action {
        case .fieldChanged(let field, let value): .edit(fieldID(field), value)
        case .submitTapped: .tap(ActionID.LogIn.submit)
        case .retryTapped: .tap(ActionID.LogIn.retry)
        case .switchModeTapped: .tap(ActionID.LogIn.switchMode)
        case .backTapped: .tap(.back)
        }
    }

    /// The action of each id.
    public static func action(for intent: Intent) -> Action? {
        switch intent {
        case .edit(let id, let value):
            LoginField.allCases.first { fieldID($0) == id }.map { .fieldChanged($0, value) }
        case .tap(ActionID.LogIn.submit): .submitTapped
        case .tap(ActionID.LogIn.retry): .retryTapped
        case .tap(ActionID.LogIn.switchMode): .switchModeTapped
        case .tap(ActionID.back): .backTapped
        case .tap: nil
        }
    }

    /// The id of a field.
    public static func fieldID(_ field: LoginField) -> FieldID {
        switch field {
        case .username: FieldID.LogIn.username
        case .email: FieldID.LogIn.email
        case .password: FieldID.LogIn.password
        case .displayName: FieldID.LogIn.displayName
        case .birthDate: FieldID.LogIn.birthDate
        }
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
}
