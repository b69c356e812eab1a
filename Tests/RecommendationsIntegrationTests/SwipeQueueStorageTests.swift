import Contexts
import EmbeddedBackend
import Foundation
import Models
import Services
import TestSupport
import Testing

/// What the swipe queue's store holds after every step is exactly the swipes waiting, in order.
@MainActor
@Suite struct SwipeQueueStorageTests {
    /// Alice signed in on a fresh server and her deck started, its first page loaded, its queue
    /// saved to `queueStore`.
    static func startedDeck(savingTo queueStore: any QueueStore<Swipe>) throws -> (TestWorld, DeckContext) {
        let world = TestWorld(
            configuration: EmbeddedServerConfiguration(candidatePoolSize: 100, dailyLikeLimit: 100))
        let services = world.backend.makeServices()
        let tokens = try #require(world.tokens(signingIn: "alice", with: services))
        let deck = DeckContext(
            viewer: "alice",
            authorizer: RequestAuthorizer(tokens: tokens, auth: services.auth) { _ in },
            discovery: services.discovery, scheduler: world.backend.scheduler, ids: services.ids,
            queueStore: queueStore)
        deck.start()
        world.backend.scheduler.advance(by: .seconds(5))
        return (world, deck)
    }

    @Test func theQueueSaved_isTheSwipesWaiting_afterEachSendAndSwipe() throws {
        let queueStore = try InMemoryUserDataStore().swipeQueue(for: "alice")
        let (world, deck) = try Self.startedDeck(savingTo: queueStore)
        var sent: [UserID] = []
        for round in 0..<3 {
            // Online: each swipe is sent and leaves the queue; the store ends empty.
            for _ in 0...round {
                let top = try #require(deck.state.top)
                sent.append(top.id)
                deck.swiped(.pass)
                world.backend.scheduler.advance(by: .seconds(5))
                #expect(queueStore.load().items.isEmpty)
                #expect(deck.state.queue.count == 0)
            }
            // Offline: the swipes wait, in order, in the store.
            world.server.isNetworkDown = true
            var waiting: [UserID] = []
            for _ in 0...round {
                let top = try #require(deck.state.top)
                waiting.append(top.id)
                deck.swiped(.like)
                #expect(queueStore.load().items.map(\.candidate) == waiting)
            }
            #expect(deck.state.queue.count == waiting.count)
            world.server.isNetworkDown = false
            world.backend.scheduler.advance(by: .seconds(120))
            #expect(queueStore.load().items.isEmpty)
            #expect(deck.state.queue.count == 0)
            sent += waiting
        }
        #expect(world.server.swipeCount(of: "alice") == sent.count)
        for id in sent { #expect(world.server.recordedSwipe(by: "alice", on: id) != nil) }
    }

    /// A queue store whose first save of an empty queue fails; it keeps what else it is given.
    final class FailingFirstEmptySave: QueueStore, @unchecked Sendable {
        var saved: [Swipe] = []
        var failed = false
        func load() -> LoadedItems<Swipe> { LoadedItems(saved) }
        @MainActor
        func save(_ swipes: [Swipe], completion: @escaping StoreCompletion) {
            if swipes.isEmpty, !failed {
                failed = true
                return completion(.failure(.io(path: "queue", operation: "write", errno: 5)))
            }
            saved = swipes
            completion(.success(()))
        }
    }

    /// The card liked from inside the error observer.
    final class Liked: @unchecked Sendable {
        var card: UserID?
    }

    /// An error observer that swipes while the deck saves its emptied queue (the save failed) keeps
    /// its swipe queued, and it is sent later.
    @Test func aSwipeMadeWhileTheEmptiedQueueIsSaved_staysQueued_andIsSentLater() throws {
        let queueStore = FailingFirstEmptySave()
        let (world, deck) = try Self.startedDeck(savingTo: queueStore)
        let server = world.server
        let liked = Liked()
        let token = deck.store.observeErrors { [weak deck] _ in
            guard let deck, liked.card == nil else { return }
            server.isNetworkDown = true
            liked.card = deck.snapshot.top?.id
            deck.swiped(.like)
        }
        let passed = try #require(deck.state.top?.id)
        deck.swiped(.pass)
        world.backend.scheduler.advance(by: .seconds(5))
        let likedCard = try #require(liked.card)
        #expect(deck.state.queue.count == 1)
        #expect(queueStore.saved.map(\.candidate) == [likedCard])
        server.isNetworkDown = false
        world.backend.scheduler.advance(by: .seconds(120))
        #expect(deck.state.queue.count == 0)
        #expect(queueStore.saved.isEmpty)
        #expect(world.server.swipeCount(of: "alice") == 2)
        #expect(world.server.recordedSwipe(by: "alice", on: passed) != nil)
        #expect(world.server.recordedSwipe(by: "alice", on: likedCard) != nil)
        token.cancel()
    }
}
