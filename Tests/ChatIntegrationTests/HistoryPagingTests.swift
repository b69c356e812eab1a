import EmbeddedBackend
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

/// "Load older messages" is offered exactly while older messages exist that the conversation does
/// not show, however its messages reached the app (pages, the live feed, both).
@MainActor
@Suite struct HistoryPagingTests {
    static let older = "Load older messages"

    func offersOlder(_ app: HeadlessApp) -> Bool {
        app.screen?.actions.contains { $0.label == Self.older } == true
    }

    /// The one generated person alice matched with.
    static let other = CandidateGenerator.id(of: 0)

    /// Alice signs in on `world`, 55 messages from the other person arrive live, then she opens
    /// their conversation.
    func openAfterLiveMessages(on world: TestWorld) throws -> HeadlessApp {
        let app = world.app
        try app.signIn("alice", "wonderland")
        for number in 0..<55 { try world.server.sendMessage(from: Self.other, to: "alice", "Live \(number)") }
        app.settle()
        app.open("discover://chat/" + Match.id(between: "alice", and: Self.other))
        app.settle()
        return app
    }

    @Test func everyMessageArrivedWhileTheAppWasOpen_noLoadOlderIsOffered() throws {
        let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 1))
        world.match("alice", Self.other)
        let app = try openAfterLiveMessages(on: world)
        let name = try #require(app.conversation?.state.match.displayName)
        #expect(app.messageRows == (0..<55).map { "\(name): Live \($0)" })
        #expect(!offersOlder(app))
    }

    @Test func olderHistoryBeforeTheLiveMessages_isOffered_andLoadsToTheFirstMessage() throws {
        let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 1))
        world.server.seedConversations(for: "alice", count: 1, messagesEach: 70)
        let app = try openAfterLiveMessages(on: world)
        #expect(offersOlder(app))
        var taps = 0
        while offersOlder(app), taps < 10 {
            try app.tap(Self.older)
            app.settle()
            taps += 1
        }
        #expect(!offersOlder(app))
        #expect(app.messageRows.count == 125)
        #expect(app.messageRows.first?.hasSuffix("Message 0") == true)
        #expect(app.messageRows.last?.hasSuffix("Live 54") == true)
    }
}
