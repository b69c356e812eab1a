/// Raised by any session-scoped part when the session is over; handled by the session flow.
public enum SessionError: Error, Hashable, Sendable {
    /// The server no longer accepts the session's tokens, for this reason.
    case ended(SignedOutReason)
}
