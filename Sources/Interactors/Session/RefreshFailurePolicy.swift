import Models

/// Decides what a failed token refresh means: the session is over (and why), or it failed for now.
///
/// One rule for the launch's refresh (``SessionRestorePolicy``'s `refresh`) and the refresh of a
/// session in use (the request authorizer), so both tell an expired session from a revoked one the
/// same way. A refresh has one purpose, so any refusal other than a revocation means the refresh token
/// can no longer renew the session: it expired (a backend that answers a spent or expired refresh
/// token with a plain refusal, as Synapse does with `M_FORBIDDEN`, ends the session as expired rather
/// than leaving every later request to fail).
public enum RefreshFailurePolicy {
    /// What a failed refresh means.
    public enum Verdict: Hashable, Sendable {
        /// The refresh token can no longer renew the session: sign in again, for this reason.
        case ended(SignedOutReason)
        /// The refresh did not reach the server or the server failed: a later refresh may work.
        case transient
    }

    /// The verdict on a refresh that failed with `error`.
    ///
    /// Offline, a server fault, an unreadable answer or a rate limit are transient; a revoked, unknown
    /// or refused-as-wrong refresh token is a revocation; anything else (expired, or refused) is an
    /// expiry.
    public static func verdict(on error: ServiceError) -> Verdict {
        switch error {
        case .networkUnavailable, .server, .malformedResponse, .rateLimited: .transient
        case .tokenRevoked, .invalidCredentials, .notFound: .ended(.sessionRevoked)
        case .tokenExpired, .rejected, .accountExists: .ended(.sessionExpired)
        }
    }

    /// The error a request that needed the refresh fails with: the one the contexts read as the
    /// session ended for `reason` (``RequestFailureMapper``).
    public static func requestError(endedFor reason: SignedOutReason) -> ServiceError {
        reason == .sessionRevoked ? .tokenRevoked : .tokenExpired
    }
}
