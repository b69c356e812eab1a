import Foundation
import Interactors
import Models
import Testing

@Suite struct SessionRestorePolicyTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    @Test func unexpiredToken_isValidated() {
        let tokens = AuthTokens(accessToken: "a", accessTokenExpiresAt: now + 1, refreshToken: "r")
        #expect(SessionRestorePolicy.decide(tokens, now: now) == .validate)
    }

    @Test func tokenWithoutKnownExpiry_isValidated() {
        let tokens = AuthTokens(accessToken: "a", accessTokenExpiresAt: nil, refreshToken: nil)
        #expect(SessionRestorePolicy.decide(tokens, now: now) == .validate)
    }

    @Test func expiredTokenWithRefreshToken_isRefreshed() {
        let tokens = AuthTokens(accessToken: "a", accessTokenExpiresAt: now, refreshToken: "r")
        #expect(SessionRestorePolicy.decide(tokens, now: now) == .refresh(refreshToken: "r"))
    }

    @Test func expiredTokenWithoutRefreshToken_hasExpired() {
        let tokens = AuthTokens(accessToken: "a", accessTokenExpiresAt: now - 1, refreshToken: nil)
        #expect(SessionRestorePolicy.decide(tokens, now: now) == .expired)
    }
}
