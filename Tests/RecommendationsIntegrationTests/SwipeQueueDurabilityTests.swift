import Contexts
import EmbeddedBackend
import Foundation
import HeadlessFrontEnd
import Models
import Services
import TestSupport
import Testing

/// The swipe queue on disk: a damaged file never brings back a card already swiped, and a swipe
/// reaches the server only once the queue holding it is on disk.
@MainActor
@Suite struct SwipeQueueDurabilityTests {
    let world = TestWorld(
        configuration: EmbeddedServerConfiguration(candidatePoolSize: 100, dailyLikeLimit: 100))

    var deck: DeckContext? { world.app.mainFlow?.deck.context }
    var queueURL: URL {
        world.backend.userDataStore.location(of: "alice").appendingPathComponent("swipes.json")
    }

    @Test func aCorruptSwipeQueue_doesNotBringBackAnAlreadySwipedCard() throws {
        try world.signIn()
        let swiped = try #require(deck?.state.cards.prefix(2).map(\.id))
        world.server.isNetworkDown = true
        try world.app.tap("Pass")
        try world.app.tap("Pass")
        world.app.terminate()
        var lines = try String(contentsOf: queueURL, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        lines[2] = String(lines[2].prefix(12))
        try Data(lines.joined(separator: "\n").utf8).write(to: queueURL)

        world.server.isNetworkDown = false
        world.app.launch()
        world.app.advance(by: .seconds(60))
        #expect(deck?.state.cards.contains { $0.id == swiped[0] } == false)
        #expect(world.server.recordedSwipe(by: "alice", on: swiped[0]) == .pass)
        #expect(world.app.app?.unhandledErrors.contains { $0 is StoreError } == true)
        #expect(FileManager.default.fileExists(atPath: queueURL.path + ".unreadable-1"))
    }

    @Test func aSwipe_reachesTheServerOnlyOnceTheQueueHoldingItIsOnDisk() throws {
        try world.signIn()
        let deck = try #require(deck)
        deck.swiped(.pass)
        #expect(world.server.requestCount(.sendSwipe) == 0)
        #expect(try world.backend.userDataStore.swipeQueue(for: "alice").load().items.count == 1)
        world.app.settle()
        #expect(world.server.requestCount(.sendSwipe) == 1)
        #expect(deck.state.queue.count == 0)
    }

    @Test func swipesMadeInARow_areEachSavedBeforeAnyIsSent() throws {
        try world.signIn()
        let deck = try #require(deck)
        deck.swiped(.pass)
        deck.swiped(.pass)
        deck.swiped(.pass)
        // Each swipe's save is queued on the disk writer (which writes the newest of a file's saves
        // that wait); a read waits for them, and nothing was sent before its save completed.
        #expect(try world.backend.userDataStore.swipeQueue(for: "alice").load().items.count == 3)
        #expect(world.server.requestCount(.sendSwipe) == 0)
        world.app.settle()
        #expect(world.server.requestCount(.sendSwipe) == 3)
        #expect(deck.state.queue.count == 0)
        #expect(try world.backend.userDataStore.swipeQueue(for: "alice").load().items.isEmpty)
    }
}
