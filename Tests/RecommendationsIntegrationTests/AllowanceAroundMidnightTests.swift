import Contexts
import EmbeddedBackend
import Foundation
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

/// The daily allowance around midnight: the deck's counters refresh on their own, and a like made
/// offline before midnight but delivered after it is charged to the day it was made.
@MainActor
@Suite struct AllowanceAroundMidnightTests {
    let world = TestWorld(
        configuration: EmbeddedServerConfiguration(candidatePoolSize: 50, dailyLikeLimit: 2))
    /// The demo clock starts at 09:00 UTC: midnight is 15 hours away.
    static let untilMidnight: Duration = .seconds(15 * 3600)

    var deck: DeckContext? { world.app.mainFlow?.deck.context }

    /// The allowance line on the deck, as shown.
    var counters: String? { world.visibleTexts.first { $0.hasPrefix("Likes left today:") } }

    @Test func theDeckCounters_refreshAtMidnight_withoutAnyAction() throws {
        try world.signIn()
        try world.app.tap("Like")
        var shown = [counters]
        world.app.advance(by: Self.untilMidnight - .seconds(1))
        shown.append(counters)
        world.app.advance(by: .seconds(1))
        shown.append(counters)
        #expect(
            shown == [
                "Likes left today: 1 · Super likes left: 1", "Likes left today: 1 · Super likes left: 1",
                "Likes left today: 2 · Super likes left: 1",
            ])
        #expect(world.app.screen?.id == .home)
    }

    @Test func aLikeMadeOfflineBeforeMidnight_deliveredAfterIt_isChargedToTheDayItWasMade() throws {
        try world.signIn()
        let cards = try #require(deck?.state.cards.prefix(4).map(\.id))
        try #require(cards.count == 4)
        try world.app.tap("Like")
        world.server.isNetworkDown = true
        try world.app.tap("Like")
        var shown = [counters]
        world.app.advance(by: Self.untilMidnight)
        shown.append(counters)
        world.server.isNetworkDown = false
        world.app.advance(by: .seconds(60))
        #expect(deck?.state.queue.count == 0)
        #expect(world.server.recordedSwipe(by: "alice", on: cards[1]) == .like)
        // The server's count for the new day is untouched: another phone of alice's sees both likes.
        let otherPhone = world.secondApp()
        otherPhone.app.launch()
        try otherPhone.app.tap("Log in")
        try otherPhone.app.type("alice", into: "Username or email")
        try otherPhone.app.type("wonderland", into: "Password")
        try otherPhone.app.tap("Log in")
        #expect(otherPhone.app.frontEnd.visibleTexts.contains("Likes left today: 2 · Super likes left: 1"))

        // Today's two likes both count, and a third is over the allowance.
        try world.app.tap("Like")
        shown.append(counters)
        try world.app.tap("Like")
        shown.append(counters)
        #expect(
            shown == [
                "Likes left today: 0 · Super likes left: 1", "Likes left today: 2 · Super likes left: 1",
                "Likes left today: 1 · Super likes left: 1", "Likes left today: 0 · Super likes left: 1",
            ])
        #expect(world.server.swipeCount(of: "alice") == 4)
        #expect(
            cards.map { world.server.recordedSwipe(by: "alice", on: $0) } == [.like, .like, .like, .like])
        try world.app.tap("Like")
        #expect(world.app.screen?.id == .outOfLikes)
        #expect(world.server.swipeCount(of: "alice") == 4)
    }

    @Test func offlineLikesOnTwoDays_deliveredOnAThird_areEachChargedToTheirOwnDay() throws {
        let world = TestWorld(
            configuration: EmbeddedServerConfiguration(candidatePoolSize: 50, dailyLikeLimit: 1))
        try world.signIn()
        let deck = world.app.mainFlow?.deck.context
        let cards = try #require(deck?.state.cards.prefix(3).map(\.id))
        world.server.isNetworkDown = true
        try world.app.tap("Like")
        world.app.advance(by: Self.untilMidnight + .seconds(3600))
        try world.app.tap("Like")
        world.app.advance(by: .seconds(24 * 3600))
        world.server.isNetworkDown = false
        world.app.advance(by: .seconds(60))

        #expect(deck?.state.queue.count == 0)
        #expect(cards.prefix(2).map { world.server.recordedSwipe(by: "alice", on: $0) } == [.like, .like])
        #expect(world.app.screen?.id == .home)
        // Day three's like is still there, and taken.
        #expect(counters(in: world) == "Likes left today: 1 · Super likes left: 1")
        try world.app.tap("Like")
        #expect(counters(in: world) == "Likes left today: 0 · Super likes left: 1")
        #expect(world.server.recordedSwipe(by: "alice", on: cards[2]) == .like)
    }

    @Test func aLikeRefusedForADayThatIsOver_bringsItsCardBack_withoutTouchingToday() throws {
        let world = TestWorld(
            configuration: EmbeddedServerConfiguration(candidatePoolSize: 50, dailyLikeLimit: 1))
        try world.signIn()
        let deck = world.app.mainFlow?.deck.context
        world.app.advance(by: Self.untilMidnight - .seconds(10))
        // Another phone of alice's (signing in takes five seconds here).
        let services = world.backend.makeServices()
        let tokens = try #require(world.tokens(signingIn: "alice", with: services))
        world.app.advance(by: .seconds(4))
        let first = try #require(deck?.state.cards.first?.id)
        // The like meets a server error a second before midnight: it is retried after midnight...
        world.server.failNextRequest(with: .server("boom"), on: .sendSwipe)
        try world.app.tap("Like")
        // ...while the other phone spends that day's like.
        let elsewhere = try #require(deck?.state.cards.first?.id)
        services.discovery.sendSwipe(
            Swipe(
                id: "elsewhere", candidate: elsewhere, action: .like, swipedAt: world.backend.scheduler.now),
            accessToken: tokens.accessToken
        ) { _ in }
        world.app.advance(by: .seconds(3600))

        #expect(world.server.recordedSwipe(by: "alice", on: elsewhere) == .like)
        #expect(world.server.recordedSwipe(by: "alice", on: first) == nil)
        #expect(deck?.state.queue.count == 0)
        // Refused for the day it was made, which is over: the card is back, today is untouched.
        #expect(deck?.state.cards.first?.id == first)
        #expect(world.app.screen?.id == .home)
        #expect(counters(in: world) == "Likes left today: 1 · Super likes left: 1")
    }

    func counters(in world: TestWorld) -> String? {
        world.visibleTexts.first { $0.hasPrefix("Likes left today:") }
    }
}
