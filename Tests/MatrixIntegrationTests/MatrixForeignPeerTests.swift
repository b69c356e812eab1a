import Contexts
import Flows
import Foundation
import HeadlessFrontEnd
import MatrixBackend
import Models
import TestSupport
import Testing

/// The other person (and a third one) played by a foreign Matrix client — raw Client-Server API
/// calls, not our backend — doing ordinary Matrix things in the match's room: Alice's app shows the
/// conversation as a Matrix user would expect it.
@MainActor
@Suite(.enabled(if: MatrixTestServer.isAvailable, Comment(rawValue: MatrixTestServer.skipReason)))
struct MatrixForeignPeerTests {
    /// A matched pair, Bob also signed in on a foreign client, and the room of their match.
    @MainActor
    private struct Stage {
        let pair: MatrixPair
        let conversation: String
        let bob: ForeignClient
        let room: String
        let homeserver: URL

        var alice: MatrixApp { pair.alice }

        init() throws {
            let homeserver = try #require(MatrixTestServer.homeserver)
            pair = try MatrixPair(homeserver: homeserver)
            conversation = try pair.match()
            let bobID = try #require(pair.bob.sessionState?.user?.id.rawValue)
            let aliceID = try #require(pair.alice.sessionState?.user?.id.rawValue)
            let foreign = try ForeignClient.login(bobID, on: homeserver)
            bob = foreign
            // Their match's room: the one with Alice that is not the discovery room.
            let namespace = bobID.dropFirst().prefix { $0 != "." }
            let pool = try foreign.request(
                "GET", ["directory", "room", "#discover-pool-\(namespace):localhost"])
            var found: String?
            for candidate in try foreign.joinedRooms() where candidate != pool["room_id"] as? String {
                if try foreign.joinedMembers(of: candidate).contains(aliceID) { found = candidate }
            }
            room = try #require(found)
            self.homeserver = homeserver
        }

        /// The namespace's next person, registered by the foreign client (`@ns.dora:localhost`).
        func stranger(_ name: String) throws -> ForeignClient {
            let localpart = String(bob.userID.dropFirst().prefix { $0 != ":" })
            let namespace = localpart.dropLast("bob".count)
            return try ForeignClient.register("\(namespace)\(name)", on: homeserver)
        }

        /// Opens the conversation with Bob on Alice's app.
        func openConversation() throws {
            if alice.screen?.id != .chat
                || !alice.frontEnd.visibleTexts.contains(where: { $0.contains("Bob") })
            {
                alice.open("discover://chat/\(conversation)")
            }
            #expect(alice.wait { alice.screen?.id == .chat })
        }

        /// Whether Alice's screen shows `text` (waiting for it); what it shows instead, if not.
        func shows(_ text: String) -> Bool {
            if alice.shows(text) { return true }
            print("Alice's screen, waiting for \(text):", alice.frontEnd.visibleTexts)
            return false
        }
        func never(_ text: String) -> Bool {
            !alice.frontEnd.visibleTexts.contains { $0.contains(text) }
        }
    }

    @Test func editsRedactionsNoticesEmotesAndReplies_fromAnotherClient_showAsMatrixMeantThem() throws {
        let stage = try Stage()
        try stage.openConversation()
        let original = try stage.bob.send(text: "see you at 8", to: stage.room)
        #expect(stage.shows("Bob: see you at 8"))
        try stage.bob.edit(original, to: "see you at 9", in: stage.room)
        #expect(stage.shows("Bob: see you at 9"), "the edit replaces the text, live")
        #expect(stage.shows("edited"))
        #expect(stage.never("see you at 8"))
        #expect(stage.never("* see you at 9"), "not a new message")

        try stage.bob.send(text: "a notice from Bob's client", msgtype: "m.notice", to: stage.room)
        #expect(stage.shows("Bob: a notice from Bob's client"))
        try stage.bob.send(text: "waves", msgtype: "m.emote", to: stage.room)
        #expect(stage.shows("* Bob waves"))
        try stage.bob.reply(
            to: original, from: stage.bob.userID, quoting: "see you at 9", with: "or earlier?", in: stage.room
        )
        #expect(stage.shows("Bob: or earlier?"))
        #expect(stage.never("> <"), "no quoted fallback")

        let oops = try stage.bob.send(text: "oops, wrong chat", to: stage.room)
        #expect(stage.shows("Bob: oops, wrong chat"))
        try stage.bob.redact(oops, in: stage.room)
        #expect(
            stage.alice.wait { stage.never("oops, wrong chat") }, "removed live, not only after a relaunch")

