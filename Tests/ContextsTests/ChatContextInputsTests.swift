import Contexts
import EmbeddedBackend
import Foundation
import Models
import Services
import TestSupport
import Testing

/// The chat's inputs on one conversation: sending, typing and opening, observers, and the list's
/// changes as messages are sent and confirmed.
@MainActor
@Suite struct ChatContextInputsTests {
    /// One signed-in chat of alice, matched with bob, who sent her a message.
    @MainActor
    final class World {
        let directory = TemporaryDirectory()
        let backend: EmbeddedBackend
        let chat: ChatContext
        let conversation = Match.id(between: "alice", and: "bob")

        init(outboxStore: (any QueueStore<OutgoingMessage>)? = nil) throws {
            backend = EmbeddedBackend(storageDirectory: directory.url)
            backend.addDemoAccounts()
            backend.server.like(from: "alice", to: "bob")
            backend.server.like(from: "bob", to: "alice")
            try backend.server.sendMessage(from: "bob", to: "alice", "hi alice")
            let services = backend.makeServices()
            var session: Result<AuthSession, ServiceError>?
            services.auth.signIn(Credentials(identifier: "alice", password: "wonderland")) { session = $0 }
            backend.scheduler.runDue()
            let tokens = try #require(try session?.get()).tokens
            let authorizer = RequestAuthorizer(tokens: tokens, auth: services.auth) { _ in }
            chat = ChatContext(
                viewer: "alice", authorizer: authorizer, chat: services.chat, scheduler: services.scheduler,
                ids: services.ids, outboxStore: outboxStore)
            chat.start()
            backend.scheduler.runDue()
        }

        /// What the chat and the server show: the list, the conversation, and the requests made.
        var observed: String {
            let messages = chat.messages(of: conversation)
            let hasOlder = chat.hasOlderMessages(conversation)
            let requests = [EmbeddedEndpoint.sendMessage, .setTyping, .markRead].map {
                backend.server.requestCount($0)
            }
            return "\(chat.state) \(messages) \(hasOlder) \(requests) "
                + "\(backend.server.messages(between: "alice", and: "bob"))"
        }
    }

    @Test func sendingTypingAndOpening_refuseWhatCannotBeSent_andStopOnceTheMatchEnds() throws {
        let world = try World()
        let chat = world.chat
        let conversation = world.conversation
        let messages = chat.messages(of: conversation)
        #expect(messages.map(\.text) == ["hi alice"])
        #expect(chat.hasOlderMessages(conversation))

        chat.opened(conversation)
        chat.setTyping(true, in: conversation)
        #expect(chat.send("hello bob", to: conversation) == nil)
        #expect(chat.send("  ", to: conversation) == .empty)
        world.backend.scheduler.runDue()
        chat.setTyping(false, in: conversation)
        world.backend.scheduler.runDue()
        #expect(world.backend.server.requestCount(.setTyping) == 2)
        #expect(world.backend.server.requestCount(.sendMessage) == 1)
        #expect(chat.messages(of: conversation).map(\.text) == ["hi alice", "hello bob"])
        #expect(chat.state.conversations.first?.unreadCount == 0)

        // Once the match ends, it refuses to send or type.
        world.backend.server.unmatch(by: "bob", with: "alice")
        world.backend.scheduler.runDue()
        #expect(chat.send("still there?", to: conversation) == .unmatched)
        chat.setTyping(true, in: conversation)
        world.backend.scheduler.runDue()
        #expect(world.backend.server.requestCount(.setTyping) == 2)
        #expect(world.backend.server.requestCount(.sendMessage) == 1)
    }

    @Test func aChatWithoutAnOutboxStore_sendsAsOneWithAStore_keepingNothing() throws {
        let store = try InMemoryUserDataStore().outbox(for: "alice")
        let kept = try World(outboxStore: store)
        let unkept = try World()
        for world in [kept, unkept] {
            #expect(world.chat.send("one", to: world.conversation) == nil)
            #expect(world.chat.send("two", to: world.conversation) == nil)
        }
        #expect(store.load().items.map(\.text) == ["one", "two"])
        #expect(unkept.observed == kept.observed)
        for world in [kept, unkept] { world.backend.scheduler.runDue() }
        #expect(store.load().items.isEmpty)
        #expect(unkept.observed == kept.observed)
        #expect(unkept.chat.state.outboxCount == 0)
    }

    /// The records of one conversation an observer of the chat heard.
    @MainActor
    final class Heard {
        var records: [ConversationRecord] = []
    }

    @Test func messagesMerged_recordEachChangeAsOneRevisionOfTheConversation() throws {
        let world = try World()
        let heard = Heard()
        let token = world.chat.observe { state in
            guard let record = state.records[world.conversation], record != heard.records.last else { return }
            heard.records.append(record)
        }
        #expect(world.chat.send("hello bob", to: world.conversation) == nil)
        world.backend.scheduler.runDue()
        let last = try #require(world.chat.messages(of: world.conversation).last)
        let pending = try #require(last.transactionID)
        let revisions = heard.records.map(\.revision)
        #expect(revisions == Array(revisions[0]...(revisions[0] + revisions.count - 1)))
        // The pending copy joined, then the server's copy took its place.
        let ids = heard.records.map { $0.log.messages.map(\.id) }
        #expect(ids.last?.last == last.id)
        #expect(ids.contains { $0.last == pending })
        for (previous, next) in zip(heard.records, heard.records.dropFirst())
        where next.revision == previous.revision + 1 {
            #expect(
                ListChange.apply(next.changes, to: previous.log.messages.map(\.id))
                    == next.log.messages.map(\.id))
        }
        world.backend.server.unmatch(by: "bob", with: "alice")
        world.backend.scheduler.runDue()
        #expect(heard.records.last?.hasEnded == true)
        #expect(heard.records.last?.summary == nil)
        withExtendedLifetime(token) {}
    }

    /// The list snapshots one observer heard.
    @MainActor
    final class Lists {
        var states: [ChatState] = []
    }

    @Test func oneRowChangedWhereItWas_publishesTheUpdateTheFullPublishWould() throws {
        let world = try World()
        let heard = Lists()
        let token = world.chat.observe { heard.states.append($0) }
        for text in ["one", "two", "three"] {
            #expect(world.chat.send(text, to: world.conversation) == nil)
            world.backend.scheduler.runDue()
        }
        // Each message sent and confirmed republished the conversation's row where it was.
        #expect(heard.states.count >= 7)
        for (previous, next) in zip(heard.states, heard.states.dropFirst()) {
            #expect(next.revision == previous.revision + 1)
            #expect(ListChange.apply(next.changes, to: previous.rowIDs) == next.rowIDs)
            let row = try #require(next.rowIDs.firstIndex(of: world.conversation))
            #expect(next.changes == [.update(world.conversation, at: row)])
        }
        withExtendedLifetime(token) {}
    }
}
