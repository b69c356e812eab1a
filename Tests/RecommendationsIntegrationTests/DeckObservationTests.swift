import Contexts
import Flows
import HeadlessFrontEnd
import Models
import Services
import TestSupport
import Testing

/// What observers of the deck hear: one notification per swipe, snapshots that never change once
/// delivered, and nothing more from a deck flow once it is released.
@MainActor
@Suite struct DeckObservationTests {
    /// What a snapshot showed when it was delivered.
    struct Seen: Equatable {
        let top: UserID?
        let cards: [UserID]
        let lastSwipe: String?
        let rewindable: UserID?

        init(_ state: DeckState) {
            top = state.top?.id
            cards = state.cards.map(\.id)
            lastSwipe = state.lastSwipe?.id
            rewindable = state.rewindable?.id
        }
    }

    @Test func eachSwipe_isOneNotification_andTheSnapshotsKeptAreNotChangedByTheNextSwipes() throws {
        let queueStore = try InMemoryUserDataStore().swipeQueue(for: "alice")
        let (world, deck) = try SwipeQueueStorageTests.startedDeck(savingTo: queueStore)
        var kept: [DeckState] = []
        var seen: [Seen] = []
        let token = deck.store.observe { state in
            kept.append(state)
            seen.append(Seen(state))
        }
        for action in [SwipeAction.pass, .like, .pass, .superLike, .pass] {
            let top = try #require(deck.store.snapshot.top?.id)
            let before = kept.count
            deck.swiped(action)
            // One notification per swipe, with the card taken off.
            #expect(kept.count == before + 1)
            #expect(kept.last?.top?.id != top)
            #expect(kept.last?.lastSwipe?.action == action)
            world.backend.scheduler.advance(by: .seconds(5))
        }
        #expect(kept.count > 5)
        #expect(kept.map(Seen.init) == seen)
        withExtendedLifetime(token) {}
    }

    @Test func aSwipeAndItsConfirmation_areOneNotificationEach_withTheQueueInTheDeck() throws {
        let queueStore = try InMemoryUserDataStore().swipeQueue(for: "alice")
        let (world, deck) = try SwipeQueueStorageTests.startedDeck(savingTo: queueStore)
        var decks: [DeckState] = []
        let token = deck.store.observe { decks.append($0) }
        let top = try #require(deck.snapshot.top)
        deck.swiped(.like)
        world.backend.scheduler.advance(by: .seconds(5))
        // The swipe (its card off, the queue holding it) is one change; its confirmation another.
        #expect(decks.map(\.queue.count) == [0, 1, 0])
        #expect(decks.map { $0.cards.contains(top) } == [true, false, false])
        #expect(decks.allSatisfy { !$0.queue.isSendingDelayed && $0.queue.unsent == 0 })
        withExtendedLifetime(token) {}
    }

    @Test func aSnapshotHeldAcrossASwipe_keepsItsCardsAndSwipe() throws {
        let queueStore = try InMemoryUserDataStore().swipeQueue(for: "alice")
        let (world, deck) = try SwipeQueueStorageTests.startedDeck(savingTo: queueStore)
        deck.swiped(.pass)
        world.backend.scheduler.advance(by: .seconds(5))
        let held = deck.store.snapshot
        let heldTop = try #require(held.top)
        let heldCards = held.cards
        let heldSwipe = held.lastSwipe
        let copy = held
        deck.swiped(.like)
        deck.swiped(.pass)
        #expect(held.top == heldTop)
        #expect(held.cards == heldCards)
        #expect(held.lastSwipe == heldSwipe)
        #expect(held == copy)
        #expect(deck.store.snapshot.cards.count == heldCards.count - 2)
        #expect(deck.store.snapshot.rewindable?.id == heldCards.dropFirst().first?.id)
        // The two swipes' answers are delivered, so nothing waits on the scheduler when the world goes.
        world.backend.scheduler.advance(by: .seconds(5))
        #expect(deck.snapshot.queue.count == 0)
    }

    /// Analytics that keeps every event.
    final class Events: AnalyticsSink {
        var recorded: [AnalyticsEvent] = []
        func record(_ event: AnalyticsEvent) { recorded.append(event) }
    }

