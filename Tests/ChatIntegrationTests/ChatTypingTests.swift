import EmbeddedBackend
import HeadlessFrontEnd
import TestSupport
import Testing

/// "… is typing" end to end: what a keystroke sends, when "stopped" follows, and what the other
/// phone shows, on the embedded backend and virtual time.
@MainActor
@Suite struct ChatTypingTests {
    let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
    var app: HeadlessApp { world.app }

    @Test func typing_sendsTypingOnce_thenStoppedAfterThreeQuietSeconds_andTheOtherSideSeesIt() throws {
        let bobsPhone = try world.bothInTheConversation()
        for (second, text) in [(0, "H"), (1, "He"), (1, "Hel")] {
            app.advance(by: .seconds(second))
            try app.type(text, into: "Message")
        }
        bobsPhone.app.settle()
        #expect(bobsPhone.app.frontEnd.visibleTexts.contains("Alice is typing…"))
        #expect(world.server.requestCount(.setTyping) == 1)
        app.advance(by: .seconds(3))
        #expect(world.server.requestCount(.setTyping) == 2)
        #expect(!bobsPhone.app.frontEnd.visibleTexts.contains("Alice is typing…"))
    }

    @Test func typingAgainAfterStopping_sendsTypingAndStoppedAgain_andTheOtherSideSeesEachInTurn() throws {
        let bobsPhone = try world.bothInTheConversation()
        for round in 1...2 {
            try app.type(String(repeating: "H", count: round), into: "Message")
            bobsPhone.app.settle()
            #expect(bobsPhone.app.frontEnd.visibleTexts.contains("Alice is typing…"))
            #expect(world.server.requestCount(.setTyping) == 2 * round - 1)
            app.advance(by: .seconds(3))
            bobsPhone.app.settle()
            #expect(world.server.requestCount(.setTyping) == 2 * round)
            #expect(!bobsPhone.app.frontEnd.visibleTexts.contains("Alice is typing…"))
        }
    }

    @Test func aLaterKeystroke_putsStoppedOffUntilThreeQuietSecondsAfterIt() throws {
        _ = try world.bothInTheConversation()
        try app.type("H", into: "Message")
        app.advance(by: .seconds(2))
        try app.type("Hi", into: "Message")
        app.advance(by: .milliseconds(2_999))
        #expect(world.server.requestCount(.setTyping) == 1)
        app.advance(by: .milliseconds(1))
        #expect(world.server.requestCount(.setTyping) == 2)
        app.advance(by: .seconds(10))
        #expect(world.server.requestCount(.setTyping) == 2)
    }

    @Test func typingAgainSoonAfterSending_sendsStoppedThreeQuietSecondsAfterTheNewKeystroke() throws {
        _ = try world.bothInTheConversation()
        try app.type("Hi", into: "Message")
        try app.tap("Send")
        #expect(world.server.requestCount(.setTyping) == 2)
        app.advance(by: .seconds(2))
        try app.type("Again", into: "Message")
        #expect(world.server.requestCount(.setTyping) == 3)
        app.advance(by: .milliseconds(2_999))
        #expect(world.server.requestCount(.setTyping) == 3)
        app.advance(by: .milliseconds(1))
        #expect(world.server.requestCount(.setTyping) == 4)
    }

    @Test func theOtherPersonsTyping_expiresWithoutRenewal() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        world.server.setTyping(by: "bob", with: "alice", isTyping: true)
        app.settle()
        #expect(world.visibleTexts.contains("Bob is typing…"))
        app.advance(by: .seconds(5))
        #expect(!world.visibleTexts.contains("Bob is typing…"))
    }
}
