import Foundation
import Interactors
import Models
import Services
import Synchronization

/// The in-process, deterministic server behind the embedded services: accounts, tokens, profiles.
///
/// Keeps salted password hashes only, issues expiring access tokens and rotating refresh tokens,
/// rate-limits wrong passwords, and exposes knobs for tests and scenarios: latency on the scheduler,
/// network down, the next request failing with a given error, and revoking a user's sessions.
public final class EmbeddedServer: Sendable {
    struct Account: Codable, Equatable {
        var user: User
        var email: String?
        var passwordHash: String
        var profile: Profile
        var location: PlanePoint
    }

    /// Who a token belongs to and until when it is accepted.
    struct TokenRecord: Codable, Equatable {
        /// Whose token it is.
        var user: UserID
        /// When it stops being accepted.
        var expiresAt: Date
    }

    struct SignInFailures: Codable, Equatable {
        var count = 0
        var lockedUntil: Date?
    }

    struct State {
        var accounts: [UserID: Account] = [:]
        var accountOrder: [UserID] = []
        var discovery = DiscoveryState()
        var chat = ChatServerState()
        var identifiers: [String: UserID] = [:]
        var accessTokens: [String: TokenRecord] = [:]
        var refreshTokens: [String: TokenRecord] = [:]
        var failures: [UserID: SignInFailures] = [:]
        var generator: SeededGenerator
        var latency: Duration = .zero
        var isNetworkDown = false
        /// Work waiting for the network to come back, in the order it began to wait.
        var networkWaiters: [(id: Int, work: ScheduledWork)] = []
        var nextNetworkWaiter = 0
        var injectedFailures: [InjectedFailure] = []
        var duplicateDeliveries: Set<EmbeddedEndpoint> = []
        /// Requests that reached the server, by endpoint.
        var requestCounts: [EmbeddedEndpoint: Int] = [:]
    }

    /// The clock the server reads and delivers on.
    public let scheduler: any Scheduler
    /// The fixed rules.
    public let configuration: EmbeddedServerConfiguration
    /// Makes the generated part of the candidate pool.
    public let pool: CandidateGenerator
    /// Hashes and checks passwords (the configuration's rounds).
    let hasher: PasswordHasher
    let state: Mutex<State>
    /// Where the state is kept between runs, if anywhere: every answer and event waits for it.
    let store: (any EmbeddedServerStore)?

    /// Creates an empty server.
    public init(scheduler: any Scheduler, configuration: EmbeddedServerConfiguration = .init()) {
        self.scheduler = scheduler
        self.configuration = configuration
        self.hasher = PasswordHasher(rounds: configuration.passwordRounds)
        self.pool = CandidateGenerator(
            seed: configuration.seed, poolSize: configuration.candidatePoolSize, now: scheduler.now)
        self.state = Mutex(State(generator: SeededGenerator(seed: configuration.seed)))
        self.store = nil
    }

    /// Creates a server with the state a ``snapshot()`` took (of this server's run or an earlier
    /// one), keeping every change in `store` (when given) before its answer or event leaves.
    ///
    /// The generated people are made anew from the configuration's seed. The snapshot's parts are
    /// checked first: ``SnapshotError/inconsistent(_:)`` when they do not agree, and no server.
    public init(
        restoring snapshot: Snapshot, scheduler: any Scheduler,
        configuration: EmbeddedServerConfiguration = .init(), store: (any EmbeddedServerStore)? = nil
    ) throws(SnapshotError) {
        let restored = try Self.state(restoring: snapshot)
        self.scheduler = scheduler
        self.configuration = configuration
        self.hasher = PasswordHasher(rounds: configuration.passwordRounds)
        self.pool = CandidateGenerator(
            seed: configuration.seed, poolSize: configuration.candidatePoolSize, now: scheduler.now)
        self.state = Mutex(restored)
        self.store = store
    }

    // MARK: Set-up

