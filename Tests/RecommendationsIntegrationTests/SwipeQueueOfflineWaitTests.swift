import Contexts
import EmbeddedBackend
import Flows
import Foundation
import HeadlessFrontEnd
import Models
import Services
import TestSupport
import Testing

/// Swipes and undos made offline wait for the network, not on a timer: a year offline costs nothing,
/// and they go out once the network returns (the refresh token outlives the year here, so the session
/// does).
@MainActor
@Suite struct SwipeQueueOfflineWaitTests {
    let world = TestWorld(
        configuration: EmbeddedServerConfiguration(
            refreshTokenLifetime: .seconds(400 * 24 * 3600), candidatePoolSize: 50))
    static let year: Duration = .seconds(366 * 24 * 3600)

    var deck: DeckContext? { world.app.mainFlow?.deck.context }

    @Test func swipesWaitingOfflineForAYear_costNoRetries_andAreSentOnceWhenTheNetworkReturns() throws {
        try world.signIn()
        world.server.isNetworkDown = true
        let cards = try [
            #require(deck?.state.cards.first?.id), #require(deck?.state.cards.dropFirst().first?.id),
        ]
        try world.app.tap("Like")
        try world.app.tap("Pass")
        #expect(deck?.state.queue.count == 2)
        let before = world.backend.scheduler.workRun
        world.app.advance(by: Self.year)
        #expect(world.backend.scheduler.workRun - before <= 5)
        #expect(world.visibleTexts.contains("Waiting to send 2 swipe(s)."))
        world.server.isNetworkDown = false
        world.app.settle()
        #expect(deck?.state.queue.count == 0)
        #expect(world.server.swipeCount(of: "alice") == 2)
        #expect(cards.map { world.server.recordedSwipe(by: "alice", on: $0) } == [.like, .pass])
    }

    @Test func anUndoMadeOffline_waitsForTheNetwork_thenTakesThePassBack() throws {
        try world.signIn()
        let passed = try #require(deck?.state.cards.first?.id)
        try world.app.tap("Pass")
        #expect(world.server.recordedSwipe(by: "alice", on: passed) == .pass)
        world.server.isNetworkDown = true
        try world.app.tap("Rewind")
        let before = world.backend.scheduler.workRun
        world.app.advance(by: Self.year)
        #expect(world.backend.scheduler.workRun - before <= 5)
        #expect(world.server.recordedSwipe(by: "alice", on: passed) == .pass)
        world.server.isNetworkDown = false
        world.app.settle()
        #expect(world.server.recordedSwipe(by: "alice", on: passed) == nil)
    }
}
