import Contexts
import EmbeddedBackend
import Models
import Services
import TestSupport
import Testing

/// A message, a typing notice and a history request meeting an expired access token are sent once
/// more after one refresh, as every request of the session is: the message is delivered once and
/// confirmed, the history page arrives.
@MainActor
@Suite struct ChatExpiredTokenTests {
    let directory = TemporaryDirectory()
    let backend: EmbeddedBackend
    let services: AppServices

    init() {
        backend = EmbeddedBackend(storageDirectory: directory.url)
        backend.addDemoAccounts()
        services = backend.makeServices()
    }

    /// alice's chat (she and dave match), started with her session's tokens, then left until the
    /// access token expired.
    func chatWithExpiredToken() throws -> ChatContext {
        backend.server.like(from: "dave", to: "alice")
        backend.server.like(from: "alice", to: "dave")
        let recorder = Recorder<Result<AuthSession, ServiceError>>()
        services.auth.signIn(Credentials(identifier: "alice", password: "wonderland")) {
            recorder.values.append($0)
        }
        backend.scheduler.runDue()
        let session = try #require(try recorder.values.first?.get())
        let authorizer = RequestAuthorizer(tokens: session.tokens, auth: services.auth) { _ in }
        let chat = ChatContext(
            viewer: session.user.id, authorizer: authorizer, chat: services.chat,
            scheduler: backend.scheduler, ids: SequentialIDGenerator(prefix: "test"), outboxStore: nil)
        chat.start()
        backend.scheduler.runDue()
        backend.scheduler.advance(by: .seconds(3601))
        return chat
    }

    @Test func messageSentWithAnExpiredToken_isDeliveredOnceAfterOneRefresh() throws {
        let chat = try chatWithExpiredToken()
        let conversation = Match.id(between: "alice", and: "dave")
        #expect(chat.send("Hello after a while", to: conversation) == nil)
        backend.scheduler.runDue()
        #expect(chat.snapshot.outboxCount == 0)
        #expect(backend.server.requestCount(.refresh) == 1)
        #expect(backend.server.requestCount(.sendMessage) == 2)
        let delivered = backend.server.messages(between: "alice", and: "dave").filter {
            $0.text == "Hello after a while"
        }
        #expect(delivered.count == 1)
        let shown = chat.messages(of: conversation).filter { $0.text == "Hello after a while" }
        #expect(shown.count == 1 && shown.first?.isPending == false)
    }

    @Test func typingNoticeWithAnExpiredToken_isSentOnceMoreAfterOneRefresh() throws {
        let chat = try chatWithExpiredToken()
        chat.setTyping(true, in: Match.id(between: "alice", and: "dave"))
        backend.scheduler.runDue()
        #expect(backend.server.requestCount(.refresh) == 1)
        #expect(backend.server.requestCount(.setTyping) == 2)
    }

    @Test func historyRequestedWithAnExpiredToken_arrivesAfterOneRefresh() throws {
        let chat = try chatWithExpiredToken()
        let conversation = Match.id(between: "alice", and: "dave")
        let fetchesBefore = backend.server.requestCount(.fetchMessages)
        chat.loadHistory(of: conversation, older: false)
        #expect(chat.isLoadingHistory(conversation))
        backend.scheduler.runDue()
        #expect(!chat.isLoadingHistory(conversation))
        #expect(!chat.hasOlderMessages(conversation))
        #expect(backend.server.requestCount(.refresh) == 1)
        #expect(backend.server.requestCount(.fetchMessages) == fetchesBefore + 2)
    }
}
