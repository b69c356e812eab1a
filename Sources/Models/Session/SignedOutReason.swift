/// Why the user is looking at the login screen instead of the app.
public enum SignedOutReason: Hashable, Codable, Sendable {
    /// The user logged out.
    case loggedOut
    /// The session expired: its refresh token could no longer renew it (at launch or while in use).
    case sessionExpired
    /// The server revoked the session (seen while in use, or when a launch tried to renew it).
    case sessionRevoked
    /// The stored session file could not be read; it was discarded.
    case storedSessionUnreadable
}
