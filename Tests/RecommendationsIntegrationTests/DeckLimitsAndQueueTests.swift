import Contexts
import EmbeddedBackend
import Flows
import Foundation
import HeadlessFrontEnd
import Interactors
import Models
import Services
import TestSupport
import Testing

/// The daily like limit, the offline swipe queue and scale, end to end through the flows.
@MainActor
@Suite struct DeckLimitsAndQueueTests {
    func makeWorld(pool: Int = 100, likes: Int = 100) -> TestWorld {
        TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: pool, dailyLikeLimit: likes))
    }

    func deck(_ world: TestWorld) -> DeckContext? {
        world.app.mainFlow?.deck.context
    }

    @Test func atTheDailyLimit_theOutOfLikesModalCountsDownToTheReset_thenLikingWorksAgain() throws {
        let world = makeWorld(likes: 2)
        try world.signIn()
        try world.app.tap("Like")
        try world.app.tap("Like")
        let mark = world.mark
        try world.app.tap("Like")
        #expect(world.app.screen?.id == .outOfLikes)
        // The demo clock starts at 09:00 UTC, so likes come back at midnight: 15 hours.
        #expect(world.visibleTexts.contains("Likes come back in 15h 0m."))
        #expect(world.eventNames(since: mark) == ["out_of_likes"])
        world.app.advance(by: .seconds(90 * 60))
        #expect(world.visibleTexts.contains("Likes come back in 13h 30m."))
        try world.app.tap("OK")
        #expect(world.app.screen?.id == .home)
        try world.app.tap("Like")
        #expect(world.app.screen?.id == .outOfLikes)
        world.app.advance(by: .seconds(14 * 3600))
        #expect(world.app.screen?.id == .home)
        #expect(world.visibleTexts.contains("Likes left today: 2 · Super likes left: 1"))
        try world.app.tap("Like")
        #expect(world.server.swipeCount(of: "alice") == 3)
    }

    @Test func aLikeTheServerRefusesForTheLimit_putsTheCardBack_andShowsOutOfLikes() throws {
        let world = makeWorld(likes: 1)
        let otherPhone = world.secondApp()
        try world.signIn()
        otherPhone.app.launch()
        try otherPhone.app.tap("Log in")
        try otherPhone.app.type("alice", into: "Username or email")
        try otherPhone.app.type("wonderland", into: "Password")
        try otherPhone.app.tap("Log in")
        try otherPhone.app.tap("Like")
        let top = try #require(deck(world)?.state.top)
        try world.app.tap("Like")
        #expect(world.app.screen?.id == .outOfLikes)
        #expect(deck(world)?.state.top?.id == top.id)
        #expect(world.server.swipeCount(of: "alice") == 1)
    }

    @Test func swipesMadeOffline_areQueuedInOrder_surviveARelaunch_andAreSentOnceWhenTheNetworkReturns()
        throws
    {
        let world = makeWorld()
        try world.signIn()
        let cards = deck(world)?.state.cards.prefix(3).map(\.id) ?? []
        world.server.isNetworkDown = true
        try world.app.tap("Like")
        try world.app.tap("Pass")
        try world.app.tap("Super like")
        #expect(deck(world)?.state.queue.count == 3)
        #expect(world.visibleTexts.contains("Waiting to send 3 swipe(s)."))
        #expect(world.server.swipeCount(of: "alice") == 0)

        world.app.relaunch()
        #expect(deck(world)?.state.queue.count == 3)
        #expect(world.errorBanners == ["You're offline. Check your connection and try again."])
        world.server.isNetworkDown = false
        world.app.advance(by: .seconds(60))
        #expect(deck(world)?.state.queue.count == 0)
        try world.app.tap("Retry")
        #expect(deck(world)?.state.cards.contains { cards.contains($0.id) } == false)
        #expect(world.server.requestCount(.sendSwipe) == 3)
        #expect(cards.map { world.server.recordedSwipe(by: "alice", on: $0) } == [.like, .pass, .superLike])
        #expect(!world.visibleTexts.contains { $0.hasPrefix("Waiting to send") })
    }

    @Test func aSwipeOnItsWay_isNotShownAsWaiting_onlyOneHeldUpByAFailureIs() throws {
        let world = makeWorld()
        try world.signIn()
        world.server.latency = .seconds(1)
        try world.app.tap("Like")
        #expect(deck(world)?.state.queue.count == 1)
        #expect(!world.visibleTexts.contains { $0.hasPrefix("Waiting to send") })
        world.app.advance(by: .seconds(1))
        #expect(deck(world)?.state.queue.count == 0)
        world.server.isNetworkDown = true
        try world.app.tap("Pass")
        #expect(!world.visibleTexts.contains { $0.hasPrefix("Waiting to send") })
        world.app.advance(by: .seconds(1))
        #expect(deck(world)?.state.queue.isSendingDelayed == true)
        #expect(world.visibleTexts.contains("Waiting to send 1 swipe(s)."))
        world.server.isNetworkDown = false
        world.app.advance(by: .seconds(60))
        #expect(deck(world)?.state.queue.count == 0)
        #expect(!world.visibleTexts.contains { $0.hasPrefix("Waiting to send") })
    }

    @Test func rewindingTheOnlyHeldUpSwipe_leavesNothingWaiting_andTheNextSwipeIsNotShownAsWaiting() throws {
        let world = makeWorld()
        try world.signIn()
        world.server.isNetworkDown = true
        try world.app.tap("Pass")
        world.app.advance(by: .seconds(1))
        #expect(world.visibleTexts.contains("Waiting to send 1 swipe(s)."))
        try world.app.tap("Rewind")
        #expect(deck(world)?.state.queue.count == 0)
        #expect(deck(world)?.state.queue.isSendingDelayed == false)
        #expect(!world.visibleTexts.contains { $0.hasPrefix("Waiting to send") })
        world.server.isNetworkDown = false
        world.server.latency = .seconds(1)
        try world.app.tap("Like")
        #expect(!world.visibleTexts.contains { $0.hasPrefix("Waiting to send") })
        world.app.advance(by: .seconds(1))
        #expect(deck(world)?.state.queue.count == 0)
    }

    @Test func aSwipeWhoseResponseWasLost_isResentAfterRelaunch_andAppliedOnce() throws {
        let world = makeWorld()
        try world.signIn()
        world.server.latency = .seconds(1)
        let top = try #require(deck(world)?.state.top)
        try world.app.tap("Like")
        world.app.terminate()
        world.app.advance(by: .seconds(1))
        #expect(world.server.requestCount(.sendSwipe) == 1)
        world.server.latency = .zero
        world.app.launch()
        #expect(world.server.requestCount(.sendSwipe) == 2)
        #expect(deck(world)?.state.queue.count == 0)
        #expect(world.server.swipeCount(of: "alice") == 1)
        #expect(world.server.recordedSwipe(by: "alice", on: top.id) == .like)
        #expect(deck(world)?.state.cards.contains { $0.id == top.id } == false)
    }

    @Test func aDuplicatedSwipeResponse_isAppliedOnce() throws {
        let world = makeWorld()
        try world.signIn()
        world.server.duplicateNextResponse(on: .sendSwipe)
        try world.app.tap("Like")
        try world.app.tap("Like")
        #expect(world.server.swipeCount(of: "alice") == 2)
        #expect(deck(world)?.state.queue.count == 0)
        #expect(deck(world)?.state.allowance?.likesRemaining == 98)
    }

    @Test func theDeckRefillsBeforeItRunsDry() throws {
        let world = makeWorld(pool: 200)
        try world.signIn()
        var smallest = Int.max
        for _ in 0..<60 {
            try world.app.tap("Pass")
            smallest = min(smallest, deck(world)?.state.cards.count ?? 0)
        }
        #expect(smallest >= 1)
        #expect(world.server.requestCount(.fetchCandidates) >= 4)
        let passed = world.app.transcript.events.filter { if case .swiped = $0 { true } else { false } }.count
        #expect(passed == 60)
    }

    @Test func aMillionCandidatePool_pagesLazily_andSwipesNeverRescanIt() throws {
        let world = makeWorld(pool: 1_000_000)
        try world.signIn()
        #expect(deck(world)?.state.cards.count == 20)
        for _ in 0..<100 { try world.app.tap("Pass") }
        #expect(world.server.swipeCount(of: "alice") == 100)
        #expect(world.server.positionsScanned < 2_000)
    }

    @Test func aMillionCandidatePool_withNoOneEligible_isScannedOnceToTheEnd() throws {
        let world = makeWorld(pool: 1_000_000)
        try world.server.addAccount(
            username: "picky", password: "picky-password", displayName: "Picky",
            birthDate: CalendarMath.parseDay("1990-01-01") ?? Date(),
            profile: Profile(
                bio: "", interests: [],
                lookingFor: SearchPreferences(minimumAge: 99, maximumAge: 100, maximumDistanceKm: 1)))
        try world.signIn("picky", password: "picky-password")
        #expect(world.visibleTexts.contains("No one new around you right now."))
        #expect(world.server.positionsScanned == 1_000_000 + 5)
        #expect(world.server.requestCount(.fetchCandidates) == 1_000_000 / 20_000 + 1)
    }
}
