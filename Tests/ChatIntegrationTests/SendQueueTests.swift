import EmbeddedBackend
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

/// The one send queue in the app: a message waits for its match's swipe, a refusal is final and
/// stays visible, a failing conversation holds up only itself.
@MainActor
@Suite struct SendQueueTests {
    let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
    var app: HeadlessApp { world.app }

    @Test func aMessageToABrandNewMatch_waitsForTheSwipeThatMadeIt_whenTheSwipeMetAServerError() throws {
        world.server.like(from: "carol", to: "alice")
        try app.signIn("alice", "wonderland")
        while let top = app.mainFlow?.deck.context.state.top, top.id != "carol" { try app.tap("Pass") }
        world.server.failNextRequest(with: .server("boom"), on: .sendSwipe)
        try app.tap("Like")
        try app.tap("Keep swiping")
        app.open("discover://chat/m-alice~carol")
        try app.type("Hi Carol", into: "Message")
        try app.tap("Send")
        app.advance(by: .seconds(60))
        #expect(world.server.messages(between: "alice", and: "carol").map(\.text) == ["Hi Carol"])
        #expect(app.messageRows == ["You: Hi Carol [sent]"])
    }

    @Test func aMessageToAnEndedMatch_isRefusedForGood_withItsReason_andNoRetry() throws {
        world.match("alice", "carol")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~carol")
        world.server.isNetworkDown = true
        try app.type("Are you there?", into: "Message")
        try app.tap("Send")
        world.server.unmatch(by: "carol", with: "alice")
        world.server.isNetworkDown = false
        app.advance(by: .seconds(60))
        #expect(app.messageRows.count == 1)
        #expect(app.messageRows.first?.hasPrefix("You: Are you there? [not sent: ") == true)
        #expect(!world.visibleTexts.contains("Retry failed messages"))
        #expect(!world.visibleTexts.contains { $0.contains("Say hi!") })
    }
}
