import EmbeddedBackend
import Foundation
import Models
import Services
import TestSupport
import Testing

@testable import Contexts

/// The chat's inputs on a conversation's record (what an open conversation's screen uses) do what the
/// same inputs by the conversation's id do.
@MainActor
@Suite struct ConversationRecordPathTests {
    /// One signed-in chat of alice, matched with bob, who sent her a message.
    @MainActor
    final class World {
        let directory = TemporaryDirectory()
        let backend: EmbeddedBackend
        let chat: ChatContext
        let conversation = Match.id(between: "alice", and: "bob")

        init(outboxStore: (any OutboxStore)? = nil) throws {
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

    @Test func sendingTypingAndOpening_byRecord_doWhatTheyDoById() throws {
        let byID = try World()
        let byRecord = try World()
        let record = byRecord.chat.record(of: byRecord.conversation)
        #expect(record.log.messages == byID.chat.messages(of: byID.conversation))
        #expect(record.hasOlderMessages == byID.chat.hasOlderMessages(byID.conversation))

        byID.chat.opened(byID.conversation)
        byRecord.chat.opened(record)
        byID.chat.setTyping(true, in: byID.conversation)
        byRecord.chat.setTyping(true, of: record)
        let problems = (
            byID.chat.send("hello bob", to: byID.conversation),
            byRecord.chat.send("hello bob", to: record)
        )
        let emptyProblems = (
            byID.chat.send("  ", to: byID.conversation), byRecord.chat.send("  ", to: record)
        )
        #expect(problems.0 == nil && problems.1 == nil)
        #expect(emptyProblems.0 == emptyProblems.1 && emptyProblems.0 != nil)
        #expect(byRecord.observed == byID.observed)
        for world in [byID, byRecord] { world.backend.scheduler.runDue() }
        byID.chat.setTyping(false, in: byID.conversation)
        byRecord.chat.setTyping(false, of: record)
        for world in [byID, byRecord] { world.backend.scheduler.runDue() }
        #expect(byRecord.observed == byID.observed)
        #expect(byRecord.backend.server.requestCount(.setTyping) == 2)

        // Once the match ends, both refuse to send or type.
        for world in [byID, byRecord] {
            world.backend.server.unmatch(by: "bob", with: "alice")
            world.backend.scheduler.runDue()
        }
        #expect(byID.chat.send("still there?", to: byID.conversation) == .unmatched)
        #expect(byRecord.chat.send("still there?", to: record) == .unmatched)
        byID.chat.setTyping(true, in: byID.conversation)
        byRecord.chat.setTyping(true, of: record)
        for world in [byID, byRecord] { world.backend.scheduler.runDue() }
        #expect(byRecord.observed == byID.observed)
    }

    @Test func aChatWithoutAnOutboxStore_sendsAsOneWithAStore_keepingNothing() throws {
        let store = try InMemoryUserDataStore().outbox(for: "alice")
        let kept = try World(outboxStore: store)
        let unkept = try World()
        for world in [kept, unkept] {
            #expect(world.chat.send("one", to: world.conversation) == nil)
            #expect(world.chat.send("two", to: world.conversation) == nil)
        }
        #expect(try store.load().map(\.text) == ["one", "two"])
        #expect(unkept.observed == kept.observed)
        for world in [kept, unkept] { world.backend.scheduler.runDue() }
        #expect(try store.load().isEmpty)
        #expect(unkept.observed == kept.observed)
        #expect(unkept.chat.state.outboxCount == 0)
    }

    @Test func takingTheNewestMessageInPlace_givesTheSummaryTheReferenceGives() {
        let t0 = Date(timeIntervalSince1970: 1_000)
        let match = Match(id: "m", user: "bob", displayName: "Bob", matchedAt: t0)
        func message(_ id: String, at seconds: Double, transaction: String? = nil, _ status: Message.Status)
            -> Message
        {
            Message(
                id: id, conversation: "m", sender: "bob", text: id, sentAt: t0 + seconds,
                transactionID: transaction, status: status)
        }
        let messages: [Message?] = [
            nil, message("a", at: 1, .sent), message("b", at: 1, .sent), message("a", at: 1, .read),
            message("c", at: 0, .sent), message("t", at: 2, .sending),
            message("s", at: 2, transaction: "t", .sent), message("d", at: 3, .failed),
        ]
        for last in messages {
            for newest in messages {
                for unseen in [0, 2] {
                    let base = ConversationSummary(match: match, lastMessage: last, unreadCount: 1)
                    var reference = base
                    if let newest,
                        reference.lastMessage.map({
                            $0.isOrderedBefore(newest) || $0.id == newest.transactionID || $0.id == newest.id
                        }) ?? true
                    {
                        reference.lastMessage = newest
                    }
                    reference.unreadCount += unseen
                    var taken = base
                    taken.take(newest, unseen: unseen)
                    #expect(taken == reference, "\(String(describing: last)) ← \(String(describing: newest))")
                }
            }
        }
    }

    /// The changes one observer heard.
    @MainActor
    final class Heard {
        var changes: [ChatContext.ConversationChange] = []

        /// The message changes heard, as "added updated".
        var messages: [String] {
            changes.compactMap { change in
                guard case .messages(let added, let updated) = change else { return nil }
                return "\(added) \(updated)"
            }
        }
    }

    @Test func messagesMerged_tellObserversTheAddedIDs_andScreensTheUpdatedOnesAlone() throws {
        let world = try World()
        let record = world.chat.record(of: world.conversation)
        let observed = Heard()
        let screen = Heard()
        let tokens = [
            world.chat.observeConversation(world.conversation) { observed.changes.append($0) },
            world.chat.observeAsScreen(record) { screen.changes.append($0) },
        ]
        #expect(world.chat.send("hello bob", to: record) == nil)
        world.backend.scheduler.runDue()
        let last = try #require(world.chat.messages(of: world.conversation).last)
        let pending = try #require(last.transactionID)
        #expect(observed.messages == ["[\"\(pending)\"] []", "[\"\(last.id)\"] [\"\(pending)\"]"])
        #expect(screen.messages == ["[] []", "[] [\"\(pending)\"]"])
        // Every other change reaches both alike.
        world.backend.server.unmatch(by: "bob", with: "alice")
        world.backend.scheduler.runDue()
        #expect(observed.changes.count == screen.changes.count && observed.changes.count > 2)
        #expect("\(observed.changes.dropFirst(2))" == "\(screen.changes.dropFirst(2))")
        withExtendedLifetime(tokens) {}
    }
    /// The list snapshots one observer heard.
    @MainActor
    final class Lists {
        var states: [ChatListState] = []
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

    @Test func onlyTheSameSingleUpdate_countsAsTheSameChange() {
        let cases: [([ListChange], Bool)] = [
            ([], false), ([.update("a", at: 0)], true), ([.update("a", at: 1)], false),
            ([.update("b", at: 0)], false), ([.insert("a", at: 0)], false),
            ([.update("a", at: 0), .update("a", at: 0)], false), ([.move("a", from: 1, to: 0)], false),
        ]
        for (changes, expected) in cases {
            #expect(ChatContext.isOnlyUpdate("a", at: 0, in: changes) == expected, "\(changes)")
            #expect(ChatContext.isOnlyUpdate("a", at: 0, in: changes) == (changes == [.update("a", at: 0)]))
        }
    }
}
