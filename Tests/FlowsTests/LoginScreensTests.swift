import GenericScreens
import Models
import Testing

@testable import Flows

/// The login screens: what the welcome screen and the form show for every state, element by element.
@Suite struct LoginScreensTests {
    /// The form a state shows, spelled out element by element.
    static func referenceForm(_ state: LoginState, canGoBack: Bool) -> Screen {
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
            let label: String =
                switch field {
                case .username: isSignIn ? "Username or email" : "Username"
                case .email: "Email (optional)"
                case .password: "Password"
                case .displayName: "Display name"
                case .birthDate: "Birth date (YYYY-MM-DD)"
                }
            elements.append(
                .field(
                    ScreenField(
                        id: LoginFormScreen.fieldID(field), label: label, value: state.value(field),
                        isSecure: field == .password,
                        error: error.map {
                            Copy.message(for: $0, signInIdentifier: isSignIn && field == .username)
                        })))
        }
        elements.append(
            .action(
                ScreenAction(
                    id: "submit", label: isSignIn ? "Log in" : "Create account", isEnabled: state.canSubmit,
                    style: .primary)))
        var isServer = false
        if case .server = state.failure { isServer = true }
        if state.failure == .offline || isServer {
            elements.append(.action(ScreenAction(id: "retry", label: "Retry", isEnabled: state.canSubmit)))
        }
        elements.append(
            .action(
                ScreenAction(
                    id: "switchMode",
                    label: isSignIn ? "Create an account instead" : "I already have an account")))
        if canGoBack { elements.append(.action(ScreenAction(id: "back", label: "Back"))) }
        return Screen(
            id: isSignIn ? .signIn : .signUp, title: isSignIn ? "Log in" : "Create account",
            elements: elements)
    }

    /// Every combination of mode, failure, progress, errors, notice and back button the form shows.
    static func states() -> [LoginState] {
        let failures: [RequestFailure?] = [nil, .wrongCredentials, .rateLimited, .offline, .server("Boom")]
        var states: [LoginState] = []
        for mode in [LoginMode.signIn, .signUp] {
            for failure in failures {
                for isSubmitting in [false, true] {
                    for showsErrors in [false, true] {
                        for notice in [nil, SignedOutReason.loggedOut, .sessionExpired] {
                            states.append(
                                LoginState(
                                    mode: mode, values: [.username: "alice", .password: "secret"],
                                    fieldErrors: [.username: .required, .password: .tooShort(minimum: 8)],
                                    showsFieldErrors: showsErrors, isSubmitting: isSubmitting,
                                    failure: failure,
                                    rateLimitSecondsRemaining: failure == .rateLimited ? 3 : 0, notice: notice
                                ))
                        }
                    }
                }
            }
        }
        return states
    }

    @Test func form_matchesFormBuiltElementByElement() {
        for state in Self.states() {
            for canGoBack in [false, true] {
                #expect(
                    LoginScreens.form(state, canGoBack: canGoBack).generic
                        == Self.referenceForm(state, canGoBack: canGoBack))
            }
        }
    }

    @Test func form_showsEveryValueTyped() {
        var state = LoginState(values: [.username: "alice"])
        #expect(LoginScreens.form(state, canGoBack: true).generic.fields.map(\.value) == ["alice", ""])
        state.values[.password] = "wonderland"
        #expect(
            LoginScreens.form(state, canGoBack: true).generic.fields.map(\.value) == ["alice", "wonderland"])
    }

    @Test func form_disablesItsButtonsWhileSubmitting() {
        let state = LoginState(isSubmitting: true, failure: .offline)
        let actions = LoginScreens.form(state, canGoBack: true).generic.actions
        #expect(actions.map(\.label) == ["Log in", "Retry", "Create an account instead", "Back"])
        #expect(actions.map(\.isEnabled) == [false, false, true, true])
    }

    @Test func welcome_matchesWelcomeBuiltElementByElement() {
        let reasons: [SignedOutReason?] = [
            nil, .loggedOut, .sessionExpired, .sessionRevoked, .storedSessionUnreadable,
        ]
        for notice in reasons {
            var elements: [ScreenElement] = [.text("Meet people who share your interests.")]
            if let notice { elements.append(.notice(Copy.notice(for: notice))) }
            elements += [
                .action(ScreenAction(id: "logIn", label: "Log in", style: .primary)),
                .action(ScreenAction(id: "createAccount", label: "Create account")),
            ]
            #expect(
                LoginScreens.welcome(notice: notice).generic
                    == Screen(id: .welcome, title: "Discover", elements: elements))
        }
    }
}
