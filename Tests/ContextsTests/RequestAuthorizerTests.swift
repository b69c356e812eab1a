import Contexts
import EmbeddedBackend
import Models
import Services
import TestSupport
import Testing

@MainActor
@Suite struct RequestAuthorizerTests {
    let directory = TemporaryDirectory()
    let backend: EmbeddedBackend
    let services: AppServices

    init() {
        backend = EmbeddedBackend(storageDirectory: directory.url)
        backend.addDemoAccounts()
        services = backend.makeServices()
    }

    func session() throws -> AuthSession {
        let recorder = Recorder<Result<AuthSession, ServiceError>>()
        services.auth.signIn(Credentials(identifier: "alice", password: "wonderland")) {
            recorder.values.append($0)
        }
        backend.scheduler.runDue()
        return try #require(try recorder.values.first?.get())
    }

    func fetch(_ authorizer: RequestAuthorizer, into recorder: Recorder<Result<PublicProfile, ServiceError>>)
    {
        let profiles = services.profiles
        authorizer.perform(
            { token, completion in
                profiles.fetchProfile(of: "bob", accessToken: token, completion: completion)
            },
            completion: { recorder.values.append($0) })
    }

    @Test func expiredToken_isRefreshedOnce_forConcurrentRequests_andTheRequestsRetried() throws {
        let refreshed = Recorder<AuthTokens>()
        let authorizer = RequestAuthorizer(tokens: try session().tokens, auth: services.auth) {
            refreshed.values.append($0)
        }
        backend.scheduler.advance(by: .seconds(3601))
        let results = Recorder<Result<PublicProfile, ServiceError>>()
        fetch(authorizer, into: results)
        fetch(authorizer, into: results)
        backend.scheduler.runDue()
        #expect(results.values.map { $0.map(\.id) } == [.success("bob"), .success("bob")])
        #expect(backend.server.requestCount(.refresh) == 1)
        #expect(refreshed.values == [authorizer.tokens])
    }

    @Test func revokedSession_failsTheRequestAsRevoked() throws {
        let authorizer = RequestAuthorizer(tokens: try session().tokens, auth: services.auth) { _ in }
        backend.server.revokeSessions(of: "alice")
        let results = Recorder<Result<PublicProfile, ServiceError>>()
        fetch(authorizer, into: results)
        backend.scheduler.runDue()
        #expect(results.values.map { $0.map(\.id) } == [.failure(.tokenRevoked)])
    }

    @Test func expiredTokenWithRevokedRefresh_failsAsRevoked() throws {
        let authorizer = RequestAuthorizer(tokens: try session().tokens, auth: services.auth) { _ in }
        backend.scheduler.advance(by: .seconds(3601))
        backend.server.revokeSessions(of: "alice")
        let results = Recorder<Result<PublicProfile, ServiceError>>()
        fetch(authorizer, into: results)
        backend.scheduler.runDue()
        #expect(results.values.map { $0.map(\.id) } == [.failure(.tokenRevoked)])
    }

    @Test func requestWithoutCompletion_isRetriedOnceAfterTheExpiredTokenIsRefreshed() throws {
        let authorizer = RequestAuthorizer(tokens: try session().tokens, auth: services.auth) { _ in }
        backend.scheduler.advance(by: .seconds(3601))
        let profiles = services.profiles
        let answers = Recorder<Result<PublicProfile, ServiceError>>()
        authorizer.perform { token, completion in
            profiles.fetchProfile(of: "bob", accessToken: token) { result in
                answers.values.append(result)
                completion(result)
            }
        }
        backend.scheduler.runDue()
        #expect(answers.values.map { $0.map(\.id) } == [.failure(.tokenExpired), .success("bob")])
        #expect(backend.server.requestCount(.refresh) == 1)
        #expect(backend.server.requestCount(.fetchProfile) == 2)
    }

    @Test func answerArrivingAfterTheAuthorizerIsGone_reachesTheCompletionAsItIs_withoutARefresh() throws {
        var authorizer: RequestAuthorizer? = RequestAuthorizer(
            tokens: try session().tokens, auth: services.auth
        ) { _ in }
        backend.scheduler.advance(by: .seconds(3601))
        let results = Recorder<Result<PublicProfile, ServiceError>>()
        if let authorizer { fetch(authorizer, into: results) }
        authorizer = nil
        backend.scheduler.runDue()
        #expect(results.values.map { $0.map(\.id) } == [.failure(.tokenExpired)])
        #expect(backend.server.requestCount(.refresh) == 0)
    }

    // MARK: One refresh in flight at a time

    /// alice's authorizer, 31 days on: her access and refresh tokens have both expired.
    func authorizerOfAnExpiredSession() throws -> RequestAuthorizer {
        let authorizer = RequestAuthorizer(tokens: try session().tokens, auth: services.auth) { _ in }
        backend.scheduler.advance(by: .seconds(31 * 24 * 3600))
        return authorizer
    }

