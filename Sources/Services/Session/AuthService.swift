import Models

/// Accounts and tokens: sign in, sign up, validate, refresh, sign out.
///
/// Every result arrives through `completion` on the main actor via the backend's scheduler.
public protocol AuthService: Sendable {
    /// Signs in with a username or email and a password.
    func signIn(_ credentials: Credentials, completion: @escaping ServiceCompletion<AuthSession>)

    /// Creates an account and signs it in.
    func signUp(_ request: SignUpRequest, completion: @escaping ServiceCompletion<AuthSession>)

    /// Asks who owns an access token ("whoami"): the user, or `tokenExpired` / `tokenRevoked`.
    func validate(accessToken: String, completion: @escaping ServiceCompletion<User>)

    /// Trades a refresh token for new tokens; the old refresh token stops working.
    func refresh(refreshToken: String, completion: @escaping ServiceCompletion<AuthTokens>)

    /// Ends the session on the server side.
    func signOut(accessToken: String, completion: @escaping ServiceCompletion<Void>)
}
