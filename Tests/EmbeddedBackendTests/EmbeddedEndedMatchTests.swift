import EmbeddedBackend
import Foundation
import Models
import Services
import TestSupport
import Testing

/// After a match ended, the server still finds the other person of a conversation from its id (to
/// show a resent message with their receipts), for names with `-` too.
@MainActor
@Suite struct EmbeddedEndedMatchTests {
    let directory = TemporaryDirectory()
    let backend: EmbeddedBackend
    let chat: EmbeddedChatService

    init() throws {
        backend = EmbeddedBackend(storageDirectory: directory.url)
        for name in ["ann-bob", "cat"] {
            try backend.server.addAccount(
                username: name, password: "\(name)-password", displayName: name,
                birthDate: Date(timeIntervalSince1970: 0))
        }
        backend.server.like(from: "ann-bob", to: "cat")
        backend.server.like(from: "cat", to: "ann-bob")
        chat = EmbeddedChatService(server: backend.server)
    }

    func token() throws -> String {
        let collector = Collector<AuthSession>()
        EmbeddedAuthService(server: backend.server).signIn(
            Credentials(identifier: "ann-bob", password: "ann-bob-password"), completion: collector.completion
        )
        backend.scheduler.runDue()
        return try #require(try collector.last?.get()).tokens.accessToken
    }

    func send(_ transaction: String, _ text: String, token: String) throws -> Message {
        let collector = Collector<Message>()
        let outgoing = OutgoingMessage(
            id: transaction, conversation: Match.id(between: "ann-bob", and: "cat"), text: text,
            createdAt: backend.scheduler.now)
        chat.sendMessage(outgoing, accessToken: token, completion: collector.completion)
        backend.scheduler.runDue()
        return try #require(try collector.last?.get())
    }

    @Test func aResendAfterTheMatchEnded_carriesTheOtherPersonsReceipt_forDashedNames() throws {
        let token = try token()
        #expect(try send("tx-1", "Hi Cat", token: token).status == .sent)
        backend.server.markRead(by: "cat", with: "ann-bob")
        backend.server.unmatch(by: "cat", with: "ann-bob")
        #expect(try send("tx-1", "Hi Cat", token: token).status == .read)
    }
}
