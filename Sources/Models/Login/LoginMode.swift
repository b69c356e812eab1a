/// Which form the login use case shows.
public enum LoginMode: Hashable, Sendable {
    /// Sign in to an existing account.
    case signIn
    /// Create an account.
    case signUp
}
