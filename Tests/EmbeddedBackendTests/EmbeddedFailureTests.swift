import EmbeddedBackend
import Foundation
import Models
import Services
import TestSupport
import Testing

/// Failures injected by kind: each answers as a real server or network would, meets as many requests
/// as it was told to (or all until a time), and applies none of them.
@MainActor
@Suite struct EmbeddedFailureTests {
    let directory = TemporaryDirectory()
    let backend: EmbeddedBackend
    let chat: EmbeddedChatService
    let conversation = Match.id(between: "alice", and: "c0")
    let token: String

    init() throws {
        backend = EmbeddedBackend(storageDirectory: directory.url)
        backend.addDemoAccounts()
        backend.server.seedConversations(for: "alice", count: 1, messagesEach: 0)
        chat = EmbeddedChatService(server: backend.server)
        let collector = Collector<AuthSession>()
        EmbeddedAuthService(server: backend.server).signIn(
            Credentials(identifier: "alice", password: "wonderland"), completion: collector.completion)
        backend.scheduler.runDue()
        token = try #require(try collector.last?.get()).tokens.accessToken
    }

    /// Sends a message and collects what arrives within `within` on the virtual clock.
    func send(_ transaction: String, within: Duration = .zero) -> Collector<Message> {
        let collector = Collector<Message>()
        let outgoing = OutgoingMessage(
            id: transaction, conversation: conversation, text: transaction, createdAt: backend.scheduler.now)
        chat.sendMessage(outgoing, accessToken: token, completion: collector.completion)
        backend.scheduler.advance(by: within)
        return collector
    }

    var stored: [String] { backend.server.messages(between: "alice", and: "c0").map(\.text) }

    @Test(arguments: [
        (EmbeddedFailure.serverError, ServiceError.server("scripted failure")),
        (.notFound, .notFound),
        (.forbidden, .rejected("Not allowed.")),
        (.gone, .rejected("This match has ended.")),
        (.rateLimited(retryAfterSeconds: 90), .rateLimited(retryAfterSeconds: 90)),
        (.malformedAnswer, .malformedResponse("The server's answer could not be read.")),
    ])
    func eachKind_answersItsError_atOnce_andAppliesNothing(_ failure: EmbeddedFailure, _ error: ServiceError)
        throws
    {
        backend.server.failRequests(to: .sendMessage, with: failure)
        #expect(send("tx-1").last == .failure(error))
        #expect(stored.isEmpty)
        #expect(backend.server.requestCount(.sendMessage) == 1)
        #expect(try send("tx-2").last?.get().text == "tx-2")
    }

    @Test func aTimeout_answersNothingBeforeTheTimeout_thenNoConnection() {
        backend.server.latency = .seconds(1)
        backend.server.failRequests(to: .sendMessage, with: .timeout)
        let collector = send("tx-1", within: EmbeddedFailure.timeoutAfter - .seconds(1))
        #expect(collector.results.isEmpty)
        backend.scheduler.advance(by: .seconds(1))
        #expect(collector.results == [.failure(.networkUnavailable)])
        #expect(stored.isEmpty)
    }

    @Test func aCountedFailure_meetsThatManyRequests_toItsEndpointOnly() throws {
        backend.server.failRequests(to: .sendMessage, with: .notFound, times: 2)
        #expect(send("tx-1").last == .failure(.notFound))
        let other = Collector<Void>()
        chat.markRead(conversation: conversation, accessToken: token, completion: other.completion)
        backend.scheduler.runDue()
        #expect(other.results.count == 1 && (try? other.last?.get()) != nil)
        #expect(send("tx-2").last == .failure(.notFound))
        #expect(try send("tx-3").last?.get().text == "tx-3")
    }

    @Test func aFailureUntilATime_meetsEveryRequestBeforeIt_andNoneFromIt() throws {
        let until = backend.scheduler.now + 60
        backend.server.failRequests(to: .sendMessage, with: .serverError, until: until)
        #expect(send("tx-1").last == .failure(.server("scripted failure")))
        #expect(send("tx-2", within: .seconds(59)).last == .failure(.server("scripted failure")))
        backend.scheduler.advance(by: .seconds(1))
        #expect(try send("tx-3").last?.get().text == "tx-3")
    }

    @Test func failNextRequest_isOneFailure_asBefore() throws {
        backend.server.failNextRequest(with: .server("boom"), on: .sendMessage)
        #expect(send("tx-1").last == .failure(.server("boom")))
        #expect(try send("tx-2").last?.get().text == "tx-2")
    }
}
