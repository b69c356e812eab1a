/// Why the user is looking at the login screen instead of the app.
public enum SignedOutReason: Hashable, Codable, Sendable {
    /// The user logged out.
    case loggedOut
    /// The stored session expired and could not be refreshed.
    case sessionExpired
    /// The server revoked the session while it was in use.
    case sessionRevoked
    /// The stored session file could not be read; it was discarded.
    case storedSessionUnreadable
}
