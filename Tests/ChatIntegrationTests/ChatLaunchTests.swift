import EmbeddedBackend
import Flows
import Foundation
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

/// A launch before the server's list arrives (slow or offline): the stored outbox shows at once, an
/// unknown list says it is loading (never "No matches yet"), a conversation restored at launch shows
/// what is stored or says it is offline with a retry, and the list loads once the network is back.
@MainActor
@Suite struct ChatLaunchTests {
    let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
    var app: HeadlessApp { world.app }

    static let noMatchesYet = "No matches yet. Like someone who likes you back!"

    /// alice, matched with bob, who wrote "Hi!", signed in.
    func aliceMatchedWithBob() throws {
        world.match("alice", "bob")
        try world.server.sendMessage(from: "bob", to: "alice", "Hi!")
        try app.signIn("alice", "wonderland")
    }

    /// alice's "On a train", written to bob offline and waiting in the outbox.
    func aMessageWaitingForBob() throws {
        try aliceMatchedWithBob()
        app.open("discover://chat/m-alice~bob")
        world.server.isNetworkDown = true
        try app.type("On a train", into: "Message")
        try app.tap("Send")
        #expect(app.messageRows == ["Bob: Hi!", "You: On a train [not sent]"])
    }

    @Test func anOfflineLaunch_saysTheMatchesAreLoading_notThatThereAreNone_untilTheListArrives() throws {
        try aliceMatchedWithBob()
        world.server.isNetworkDown = true
        app.relaunch()
        try app.tap("Matches")
        #expect(world.visibleTexts.contains { $0.contains("Loading matches…") })
        #expect(!world.visibleTexts.contains(Self.noMatchesYet))
        #expect(app.matchRows.isEmpty)
        world.server.isNetworkDown = false
        app.advance(by: .seconds(60))
        #expect(app.matchRows == ["Bob: Hi! · 1 unread"])
        #expect(!world.visibleTexts.contains { $0.contains("Loading matches…") })
    }

    @Test func aSlowLaunch_saysTheMatchesAreLoading_untilTheListArrives() throws {
        try aliceMatchedWithBob()
        world.server.latency = .seconds(5)
        app.relaunch()
        app.advance(by: .seconds(5))  // the session is validated
        try app.tap("Matches")
        #expect(world.visibleTexts.contains { $0.contains("Loading matches…") })
        #expect(!world.visibleTexts.contains(Self.noMatchesYet))
        app.advance(by: .seconds(10))
        #expect(app.matchRows == ["Bob: Hi! · 1 unread"])
    }

    @Test func anEmptyList_saysNoMatchesYet_onlyOnceTheServerSaidSo() throws {
        try app.signIn("alice", "wonderland")
        world.server.isNetworkDown = true
        app.relaunch()
        try app.tap("Matches")
        #expect(!world.visibleTexts.contains(Self.noMatchesYet))
        world.server.isNetworkDown = false
        app.advance(by: .seconds(60))
        #expect(world.visibleTexts.contains(Self.noMatchesYet))
    }

    @Test func theStoredOutbox_showsAtLaunch_inItsConversationsRow_beforeTheListArrives() throws {
        try aMessageWaitingForBob()
        try app.tap("Back")
        app.relaunch()
        #expect(app.screen?.id == .home)
        try app.tap("Matches")
        #expect(app.matchRows == ["Bob: On a train"])
        #expect(world.visibleTexts.contains("Waiting to send 1 message(s)."))
        #expect(world.visibleTexts.contains { $0.contains("Loading matches…") })
        try app.tap("Bob")
        #expect(app.screen?.id == .chat)
        #expect(app.messageRows == ["You: On a train [not sent]"])
        try app.tap("Back")
        world.server.isNetworkDown = false
        app.advance(by: .seconds(60))
        #expect(app.matchRows == ["Bob: On a train"])
        #expect(!world.visibleTexts.contains("Waiting to send 1 message(s)."))
        #expect(world.server.messages(between: "alice", and: "bob").map(\.text) == ["Hi!", "On a train"])
    }

