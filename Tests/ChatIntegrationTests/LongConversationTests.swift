import EmbeddedBackend
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

/// A conversation of hundreds of messages, longer than one leaf of the lists that hold its messages
/// and rows: sending, confirming, failing, retrying and receiving keep its rows in order, and each
/// screen's changes lead from the rows shown before to its own.
@MainActor
@Suite struct LongConversationTests {
    @Test func aLongConversation_sendsConfirmsFailsAndReceives_withRowsInOrder_andChangesThatFit() throws {
        let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 1))
        world.server.seedConversations(for: "alice", count: 1, messagesEach: 400)
        let other = CandidateGenerator.id(of: 0)
        let app = world.app
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/" + Match.id(between: "alice", and: other))
        let name = try #require(app.conversation?.state.match.displayName)
        while app.screen?.actions.contains(where: { $0.label == "Load older messages" }) == true {
            try app.tap("Load older messages")
            app.settle()
        }
        // Oldest first: the seeded messages alternate between the match (even) and Alice (odd).
        let seeded = (0..<400).map { number in
            number.isMultiple(of: 2) ? "\(name): Message \(number)" : "You: Message \(number) [read]"
        }
        #expect(app.messageRows == seeded)

        world.server.latency = .seconds(1)
        for number in 0..<3 {
            try app.type("Note \(number)", into: "Message")
            try app.tap("Send")
        }
        #expect(app.messageRows.suffix(3) == (0..<3).map { "You: Note \($0) [sending]" })
        app.advance(by: .seconds(5))
        #expect(app.messageRows.suffix(3) == (0..<3).map { "You: Note \($0) [sent]" })

        world.server.latency = .zero
        world.server.isNetworkDown = true
        try app.type("Offline note", into: "Message")
        try app.tap("Send")
        #expect(app.messageRows.last == "You: Offline note [not sent]")
        #expect(app.screen?.actions.contains { $0.label == "Retry failed messages" } == true)
        world.server.isNetworkDown = false
        try app.tap("Retry failed messages")
        app.settle()
        #expect(app.messageRows.last == "You: Offline note [sent]")
        #expect(app.screen?.actions.contains { $0.label == "Retry failed messages" } == false)

        try world.server.sendMessage(from: other, to: "alice", "Reply")
        app.settle()
        #expect(
            app.messageRows.suffix(5)
                == (0..<3).map { "You: Note \($0) [sent]" } + ["You: Offline note [sent]", "\(name): Reply"])
        #expect(app.messageRows.count == 405)
        #expect(app.frontEnd.listErrors.isEmpty)
    }
}
