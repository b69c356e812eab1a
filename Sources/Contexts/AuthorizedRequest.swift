import Models
import Services

/// A request that is its own answer's destination, for ``RequestAuthorizer/perform(_:)``: one object
/// that sends the request with a token, takes the answer, and knows the authorizer that retries it.
///
/// The request forms its service's completion itself, capturing only itself, with the answer's
/// concrete type: no context is allocated for it, nor a thunk converting it. (A completion formed by
/// the authorizer captured the request and the caller's completion, and one with a generic answer was
/// re-wrapped for the service's concrete type: two allocations per request.) Its completion hands an
/// expired token to ``retries(after:)`` first, which is what the closure form does.
@MainActor
protocol AuthorizedRequest: AnyObject {
    /// The authorizer that runs the request, held weakly: an expired token is refreshed through it
    /// while it lives (``RequestAuthorizer/weakSelf``).
    var authorizer: WeakReference<RequestAuthorizer> { get }

    /// Sends the request with `accessToken`. On the first try (`isRetry` false) a failed answer goes
    /// first to ``retries(after:)``, and to the request's destination unless that took it; a retry's
    /// answer is final and goes straight there.
    func send(accessToken: String, isRetry: Bool)

    /// Takes a failure without an answer from the service: the refresh of an expired token failed.
    func failed(_ error: ServiceError)
}

extension AuthorizedRequest {
    /// Whether `error`, the answer to a first try, starts a retry and so is not the answer: an expired
    /// token, while the authorizer lives (``RequestAuthorizer/perform(_:completion:)``'s rule).
    func retries(after error: ServiceError) -> Bool {
        guard case .tokenExpired = error, let authorizer = authorizer.object else { return false }
        authorizer.retry(self)
        return true
    }
}
