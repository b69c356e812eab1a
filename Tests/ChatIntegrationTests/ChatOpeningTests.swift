import EmbeddedBackend
import Flows
import Foundation
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

/// Opening a conversation: its first screen is built once and shown again by the first render.
@MainActor
@Suite struct ChatOpeningTests {
    let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
    var app: HeadlessApp { world.app }

    @Test func theOpenedConversation_showsItsMessages_andLaterRendersShowTheNewState() throws {
        world.match("alice", "bob")
        try world.server.sendMessage(from: "bob", to: "alice", "Hi Alice")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        #expect(app.screen?.id == .chat)
        #expect(app.messageRows == ["Bob: Hi Alice"])
        #expect(app.screen?.fields.first { $0.label == "Message" }?.value == "")
        try app.type("Hel", into: "Message")
        #expect(app.screen?.fields.first { $0.label == "Message" }?.value == "Hel")
        #expect(app.messageRows == ["Bob: Hi Alice"])
        try app.tap("Back")
        app.open("discover://chat/m-alice~bob")
        #expect(app.messageRows == ["Bob: Hi Alice"])
    }
}
