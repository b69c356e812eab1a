import EmbeddedBackend
import Foundation
import Models
import Services
import TestSupport
import Testing

@MainActor
final class Collector<Value: Sendable> {
    var results: [Result<Value, ServiceError>] = []
    var completion: ServiceCompletion<Value> { { [self] result in results.append(result) } }
    var last: Result<Value, ServiceError>? { results.last }
}

@MainActor
@Suite struct EmbeddedServerTests {
    let directory = TemporaryDirectory()
    let backend: EmbeddedBackend
    let auth: any AuthService

    init() {
        backend = EmbeddedBackend(storageDirectory: directory.url)
        backend.addDemoAccounts()
        auth = EmbeddedAuthService(server: backend.server)
    }

    func signIn(_ identifier: String, _ password: String) -> Result<AuthSession, ServiceError>? {
        let collector = Collector<AuthSession>()
        auth.signIn(Credentials(identifier: identifier, password: password), completion: collector.completion)
        backend.scheduler.runDue()
        return collector.last
    }

    @Test func signIn_byUsernameOrEmail_issuesTokens() throws {
        let byName = try #require(try signIn("alice", "wonderland")?.get())
        let byEmail = try #require(try signIn("ALICE@example.com", "wonderland")?.get())
        #expect(byName.user.id == "alice")
        #expect(byEmail.user.id == "alice")
        #expect(byName.tokens.accessToken != byEmail.tokens.accessToken)
        #expect(byName.tokens.accessTokenExpiresAt == EmbeddedBackend.demoStart + 3600)
    }

    @Test func signIn_withWrongPasswordOrUnknownUser_isInvalidCredentials() {
        #expect(signIn("alice", "wrong-password") == .failure(.invalidCredentials))
        #expect(signIn("nobody", "wonderland") == .failure(.invalidCredentials))
    }

    @Test func fiveWrongPasswords_lockSignInForAMinute_thenItWorks() throws {
        for _ in 0..<5 { #expect(signIn("alice", "wrong-password") == .failure(.invalidCredentials)) }
        #expect(signIn("alice", "wonderland") == .failure(.rateLimited(retryAfterSeconds: 60)))
        backend.scheduler.advance(by: .seconds(45))
        #expect(signIn("alice", "wonderland") == .failure(.rateLimited(retryAfterSeconds: 15)))
        backend.scheduler.advance(by: .seconds(15))
        #expect(try signIn("alice", "wonderland")?.get().user.id == "alice")
    }

    @Test func accessToken_expiresAfterAnHour_andRefreshRotatesTheRefreshToken() throws {
        let session = try #require(try signIn("alice", "wonderland")?.get())
        let user = Collector<User>()
        auth.validate(accessToken: session.tokens.accessToken, completion: user.completion)
        backend.scheduler.advance(by: .seconds(3600))
        auth.validate(accessToken: session.tokens.accessToken, completion: user.completion)
        backend.scheduler.runDue()
        #expect(user.results.map { $0.map(\.id) } == [.success("alice"), .failure(.tokenExpired)])

        let refreshed = Collector<AuthTokens>()
        let refreshToken = try #require(session.tokens.refreshToken)
        auth.refresh(refreshToken: refreshToken, completion: refreshed.completion)
        auth.refresh(refreshToken: refreshToken, completion: refreshed.completion)
        backend.scheduler.runDue()
        #expect(refreshed.results.count == 2)
        let tokens = try #require(try refreshed.results.first?.get())
        #expect(refreshed.results.last == .failure(.tokenRevoked))
        auth.validate(accessToken: tokens.accessToken, completion: user.completion)
        backend.scheduler.runDue()
        #expect(user.last.map { $0.map(\.id) } == .success("alice"))
    }

    @Test func revokedSessions_areRefusedEverywhere() throws {
        let session = try #require(try signIn("alice", "wonderland")?.get())
        backend.server.revokeSessions(of: "alice")
        let user = Collector<User>()
        let tokens = Collector<AuthTokens>()
        auth.validate(accessToken: session.tokens.accessToken, completion: user.completion)
        auth.refresh(refreshToken: session.tokens.refreshToken ?? "", completion: tokens.completion)
        backend.scheduler.runDue()
        #expect(user.last.map { $0.map(\.id) } == .failure(.tokenRevoked))
        #expect(tokens.last == .failure(.tokenRevoked))
        #expect(backend.server.liveSessionCount(of: "alice") == 0)
    }

    @Test func networkDown_failsWithoutReachingTheServer() {
        backend.server.isNetworkDown = true
        #expect(signIn("alice", "wonderland") == .failure(.networkUnavailable))
        #expect(backend.server.requestCount(.signIn) == 0)
    }

    @Test func injectedFailure_hitsOnlyTheNextMatchingRequest() throws {
        backend.server.failNextRequest(with: .server("boom"), on: .signIn)
        #expect(signIn("alice", "wonderland") == .failure(.server("boom")))
        #expect(try signIn("alice", "wonderland")?.get().user.id == "alice")
        #expect(backend.server.requestCount(.signIn) == 2)
    }

    @Test func latency_delaysDeliveryOnTheVirtualClock() {
        backend.server.latency = .seconds(2)
        let collector = Collector<AuthSession>()
        auth.signIn(
            Credentials(identifier: "alice", password: "wonderland"), completion: collector.completion)
        backend.scheduler.advance(by: .seconds(1))
        #expect(collector.results.isEmpty)
        backend.scheduler.advance(by: .seconds(1))
        #expect(collector.results.count == 1)
    }

    @Test func signUp_createsAnAccount_onceOnly() {
        let collector = Collector<AuthSession>()
        let request = SignUpRequest(
            username: "Sam", email: "sam@example.com", password: "correct horse", displayName: "Sam",
            birthDate: Date(timeIntervalSince1970: 0))
        auth.signUp(request, completion: collector.completion)
        auth.signUp(request, completion: collector.completion)
        var other = request
        other.username = "sammy"
        auth.signUp(other, completion: collector.completion)
        backend.scheduler.runDue()
        #expect(
            collector.results.map { $0.map(\.isNewAccount) } == [
                .success(true), .failure(.accountExists), .failure(.accountExists),
            ])
        #expect(signIn("sam", "correct horse").map { $0.map(\.user.id) } == .success("sam"))
    }

