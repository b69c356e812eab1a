import Contexts
import EmbeddedBackend
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

/// An undo of a pass the server has already is kept (on disk) until the server undoes the pass: a
/// relaunch before it lands does not lose it.
@MainActor
@Suite struct UndoDurabilityTests {
    let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
    var app: HeadlessApp { world.app }
    var deck: DeckContext? { app.mainFlow?.deck.context }

    @Test func anUndoOfAPassTheServerHas_survivesARelaunchBeforeItLands_andTheCardComesBack() throws {
        try world.signIn()
        let passed = try #require(deck?.state.top?.id)
        try app.tap("Pass")
        #expect(world.server.recordedSwipe(by: "alice", on: passed) == .pass)
        #expect(deck?.state.queue.count == 0)
        world.server.isNetworkDown = true
        try app.tap("Rewind")
        #expect(deck?.state.top?.id == passed)
        app.relaunch()
        #expect(world.server.recordedSwipe(by: "alice", on: passed) == .pass)
        #expect(world.server.requestCount(.undoSwipe) == 0)
        world.server.isNetworkDown = false
        app.advance(by: .seconds(60))
        #expect(deck?.state.queue.count == 0)
        #expect(world.server.recordedSwipe(by: "alice", on: passed) == nil)
        #expect(world.server.requestCount(.undoSwipe) == 1)
        try app.tap("Retry")
        #expect(deck?.state.top?.id == passed)
        // Undone once: another relaunch sends nothing more.
        app.relaunch()
        app.advance(by: .seconds(60))
        #expect(world.server.requestCount(.undoSwipe) == 1)
        #expect(deck?.state.top?.id == passed)
    }
}
