/// The welcome screen: "Log in" or "Create account", with why the user was signed out.
public struct WelcomeScreen: StackScreenValue {
    /// What the user can do on the welcome screen.
    public enum Action: Equatable, Sendable {
        /// "Log in": the sign-in form.
        case logInTapped
        /// "Create account": the sign-up form.
        case createAccountTapped
    }

    /// Why the user is signed out, when there is something to say.
    public var notice: SignedOutReason?

    /// Creates the screen.
    public init(notice: SignedOutReason?) { self.notice = notice }

    /// The value for a front end's stack.
    public var appScreen: AppScreen { .welcome(self) }

    /// `action` as the welcome screen's, if it is one.
    public static func action(in action: AppAction) -> Action? {
        guard case .welcome(let action) = action else { return nil }
        return action
    }
}