    @Test func aRefusedRefresh_isNotSentAgain_andEveryLaterRequestFailsWithItsReason() throws {
        let authorizer = try authorizerOfAnExpiredSession()
        // A request nobody waits for (a read receipt) meets the expiry first.
        authorizer.perform { [profiles = services.profiles] token, completion in
            profiles.fetchProfile(of: "bob", accessToken: token, completion: completion)
        }
        backend.scheduler.runDue()
        let results = Recorder<Result<PublicProfile, ServiceError>>()
        for _ in 0..<3 {
            fetch(authorizer, into: results)
            backend.scheduler.runDue()
        }
        #expect(results.values.map { $0.map(\.id) } == Array(repeating: .failure(.tokenExpired), count: 3))
        #expect(backend.server.requestCount(.refresh) == 1)
    }

    @Test func manyRequestsInFlight_whenTheSessionExpires_allFailAsExpired_afterOneRefresh() throws {
        let authorizer = try authorizerOfAnExpiredSession()
        backend.server.latency = .seconds(1)
        let results = Recorder<Result<PublicProfile, ServiceError>>()
        // Sent half a second apart: some answers arrive before the refresh is refused, some after.
        for _ in 0..<8 {
            fetch(authorizer, into: results)
            backend.scheduler.advance(by: .milliseconds(500))
        }
        backend.scheduler.advance(by: .seconds(10))
        #expect(results.values.count == 8)
        #expect(results.values.allSatisfy { $0.map(\.id) == .failure(.tokenExpired) })
        #expect(backend.server.requestCount(.refresh) == 1)
    }

    @Test func requestsAnsweredAfterTheRefreshReplacedTheirToken_retryWithTheNewToken_withoutRefreshingAgain()
        throws
    {
        let refreshed = Recorder<AuthTokens>()
        let authorizer = RequestAuthorizer(tokens: try session().tokens, auth: services.auth) {
            refreshed.values.append($0)
        }
        backend.scheduler.advance(by: .seconds(3601))
        backend.server.latency = .seconds(1)
        let results = Recorder<Result<PublicProfile, ServiceError>>()
        for _ in 0..<8 {
            fetch(authorizer, into: results)
            backend.scheduler.advance(by: .milliseconds(500))
        }
        backend.scheduler.advance(by: .seconds(10))
        #expect(results.values.map { $0.map(\.id) } == Array(repeating: .success("bob"), count: 8))
        #expect(backend.server.requestCount(.refresh) == 1)
        #expect(refreshed.values == [authorizer.tokens])
    }

    @Test func aRefreshAnswerDeliveredTwice_replacesTheTokensOnce() throws {
        let refreshed = Recorder<AuthTokens>()
        let authorizer = RequestAuthorizer(tokens: try session().tokens, auth: services.auth) {
            refreshed.values.append($0)
        }
        backend.scheduler.advance(by: .seconds(3601))
        backend.server.duplicateNextResponse(on: .refresh)
        let results = Recorder<Result<PublicProfile, ServiceError>>()
        fetch(authorizer, into: results)
        backend.scheduler.runDue()
        #expect(results.values.map { $0.map(\.id) } == [.success("bob")])
        #expect(refreshed.values.count == 1)
    }

    @Test func aRefreshThatFailsOffline_failsItsRequestsForNow_andTheNextRequestRefreshesAgain() throws {
        let authorizer = RequestAuthorizer(tokens: try session().tokens, auth: services.auth) { _ in }
        backend.scheduler.advance(by: .seconds(3601))
        backend.server.failNextRequest(with: .networkUnavailable, on: .refresh)
        let results = Recorder<Result<PublicProfile, ServiceError>>()
        fetch(authorizer, into: results)
        backend.scheduler.runDue()
        fetch(authorizer, into: results)
        backend.scheduler.runDue()
        #expect(results.values.map { $0.map(\.id) } == [.failure(.networkUnavailable), .success("bob")])
        #expect(backend.server.requestCount(.refresh) == 2)
    }

    @Test(arguments: [ServiceError.rejected("M_FORBIDDEN: refresh token isn't valid anymore"), .tokenExpired])
    func aRefreshRefusedForAnyReasonButRevocation_endsTheSessionAsExpired(_ refusal: ServiceError) throws {
        let authorizer = RequestAuthorizer(tokens: try session().tokens, auth: services.auth) { _ in }
        backend.scheduler.advance(by: .seconds(3601))
        backend.server.failNextRequest(with: refusal, on: .refresh)
        let results = Recorder<Result<PublicProfile, ServiceError>>()
        fetch(authorizer, into: results)
        backend.scheduler.runDue()
        #expect(results.values.map { $0.map(\.id) } == [.failure(.tokenExpired)])
    }
}
