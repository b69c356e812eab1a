import Foundation
import Models

/// Decides what launch does with a stored session, given the time.
public enum SessionRestorePolicy {
    /// What to do with a stored session.
    public enum Decision: Hashable, Sendable {
        /// The access token may still be good: validate it with the server.
        case validate
        /// The access token expired but a refresh token exists: refresh.
        case refresh(refreshToken: String)
        /// The access token expired and nothing can renew it: sign in again.
        case expired
    }

    /// Decides for `tokens` at `now`.
    ///
    /// An access token with no known expiry is validated.
    public static func decide(_ tokens: AuthTokens, now: Date) -> Decision {
        guard let expiry = tokens.accessTokenExpiresAt, expiry <= now else { return .validate }
        if let refresh = tokens.refreshToken, !refresh.isEmpty { return .refresh(refreshToken: refresh) }
        return .expired
    }
}