    /// A delegate keeping each new panel of home the deck shows.
    final class Home: DeckFlowDelegate {
        var panels: [DeckPanel] = []
        /// How often the deck's panel changed.
        var changes: Int { panels.count }
        func deckFlowDidChange(_ flow: DeckFlow) {
            let panel = flow.panel
            if panels.last != panel { panels.append(panel) }
        }
        func deckFlow(_ flow: DeckFlow, didRequestChatWith match: Match) {}
    }

    /// A deck flow over `deck`, started, telling `home` of its changes and `events` of its analytics.
    func startedFlow(over deck: DeckContext, in world: TestWorld, home: Home, events: Events = Events())
        -> DeckFlow
    {
        let services = world.backend.makeServices()
        let presenter = CountingPresenter(transcript: Transcript(clock: world.backend.scheduler))
        let environment = FlowEnvironment(presenter: presenter, analytics: events, services: services)
        let authorizer = RequestAuthorizer(
            tokens: AuthTokens(accessToken: "unused", accessTokenExpiresAt: nil, refreshToken: nil),
            auth: services.auth
        ) { _ in }
        let flow = DeckFlow(environment: environment, context: deck) { current in
            PreferencesContext(current: current, authorizer: authorizer, discovery: services.discovery)
        }
        flow.delegate = home
        flow.isVisible = true
        flow.start()
        return flow
    }

    @Test func aSwipeConfirmed_changesNothingHomeShows_soHomeIsNotRenderedAgain() throws {
        let queueStore = try InMemoryUserDataStore().swipeQueue(for: "alice")
        let (world, deck) = try SwipeQueueStorageTests.startedDeck(savingTo: queueStore)
        let home = Home()
        let flow = startedFlow(over: deck, in: world, home: home)
        let before = home.changes
        deck.swiped(.like)
        #expect(home.changes == before + 1)
        #expect(deck.snapshot.queue.count == 1)
        world.backend.scheduler.advance(by: .seconds(5))
        // The server confirmed the swipe: the queue is empty, and home shows nothing new.
        #expect(deck.snapshot.queue.count == 0)
        #expect(home.changes == before + 1)
        withExtendedLifetime(flow) {}
    }

    @Test func whileSendingIsDelayed_aSwipeOrARewind_rendersHomeOnce_withTheCardAndTheCountTogether() throws {
        let queueStore = try InMemoryUserDataStore().swipeQueue(for: "alice")
        let (world, deck) = try SwipeQueueStorageTests.startedDeck(savingTo: queueStore)
        let home = Home()
        let flow = startedFlow(over: deck, in: world, home: home)
        world.server.isNetworkDown = true
        deck.swiped(.like)
        world.backend.scheduler.advance(by: .seconds(1))
        #expect(deck.snapshot.queue.isSendingDelayed)
        var before = home.changes
        // The card goes and the swipes waiting grow by one: one input, home rendered once.
        deck.swiped(.pass)
        #expect(home.changes == before + 1)
        #expect(homeNotices(flow) == 2)
        before = home.changes
        deck.rewind()
        #expect(home.changes == before + 1)
        #expect(homeNotices(flow) == 1)
        world.server.isNetworkDown = false
        world.backend.scheduler.advance(by: .seconds(60))
        #expect(deck.snapshot.queue.count == 0)
    }

    /// The swipes waiting to be sent that the deck's panel tells.
    func homeNotices(_ flow: DeckFlow) -> Int { flow.panel.waitingToSend }

    @Test func aReleasedDeckFlow_rendersNothingMore() throws {
        let queueStore = try InMemoryUserDataStore().swipeQueue(for: "alice")
        let (world, deck) = try SwipeQueueStorageTests.startedDeck(savingTo: queueStore)
        let events = Events()
        let home = Home()
        var flow: DeckFlow? = startedFlow(over: deck, in: world, home: home, events: events)
        let before = home.changes
        deck.swiped(.pass)
        #expect(home.changes == before + 1)
        #expect(events.recorded.contains { if case .swiped(.pass, _) = $0 { true } else { false } })
        weak let released = flow
        flow = nil
        #expect(released == nil)
        let recorded = events.recorded.count
        deck.swiped(.like)
        world.backend.scheduler.advance(by: .seconds(5))
        #expect(home.changes == before + 1)
        #expect(events.recorded.count == recorded)
    }
}
