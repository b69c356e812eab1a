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

    /// The tokens in force. Emits (through `onTokensRefreshed`) when a refresh replaces them.
    public private(set) var tokens: AuthTokens
    private let auth: any AuthService
    private let onTokensRefreshed: @MainActor (AuthTokens) -> Void
    /// Who waits for the refresh under way; `nil` when none is.
    private var refreshWaiters: [@MainActor (Result<String, ServiceError>) -> Void]?

    /// Creates an authorizer for a session's tokens; `onTokensRefreshed` persists new ones.
    public init(
        tokens: AuthTokens, auth: any AuthService,
        onTokensRefreshed: @escaping @MainActor (AuthTokens) -> Void
    ) {
        self.tokens = tokens
        self.auth = auth
        self.onTokensRefreshed = onTokensRefreshed
    }

    /// Call to run `request` with the access token; on `tokenExpired` it refreshes and retries once.
    ///
    /// Once the authorizer is gone (its session ended), an answer goes to `completion` as it is.
    public func perform<Value: Sendable>(
        _ request: @escaping Request<Value>,
        completion: @escaping @MainActor (Result<Value, ServiceError>) -> Void
    ) {
        request(tokens.accessToken) { [weak self] result in
            guard case .failure(.tokenExpired) = result, let self else { return completion(result) }
            self.refreshed { refreshed in
                switch refreshed {
                case .success(let accessToken): request(accessToken) { completion($0) }
                case .failure(let error): completion(.failure(error))
                }
            }
        }
    }

    /// Call to run `request` with the access token when nobody waits for the answer (typing, read
    /// receipts): ``perform(_:completion:)`` with a completion that does nothing.
    public func perform<Value: Sendable>(_ request: @escaping Request<Value>) {
        perform(request) { _ in }
    }

    /// Calls `then` with a fresh access token, refreshing the tokens or joining the refresh under way.
    ///
    /// A refused refresh token means the session was revoked.
    func refreshed(_ then: @escaping @MainActor (Result<String, ServiceError>) -> Void) {
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
