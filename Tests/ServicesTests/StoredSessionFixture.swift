import Foundation
import Models

extension StoredSession {
    /// Alice's stored session, as the session stores' tests save and load it.
    static let alice = StoredSession(
        user: User(
            id: "alice", username: "alice", displayName: "Alice", birthDate: Date(timeIntervalSince1970: 0),
            hasProfile: true),
        tokens: AuthTokens(
            accessToken: "secret-access", accessTokenExpiresAt: Date(timeIntervalSince1970: 99),
            refreshToken: "secret-refresh"),
        lastRoute: .chat("bob"))
}