    /// Adds an account directly (scenario and test set-up); `rejected` if the username or email is taken.
    @discardableResult
    public func addAccount(
        username: String, password: String, displayName: String, birthDate: Date, email: String? = nil,
        profile: Profile? = nil, location: PlanePoint = .origin
    ) throws(ServiceError) -> User {
        let result = state.withLock { state in
            createAccount(
                in: &state, username: username, email: email, password: password, displayName: displayName,
                birthDate: birthDate, profile: profile, location: location)
        }
        return try result.get()
    }

    // MARK: Knobs

    /// How long every response takes on the scheduler's clock.
    public var latency: Duration {
        get { state.withLock { $0.latency } }
        set { state.withLock { $0.latency = newValue } }
    }

    /// Whether requests fail with ``Models/ServiceError/networkUnavailable`` without reaching the server.
    ///
    /// While it is down the live feed delivers nothing either: the server keeps each subscription's
    /// events. Bringing the network back sends each subscription what it missed, in order (typing
    /// collapsed to "stopped"), marks what waited for its people delivered, and then runs, on the
    /// scheduler, the work waiting for the network (``EmbeddedNetworkMonitor``): the retries of
    /// clients' outboxes and queues.
    public var isNetworkDown: Bool {
        get { state.withLock { $0.isNetworkDown } }
        set {
            let now = scheduler.now
            let cameBack = state.withLock { state in
                let cameBack = state.isNetworkDown && !newValue
                state.isNetworkDown = newValue
                if cameBack { resumeFeeds(in: &state, now: now) }
                return cameBack
            }
            if cameBack { scheduler.schedule { [self] in runNetworkWaiters() } }
        }
    }

    /// Makes the next request (to `endpoint`, or to any endpoint when `nil`) fail with `error`.
    public func failNextRequest(with error: ServiceError, on endpoint: EmbeddedEndpoint? = nil) {
        state.withLock {
            $0.injectedFailures.append(InjectedFailure(endpoint: endpoint, error: error, remaining: 1))
        }
    }

    /// Delivers the next response from `endpoint` twice, as a flaky network might; clients must not
    /// apply it twice.
    public func duplicateNextResponse(on endpoint: EmbeddedEndpoint) {
        state.withLock { _ = $0.duplicateDeliveries.insert(endpoint) }
    }

    /// Revokes every access and refresh token of a user, as an admin or a password change would.
    public func revokeSessions(of user: UserID) {
        state.withLock { state in
            state.accessTokens = state.accessTokens.filter { $0.value.user != user }
            state.refreshTokens = state.refreshTokens.filter { $0.value.user != user }
        }
    }

    /// How many requests to `endpoint` reached the server.
    public func requestCount(_ endpoint: EmbeddedEndpoint) -> Int {
        state.withLock { $0.requestCounts[endpoint, default: 0] }
    }

    /// How many access tokens of `user` are live (not revoked or signed out; expired ones count).
    public func liveSessionCount(of user: UserID) -> Int {
        state.withLock { $0.accessTokens.values.filter { $0.user == user }.count }
    }

    /// The stored profile of a user, if the account exists.
    public func profile(of user: UserID) -> Profile? {
        state.withLock { $0.accounts[user]?.profile }
    }

    // MARK: Requests

    /// Runs one request: network and injected failures first, then `handler` on the server's state;
    /// the result reaches `completion` after the latency, on the scheduler (twice for a duplicated
    /// response).
    func perform<Value: Sendable>(
        _ endpoint: EmbeddedEndpoint,
        completion: @escaping ServiceCompletion<Value>,
        handler: (inout State, Date) -> Result<Value, ServiceError>
    ) {
        var delivery = Delivery(latency: .zero, count: 1)
        let result = answer(endpoint, delivery: &delivery, handler: handler)
        if !configuration.faults.isEmpty, configuration.faults.dropsAnswer(of: endpoint) { return }
        if delivery.count > 1 { release(after: delivery.latency) { completion(result) } }
        release(after: delivery.latency) { completion(result) }
    }

