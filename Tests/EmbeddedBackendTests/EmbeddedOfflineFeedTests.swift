import EmbeddedBackend
import Foundation
import Models
import Services
import TestSupport
import Testing

/// While the network is down the live feed delivers nothing and the server keeps what happened; when
/// the network returns each feed gets it all, in order and once, with the typing that went stale
/// reported stopped.
@MainActor
@Suite struct EmbeddedOfflineFeedTests {
    let directory = TemporaryDirectory()
    let backend: EmbeddedBackend
    let chat: EmbeddedChatService
    let conversation = Match.id(between: "alice", and: "carol")

    init() throws {
        backend = EmbeddedBackend(
            storageDirectory: directory.url, configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
        backend.addDemoAccounts()
        chat = EmbeddedChatService(server: backend.server)
    }

    /// What a live feed heard, in order.
    @MainActor final class Heard {
        var events: [ChatEvent] = []
    }

    /// Alice and Carol matched, and Alice's live feed listening (with her access token).
    func aliceListening() throws -> (heard: Heard, feed: ScheduledTask, token: String) {
        backend.server.like(from: "carol", to: "alice")
        backend.server.like(from: "alice", to: "carol")
        let alice = try EmbeddedServerLookupTests.token(backend, "alice", "wonderland")
        let heard = Heard()
        let feed = chat.subscribe(accessToken: alice) { heard.events.append($0) }
        backend.scheduler.runDue()
        heard.events = []
        return (heard, feed, alice)
    }

    @Test func theFeed_deliversNothingWhileOffline_andEverythingOnceInOrderWhenTheNetworkReturns() throws {
        let (heard, feed, _) = try aliceListening()
        backend.server.isNetworkDown = true
        let first = try backend.server.sendMessage(from: "carol", to: "alice", "One")
        let second = try backend.server.sendMessage(from: "carol", to: "alice", "Two")
        backend.server.markRead(by: "carol", with: "alice")
        backend.server.setTyping(by: "carol", with: "alice", isTyping: true)
        backend.server.unmatch(by: "carol", with: "alice")
        backend.scheduler.advance(by: .seconds(60))
        #expect(heard.events.isEmpty)
        backend.server.isNetworkDown = false
        #expect(backend.scheduler.runUntilIdle())
        #expect(
            heard.events == [
                .messageReceived(first), .messageReceived(second),
                .read(conversation: conversation, upTo: second.sentAt),
                .unmatched(conversation: conversation),
                .typing(conversation: conversation, isTyping: false),
            ])
        backend.server.isNetworkDown = true
        backend.server.isNetworkDown = false
        #expect(backend.scheduler.runUntilIdle())
        #expect(heard.events.count == 5)
        feed.cancel()
    }

    @Test func aMessageSentWhileTheRecipientIsOffline_isDeliveredOnlyWhenTheNetworkReturns() throws {
        let (_, feed, _) = try aliceListening()
        backend.server.isNetworkDown = true
        try backend.server.sendMessage(from: "carol", to: "alice", "Are you there?")
        #expect(backend.server.messages(between: "carol", and: "alice").map(\.status) == [.sent])
        backend.server.isNetworkDown = false
        #expect(backend.scheduler.runUntilIdle())
        let carol = try EmbeddedServerLookupTests.token(backend, "carol", "christmas1")
        let pages = Collector<MessagePage>()
        chat.fetchMessages(
            conversation: conversation, before: nil, limit: 10, accessToken: carol,
            completion: pages.completion)
        backend.scheduler.runDue()
        #expect(try pages.last?.get().messages.map(\.status) == [.delivered])
        feed.cancel()
    }

    @Test func aFeedCancelledWhileOffline_leavesWhatItMissedToTheNextFeed_whichResumesFromThere() throws {
        let (heard, feed, alice) = try aliceListening()
        backend.server.isNetworkDown = true
        let missed = try backend.server.sendMessage(from: "carol", to: "alice", "While your phone restarts")
        feed.cancel()
        let next = Heard()
        let again = chat.subscribe(accessToken: alice) { next.events.append($0) }
        #expect(backend.scheduler.runUntilIdle())
        #expect(next.events.isEmpty)
        backend.server.isNetworkDown = false
        #expect(backend.scheduler.runUntilIdle())
        #expect(heard.events.isEmpty)
        #expect(next.events == [.messageReceived(missed)])
        again.cancel()
    }

    @Test func aFeedCancelledWhileOffline_leavesNothingToReplay_onceTheConversationsListWasFetched() throws {
        let (_, feed, _) = try aliceListening()
        backend.server.isNetworkDown = true
        try backend.server.sendMessage(from: "carol", to: "alice", "In the list already")
        feed.cancel()
        backend.server.isNetworkDown = false
        let alice = try EmbeddedServerLookupTests.token(backend, "alice", "wonderland")
        let lists = Collector<[ConversationSummary]>()
        chat.fetchConversations(accessToken: alice, completion: lists.completion)
        backend.scheduler.runDue()
        #expect(try lists.last?.get().first?.unreadCount == 1)
        let next = Heard()
        let again = chat.subscribe(accessToken: alice) { next.events.append($0) }
        #expect(backend.scheduler.runUntilIdle())
        #expect(next.events.isEmpty)
        again.cancel()
    }
}
