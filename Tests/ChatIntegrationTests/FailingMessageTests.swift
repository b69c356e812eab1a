import EmbeddedBackend
import HeadlessFrontEnd
import Interactors
import Models
import TestSupport
import Testing

/// A message the server keeps failing, or refuses for good, holds up only its own conversation, is
/// retried a bounded number of times, and is never dropped silently.
@MainActor
@Suite struct FailingMessageTests {
    let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
    var app: HeadlessApp { world.app }

    /// The delays between the attempts of one failing message (``RetryPolicy``), summed, with room.
    static let allRetries: Duration = .seconds(30 * 60)

    /// Alice, matched with Bob and in their conversation, sends `text`, which the server fails with
    /// `error`.
    func sendToBob(_ text: String, failingWith error: ServiceError) throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        world.server.failNextRequest(with: error, on: .sendMessage)
        try app.type(text, into: "Message")
        try app.tap("Send")
    }

    @Test func aMessageThatKeepsMeetingServerErrors_holdsUpOnlyItsConversation_thenStopsForRetryOrDelete()
        throws
    {
        world.match("alice", "bob")
        world.match("alice", "carol")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        world.server.failNextRequest(with: .server("boom"), on: .sendMessage)
        try app.type("Hi Bob", into: "Message")
        try app.tap("Send")
        #expect(app.messageRows == ["You: Hi Bob [not sent]"])

        // Bob's message is backing off; a message to Carol goes through meanwhile.
        app.open("discover://chat/m-alice~carol")
        try app.type("Hi Carol", into: "Message")
        try app.tap("Send")
        #expect(app.messageRows == ["You: Hi Carol [sent]"])
        #expect(world.server.messages(between: "alice", and: "carol").map(\.text) == ["Hi Carol"])
        #expect(world.server.requestCount(.sendMessage) == 2)

        // Every later attempt of Bob's message fails too, up to the bound.
        for _ in 1..<SendQueuePolicy.maximumAttempts {
            world.server.failNextRequest(with: .server("boom"), on: .sendMessage)
        }
        app.advance(by: Self.allRetries)
        #expect(world.server.requestCount(.sendMessage) == 1 + SendQueuePolicy.maximumAttempts)
        // One more attempt would have gone through (no failure left): none is made.
        app.advance(by: .seconds(24 * 3600))
        #expect(world.server.requestCount(.sendMessage) == 1 + SendQueuePolicy.maximumAttempts)
        #expect(world.server.messages(between: "alice", and: "bob").isEmpty)

        app.open("discover://chat/m-alice~bob")
        #expect(app.messageRows == ["You: Hi Bob [not sent]"])
        #expect(world.visibleTexts.contains("Retry failed messages"))
        #expect(world.visibleTexts.contains("Delete unsent messages"))
        #expect(app.chat?.state.outboxCount == 1)

        // The conversation is not blocked for ever: a new message to Bob goes out.
        try app.type("Still there?", into: "Message")
        try app.tap("Send")
        #expect(world.server.messages(between: "alice", and: "bob").map(\.text) == ["Still there?"])

        try app.tap("Retry failed messages")
        #expect(
            world.server.messages(between: "alice", and: "bob").map(\.text) == ["Still there?", "Hi Bob"])
        #expect(!world.visibleTexts.contains("Retry failed messages"))
        #expect(app.chat?.state.outboxCount == 0)
    }

    @Test func deletingAnUnsentMessage_sendsTheOnesWaitingBehindIt_atOnce() throws {
        try sendToBob("Hi Bob", failingWith: .server("boom"))
        try app.type("Are you there?", into: "Message")
        try app.tap("Send")
        #expect(app.messageRows == ["You: Hi Bob [not sent]", "You: Are you there? [sending]"])
        #expect(world.server.requestCount(.sendMessage) == 1)

        // The first is given up on: the one waiting behind it goes now, not at some later retry.
        try app.tap("Delete unsent messages")
        #expect(app.messageRows == ["You: Are you there? [sent]"])
        #expect(world.server.messages(between: "alice", and: "bob").map(\.text) == ["Are you there?"])
        #expect(app.chat?.state.outboxCount == 0)
    }

    @Test func aMessageTheServerRefusesForGood_showsItsReason_isNeverRetried_andSurvivesARelaunch() throws {
        try sendToBob("See http://spam", failingWith: .rejected("Links are not allowed"))
        #expect(app.messageRows == ["You: See http://spam [not sent: Links are not allowed]"])
        #expect(!world.visibleTexts.contains("Retry failed messages"))
        #expect(world.visibleTexts.contains("Delete unsent messages"))

        app.advance(by: .seconds(24 * 3600))
        #expect(world.server.requestCount(.sendMessage) == 1)

        // It does not hold up the conversation: the next message goes out.
        try app.type("Sorry", into: "Message")
        try app.tap("Send")
        #expect(world.server.messages(between: "alice", and: "bob").map(\.text) == ["Sorry"])

        app.relaunch()
        app.open("discover://chat/m-alice~bob")
        #expect(app.messageRows.contains("You: See http://spam [not sent: Links are not allowed]"))
        #expect(!world.visibleTexts.contains("Retry failed messages"))
        app.advance(by: .seconds(24 * 3600))
        #expect(world.server.requestCount(.sendMessage) == 2)

        try app.tap("Delete unsent messages")
        #expect(app.messageRows == ["You: Sorry [sent]"])
    }

    @Test func deletingUnsentMessages_theMatchesListPreviewsTheMessageBeforeThem() throws {
        world.match("alice", "bob")
        try world.server.sendMessage(from: "bob", to: "alice", "Hi Alice")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        world.server.failNextRequest(with: .rejected("Links are not allowed"), on: .sendMessage)
        try app.type("See http://spam", into: "Message")
        try app.tap("Send")
        try app.tap("Back")
        #expect(app.matchRows == ["Bob: See http://spam"])

        app.open("discover://chat/m-alice~bob")
        try app.tap("Delete unsent messages")
        #expect(app.messageRows == ["Bob: Hi Alice"])
        try app.tap("Back")
        // Nobody received it: the row shows the last message that was.
        #expect(app.matchRows == ["Bob: Hi Alice"])
    }

    @Test func deletingTheOnlyMessage_leavesANewMatchRow() throws {
        try sendToBob("See http://spam", failingWith: .rejected("Links are not allowed"))
        try app.tap("Delete unsent messages")
        #expect(app.messageRows.isEmpty)
        try app.tap("Back")
        #expect(app.matchRows == ["Bob: New match — say hi"])
    }
}
