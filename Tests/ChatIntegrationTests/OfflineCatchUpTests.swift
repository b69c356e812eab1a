import Contexts
import EmbeddedBackend
import Flows
import Foundation
import HeadlessFrontEnd
import Models
import Services
import TestSupport
import Testing

/// What the other person does while the device is offline reaches the chat only when the network
/// returns: messages once and in order, unread counts right, reads and an unmatch seen.
@MainActor
@Suite struct OfflineCatchUpTests {
    let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
    var app: HeadlessApp { world.app }

    @Test func messagesWrittenWhileOffline_arriveOnceInOrder_andCountUnreadOnlyWhenTheNetworkReturns() throws
    {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        try app.tap("Matches")
        world.server.isNetworkDown = true
        try world.server.sendMessage(from: "bob", to: "alice", "One")
        try world.server.sendMessage(from: "bob", to: "alice", "Two")
        app.advance(by: .seconds(60))
        #expect(app.matchRows == ["Bob: New match — say hi"])
        #expect(app.chat?.record(of: "m-alice~bob")?.summary?.unreadCount == 0)
        world.server.isNetworkDown = false
        app.settle()
        #expect(app.chat?.record(of: "m-alice~bob")?.summary?.unreadCount == 2)
        app.advance(by: .seconds(60))
        #expect(app.chat?.record(of: "m-alice~bob")?.summary?.unreadCount == 2)
        app.open("discover://chat/m-alice~bob")
        #expect(app.messageRows == ["Bob: One", "Bob: Two"])
        #expect(app.chat?.record(of: "m-alice~bob")?.summary?.unreadCount == 0)
    }

    @Test func aReadAndAnUnmatchWhileOffline_areSeenOnlyWhenTheNetworkReturns() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        try app.type("Hi Bob", into: "Message")
        try app.tap("Send")
        #expect(app.messageRows == ["You: Hi Bob [sent]"])
        world.server.isNetworkDown = true
        world.server.markRead(by: "bob", with: "alice")
        world.server.unmatch(by: "bob", with: "alice")
        app.settle()
        #expect(app.messageRows == ["You: Hi Bob [sent]"])
        #expect(app.conversation?.state.isUnmatched == false)
        world.server.isNetworkDown = false
        app.settle()
        #expect(app.messageRows == ["You: Hi Bob [read]"])
        #expect(app.conversation?.state.isUnmatched == true)
    }
}
