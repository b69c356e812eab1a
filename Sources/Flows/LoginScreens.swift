import Models

/// Builds the login use case's screens from its state: pure presentation, no navigation.
enum LoginScreens {
    static let logIn: ActionID = "logIn"
    static let createAccount: ActionID = "createAccount"
    static let submit: ActionID = "submit"
    static let retry: ActionID = "retry"
    static let switchMode: ActionID = "switchMode"

    static func welcome(notice: SignedOutReason?) -> Screen {
        // Without a notice, or after logging out (the welcome screen every logout shows), the
        // welcome screen never changes: its elements are built once.
        guard let notice else { return Screen(id: .welcome, title: "Discover", elements: Welcome.plain) }
        if notice == .loggedOut {
            return Screen(id: .welcome, title: "Discover", elements: Welcome.loggedOut)
        }
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
        static let loggedOut = [
            tagline, ScreenElement.notice(Copy.notice(for: .loggedOut)), logIn, createAccount,
        ]
    }

    static func form(_ state: LoginState, canGoBack: Bool) -> Screen {
        var kept: [KeptField] = []
        return form(state, canGoBack: canGoBack, keeping: &kept)
    }

    /// A field element rendered, with what it was built from.
    struct KeptField {
        let field: LoginField
        let mode: LoginMode
        let value: String
        let error: FieldError?
        let element: ScreenElement
    }

    /// ``form(_:canGoBack:)``, reusing the field elements of the form rendered before (`kept`, in
    /// the order shown) that were built from the same field, mode, value and error, and leaving
    /// this render's in `kept`.
    ///
    /// An edit changes one field: the others were boxed afresh on every render (an allocation each,
    /// and the box and its texts released with the screen). An element is built from those four
    /// alone, so a kept one is the element this render would build.
    static func form(_ state: LoginState, canGoBack: Bool, keeping kept: inout [KeptField]) -> Screen {
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
        if kept.count < fields.count { kept.reserveCapacity(fields.count) }
        for (index, field) in fields.enumerated() {
            let value = state.value(field)
            let error = state.showsFieldErrors ? state.fieldErrors[field] : nil
            if index < kept.count, kept[index].field == field, kept[index].mode == state.mode,
                kept[index].error == error, kept[index].value == value
            {
                elements.append(kept[index].element)
                continue
            }
            let element = ScreenElement.field(
                ScreenField(
                    id: fieldID(field), label: label(field, mode: state.mode), value: value,
                    isSecure: field == .password,
                    error: error.map {
                        Copy.message(for: $0, signInIdentifier: isSignIn && field == .username)
                    }
                ))
            elements.append(element)
            // The entry is moved into `kept`, its element with it (the screen holds the other reference).
            let entry = KeptField(
                field: field, mode: state.mode, value: value, error: error, element: consume element)
            if index < kept.count { kept[index] = consume entry } else { kept.append(consume entry) }
        }
        if kept.count > fields.count { kept.removeLast(kept.count - fields.count) }
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
        for field in LoginField.allCases where fieldID(field) == id { return field }
        return nil
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
