import EmbeddedBackend
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

/// Reads, unmatches and blocks are durable work, as messages are: shown as done at once, saved,
/// sent, retried with backoff or when the network returns, kept across a relaunch, never dropped.
@MainActor
@Suite struct DurableChatActionsTests {
    let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
    var app: HeadlessApp { world.app }

    /// What the server counts unread for alice with `other`: as another phone of hers signing in sees.
    func serverCountsUnread(with other: UserID) throws -> Int? {
        let (phone, folder) = world.secondApp()
        defer { withExtendedLifetime(folder) {} }
        try phone.signIn("alice", "wonderland")
        return phone.chat?.state.unreadCount(with: other)
    }

    @Test func aReadThatMeetsAServerError_staysRead_acrossARelaunch_andReachesTheServer() throws {
        world.match("alice", "bob")
        try world.server.sendMessage(from: "bob", to: "alice", "Hi")
        try world.server.sendMessage(from: "bob", to: "alice", "Still there?")
        try app.signIn("alice", "wonderland")
        #expect(app.chat?.state.unreadCount(with: "bob") == 2)

        world.server.failNextRequest(with: .server("boom"), on: .markRead)
        app.open("discover://chat/m-alice~bob")
        try app.tap("Back")
        #expect(app.matchRows == ["Bob: Still there?"])

        app.relaunch()
        #expect(app.matchRows == ["Bob: Still there?"])
        app.advance(by: .seconds(60))
        #expect(app.matchRows == ["Bob: Still there?"])
        #expect(app.chat?.state.unreadCount(with: "bob") == 0)
        #expect(try serverCountsUnread(with: "bob") == 0)
    }

    @Test func aReadMadeOffline_reachesTheServer_whenTheNetworkReturns() throws {
        world.match("alice", "bob")
        try world.server.sendMessage(from: "bob", to: "alice", "Hi")
        try app.signIn("alice", "wonderland")
        world.server.isNetworkDown = true
        app.open("discover://chat/m-alice~bob")
        try app.tap("Back")
        #expect(app.matchRows == ["Bob: Hi"])
        world.server.isNetworkDown = false
        app.advance(by: .seconds(5))
        #expect(try serverCountsUnread(with: "bob") == 0)
    }

    @Test func aBlockMadeOffline_staysMade_acrossTheNetworkReturningAndARelaunch() throws {
        world.match("alice", "carol")
        try world.server.sendMessage(from: "carol", to: "alice", "Hey you")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~carol")
        world.server.isNetworkDown = true
        try app.tap("Block")
        try app.tap("Block")
        try app.tap("Back")
        #expect(app.matchRows.isEmpty)

        // Relaunched before the network returns: the block still waits, and Carol stays gone.
        app.relaunch()
        #expect(app.matchRows.isEmpty)
        world.server.isNetworkDown = false
        app.advance(by: .seconds(5))
        #expect(world.server.isBlocked("alice", "carol"))
        #expect(world.server.matches(of: "alice").isEmpty)
        #expect((try? world.server.sendMessage(from: "carol", to: "alice", "Still me")) == nil)
        app.relaunch()
        app.advance(by: .seconds(5))
        #expect(app.matchRows.isEmpty)
    }

    @Test func anUnmatchThatMeetsAServerError_isRetried_untilTheServerHasIt() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        world.server.failNextRequest(with: .server("boom"), on: .unmatch)
        try app.tap("Unmatch")
        try app.tap("Unmatch")
        try app.tap("Back")
        #expect(app.matchRows.isEmpty)
        app.advance(by: .seconds(60))
        #expect(world.server.matches(of: "alice").isEmpty)
        app.relaunch()
        app.advance(by: .seconds(5))
        #expect(app.matchRows.isEmpty)
    }
}
