/// Where the session is: who is signed in, if anyone (``SessionState/phase``).
public enum SessionPhase: Hashable, Sendable {
    /// Before launch.
    case idle
    /// Launch is restoring and validating a stored session.
    case restoring
    /// Nobody is signed in.
    case signedOut(reason: SignedOutReason?, username: String?)
    /// A user is signed in.
    case signedIn(SignedIn)

    /// The details of a signed-in session.
    public struct SignedIn: Hashable, Sendable {
        /// The signed-in user.
        public var user: User
        /// Whether the account was just created (profile set-up follows).
        public var isNewAccount: Bool
        /// The place to restore, when the session came back from disk.
        public var restoredRoute: Route?

        /// Creates the details.
        public init(user: User, isNewAccount: Bool, restoredRoute: Route?) {
            self.user = user
            self.isNewAccount = isNewAccount
            self.restoredRoute = restoredRoute
        }
    }

    /// The signed-in user, if any.
    public var user: User? {
        if case .signedIn(let details) = self { return details.user }
        return nil
    }
}
