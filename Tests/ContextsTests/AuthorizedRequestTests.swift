import EmbeddedBackend
import Models
import Services
import TestSupport
import Testing

@testable import Contexts

/// A request run as one object (``AuthorizedRequest``) is retried as the closure form is: once, after
/// an expired token is refreshed; a failed refresh reaches it as the failure; an answer arriving after
/// the authorizer is gone reaches it as it is.
@MainActor
@Suite struct AuthorizedRequestTests {
    let directory = TemporaryDirectory()
    let backend: EmbeddedBackend
    let services: AppServices

    init() {
        backend = EmbeddedBackend(storageDirectory: directory.url)
        backend.addDemoAccounts()
        services = backend.makeServices()
    }

    /// Fetches bob's profile, recording every answer the service gives and the one it ends with.
    final class ProfileRequest: AuthorizedRequest {
        let authorizer: WeakReference<RequestAuthorizer>
        let profiles: any ProfileService
        var served: [Result<UserID, ServiceError>] = []
        var answers: [Result<UserID, ServiceError>] = []

        init(authorizer: RequestAuthorizer, profiles: any ProfileService) {
            self.authorizer = authorizer.weakSelf
            self.profiles = profiles
        }

        func send(accessToken: String, isRetry: Bool) {
            profiles.fetchProfile(of: "bob", accessToken: accessToken) { [self] result in
                served.append(result.map(\.id))
                if !isRetry, case .failure(let error) = result, retries(after: error) { return }
                answers.append(result.map(\.id))
            }
        }

        func failed(_ error: ServiceError) { answers.append(.failure(error)) }
    }

    func session() throws -> AuthSession {
        let recorder = Recorder<Result<AuthSession, ServiceError>>()
        services.auth.signIn(Credentials(identifier: "alice", password: "wonderland")) {
            recorder.values.append($0)
        }
        backend.scheduler.runDue()
        return try #require(try recorder.values.first?.get())
    }

    @Test func expiredToken_isRefreshedOnce_andTheRequestSentOnceMore() throws {
        let authorizer = RequestAuthorizer(tokens: try session().tokens, auth: services.auth) { _ in }
        backend.scheduler.advance(by: .seconds(3601))
        let request = ProfileRequest(authorizer: authorizer, profiles: services.profiles)
        authorizer.perform(request)
        backend.scheduler.runDue()
        #expect(request.served == [.failure(.tokenExpired), .success("bob")])
        #expect(request.answers == [.success("bob")])
        #expect(backend.server.requestCount(.refresh) == 1)
        #expect(backend.server.requestCount(.fetchProfile) == 2)
    }

    @Test func expiredTokenWithRevokedRefresh_failsAsRevoked() throws {
        let authorizer = RequestAuthorizer(tokens: try session().tokens, auth: services.auth) { _ in }
        backend.scheduler.advance(by: .seconds(3601))
        backend.server.revokeSessions(of: "alice")
        let request = ProfileRequest(authorizer: authorizer, profiles: services.profiles)
        authorizer.perform(request)
        backend.scheduler.runDue()
        #expect(request.answers == [.failure(.tokenRevoked)])
        #expect(backend.server.requestCount(.fetchProfile) == 1)
    }

    @Test func answerArrivingAfterTheAuthorizerIsGone_reachesTheRequestAsItIs_withoutARefresh() throws {
        var authorizer: RequestAuthorizer? = RequestAuthorizer(
            tokens: try session().tokens, auth: services.auth
        ) { _ in }
        backend.scheduler.advance(by: .seconds(3601))
        let request = ProfileRequest(authorizer: try #require(authorizer), profiles: services.profiles)
        authorizer?.perform(request)
        authorizer = nil
        backend.scheduler.runDue()
        #expect(request.answers == [.failure(.tokenExpired)])
        #expect(backend.server.requestCount(.refresh) == 0)
    }
}
