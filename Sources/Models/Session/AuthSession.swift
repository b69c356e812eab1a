/// What a successful sign-in or sign-up hands to the session: who, and with which tokens.
public struct AuthSession: Hashable, Codable, Sendable {
    /// The signed-in user.
    public var user: User
    /// The tokens the backend issued.
    public var tokens: AuthTokens
    /// Whether the account was created by this sign-in (sign-up), so profile set-up follows.
    public var isNewAccount: Bool

    /// Creates a session value.
    public init(user: User, tokens: AuthTokens, isNewAccount: Bool = false) {
        self.user = user
        self.tokens = tokens
        self.isNewAccount = isNewAccount
    }
}
