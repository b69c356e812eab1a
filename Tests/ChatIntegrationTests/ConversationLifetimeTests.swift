import Contexts
import EmbeddedBackend
import Flows
import Foundation
import HeadlessFrontEnd
import Models
import Services
import TestSupport
import Testing

/// An open conversation's context goes with its flow: its observation and scheduled typing checks
/// hold it weakly, so nothing keeps it alive once the conversation is closed and nothing runs on it
/// afterwards.
@MainActor
@Suite struct ConversationLifetimeTests {
    let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
    var app: HeadlessApp { world.app }

    @Test func goingBack_letsGoOfTheConversation_afterTypingAndSending() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        app.settle()
        weak let closed = app.conversation
        #expect(closed != nil)
        try app.type("Hi Bob", into: "Message")
        try app.tap("Send")
        app.settle()
        #expect(app.messageRows == ["You: Hi Bob [sent]"])
        try app.tap("Back")
        app.settle()
        #expect(closed == nil)
    }

    @Test func goingBack_whileATypingCheckAndTheOtherPersonsTypingWait_runsNothingOnTheClosedConversation()
        throws
    {
        world.match("alice", "bob")
        let bobsPhone = world.secondApp()
        try bobsPhone.app.signIn("bob", "builder123")
        bobsPhone.app.open("discover://chat/m-alice~bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        app.settle()
        weak let closed = app.conversation
        try bobsPhone.app.type("Hel", into: "Message")
        app.settle()
        #expect(closed?.snapshot.otherIsTyping == true)
        // Alice's keystroke schedules her typing check; Bob's typing waits to expire.
        try app.type("Hi", into: "Message")
        try app.tap("Back")
        #expect(closed == nil)
        app.advance(by: .seconds(60))
        #expect(app.screen?.id != .chat)
        #expect(world.server.requestCount(.sendMessage) == 0)
    }

    @Test func aConversationKeptAfterBack_likeAScreenStillAnimatingAway_neitherEditsNorSends() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        app.settle()
        let kept = try #require(app.conversation)
        try app.tap("Back")
        app.settle()
        let typingNotices = world.server.requestCount(.setTyping)
        kept.draftChanged("Too late")
        kept.send()
        app.advance(by: .seconds(60))
        #expect(kept.snapshot.draft == "")
        #expect(world.server.requestCount(.sendMessage) == 0)
        #expect(world.server.requestCount(.setTyping) == typingNotices)
    }

    @Test func aReopenedConversation_editsAndSendsThroughItsNewScreen() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        app.settle()
        try app.tap("Back")
        app.open("discover://chat/m-alice~bob")
        app.settle()
        try app.type("Hi again", into: "Message")
        #expect(app.screen?.fields.first { $0.label == "Message" }?.value == "Hi again")
        try app.tap("Send")
        app.settle()
        #expect(app.messageRows == ["You: Hi again [sent]"])
    }
}