        // After a relaunch, history reads the same way.
        stage.alice.relaunch()
        try stage.openConversation()
        #expect(stage.shows("Bob: or earlier?"))
        #expect(stage.shows("* Bob waves"))
        #expect(stage.shows("Bob: see you at 9"))
        #expect(stage.never("oops, wrong chat"))
        #expect(stage.never("* see you at 9"))
        let messages = stage.alice.chat?.messages(of: stage.conversation).map(\.text) ?? []
        #expect(messages.count == 4, "\(messages)")
    }

    @Test func aThirdPerson_joiningSpeakingAndLeaving_neitherHidesTheConversationNorSpeaksAsTheMatch() throws
    {
        let stage = try Stage()
        let dora = try stage.stranger("dora")
        // Alice's app invites nobody: Alice on another client does (Bob may not invite here).
        let aliceID = try #require(stage.alice.sessionState?.user?.id.rawValue)
        let foreignAlice = try ForeignClient.login(aliceID, on: stage.homeserver)
        try foreignAlice.invite(dora.userID, to: stage.room)
        // And Bob's member event changes after (his Matrix name), which keeps no trace of his invite.
        try stage.bob.setDisplayName("bob elsewhere")
        _ = try dora.join(stage.room)
        try dora.send(text: "hello from Dora", to: stage.room)
        try stage.bob.send(text: "Bob after Dora", to: stage.room)
        try stage.openConversation()
        #expect(stage.shows("Bob: Bob after Dora"))
        #expect(stage.never("hello from Dora"), "a third person's message is not shown as the match's")

        stage.alice.relaunch()
        #expect(stage.alice.wait { stage.alice.chat?.state.rowIDs.contains(stage.conversation) == true })
        try stage.openConversation()
        #expect(stage.shows("Bob: Bob after Dora"))
        #expect(stage.never("This conversation isn't available"))
        #expect(stage.never("hello from Dora"))

        try dora.leave(stage.room)
        try stage.bob.send(text: "Dora left", to: stage.room)
        #expect(stage.shows("Bob: Dora left"), "a third person leaving does not end the match")
        stage.alice.relaunch()
        #expect(stage.alice.wait { stage.alice.chat?.state.rowIDs.contains(stage.conversation) == true })
        try stage.openConversation()
        #expect(stage.shows("Bob: Dora left"))
    }

    @Test func aForgedTransactionField_neverReplacesAnEarlierMessage() throws {
        let stage = try Stage()
        try stage.openConversation()
        try stage.bob.send(text: "I'll be there at 8", extra: ["com.discover.txn": "same"], to: stage.room)
        #expect(stage.shows("Bob: I'll be there at 8"))
        try stage.bob.send(text: "CANCELLED, don't come", extra: ["com.discover.txn": "same"], to: stage.room)
        #expect(stage.shows("Bob: CANCELLED, don't come"))
        #expect(stage.shows("Bob: I'll be there at 8"), "the earlier message stays")
        // Alice's own sending still confirms once, by the server's transaction id.
        try stage.alice.type("mine", into: "Message")
        try stage.alice.tap("Send")
        #expect(stage.shows("You: mine"))
        #expect(stage.alice.wait { stage.alice.chat?.state.outboxCount == 0 })
        let own = stage.alice.chat?.messages(of: stage.conversation).filter { $0.text == "mine" } ?? []
        #expect(own.count == 1)
        stage.alice.relaunch()
        try stage.openConversation()
        #expect(stage.shows("Bob: I'll be there at 8"))
        #expect(stage.shows("You: mine"))
        let texts = stage.alice.chat?.messages(of: stage.conversation).map(\.text) ?? []
        #expect(texts.filter { $0 == "mine" }.count == 1)
    }

    @Test func twentyMessagesWhileClosed_countTwentyUnread_notForty() throws {
        let stage = try Stage()
        // Alice's feed has run (and stored where it was); she closes the app.
        #expect(stage.alice.wait { stage.alice.chat?.state.isLoaded == true })
        stage.alice.settle()
        stage.alice.terminate()
        for index in 1...20 { try stage.bob.send(text: "offline \(index)", to: stage.room) }
        stage.alice.launch()
        let bob = try #require(stage.pair.bob.sessionState?.user?.id)
        #expect(stage.alice.wait { stage.alice.chat?.state.unreadCount(with: bob) == 20 })
        // Give the live feed time to hear the same messages again.
        let settled = stage.alice.wait(8) { (stage.alice.chat?.state.unreadCount(with: bob) ?? 0) > 20 }
        #expect(!settled, "unread: \(String(describing: stage.alice.chat?.state.unreadCount(with: bob)))")
        #expect(stage.alice.chat?.state.unreadCount(with: bob) == 20)
        try stage.bob.send(text: "one more", to: stage.room)
        #expect(stage.alice.wait { stage.alice.chat?.state.unreadCount(with: bob) == 21 })
    }
}