    @Test
    func aConversationRestoredAtLaunchOffline_showsItsWaitingMessages_andItsHistoryWhenTheNetworkIsBack()
        throws
    {
        try aMessageWaitingForBob()
        app.relaunch()
        #expect(app.screen?.id == .chat)
        #expect(app.screen?.title == "Bob")
        #expect(!world.visibleTexts.contains("Loading…"))
        #expect(app.messageRows == ["You: On a train [not sent]"])
        world.server.isNetworkDown = false
        app.advance(by: .seconds(60))
        #expect(app.messageRows == ["Bob: Hi!", "You: On a train [sent]"])
        #expect(world.errorBanners.isEmpty)
    }

    @Test func aConversationRestoredAtLaunchOffline_withNothingWaiting_saysOffline_andOpensOnTryAgain() throws
    {
        try aliceMatchedWithBob()
        app.open("discover://chat/m-alice~bob")
        world.server.isNetworkDown = true
        app.relaunch()
        #expect(app.screen?.id == .chat)
        #expect(world.visibleTexts.contains("Loading…"))
        #expect(world.errorBanners == ["You're offline. Check your connection and try again."])
        try app.tap("Try again")
        #expect(world.errorBanners == ["You're offline. Check your connection and try again."])
        world.server.isNetworkDown = false
        try app.tap("Try again")
        #expect(app.screen?.title == "Bob")
        #expect(app.messageRows == ["Bob: Hi!"])
    }

    @Test func aConversationRestoredAtLaunchOffline_opensOnItsOwnWhenTheNetworkIsBack() throws {
        try aliceMatchedWithBob()
        app.open("discover://chat/m-alice~bob")
        world.server.isNetworkDown = true
        app.relaunch()
        app.advance(by: .seconds(300))
        #expect(app.screen?.id == .chat)
        #expect(world.visibleTexts.contains("Loading…"))
        world.server.isNetworkDown = false
        app.advance(by: .seconds(60))
        #expect(app.messageRows == ["Bob: Hi!"])
    }

    @Test func aConversationLoadingAtLaunch_canBeLeftWithBack() throws {
        try aliceMatchedWithBob()
        app.open("discover://chat/m-alice~bob")
        world.server.isNetworkDown = true
        app.relaunch()
        try app.tap("Back")
        #expect(app.screen?.id == .home)
        world.server.isNetworkDown = false
        app.advance(by: .seconds(60))
        #expect(app.screen?.id == .home)
    }

    @Test func anOutboxWrittenBeforeMessagesKeptTheirMatch_stillCountsAtLaunch_andItsRowComesWithTheList()
        throws
    {
        try aliceMatchedWithBob()
        world.server.isNetworkDown = true
        app.terminate()
        let waiting = OutgoingMessage(
            id: "old-1", conversation: "m-alice~bob", text: "From an old version", createdAt: app.now)
        #expect(!String(decoding: try JSONEncoder().encode(waiting), as: UTF8.self).contains("match"))
        let outbox = try world.backend.userDataStore.outbox(for: "alice")
        try StoreWrites.wait(on: world.backend.scheduler) { outbox.save([waiting], completion: $0) }.get()
        app.launch()
        try app.tap("Matches")
        #expect(app.matchRows.isEmpty)
        #expect(world.visibleTexts.contains { $0.contains("Loading matches…") })
        #expect(world.visibleTexts.contains("Waiting to send 1 message(s)."))
        world.server.isNetworkDown = false
        app.advance(by: .seconds(60))
        #expect(app.matchRows == ["Bob: From an old version · 1 unread"])
        #expect(
            world.server.messages(between: "alice", and: "bob").map(\.text) == ["Hi!", "From an old version"])
    }

    @Test func aRequestThatGoesThroughWhileTheListWaitsForItsNextTry_loadsTheListAtOnce() throws {
        try aMessageWaitingForBob()
        try app.tap("Back")
        app.terminate()
        world.server.isNetworkDown = false
        // The list's first load meets a server fault, so it waits for its next try (2 s away); the
        // waiting message goes through meanwhile, which shows the server answers again.
        world.server.failNextRequest(with: .server("boom"), on: .fetchConversations)
        let loadsBefore = world.server.requestCount(.fetchConversations)
        app.launch()
        #expect(world.server.requestCount(.sendMessage) == 1)
        try app.tap("Matches")
        #expect(!world.visibleTexts.contains { $0.contains("Loading matches…") })
        #expect(world.server.requestCount(.fetchConversations) == loadsBefore + 2)
        app.open("discover://chat/" + Match.id(between: "alice", and: "bob"))
        #expect(app.messageRows == ["Bob: Hi!", "You: On a train [sent]"])
    }
}
