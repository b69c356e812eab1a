import Models
import Services

/// A session service: runs requests with the session's access token, refreshing it once when expired.
///
/// Concurrent requests that meet an expired token share one refresh. When the refresh token is gone
/// or refused, the request fails with ``ServiceError/tokenRevoked`` or ``ServiceError/tokenExpired``
/// and the caller raises ``SessionError/ended(_:)``. Lives in the ``SessionScope`` and dies with it.
@MainActor
public final class RequestAuthorizer {
    /// A request given an access token and a completion.
    public typealias Request<Value: Sendable> =
        @MainActor (String, @escaping ServiceCompletion<Value>) -> Void

    // The tokens and the waiters are main-actor isolated and only read or replaced in place (the
    // service is called after each access ends), so the run-time exclusivity checks are left out: one
    // ran for every request.
    /// The tokens in force. Emits (through `onTokensRefreshed`) when a refresh replaces them.
    @exclusivity(unchecked) public private(set) var tokens: AuthTokens
    private let auth: any AuthService
    private let onTokensRefreshed: @MainActor (AuthTokens) -> Void
    @exclusivity(unchecked) private var refreshWaiters: [@MainActor (Result<String, ServiceError>) -> Void]?
    /// This authorizer, held weakly, for the answers of requests in flight: made once and shared, so a
    /// request's completion captures it with a retain instead of building a weak reference of its own
    /// (and an ``AuthorizedRequest`` keeps it for its completion).
    let weakSelf = WeakReference<RequestAuthorizer>()

    /// Creates an authorizer for a session's tokens; `onTokensRefreshed` persists new ones.
    public init(
        tokens: AuthTokens, auth: any AuthService,
        onTokensRefreshed: @escaping @MainActor (AuthTokens) -> Void
    ) {
        self.tokens = tokens
        self.auth = auth
        self.onTokensRefreshed = onTokensRefreshed
        weakSelf.object = self
    }

    /// Call to run `request` with the access token; on `tokenExpired` it refreshes and retries once.
    ///
    /// Once the authorizer is gone (its session ended), an answer goes to `completion` as it is.
    public func perform<Value: Sendable>(
        _ request: @escaping Request<Value>,
        completion: @escaping @MainActor (Result<Value, ServiceError>) -> Void
    ) {
        let weakSelf = weakSelf
        request(tokens.accessToken) { result in
            guard case .failure(.tokenExpired) = result, let self = weakSelf.object else {
                return completion(result)
            }
            self.retry(request, then: completion)
        }
    }

    /// Call to run `request` with the access token when nobody waits for the answer (typing, read
    /// receipts): ``perform(_:completion:)`` with a completion that does nothing, without building one.
    public func perform<Value: Sendable>(_ request: @escaping Request<Value>) {
        let weakSelf = weakSelf
        request(tokens.accessToken) { result in
            guard case .failure(.tokenExpired) = result, let self = weakSelf.object else { return }
            self.retry(request) { _ in }
        }
    }

    /// Call to run `request` with the access token, as ``perform(_:completion:)`` does: on
    /// `tokenExpired` (``AuthorizedRequest/retries(after:)``) it refreshes and sends it once more.
    func perform(_ request: some AuthorizedRequest) {
        request.send(accessToken: tokens.accessToken, isRetry: false)
    }

    /// Refreshes the tokens (or waits for the refresh under way) and sends `request` once more with
    /// the new access token; a failed refresh goes to its ``AuthorizedRequest/failed(_:)``.
    func retry(_ request: some AuthorizedRequest) {
        refreshed { [request] refreshed in
            switch refreshed {
            case .success(let accessToken): request.send(accessToken: accessToken, isRetry: true)
            case .failure(let error): request.failed(error)
            }
        }
    }

    /// Refreshes the tokens (or waits for the refresh under way) and runs `request` once more with the
    /// new access token; a failed refresh goes to `completion`.
    private func retry<Value: Sendable>(
        _ request: @escaping Request<Value>,
        then completion: @escaping @MainActor (Result<Value, ServiceError>) -> Void
    ) {
        refreshed { refreshed in
            switch refreshed {
            case .success(let accessToken): request(accessToken) { completion($0) }
            case .failure(let error): completion(.failure(error))
            }
        }
    }

    private func refreshed(_ then: @escaping @MainActor (Result<String, ServiceError>) -> Void) {
        if refreshWaiters != nil {
            refreshWaiters?.append(then)
            return
        }
        guard let refreshToken = tokens.refreshToken else { return then(.failure(.tokenExpired)) }
        refreshWaiters = [then]
        auth.refresh(refreshToken: refreshToken) { [weak self] result in
            guard let self else { return }
            let waiters = self.refreshWaiters ?? []
            self.refreshWaiters = nil
            let outcome: Result<String, ServiceError>
            switch result {
            case .success(let tokens):
                self.tokens = tokens
                self.onTokensRefreshed(tokens)
                outcome = .success(tokens.accessToken)
            case .failure(.invalidCredentials), .failure(.notFound):
                outcome = .failure(.tokenRevoked)
            case .failure(let error):
                outcome = .failure(error)
            }
            for waiter in waiters { waiter(outcome) }
        }
    }
}
