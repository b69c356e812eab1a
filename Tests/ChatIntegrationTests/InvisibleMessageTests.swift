import EmbeddedBackend
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

/// Through the chat flow: a message of only invisible characters is refused like an empty one and
/// never reaches the server; one with visible text keeps its invisible characters.
@MainActor
@Suite struct InvisibleMessageTests {
    let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
    var app: HeadlessApp { world.app }

    @Test func aMessageOfZeroWidthJoinersWordJoinersAndAByteOrderMark_isRefusedAsEmpty() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/\(Match.id(between: "alice", and: "bob"))")
        try app.type(" \u{200D}\u{2060}\u{FEFF}\u{200B}\u{200C} ", into: "Message")
        try app.tap("Send")
        #expect(world.errorBanners == ["Write something first."])
        #expect(app.messageRows.isEmpty)
        #expect(world.server.requestCount(.sendMessage) == 0)
        try app.type("👩\u{200D}👩\u{200D}👧 hi\u{2060}", into: "Message")
        try app.tap("Send")
        #expect(app.messageRows == ["You: 👩\u{200D}👩\u{200D}👧 hi\u{2060} [sent]"])
        #expect(
            world.server.messages(between: "alice", and: "bob").map(\.text) == [
                "👩\u{200D}👩\u{200D}👧 hi\u{2060}"
            ])
    }
}
