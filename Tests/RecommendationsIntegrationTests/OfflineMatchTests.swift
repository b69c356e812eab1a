import Contexts
import EmbeddedBackend
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

/// A match made offline: announced once (not again after a relaunch or when the server catches up),
/// and its conversation there before the server has the swipe.
@MainActor
@Suite struct OfflineMatchTests {
    let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
    var app: HeadlessApp { world.app }
    var deck: DeckContext? { app.mainFlow?.deck.context }
    /// The rows of the matches list, as the chat has them.
    var matchesRows: [String] { app.mainFlow?.chat.state.rowIDs ?? [] }

    /// How many times "It's a match!" was put on screen since the transcript entry at `start`.
    func announcements(since start: Int = 0) -> Int {
        world.screens(since: start).filter { $0 == .match }.count
    }

    /// Signs alice in and likes carol (who liked her already) with the network down.
    func likeCarolOffline() throws {
        world.server.like(from: "carol", to: "alice")
        try world.signIn()
        while let top = deck?.state.top, top.id != "carol" { try app.tap("Pass") }
        world.server.isNetworkDown = true
        try app.tap("Like")
    }

    @Test func aMatchMadeOffline_isAnnouncedOnce_acrossARelaunch_andWhenTheServerCatchesUp() throws {
        try likeCarolOffline()
        #expect(app.screen?.id == .match)
        #expect(world.visibleTexts.contains("You and Carol like each other."))
        try app.tap("Keep swiping")
        let mark = world.mark
        app.relaunch()
        #expect(app.screen?.id == .home)
        world.server.isNetworkDown = false
        app.advance(by: .seconds(60))
        #expect(deck?.state.queue.count == 0)
        #expect(world.server.matches(of: "alice").map(\.user) == ["carol"])
        #expect(app.screen?.id == .home)
        #expect(!world.visibleTexts.contains("You and Carol like each other."))
        #expect(announcements(since: mark) == 0)
        #expect(announcements() == 1)
    }

    @Test func aMatchMadeOffline_andUnmatchedOffline_staysUnmatched_whenTheServerCatchesUp() throws {
        try likeCarolOffline()
        try app.tap("Keep swiping")
        app.open("discover://chat/m-alice~carol")
        try app.tap("Unmatch")
        try app.tap("Unmatch")
        try app.tap("Back")
        #expect(matchesRows.isEmpty)
        // The deck's queue changes (another like) while both wait: Carol stays gone.
        deck?.swiped(.like)
        #expect(matchesRows.isEmpty)
        let unmatch = app.mainFlow?.chat.state.actions.items.first { $0.kind == .unmatch }
        #expect(unmatch?.dependsOn != nil, "the unmatch waits for the like that made the match")
        world.server.isNetworkDown = false
        app.advance(by: .seconds(60))
        // The like reached the server first, then the unmatch: no match on either side.
        #expect(world.server.recordedSwipe(by: "alice", on: "carol") == .like)
        #expect(world.server.matches(of: "alice").isEmpty)
        #expect(matchesRows.isEmpty)
        app.relaunch()
        app.advance(by: .seconds(5))
        #expect(matchesRows.isEmpty)
    }

    @Test func theChatOfAMatchMadeOffline_opensBeforeTheServerHasTheSwipe_evenAfterARelaunch() throws {
        try likeCarolOffline()
        try app.tap("Keep swiping")
        app.relaunch()
        try app.tap("Matches")
        #expect(world.visibleTexts.contains("Carol"))
        try app.tap("Carol")
        #expect(app.screen?.id == .chat)
        #expect(!world.visibleTexts.contains { $0.contains("isn't available") })
        #expect(world.server.matches(of: "alice").isEmpty)
        try app.tap("Back")
        world.server.isNetworkDown = false
        app.advance(by: .seconds(60))
        #expect(world.server.matches(of: "alice").map(\.user) == ["carol"])
        try app.tap("Carol")
        #expect(app.screen?.id == .chat)
        #expect(!world.visibleTexts.contains { $0.contains("isn't available") })
    }
}
