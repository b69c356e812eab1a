import Models

/// How long to wait before retrying a request that failed for lack of network.
///
/// Exponential: 2 s, 4 s, 8 s, ... capped at 60 s.
public enum RetryPolicy {
    /// The first delay.
    public static let initialDelaySeconds = 2
    /// The longest delay.
    public static let maximumDelaySeconds = 60

    /// The delay before retry number `attempt` (1 for the first retry).
    public static func delay(forAttempt attempt: Int) -> Duration {
        let exponent = min(max(attempt, 1) - 1, 10)
        return .seconds(min(initialDelaySeconds << exponent, maximumDelaySeconds))
    }

    /// The delay before retry number `attempt` after a request failed with `error`.
    ///
    /// ``delay(forAttempt:)``, or the wait a rate limit asks for when that is longer: a retry never
    /// comes before the server said it may (the wait is not capped at ``maximumDelaySeconds``).
    public static func delay(after error: ServiceError, attempt: Int) -> Duration {
        let backOff = delay(forAttempt: attempt)
        switch error {
        case .rateLimited(let seconds):
            return max(backOff, .seconds(max(0, seconds)))
        case .invalidCredentials, .accountExists, .networkUnavailable, .tokenExpired, .tokenRevoked,
            .notFound, .rejected, .server, .malformedResponse:
            return backOff
        }
    }
}
