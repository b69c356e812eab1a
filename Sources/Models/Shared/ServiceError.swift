/// Everything a service can report instead of a result.
///
/// Backends map their wire errors onto these cases; contexts decide what each means for the user.
public enum ServiceError: Error, Hashable, Sendable {
    /// The username/email and password do not match an account.
    case invalidCredentials
    /// Sign-up chose a username that is taken.
    case accountExists
    /// Too many attempts; the caller may try again after the given number of seconds.
    case rateLimited(retryAfterSeconds: Int)
    /// The backend could not be reached.
    case networkUnavailable
    /// The access token has expired; a refresh may help.
    case tokenExpired
    /// The token was revoked or is unknown; the session is over.
    case tokenRevoked
    /// The requested item does not exist (or is not visible to this user).
    case notFound
    /// The backend refused the request as invalid, with its reason.
    case rejected(String)
    /// The backend failed on its side, with what it said.
    case server(String)
    /// The backend answered with something this client cannot read.
    case malformedResponse(String)
}
