import EmbeddedBackend
import Foundation
import GenericScreens
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

/// A session whose tokens expire while the app is in use, with requests from the deck, the chat and
/// a profile in flight: one refresh at a time, the new token shared, and a refused refresh reported
/// as what it is (expired), never as a revocation.
@MainActor
@Suite struct SessionExpiryDuringUseTests {
    let world = TestWorld()

    /// The refresh token lasts 30 days (the access token an hour): 31 days on, the session is over.
    static let sessionLifetimePassed = Duration.seconds(31 * 24 * 3600)

    func notices() -> [String] {
        world.app.screen?.elements.compactMap { element in
            if case .notice(let text) = element { return text }
            return nil
        } ?? []
    }

    /// The reasons of the `session_ended` events since `mark`.
    func endings(since mark: Int) -> [String] {
        world.app.transcript.entries.dropFirst(mark).compactMap { entry in
            guard case .analytics(let event) = entry.kind, event.name == "session_ended" else { return nil }
            return event.properties["reason"]
        }
    }

    @Test func aSessionThatExpiresWhileAConversationIsOpen_endsAsExpired_notRevoked() throws {
        world.match("alice", "bob")
        try world.signIn()
        world.app.open("discover://chat/m-alice~bob")
        #expect(world.app.screen?.id == .chat)
        world.app.advance(by: Self.sessionLifetimePassed)
        let mark = world.mark
        // Typing tells bob (a request nobody waits for): it meets the expiry first, and its refresh
        // is refused; the message then finds the session ended for the same reason.
        try world.app.type("Still there?", into: "Message")
        try world.app.tap("Send")
        #expect(world.app.screen?.id == .signIn)
        #expect(notices() == ["Your session expired. Please log in again."])
        #expect(world.app.sessionState == .signedOut(reason: .sessionExpired, username: "alice"))
        #expect(endings(since: mark) == ["sessionExpired"])
        #expect(world.server.requestCount(.refresh) == 1)
        // The message waited on disk and goes out once after the same user logs in again.
        try world.app.type("wonderland", into: "Password")
        try world.app.tap("Log in")
        let sent = world.server.messages(between: "alice", and: "bob").filter { $0.text == "Still there?" }
        #expect(sent.count == 1)
    }

    @Test func requestsFromTheChatDeckAndAProfile_inFlightWhenTheSessionExpires_endItOnceAsExpired() throws {
        world.match("alice", "bob")
        try world.server.sendMessage(from: "bob", to: "alice", "Hi!")
        try world.signIn()
        world.server.latency = .seconds(1)
        world.app.open("discover://chat/m-alice~bob")
        world.app.advance(by: .seconds(2))
        world.app.advance(by: Self.sessionLifetimePassed)
        let mark = world.mark
        // Typing (nobody waits for its answer) meets the expiry first: its refresh is refused at 2 s.
        // The message, the swipe and the profile are sent before that and answered after it.
        try world.app.type("Hello", into: "Message")
        world.app.advance(by: .milliseconds(1500))
        try world.app.tap("Send")
        try world.app.tap("Back")
        try world.app.tap("Deck")
        try world.app.tap("Pass")
        world.app.advance(by: .milliseconds(500))
        world.app.open("discover://profile/bob")
        world.app.advance(by: .seconds(10))
        #expect(world.app.screen?.id == .signIn)
        #expect(notices() == ["Your session expired. Please log in again."])
        #expect(endings(since: mark) == ["sessionExpired"])
        #expect(world.server.requestCount(.refresh) == 1)
    }

    @Test func anAccessTokenThatExpiresWithRequestsInFlight_isRefreshedOnce_andEveryRequestGoesThrough()
        throws
    {
        world.match("alice", "bob")
        try world.server.sendMessage(from: "bob", to: "alice", "Hi!")
        try world.signIn()
        world.server.latency = .seconds(1)
        world.app.advance(by: .seconds(2 * 3600))
        try world.app.tap("Pass")
        world.app.advance(by: .milliseconds(500))
        world.app.open("discover://chat/m-alice~bob")
        world.app.advance(by: .milliseconds(500))
        try world.app.type("Hello", into: "Message")
        try world.app.tap("Send")
        world.app.advance(by: .milliseconds(500))
        world.app.open("discover://profile/bob")
        world.app.advance(by: .seconds(10))
        #expect(world.app.screen?.title == "Bob")
        #expect(world.app.sessionState?.user?.id == "alice")
        #expect(world.server.requestCount(.refresh) == 1)
        #expect(world.server.recordedSwipe(by: "alice", on: "carol") == .pass)
        #expect(world.server.messages(between: "alice", and: "bob").map(\.text) == ["Hi!", "Hello"])
    }
}