    @Test func profiles_areSavedAndReadWithAValidToken() throws {
        let session = try #require(try signIn("bob", "builder123")?.get())
        let profiles = EmbeddedProfileService(server: backend.server)
        let saved = Collector<User>()
        let read = Collector<PublicProfile>()
        let profile = Profile(bio: "New bio", interests: [Interest("Art")], lookingFor: .default)
        profiles.saveProfile(profile, accessToken: session.tokens.accessToken, completion: saved.completion)
        profiles.fetchProfile(of: "bob", accessToken: session.tokens.accessToken, completion: read.completion)
        profiles.fetchProfile(
            of: "nobody", accessToken: session.tokens.accessToken, completion: read.completion)
        profiles.fetchProfile(of: "bob", accessToken: "forged", completion: read.completion)
        backend.scheduler.runDue()
        #expect(try saved.last?.get().hasProfile == true)
        #expect(read.results.count == 3)
        #expect(try read.results[0].get().profile == profile)
        #expect(try read.results[0].get().age == 31)
        #expect(read.results[1] == .failure(.notFound))
        #expect(read.results[2] == .failure(.tokenRevoked))
    }

    @Test func signOut_endsTheSession() throws {
        let session = try #require(try signIn("alice", "wonderland")?.get())
        let done = Collector<Void>()
        auth.signOut(accessToken: session.tokens.accessToken, completion: done.completion)
        backend.scheduler.runDue()
        #expect(backend.server.liveSessionCount(of: "alice") == 0)
    }

    /// The server remembers the last token it looked up; a token that was just accepted must still be
    /// refused once signed out or revoked, and tokens of two people used in turn stay apart.
    @Test func aTokenJustAccepted_isRefusedOnceSignedOutOrRevoked() throws {
        let alice = try #require(try signIn("alice", "wonderland")?.get().tokens.accessToken)
        let bob = try #require(try signIn("bob", "builder123")?.get().tokens.accessToken)
        let users = Collector<User>()
        let done = Collector<Void>()
        for token in [alice, bob, bob, alice] {
            auth.validate(accessToken: token, completion: users.completion)
        }
        auth.signOut(accessToken: alice, completion: done.completion)
        auth.validate(accessToken: alice, completion: users.completion)
        auth.validate(accessToken: bob, completion: users.completion)
        backend.scheduler.runDue()
        backend.server.revokeSessions(of: "bob")
        auth.validate(accessToken: bob, completion: users.completion)
        backend.scheduler.runDue()
        #expect(
            users.results.map { $0.map(\.id) } == [
                .success("alice"), .success("bob"), .success("bob"), .success("alice"),
                .failure(.tokenRevoked), .success("bob"), .failure(.tokenRevoked),
            ])
        #expect(done.results.count == 1)
        let again = try #require(try signIn("alice", "wonderland")?.get().tokens.accessToken)
        auth.validate(accessToken: again, completion: users.completion)
        auth.validate(accessToken: alice, completion: users.completion)
        backend.scheduler.advance(by: .seconds(3600))
        auth.validate(accessToken: again, completion: users.completion)
        backend.scheduler.runDue()
        #expect(
            users.results.suffix(3).map { $0.map(\.id) } == [
                .success("alice"), .failure(.tokenRevoked), .failure(.tokenExpired),
            ])
    }
}
