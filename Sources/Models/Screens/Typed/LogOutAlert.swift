/// "Log out?", warning about the messages and swipes not sent yet.
public struct LogOutAlert: AlertValue {
    /// What the user can do on the alert.
    public enum Action: Equatable, Sendable {
        /// "Cancel".
        case cancelTapped
        /// "Log out".
        case confirmTapped
    }

    /// Messages not sent yet, lost by logging out.
    public var unsentMessages: Int
    /// Swipes not sent yet, lost by logging out.
    public var queuedSwipes: Int

    /// Creates the alert.
    public init(unsentMessages: Int, queuedSwipes: Int) {
        self.unsentMessages = unsentMessages
        self.queuedSwipes = queuedSwipes
    }

    /// The value for a front end's alert.
    public var appAlert: AppAlert { .logOut(self) }

    /// `action` as the alert's, if it is one.
    public static func action(in action: AppAction) -> Action? {
        guard case .logOut(let action) = action else { return nil }
        return action
    }
}
