import Contexts
import EmbeddedBackend
import Flows
import Foundation
import HeadlessFrontEnd
import Models
import Services
import TestSupport
import Testing

/// The chat use case end to end through the flows, on the embedded backend.
@MainActor
@Suite struct ChatFlowTests {
    let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
    var app: HeadlessApp { world.app }

    @Test func theMatchesList_showsNewMatchesFirst_thenConversationsByActivity_withUnreadAndPreview() throws {
        world.match("alice", "bob")
        try world.server.sendMessage(from: "bob", to: "alice", "Hi Alice")
        world.app.advance(by: .seconds(60))
        world.match("alice", "carol")
        world.app.advance(by: .seconds(60))
        world.match("alice", "dave")
        try app.signIn("alice", "wonderland")
        try app.tap("Matches")
        #expect(
            app.matchRows == [
                "Dave: New match — say hi", "Carol: New match — say hi", "Bob: Hi Alice · 1 unread",
            ])
        #expect(app.chat?.state.unreadCount(with: "bob") == 1)
    }

    @Test func theList_updatesLive_whenAMatchIsMade_aMessageArrives_itIsRead_orSomeoneUnmatches() throws {
        world.match("alice", "bob")
        world.match("alice", "carol")
        try app.signIn("alice", "wonderland")
        try app.tap("Matches")
        try world.server.sendMessage(from: "carol", to: "alice", "Hello!")
        app.settle()
        #expect(app.matchRows == ["Bob: New match — say hi", "Carol: Hello! · 1 unread"])
        world.app.advance(by: .seconds(5))
        try world.server.sendMessage(from: "bob", to: "alice", "Hey")
        app.settle()
        #expect(app.matchRows == ["Bob: Hey · 1 unread", "Carol: Hello! · 1 unread"])
        world.match("alice", "dave")
        app.settle()
        #expect(app.matchRows.first == "Dave: New match — say hi")
        world.server.unmatch(by: "carol", with: "alice")
        app.settle()
        #expect(app.matchRows == ["Dave: New match — say hi", "Bob: Hey · 1 unread"])
        try app.tap("Bob")
        try app.tap("Back")
        #expect(app.matchRows == ["Dave: New match — say hi", "Bob: Hey"])
        #expect(app.frontEnd.listErrors.isEmpty)
    }

    @Test func history_loadsNewestFirst_olderOnDemand_andDuplicatePagesChangeNothing() throws {
        world.match("alice", "bob")
        for number in 1...120 {
            try world.server.sendMessage(
                from: number.isMultiple(of: 2) ? "alice" : "bob",
                to: number.isMultiple(of: 2) ? "bob" : "alice", "m\(number)")
        }
        try app.signIn("alice", "wonderland")
        world.server.duplicateNextResponse(on: .fetchMessages)
        app.open("discover://chat/m-alice~bob")
        #expect(app.messageRows.count == 50)
        #expect(app.messageRows.last == "You: m120 [sent]")
        try app.tap("Load older messages")
        #expect(app.messageRows.count == 100)
        #expect(app.messageRows.first == "Bob: m21")
        try app.tap("Load older messages")
        #expect(app.messageRows.count == 120)
        #expect(app.screen?.actions.contains { $0.label == "Load older messages" } == false)
        #expect(app.frontEnd.listErrors.isEmpty)
    }

    @Test func eventsDeliveredTwiceOrOutOfOrder_changeNothing() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        world.server.duplicateChatEvents(true)
        world.server.deliverNextChatEventsOutOfOrder(3)
        for text in ["one", "two", "three"] { try world.server.sendMessage(from: "bob", to: "alice", text) }
        app.settle()
        #expect(app.messageRows == ["Bob: one", "Bob: two", "Bob: three"])
        #expect(app.frontEnd.listErrors.isEmpty)
    }

    @Test func sending_showsSendingThenSent_thenDeliveredAndReadAsTheOtherPhoneSeesIt() throws {
        world.match("alice", "bob")
        let bobsPhone = world.secondApp()
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        world.server.latency = .seconds(1)
        try app.type("Hi Bob", into: "Message")
        try app.tap("Send")
        #expect(app.messageRows == ["You: Hi Bob [sending]"])
        app.advance(by: .seconds(1))
        #expect(app.messageRows == ["You: Hi Bob [sent]"])
        world.server.latency = .zero
        try bobsPhone.app.signIn("bob", "builder123")
        app.settle()
        #expect(app.messageRows == ["You: Hi Bob [delivered]"])
        bobsPhone.app.open("discover://chat/m-alice~bob")
        app.settle()
        #expect(bobsPhone.app.messageRows == ["Alice: Hi Bob"])
        #expect(app.messageRows == ["You: Hi Bob [read]"])
        #expect(world.server.requestCount(.sendMessage) == 1)
    }

    @Test func tappingSend_isOneChange_theMessageShownSendingAndTheDraftEmptied() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        app.settle()
        world.server.latency = .seconds(1)
        try app.type("Hi Bob", into: "Message")
        let conversation = try #require(app.conversation)
        let seen = SeenStates()
        let token = conversation.store.observe { state in
            seen.values.append(state.messages.map { "\($0.text) (\($0.status))" } + ["draft: \(state.draft)"])
        }
        try app.tap("Send")
        app.advance(by: .seconds(1))
        #expect(
            seen.values == [
                ["draft: Hi Bob"], ["Hi Bob (sending)", "draft: "], ["Hi Bob (sent)", "draft: "],
            ])
        withExtendedLifetime(token) {}
    }

    @Test func emptyAndOverlongMessages_areRefusedWithAClearMessage() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        try app.type("   \n ", into: "Message")
        try app.tap("Send")
        #expect(world.errorBanners == ["Write something first."])
        try app.type(String(repeating: "x", count: 5_001), into: "Message")
        try app.tap("Send")
        #expect(world.errorBanners == ["Messages can be at most 5,000 characters."])
        #expect(world.server.requestCount(.sendMessage) == 0)
        try app.type("  fine  ", into: "Message")
        try app.tap("Send")
        #expect(app.messageRows == ["You: fine [sent]"])
    }

    @Test func aSecondTapOnSend_rightAfterASend_sendsNothing_andShowsNothing() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        try app.type("Hi Bob", into: "Message")
        try app.tap("Send")
        try app.tap("Send")
        #expect(world.errorBanners.isEmpty)
        #expect(app.messageRows == ["You: Hi Bob [sent]"])
        #expect(world.server.requestCount(.sendMessage) == 1)
        // Once something was typed (and taken away), an empty send says why again.
        try app.type(" ", into: "Message")
        try app.type("", into: "Message")
        try app.tap("Send")
        #expect(world.errorBanners == ["Write something first."])
    }

    @Test func offline_aMessageFails_retryAndTheBackoffSendItOnce() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        world.server.isNetworkDown = true
        try app.type("Are you there?", into: "Message")
        try app.tap("Send")
        #expect(app.messageRows == ["You: Are you there? [not sent]"])
        #expect(app.chat?.state.outboxCount == 1)
        try app.tap("Back")
        try app.tap("Log out")
        #expect(app.alert?.message.contains("1 message(s) have not been sent yet and will be lost.") == true)
        try app.tap("Cancel")
        try app.tap("Bob")
        try app.tap("Retry failed messages")
        #expect(app.messageRows == ["You: Are you there? [not sent]"])
        world.server.isNetworkDown = false
        app.advance(by: .seconds(60))
        #expect(app.messageRows == ["You: Are you there? [sent]"])
        #expect(app.chat?.state.outboxCount == 0)
        #expect(world.server.messages(between: "alice", and: "bob").map(\.text) == ["Are you there?"])
    }

    @Test func aMessageWhoseAnswerWasLost_whenTheAppDied_isSentExactlyOnceAfterRelaunch() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        world.server.latency = .seconds(1)
        try app.type("Still there?", into: "Message")
        try app.tap("Send")
        app.terminate()
        app.advance(by: .seconds(1))
        #expect(world.server.requestCount(.sendMessage) == 1)
        world.server.latency = .zero
        app.launch()
        #expect(world.server.requestCount(.sendMessage) == 2)
        #expect(world.server.messages(between: "alice", and: "bob").map(\.text) == ["Still there?"])
        #expect(app.messageRows == ["You: Still there? [sent]"])
        #expect(app.chat?.state.outboxCount == 0)
    }

    @Test func anUnsentMessage_survivesTokenExpiry_goesOutAfterTheSameUserLogsIn_andNoOtherUserSeesIt() throws
    {
        world.match("alice", "bob")
        world.match("carol", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        world.server.isNetworkDown = true
        try app.type("Queued", into: "Message")
        try app.tap("Send")
        app.terminate()
        app.advance(by: .seconds(31 * 24 * 3600))
        world.server.isNetworkDown = false
        app.launch()
        #expect(app.screen?.id == .signIn)
        #expect(world.server.messages(between: "alice", and: "bob").isEmpty)

        try app.type("carol", into: "Username or email")
        try app.type("christmas1", into: "Password")
        try app.tap("Log in")
        #expect(app.chat?.state.outboxCount == 0)
        #expect(!app.transcript.entries.suffix(20).contains { $0.description.contains("Queued") })
        app.open("discover://chat/m-bob~carol")
        #expect(app.messageRows.isEmpty)
        try app.tap("Back")
        #expect(world.server.messages(between: "alice", and: "bob").isEmpty)

        try app.tap("Log out")
        try app.tap("Log out")
        try app.signIn("alice", "wonderland")
        #expect(world.server.messages(between: "alice", and: "bob").map(\.text) == ["Queued"])
        #expect(app.chat?.state.outboxCount == 0)
    }

    @Test func incomingMessages_areReadWhileOpen_andCountAsUnreadOtherwise() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        try world.server.sendMessage(from: "bob", to: "alice", "Read me")
        app.settle()
        #expect(app.messageRows == ["Bob: Read me"])
        #expect(app.chat?.state.unreadCount(with: "bob") == 0)
        #expect(world.server.requestCount(.markRead) >= 1)
        try app.tap("Back")
        try world.server.sendMessage(from: "bob", to: "alice", "And me")
        app.settle()
        #expect(app.chat?.state.unreadCount(with: "bob") == 1)
    }

    @Test func openingAConversationWithUnreadMessages_tellsTheServer_evenWhenTheNewestIsTheUsersOwn() throws {
        world.match("alice", "bob")
        try world.server.sendMessage(from: "bob", to: "alice", "Are you there?")
        try world.server.sendMessage(from: "alice", to: "bob", "Yes, from my other phone")
        try app.signIn("alice", "wonderland")
        #expect(app.chat?.state.unreadCount(with: "bob") == 1)
        app.open("discover://chat/m-alice~bob")
        #expect(app.chat?.state.unreadCount(with: "bob") == 0)
        #expect(world.server.requestCount(.markRead) == 1)
    }

    @Test func unmatch_removesTheConversationOnBothSides_andRefusesMessages() throws {
        let bobsPhone = try world.bothInTheConversation()
        try app.tap("Unmatch")
        #expect(app.alert?.title == "Unmatch Bob?")
        try app.tap("Unmatch")
        #expect(world.visibleTexts.contains("You are no longer matched with Bob."))
        #expect(!world.visibleTexts.contains("Send"))
        bobsPhone.app.settle()
        #expect(bobsPhone.app.frontEnd.visibleTexts.contains("You are no longer matched with Alice."))
        #expect(bobsPhone.app.chat?.send("hello?", to: "m-alice~bob") == .unmatched)
        try app.tap("Back")
        #expect(app.matchRows.isEmpty)
        #expect(world.server.matches(of: "alice").isEmpty)
    }

    @Test func block_alsoKeepsThemOutOfEachOthersDeck() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        try app.tap("Block")
        try app.tap("Block")
        #expect(world.server.isBlocked("alice", "bob"))
        world.server.revokeSessions(of: "alice")
        app.relaunch()
        try app.signIn("alice", "wonderland")
        #expect(app.mainFlow?.deck.context.state.cards.contains { $0.id == "bob" } == false)
    }

    @Test func aChatDeepLink_opensThatConversation_throughLoginIfNeeded() throws {
        world.match("alice", "bob")
        app.launch()
        app.open("discover://chat/m-alice~bob")
        try app.signIn("alice", "wonderland")
        #expect(app.screen?.id == .chat)
        #expect(app.screen?.title == "Bob")
        app.open("discover://chat/m-alice~nobody")
        #expect(world.visibleTexts.contains("This conversation isn't available."))
    }

    @Test func aMillionMessagesInTenThousandConversations_loadAndUpdateWithoutScanningThem() throws {
        let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 10_000))
        world.server.seedConversations(for: "alice", count: 10_000, messagesEach: 100)
        try world.app.signIn("alice", "wonderland")
        try world.app.tap("Matches")
        #expect(world.app.chat?.state.conversations.count == 10_000)
        world.app.open("discover://chat/m-alice~c5000")
        #expect(world.app.messageRows.count == 50)
        try world.server.sendMessage(from: "c5000", to: "alice", "Fresh")
        world.app.settle()
        #expect(
            world.app.messageRows.last == "\(world.app.conversation?.state.match.displayName ?? ""): Fresh")
        try world.app.tap("Back")
        #expect(world.app.chat?.state.conversations.first?.id == "m-alice~c5000")
        #expect(world.app.frontEnd.listErrors.isEmpty)
    }
}
