import EmbeddedBackend
import Foundation
import Models
import Services
import TestSupport
import Testing

@testable import Contexts

/// The deck sends its next swipe with the last swipe's delivery only once nothing else holds it; every
/// swipe still gets its own answer, as with a delivery made for each.
@MainActor
@Suite struct SwipeDeliveryReuseTests {
    let now = Date(timeIntervalSince1970: 1_000)

    func swipe(_ id: String) -> Swipe {
        Swipe(id: id, candidate: UserID("c-" + id), action: .like, swipedAt: now)
    }

    func makeDelivery(_ swipe: Swipe) -> DeckContext.SwipeDelivery {
        DeckContext.SwipeDelivery(
            swipe,
            backend: DeckContext.Backend(
                discovery: EmbeddedDiscoveryService(
                    server: EmbeddedServer(scheduler: VirtualScheduler(now: now))),
                queueStore: nil),
            deck: WeakReference<DeckContext>(), authorizer: WeakReference<RequestAuthorizer>())
    }

    @Test func reused_onlyWhenNothingElseHoldsTheDelivery() {
        var none: DeckContext.SwipeDelivery?
        #expect(DeckContext.SwipeDelivery.reused(&none, for: swipe("a")) == nil)

        var last: DeckContext.SwipeDelivery? = makeDelivery(swipe("a"))
        do {
            // A request or an answer still on its way holds the delivery: it keeps its swipe.
            let inFlight = last
            #expect(DeckContext.SwipeDelivery.reused(&last, for: swipe("b")) == nil)
            #expect(inFlight?.swipe.id == "a")
        }

        let reused = DeckContext.SwipeDelivery.reused(&last, for: swipe("c"))
        #expect(reused != nil && reused === last)
        #expect(last?.swipe.id == "c")
    }

    /// The backend's services are the ones given: the queue is saved to and loaded from the
    /// store given, and without one nothing is kept.
    @Test func theBackend_savesToTheStoreGiven_andKeepsNothingWithoutOne() throws {
        let server = EmbeddedServer(scheduler: VirtualScheduler(now: now))
        let store = try InMemoryUserDataStore().swipeQueue(for: "alice")
        let backend = DeckContext.Backend(
            discovery: EmbeddedDiscoveryService(server: server), queueStore: store)
        let swipes = [swipe("a"), swipe("b")]
        try backend.saveQueue(swipes)
        #expect(try store.load() == swipes)
        #expect(try backend.loadQueue() == swipes)
        let memoryOnly = DeckContext.Backend(
            discovery: EmbeddedDiscoveryService(server: server), queueStore: nil)
        try memoryOnly.saveQueue(swipes)
        #expect(try memoryOnly.loadQueue().isEmpty)
    }

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
        #expect(world.app.mainFlow?.deck.context.state.queuedSwipes == 0)
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
        #expect(world.app.mainFlow?.deck.context.state.queuedSwipes == 3)
        world.server.isNetworkDown = false
        world.server.duplicateNextResponse(on: .sendSwipe)
        world.app.advance(by: .seconds(60))
        #expect(world.app.mainFlow?.deck.context.state.queuedSwipes == 0)
        #expect(world.server.swipeCount(of: "alice") == 3)
        for id in swiped { #expect(world.server.recordedSwipe(by: "alice", on: id) == .like) }
    }
}
