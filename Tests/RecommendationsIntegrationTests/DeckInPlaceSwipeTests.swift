import Contexts
import Models
import Services
import TestSupport
import Testing

/// A swipe changes the deck's state in place when nothing else holds it: snapshots that observers
/// (or anyone) kept are never changed by the swipes after them.
@MainActor
@Suite struct DeckInPlaceSwipeTests {
    /// What a snapshot showed when it was delivered.
    struct Seen: Equatable {
        let top: UserID?
        let cards: [UserID]
        let lastSwipe: String?
        let rewindable: UserID?
        let queued: Int

        init(_ state: DeckState) {
            top = state.topID
            cards = state.cards.map(\.id)
            lastSwipe = state.lastSwipeID
            rewindable = state.rewindable?.id
            queued = state.queuedSwipes
        }
    }

    @Test func snapshotsAnObserverKept_areNotChangedByTheNextSwipes() throws {
        let queueStore = try InMemoryUserDataStore().swipeQueue(for: "alice")
        let (world, deck) = try SwipeQueueStorageTests.startedDeck(savingTo: queueStore)
        var kept: [DeckState] = []
        var seen: [Seen] = []
        let token = deck.store.observe { state in
            kept.append(state)
            seen.append(Seen(state))
        }
        for action in [SwipeAction.pass, .like, .pass, .superLike, .pass] {
            let top = try #require(deck.store.snapshot.topID)
            let before = kept.count
            deck.swiped(action)
            // One notification per swipe, with the card taken off.
            #expect(kept.count == before + 1)
            #expect(kept.last?.topID != top)
            #expect(kept.last?.lastSwipe?.action == action)
            world.backend.scheduler.advance(by: .seconds(5))
        }
        #expect(kept.count > 5)
        #expect(kept.map(Seen.init) == seen)
        withExtendedLifetime(token) {}
    }

    @Test func aSnapshotHeldAcrossASwipe_keepsItsCardsAndSwipe() throws {
        let queueStore = try InMemoryUserDataStore().swipeQueue(for: "alice")
        let (world, deck) = try SwipeQueueStorageTests.startedDeck(savingTo: queueStore)
        deck.swiped(.pass)
        world.backend.scheduler.advance(by: .seconds(5))
        let held = deck.store.snapshot
        let heldTop = try #require(held.top)
        let heldCards = Array(held.cards)
        let heldSwipe = held.lastSwipe
        let copy = held
        deck.swiped(.like)
        deck.swiped(.pass)
        #expect(held.top == heldTop)
        #expect(Array(held.cards) == heldCards)
        #expect(held.lastSwipe == heldSwipe)
        #expect(held == copy)
        #expect(deck.store.snapshot.cards.count == heldCards.count - 2)
        #expect(deck.store.snapshot.rewindable?.id == heldCards[1].id)
        // The two swipes' answers are delivered, so nothing waits on the scheduler when the world goes.
        world.backend.scheduler.advance(by: .seconds(5))
        #expect(deck.store.snapshot.queuedSwipes == 0)
    }
}
