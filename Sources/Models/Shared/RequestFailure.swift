/// What went wrong with a form's last request (sign-in, sign-up, profile save, profile load).
public enum RequestFailure: Hashable, Sendable {
    /// Username/email and password do not match.
    case wrongCredentials
    /// Too many attempts: submit is disabled until the countdown in ``LoginState`` ends.
    case rateLimited
    /// The backend could not be reached; retry.
    case offline
    /// The backend failed, with what it said.
    case server(String)
}
