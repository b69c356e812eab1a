import EmbeddedBackend
import Models
import TestSupport
import Testing

/// Every swipe reaches the server once, in order, with its own answer: one after another online, or
/// queued offline and sent when the network returns (also when an answer is delivered twice).
@MainActor
@Suite struct SwipeDeliveryTests {
    func makeWorld() -> TestWorld {
        TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 100, dailyLikeLimit: 100))
    }

    @Test func swipesOneAfterAnother_eachReachTheServerOnce_withTheirOwnAnswers() throws {
        let world = makeWorld()
        try world.signIn()
        var swiped: [UserID] = []
        for index in 0..<6 {
            let top = try #require(world.app.mainFlow?.deck.context.state.top)
            swiped.append(top.id)
            // A duplicated answer keeps the last delivery held while the next swipe is made.
            if index == 2 { world.server.duplicateNextResponse(on: .sendSwipe) }
            try world.app.tap(index.isMultiple(of: 2) ? "Pass" : "Like")
        }
        world.app.advance(by: .seconds(5))
        #expect(world.server.requestCount(.sendSwipe) == 6)
        #expect(world.server.swipeCount(of: "alice") == 6)
        for (index, id) in swiped.enumerated() {
            #expect(
                world.server.recordedSwipe(by: "alice", on: id) == (index.isMultiple(of: 2) ? .pass : .like))
        }
        #expect(world.app.mainFlow?.deck.context.state.queue.count == 0)
        #expect(world.app.mainFlow?.deck.context.state.allowance?.likesRemaining == 97)
    }

    @Test func swipesQueuedOffline_areSentInOrder_whenTheNetworkReturns() throws {
        let world = makeWorld()
        try world.signIn()
        world.server.isNetworkDown = true
        var swiped: [UserID] = []
        for _ in 0..<3 {
            let top = try #require(world.app.mainFlow?.deck.context.state.top)
            swiped.append(top.id)
            try world.app.tap("Like")
        }
        #expect(world.app.mainFlow?.deck.context.state.queue.count == 3)
        world.server.isNetworkDown = false
        world.server.duplicateNextResponse(on: .sendSwipe)
        world.app.advance(by: .seconds(60))
        #expect(world.app.mainFlow?.deck.context.state.queue.count == 0)
        #expect(world.server.swipeCount(of: "alice") == 3)
        for id in swiped { #expect(world.server.recordedSwipe(by: "alice", on: id) == .like) }
    }
}
