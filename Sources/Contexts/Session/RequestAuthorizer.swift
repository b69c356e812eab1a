import Interactors
import Models
import Services

/// A session service: runs requests with the session's access token, refreshing it when expired,
/// one refresh at a time.
///
/// Single flight: a request that meets an expired token waits for the refresh under way, if one is,
/// instead of starting another; a request whose token a refresh replaced while it was in flight is
/// sent again with the new token at once, without refreshing again; either way it is retried once.
/// So the refresh token, which the server rotates (a used one stops working), is sent once, and the
/// refusal of a spent one is never mistaken for a revocation. When the server refuses the refresh
/// token (``Interactors/RefreshFailurePolicy``), the request fails with
/// ``Models/ServiceError/tokenExpired`` or ``Models/ServiceError/tokenRevoked`` and the caller raises
/// ``Models/SessionError/ended(_:)``; the refusal is remembered, so every later request that meets the
/// expired token fails with the same reason and the spent refresh token is not sent again. A refresh
/// that failed for now (offline) fails its requests with that error, and the next one refreshes again.
/// Lives in the ``SessionScope`` and dies with it.
@MainActor
public final class RequestAuthorizer {
    /// A request given an access token and a completion.
    public typealias Request<Value: Sendable> =
        @MainActor (String, @escaping ServiceCompletion<Value>) -> Void

    /// Who waits for a fresh access token.
    private typealias Waiter = @MainActor (Result<String, ServiceError>) -> Void

    /// The refresh under way: its number (so a duplicated or late answer of an older one is ignored)
    /// and who waits for it.
    private struct Refresh {
        var number: Int
        var waiters: [Waiter]
    }

    /// The tokens in force.
    ///
    /// Emits (through `onTokensRefreshed`) when a refresh replaces them.
    public private(set) var tokens: AuthTokens
    private let auth: any AuthService
    private let onTokensRefreshed: @MainActor (AuthTokens) -> Void
    /// The refresh under way; `nil` when none is.
    private var refresh: Refresh?
    /// How many refreshes were started.
    private var refreshCount = 0
    /// Why the session ended, once the server refused the refresh token: every later request that
    /// meets the expired token fails with it.
    private var ended: SignedOutReason?

    /// Creates an authorizer for a session's tokens; `onTokensRefreshed` persists new ones.
    public init(
        tokens: AuthTokens, auth: any AuthService,
        onTokensRefreshed: @escaping @MainActor (AuthTokens) -> Void
    ) {
        self.tokens = tokens
        self.auth = auth
        self.onTokensRefreshed = onTokensRefreshed
    }

    /// Call to run `request` with the access token; on `tokenExpired` it is retried once with a fresh
    /// token (the refresh under way's, a newer one already in force, or a new refresh's).
    ///
    /// Once the authorizer is gone (its session ended), an answer goes to `completion` as it is.
    public func perform<Value: Sendable>(
        _ request: @escaping Request<Value>,
        completion: @escaping @MainActor (Result<Value, ServiceError>) -> Void
    ) {
        let sentWith = tokens.accessToken
        request(sentWith) { [weak self] result in
            guard case .failure(.tokenExpired) = result, let self else { return completion(result) }
            self.freshToken(replacing: sentWith) { fresh in
                switch fresh {
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

    /// Call when a long-lived request (the live feed) met a refused token `expired`: `completion`
    /// gets the token in force if a refresh replaced it already, else a refreshed one (one refresh at
    /// a time, shared with every other request), or why the session ended.
    public func renewAccessToken(
        replacing expired: String, completion: @escaping @MainActor (Result<String, ServiceError>) -> Void
    ) {
        freshToken(replacing: expired, completion)
    }

    /// Calls `then` with an access token to use instead of `expired`: the one in force if a refresh
    /// replaced `expired` already; else the refresh under way's, or a new refresh's; or the reason the
    /// session ended, if the server refused the refresh token.
    private func freshToken(replacing expired: String, _ then: @escaping Waiter) {
        if tokens.accessToken != expired { return then(.success(tokens.accessToken)) }
        if let ended { return then(.failure(RefreshFailurePolicy.requestError(endedFor: ended))) }
        if refresh != nil {
            refresh?.waiters.append(then)
            return
        }
        guard let refreshToken = tokens.refreshToken else { return then(.failure(.tokenExpired)) }
        refreshCount += 1
        let number = refreshCount
        refresh = Refresh(number: number, waiters: [then])
        auth.refresh(refreshToken: refreshToken) { [weak self] result in
            self?.refreshed(result, number: number)
        }
    }

    /// The answer to refresh `number`: new tokens for everyone waiting, or why they cannot have them.
    ///
    /// An answer to a refresh that is no longer under way (delivered twice) changes nothing.
    private func refreshed(_ result: Result<AuthTokens, ServiceError>, number: Int) {
        guard let finished = refresh, finished.number == number else { return }
        refresh = nil
        let outcome: Result<String, ServiceError>
        switch result {
        case .success(let tokens):
            self.tokens = tokens
            onTokensRefreshed(tokens)
            outcome = .success(tokens.accessToken)
        case .failure(let error):
            switch RefreshFailurePolicy.verdict(on: error) {
            case .ended(let reason):
                ended = reason
                outcome = .failure(RefreshFailurePolicy.requestError(endedFor: reason))
            case .transient:
                outcome = .failure(error)
            }
        }
        for waiter in finished.waiters { waiter(outcome) }
    }
}
