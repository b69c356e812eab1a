import EmbeddedBackend
import Foundation
import Models
import Services
import TestSupport
import Testing

/// The server records a sent message under its sender and transaction id: a resend gets the message
/// the transaction made, and a transaction of a match that ended makes none.
@MainActor
@Suite struct EmbeddedChatPostTests {
    let directory = TemporaryDirectory()
    let backend: EmbeddedBackend
    let chat: EmbeddedChatService
    let conversation = Match.id(between: "alice", and: "c0")

    init() {
        backend = EmbeddedBackend(storageDirectory: directory.url)
        backend.addDemoAccounts()
        backend.server.seedConversations(for: "alice", count: 1, messagesEach: 2)
        chat = EmbeddedChatService(server: backend.server)
    }

    func token() throws -> String {
        let collector = Collector<AuthSession>()
        EmbeddedAuthService(server: backend.server).signIn(
            Credentials(identifier: "alice", password: "wonderland"), completion: collector.completion)
        backend.scheduler.runDue()
        return try #require(try collector.last?.get()).tokens.accessToken
    }

    func send(_ transaction: String, _ text: String, token: String) -> Result<Message, ServiceError>? {
        let collector = Collector<Message>()
        let outgoing = OutgoingMessage(
            id: transaction, conversation: conversation, text: text, createdAt: backend.scheduler.now)
        chat.sendMessage(outgoing, accessToken: token, completion: collector.completion)
        backend.scheduler.runDue()
        return collector.last
    }

    @Test func resendsReturnTheRecordedMessage_evenAfterTheMatchEnded_andNewOnesAreNumberedOnward() throws {
        let token = try token()
        let first = try #require(try send("tx-1", "one", token: token)?.get())
        let again = try #require(try send("tx-1", "changed", token: token)?.get())
        #expect(again == first)
        #expect(again.text == "one")
        let second = try #require(try send("tx-2", "two", token: token)?.get())
        #expect(second.id != first.id && second.transactionID == "tx-2")
        // Numbered one after the other: a resend made no number.
        #expect(first.id == "msg-000000003" && second.id == "msg-000000004")
        #expect(
            backend.server.messages(between: "alice", and: "c0").map(\.text) == [
                "Message 0", "Message 1", "one", "two",
            ])
        backend.server.unmatch(by: "c0", with: "alice")
        #expect(try send("tx-2", "two", token: token)?.get() == second)
        guard case .failure(.rejected) = send("tx-3", "three", token: token) else {
            Issue.record("a new message to an ended match is refused")
            return
        }
        // The refused one recorded nothing: a resend of it is refused too.
        guard case .failure(.rejected) = send("tx-3", "three", token: token) else {
            Issue.record("a refused transaction is not recorded")
            return
        }
        #expect(backend.server.messages(between: "alice", and: "c0").count == 4)
    }

    @Test func manyMessages_resent_returnTheirRecordedMessages() throws {
        let token = try token()
        var sent: [Message] = []
        for number in 0..<150 {
            sent.append(try #require(try send("tx-\(number)", "text \(number)", token: token)?.get()))
        }
        #expect(Set(sent.map(\.id)).count == 150)
        for number in stride(from: 0, to: 150, by: 7) {
            #expect(try send("tx-\(number)", "changed", token: token)?.get().id == sent[number].id)
        }
        #expect(backend.server.messages(between: "alice", and: "c0").count == 152)
    }
}
