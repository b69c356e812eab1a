import Foundation
import Models
import Services
import TestSupport
import Testing

@testable import EmbeddedBackend

/// The server's overloads for frequent answers (a swipe's outcome, a message, nothing) deliver exactly
/// what the generic `perform` and `performAuthorized` deliver, when, and how many times.
@MainActor
@Suite struct EmbeddedServerDeliveryTests {
    /// One answer as it arrived: when (seconds on the virtual clock) and what.
    struct Delivery: Equatable {
        let at: TimeInterval
        let result: String
    }

    /// Collects the answers with the time they arrived.
    @MainActor final class Recorder {
        let scheduler: VirtualScheduler
        let start: Date
        var deliveries: [Delivery] = []

        init(_ scheduler: VirtualScheduler) {
            self.scheduler = scheduler
            start = scheduler.now
        }

        func completion<Value: Sendable>(_ type: Value.Type) -> ServiceCompletion<Value> {
            { [self] result in
                deliveries.append(
                    Delivery(at: scheduler.now.timeIntervalSince(start), result: String(describing: result)))
            }
        }
    }

    let directory = TemporaryDirectory()

    /// A way the server can be set before the request.
    enum Setting: CaseIterable {
        case plain, networkDown, injectedFailure, injectedElsewhere, duplicated, latency, expired, unknown
    }

    /// A fresh server with alice signed in, set as `setting` says; returns it and the token to send.
    func server(_ setting: Setting, endpoint: EmbeddedEndpoint) throws -> (EmbeddedBackend, String) {
        let backend = EmbeddedBackend(storageDirectory: directory.url)
        backend.addDemoAccounts()
        let session = Collector<AuthSession>()
        EmbeddedAuthService(server: backend.server).signIn(
            Credentials(identifier: "alice", password: "wonderland"), completion: session.completion)
        backend.scheduler.runDue()
        var token = try #require(try session.last?.get()).tokens.accessToken
        switch setting {
        case .plain: break
        case .networkDown: backend.server.isNetworkDown = true
        case .injectedFailure: backend.server.failNextRequest(with: .server("boom"), on: endpoint)
        case .injectedElsewhere: backend.server.failNextRequest(with: .server("boom"), on: .fetchProfile)
        case .duplicated: backend.server.duplicateNextResponse(on: endpoint)
        case .latency: backend.server.latency = .seconds(3)
        case .expired: backend.scheduler.advance(by: .seconds(3601))
        case .unknown: token = "eat_unknown"
        }
        return (backend, token)
    }

    /// Runs the scheduler until idle and returns what `record` collected, with the server's count.
    func deliveries(
        _ backend: EmbeddedBackend, _ endpoint: EmbeddedEndpoint, _ collected: () -> [Delivery]
    ) -> [Delivery] {
        #expect(backend.scheduler.runUntilIdle())
        return collected() + [Delivery(at: -1, result: "count \(backend.server.requestCount(endpoint))")]
    }

    /// The same request through the generic `performAuthorized`.
    func viaGenericAuthorized<Value: Sendable>(
        _ setting: Setting, _ endpoint: EmbeddedEndpoint, _ value: @escaping @Sendable (UserID) -> Value
    ) throws -> [Delivery] {
        let (backend, token) = try server(setting, endpoint: endpoint)
        let recorder = Recorder(backend.scheduler)
        let completion = recorder.completion(Value.self)
        backend.server.performAuthorized(endpoint, accessToken: token, completion: completion) {
            _, user, _ in .success(value(user))
        }
        return deliveries(backend, endpoint) { recorder.deliveries }
    }

    /// The same request through the generic `perform`.
    func viaGeneric<Value: Sendable>(
        _ setting: Setting, _ endpoint: EmbeddedEndpoint, _ value: @escaping @Sendable () -> Value
    ) throws -> [Delivery] {
        let (backend, _) = try server(setting, endpoint: endpoint)
        let recorder = Recorder(backend.scheduler)
        let completion = recorder.completion(Value.self)
        backend.server.perform(endpoint, completion: completion) { _, _ in .success(value()) }
        return deliveries(backend, endpoint) { recorder.deliveries }
    }

