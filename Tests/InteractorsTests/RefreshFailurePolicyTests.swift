import Interactors
import Models
import Testing

/// What a refused or failed refresh means, one rule for the launch and for a session in use.
@Suite struct RefreshFailurePolicyTests {
    @Test(arguments: [
        ServiceError.networkUnavailable, .server("down"), .malformedResponse("html"),
        .rateLimited(retryAfterSeconds: 3),
    ])
    func aRefreshThatDidNotReachTheServerOrFailedThere_isForNow(_ error: ServiceError) {
        #expect(RefreshFailurePolicy.verdict(on: error) == .transient)
    }

    @Test(arguments: [ServiceError.tokenRevoked, .invalidCredentials, .notFound])
    func aRevokedOrUnknownRefreshToken_endsTheSessionAsRevoked(_ error: ServiceError) {
        #expect(RefreshFailurePolicy.verdict(on: error) == .ended(.sessionRevoked))
    }

    @Test(arguments: [
        ServiceError.tokenExpired, .rejected("M_FORBIDDEN: The supplied refresh token has expired"),
        .accountExists,
    ])
    func anyOtherRefusal_endsTheSessionAsExpired(_ error: ServiceError) {
        #expect(RefreshFailurePolicy.verdict(on: error) == .ended(.sessionExpired))
    }

    @Test(arguments: [SignedOutReason.sessionExpired, .sessionRevoked])
    func theRequestError_isReadBackAsTheSameEnding(_ reason: SignedOutReason) {
        let error = RefreshFailurePolicy.requestError(endedFor: reason)
        #expect(RequestFailureMapper.map(error) == .sessionEnded(reason))
    }
}