    /// Runs one request that needs a signed-in user: ``perform(_:completion:handler:)`` with the access
    /// token checked first (`tokenRevoked` if unknown, `tokenExpired` if expired), then `handler` with
    /// the token's user.
    func performAuthorized<Value: Sendable>(
        _ endpoint: EmbeddedEndpoint, accessToken: String,
        completion: @escaping ServiceCompletion<Value>,
        handler: (inout State, UserID, Date) -> Result<Value, ServiceError>
    ) {
        var delivery = Delivery(latency: .zero, count: 1)
        let result = answer(endpoint, accessToken: accessToken, delivery: &delivery, handler: handler)
        if !configuration.faults.isEmpty, configuration.faults.dropsAnswer(of: endpoint) { return }
        if delivery.count > 1 { release(after: delivery.latency) { completion(result) } }
        release(after: delivery.latency) { completion(result) }
    }

    /// Delivers an answer or event after `latency`, once the ``store`` (if any) keeps the state that
    /// made it: the one way anything leaves the server for a client.
    func release(after latency: Duration, _ work: @escaping ScheduledWork) {
        guard let store else { return scheduler.deliver(after: latency, work) }
        let scheduler = scheduler
        store.keep({ [self] in snapshot() }, then: { scheduler.deliver(after: latency, work) })
    }

    /// How an answer is delivered: after the latency, once or (a duplicated response) twice.
    struct Delivery {
        /// How long the answer takes.
        var latency: Duration
        /// How many times the answer arrives: 1, or 2 for a duplicated response.
        var count: Int
    }

    /// Answers one request: network and injected failures first (``admit(_:in:delivery:)``), then
    /// `handler` on the server's state, all under the lock; sets `delivery` to how the answer is
    /// delivered.
    func answer<Value: Sendable>(
        _ endpoint: EmbeddedEndpoint, delivery: inout Delivery,
        handler: (inout State, Date) -> Result<Value, ServiceError>
    ) -> Result<Value, ServiceError> {
        let now = scheduler.now
        return state.withLock { state -> Result<Value, ServiceError> in
            if let failure = admit(endpoint, in: &state, delivery: &delivery, now: now) {
                return .failure(failure)
            }
            return handler(&state, now)
        }
    }

    /// Answers one request that needs a signed-in user: ``answer(_:delivery:handler:)`` with the access
    /// token checked first, as ``performAuthorized(_:accessToken:completion:handler:)`` does.
    func answer<Value: Sendable>(
        _ endpoint: EmbeddedEndpoint, accessToken: String, delivery: inout Delivery,
        handler: (inout State, UserID, Date) -> Result<Value, ServiceError>
    ) -> Result<Value, ServiceError> {
        let now = scheduler.now
        return state.withLock { state -> Result<Value, ServiceError> in
            if let failure = admit(endpoint, in: &state, delivery: &delivery, now: now) {
                return .failure(failure)
            }
            switch authorize(accessToken, in: state, now: now) {
            case .success(let user): return handler(&state, user, now)
            case .failure(let error): return .failure(error)
            }
        }
    }

    /// Admits one request under the lock and sets `delivery`: with the network down it fails
    /// uncounted; otherwise it is counted, delivered twice if its endpoint's next response is
    /// duplicated, and failed if a failure was injected for it (or for any endpoint), answered no
    /// sooner than the failure's delay (a timeout's). Returns why it fails before its handler, if it
    /// does.
    func admit(_ endpoint: EmbeddedEndpoint, in state: inout State, delivery: inout Delivery, now: Date)
        -> ServiceError?
    {
        delivery.latency = state.latency
        if state.isNetworkDown { return .networkUnavailable }
        state.requestCounts[endpoint, default: 0] += 1
        if state.duplicateDeliveries.remove(endpoint) != nil { delivery.count = 2 }
        guard let failure = takeInjectedFailure(for: endpoint, at: now, in: &state) else { return nil }
        delivery.latency = max(delivery.latency, failure.delay)
        return failure.error
    }
}