    /// Runs one request through a concrete overload, given as `send`.
    func viaOverload<Value: Sendable>(
        _ setting: Setting, _ endpoint: EmbeddedEndpoint, _ type: Value.Type,
        _ send: (EmbeddedServer, String, @escaping ServiceCompletion<Value>) -> Void
    ) throws -> [Delivery] {
        let (backend, token) = try server(setting, endpoint: endpoint)
        let recorder = Recorder(backend.scheduler)
        send(backend.server, token, recorder.completion(Value.self))
        return deliveries(backend, endpoint) { recorder.deliveries }
    }

    nonisolated static let outcome = SwipeOutcome.limitReached(resetsAt: EmbeddedBackend.demoStart)

    nonisolated static func message(from user: UserID) -> Message {
        Message(
            id: "m1", conversation: "c1", sender: user, text: "hello", sentAt: EmbeddedBackend.demoStart)
    }

    @Test(arguments: Setting.allCases)
    func swipeOutcomeOverload_deliversAsTheGenericPerformAuthorized(_ setting: Setting) throws {
        let generic = try viaGenericAuthorized(setting, .sendSwipe) { _ in Self.outcome }
        let overload = try viaOverload(setting, .sendSwipe, SwipeOutcome.self) { server, token, completion in
            server.performAuthorized(.sendSwipe, accessToken: token, completion: completion) { _, _, _ in
                .success(Self.outcome)
            }
        }
        #expect(overload == generic)
        #expect(generic.count >= 2)
    }

    @Test(arguments: Setting.allCases)
    func messageOverload_deliversAsTheGenericPerformAuthorized(_ setting: Setting) throws {
        let generic = try viaGenericAuthorized(setting, .sendMessage) { Self.message(from: $0) }
        let overload = try viaOverload(setting, .sendMessage, Message.self) { server, token, completion in
            server.performAuthorized(.sendMessage, accessToken: token, completion: completion) { _, user, _ in
                .success(Self.message(from: user))
            }
        }
        #expect(overload == generic)
    }

    nonisolated static let page = DiscoveryPage(
        cursor: nil, candidates: [], nextCursor: "n1", preferences: .default, viewerInterests: [],
        allowance: SwipeAllowance(
            dailyLikes: 1, likesRemaining: 1, dailySuperLikes: 1, superLikesRemaining: 1,
            resetsAt: EmbeddedBackend.demoStart))

    @Test(arguments: Setting.allCases)
    func pageOverload_deliversAsTheGenericPerformAuthorized(_ setting: Setting) throws {
        let generic = try viaGenericAuthorized(setting, .fetchCandidates) { _ in Self.page }
        let overload = try viaOverload(setting, .fetchCandidates, DiscoveryPage.self) {
            server, token, completion in
            server.performAuthorized(.fetchCandidates, accessToken: token, completion: completion) {
                _, _, _ in
                .success(Self.page)
            }
        }
        #expect(overload == generic)
    }

    @Test(arguments: Setting.allCases)
    func voidOverload_deliversAsTheGenericPerformAuthorized(_ setting: Setting) throws {
        let generic = try viaGenericAuthorized(setting, .setTyping) { _ in () }
        let overload = try viaOverload(setting, .setTyping, Void.self) { server, token, completion in
            server.performAuthorized(.setTyping, accessToken: token, completion: completion) { _, _, _ in
                .success(())
            }
        }
        #expect(overload == generic)
    }

    @Test(arguments: Setting.allCases)
    func voidOverload_deliversAsTheGenericPerform(_ setting: Setting) throws {
        let generic = try viaGeneric(setting, .signOut) { () }
        let overload = try viaOverload(setting, .signOut, Void.self) { server, _, completion in
            server.perform(.signOut, completion: completion) { _, _ in .success(()) }
        }
        #expect(overload == generic)
    }

    @Test func duplicatedAnswer_arrivesTwice_andLatencyDelaysIt() throws {
        let duplicated = try viaGenericAuthorized(.duplicated, .sendSwipe) { _ in Self.outcome }
        #expect(duplicated.filter { $0.at >= 0 }.count == 2)
        let late = try viaOverload(.latency, .sendSwipe, SwipeOutcome.self) { server, token, completion in
            server.performAuthorized(.sendSwipe, accessToken: token, completion: completion) { _, _, _ in
                .success(Self.outcome)
            }
        }
        #expect(late.first?.at == 3)
    }
}
