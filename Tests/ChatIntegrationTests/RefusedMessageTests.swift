import EmbeddedBackend
import HeadlessFrontEnd
import Interactors
import Models
import ScenarioLanguage
import TestSupport
import Testing

/// A refused message stays visible with its reason and a Delete, across Back and relaunches, until
/// the user deletes it; a conversation that ended keeps its row for it.
@MainActor
@Suite struct RefusedMessageTests {
    let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
    var app: HeadlessApp { world.app }

    /// Alice writes to Bob offline; Bob unmatches her; the network returns.
    func refusedByTheEnd() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        world.server.isNetworkDown = true
        try app.type("Hi Bob", into: "Message")
        try app.tap("Send")
        world.server.unmatch(by: "bob", with: "alice")
        world.server.isNetworkDown = false
        app.advance(by: .seconds(60))
    }

    @Test func aMessageRefusedByItsConversationsEnd_keepsItsRowAndDelete_acrossARelaunch() throws {
        try refusedByTheEnd()
        #expect(app.messageRows == ["You: Hi Bob [not sent: You are no longer matched]"])
        #expect(world.visibleTexts.contains("Delete unsent messages"))
        #expect(!world.visibleTexts.contains("Retry failed messages"))

        app.relaunch()
        #expect(app.chat?.state.conversations.map(\.match.user) == ["bob"])
        app.open("discover://chat/m-alice~bob")
        #expect(app.messageRows == ["You: Hi Bob [not sent: You are no longer matched]"])
        #expect(world.visibleTexts.contains("You are no longer matched with Bob."))
        #expect(app.chat?.send("Hello?", to: "m-alice~bob") == .unmatched)

        try app.tap("Delete unsent messages")
        #expect(app.messageRows.isEmpty)
        #expect(app.chat?.state.conversations.isEmpty == true)
        app.relaunch()
        #expect(app.chat?.state.conversations.isEmpty == true)
        #expect(world.server.requestCount(.sendMessage) == 0)
    }

    @Test func aMessageTheServerRefuses_staysWithItsReason_acrossARelaunch_untilDeleted() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        world.server.failRequests(to: .sendMessage, with: .gone)
        try app.type("Hi Bob", into: "Message")
        try app.tap("Send")
        app.relaunch()
        app.open("discover://chat/m-alice~bob")
        #expect(app.messageRows == ["You: Hi Bob [not sent: This match has ended.]"])
        app.advance(by: .seconds(3600))
        #expect(world.server.requestCount(.sendMessage) == 1)
        try app.tap("Delete unsent messages")
        #expect(app.messageRows.isEmpty)
    }
}
