import Models
import Services

// DELETE AT MERGE: the object-per-request API, kept only while the deck's and the chat's request
// objects in this branch still use it. The closure API (``RequestAuthorizer/perform(_:completion:)``)
// is the one way to run a request.

/// A request that is its own answer's destination: sends itself with a token, takes the answer, and
/// knows the authorizer that retries it.
@MainActor
protocol AuthorizedRequest: AnyObject {
    /// The authorizer that runs the request, held weakly.
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
    /// token, while the authorizer lives.
    func retries(after error: ServiceError) -> Bool {
        guard case .tokenExpired = error, let authorizer = authorizer.object else { return false }
        authorizer.retry(self)
        return true
    }
}

extension RequestAuthorizer {
    /// This authorizer, held weakly, for a request object.
    var weakSelf: WeakReference<RequestAuthorizer> { WeakReference(self) }

    /// Runs `request` with the access token; on `tokenExpired` it refreshes and sends it once more.
    func perform(_ request: some AuthorizedRequest) {
        request.send(accessToken: tokens.accessToken, isRetry: false)
    }

    /// Refreshes the tokens (or waits for the refresh under way) and sends `request` once more with
    /// the new access token; a failed refresh goes to its ``AuthorizedRequest/failed(_:)``.
    func retry(_ request: some AuthorizedRequest) {
        refreshed { refreshed in
            switch refreshed {
            case .success(let accessToken): request.send(accessToken: accessToken, isRetry: true)
            case .failure(let error): request.failed(error)
            }
        }
    }
}
