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

/// The recommendations use case end to end through the flows, on the embedded backend.
///
/// Most tests use a pool of only the demo people, so alice's deck is exactly carol (shares Coffee,
/// 10 km), dave (shares Coffee, 13 km), then bob (nothing shared, 5 km).
@MainActor
@Suite struct DeckFlowTests {
    let world: TestWorld

    init() {
        world = TestWorld(
            configuration: EmbeddedServerConfiguration(candidatePoolSize: 0, dailyLikeLimit: 100))
    }

    var deck: DeckContext? { world.app.mainFlow?.deck.context }

    /// The name line of the top card, e.g. "Carol, 27 · 10 km away".
    var topCard: String? {
        world.app.screen?.elements.lazy.compactMap { element -> String? in
            if case .card(let card) = element { return card.headline }
            return nil
        }.first
    }

    var texts: [String] { world.visibleTexts }

    @Test func theDeck_showsTheTopCardAndAPeek_rankedBySharedInterestsThenDistance() throws {
        try world.signIn()
        #expect(topCard == "Carol, 27 · 10 km away")
        #expect(texts.contains("Sings in a choir."))
        #expect(texts.contains("Shared interests: Coffee"))
        #expect(texts.contains("Next: Dave"))
        #expect(texts.contains("Likes left today: 100 · Super likes left: 1"))
        #expect(world.eventNames().last == "card_shown")
        #expect(deck?.state.cards.map(\.id) == ["carol", "dave", "bob"])
    }

    @Test func likeAndPass_moveToTheNextCard_recordTheSwipe_andFireEvents() throws {
        try world.signIn()
        let mark = world.mark
        try world.app.tap("Like")
        #expect(topCard == "Dave, 35 · 13 km away")
        try world.app.tap("Pass")
        #expect(topCard == "Bob, 31 · 5 km away")
        #expect(world.eventNames(since: mark) == ["swiped", "card_shown", "swiped", "card_shown"])
        #expect(world.server.recordedSwipe(by: "alice", on: "carol") == .like)
        #expect(world.server.recordedSwipe(by: "alice", on: "dave") == .pass)
        #expect(world.app.transcript.events.contains(.swiped(.like, "carol")))
    }

    @Test func aLikeOnSomeoneWhoLikedYou_showsItsAMatch_andTheMatchReachesTheMatchesList() throws {
        world.server.like(from: "carol", to: "alice")
        try world.signIn()
        let mark = world.mark
        try world.app.tap("Like")
        #expect(world.app.screen?.id == .match)
        #expect(texts.contains("You and Carol like each other."))
        #expect(world.eventNames(since: mark) == ["swiped", "card_shown", "matched"])
        try world.app.tap("Keep swiping")
        #expect(world.app.screen?.id == .home)
        #expect(topCard == "Dave, 35 · 13 km away")
        try world.app.tap("Matches")
        #expect(world.app.screen?.actions.map(\.label).contains("Carol") == true)
        #expect(world.server.matches(of: "alice").map(\.user) == ["carol"])
        #expect(world.server.matches(of: "carol").map(\.user) == ["alice"])
        #expect(world.screens(since: mark) == [.match, .home])
    }

    @Test func sendAMessage_fromTheMatch_opensThatConversation() throws {
        world.server.like(from: "carol", to: "alice")
        try world.signIn()
        try world.app.tap("Like")
        try world.app.tap("Send a message")
        #expect(world.app.screen?.id == .chat)
        #expect(world.app.screen?.title == "Carol")
        #expect(texts.contains("You matched with Carol. Say hi!"))
        try world.app.tap("Back")
        #expect(world.app.screen?.actions.first { $0.isSelected == true }?.label == "Matches")
    }

    @Test func aSuperLike_isVisibleToTheOtherSideAsSuch_andIsLimitedToOneADay() throws {
        try world.signIn()
        try world.app.tap("Super like")
        #expect(texts.contains("Likes left today: 100 · Super likes left: 0"))
        try world.app.tap("Super like")
        #expect(world.app.alert?.title == "No super likes left")
        try world.app.tap("OK")
        #expect(topCard == "Dave, 35 · 13 km away")
        #expect(world.server.receivedSuperLike("carol", from: "alice"))

        try world.app.tap("Log out")
        try world.app.tap("Log out")
        try world.signIn("carol", password: "christmas1")
        #expect(world.app.screen?.id == .home)
        let cards = deck?.state.cards ?? []
        #expect(cards.first { $0.id == "alice" }?.superLikedYou == true)
        while topCard?.hasPrefix("Alice") == false { try world.app.tap("Pass") }
        #expect(texts.contains("Alice super liked you"))
    }

    @Test func rewind_bringsBackTheLastPass_butNotALike() throws {
        try world.signIn()
        #expect(world.isEnabled("Rewind") == false)
        try world.app.tap("Pass")
        #expect(topCard == "Dave, 35 · 13 km away")
        try world.app.tap("Rewind")
        #expect(topCard == "Carol, 27 · 10 km away")
        #expect(world.isEnabled("Rewind") == false)
        try world.app.tap("Like")
        #expect(world.isEnabled("Rewind") == false)
        #expect(world.app.transcript.events.contains(.rewound("carol")))
        #expect(world.server.recordedSwipe(by: "alice", on: "carol") == .like)
    }

    @Test func rewindAfterThePassReachedTheServer_undoesItThere() throws {
        try world.signIn()
        try world.app.tap("Pass")
        #expect(world.server.recordedSwipe(by: "alice", on: "carol") == .pass)
        try world.app.tap("Rewind")
        #expect(world.server.recordedSwipe(by: "alice", on: "carol") == nil)
        #expect(world.server.requestCount(.undoSwipe) == 1)
    }

    @Test func rewindWhileOffline_afterThePassWasSent_undoesItWhenTheNetworkReturns() throws {
        try world.signIn()
        try world.app.tap("Pass")
        world.server.isNetworkDown = true
        try world.app.tap("Rewind")
        #expect(topCard == "Carol, 27 · 10 km away")
        #expect(world.server.recordedSwipe(by: "alice", on: "carol") == .pass)
        world.server.isNetworkDown = false
        world.app.advance(by: .seconds(2))
        #expect(world.server.recordedSwipe(by: "alice", on: "carol") == nil)
    }

    @Test func openProfile_andBack_returnsToTheSameCard() throws {
        try world.signIn()
        try world.app.tap("Open profile")
        #expect(world.app.screen?.id == .profile)
        #expect(world.app.screen?.title == "Carol")
        #expect(texts.contains("Interests: Music, Travel, Coffee"))
        try world.app.tap("Back")
        #expect(topCard == "Carol, 27 · 10 km away")
        #expect(world.screens().suffix(3) == [.home, .profile, .home])
    }

    @Test func anEmptyDeck_explainsItself_andWideningPreferencesReloadsIt() throws {
        try world.server.addAccount(
            username: "erin", password: "erin-password", displayName: "Erin",
            birthDate: CalendarMath.parseDay("1995-03-03") ?? Date(), location: PlanePoint(x: 100, y: 0))
        try world.signIn()
        for _ in 0..<3 { try world.app.tap("Pass") }
        #expect(texts.contains("No one new around you right now."))
        #expect(world.eventNames().last == "deck_empty")
        try world.app.tap("Widen preferences")
        #expect(world.app.screen?.id == .preferences)
        try world.app.type("0", into: "Maximum distance (km)")
        try world.app.tap("Save")
        #expect(world.fieldError("Maximum distance (km)") == "Enter a number from 1 to 500")
        try world.app.type("150", into: "Maximum distance (km)")
        try world.app.tap("Save")
        #expect(world.app.screen?.id == .home)
        #expect(topCard == "Erin, 30 · 100 km away")
        #expect(world.server.profile(of: "alice")?.lookingFor.maximumDistanceKm == 150)
        #expect(world.eventNames().suffix(2) == ["preferences_changed", "card_shown"])
    }

    @Test func aFailedPage_showsRetry_andRetryLoadsTheDeck() throws {
        world.server.failNextRequest(with: .server("overloaded"), on: .fetchCandidates)
        try world.signIn()
        #expect(world.errorBanners == ["Something went wrong (overloaded). Please try again."])
        #expect(topCard == nil)
        try world.app.tap("Retry")
        #expect(topCard == "Carol, 27 · 10 km away")
    }

    @Test func aRevokedSession_whileSwiping_bubblesUpToLogin_andTheQueuedSwipeIsSentAfterReLogin() throws {
        try world.signIn()
        world.server.revokeSessions(of: "alice")
        try world.app.tap("Pass")
        #expect(world.app.screen?.id == .signIn)
        #expect(world.app.sessionState == .signedOut(reason: .sessionRevoked, username: "alice"))
        #expect(world.server.recordedSwipe(by: "alice", on: "carol") == nil)
        try world.app.type("wonderland", into: "Password")
        try world.app.tap("Log in")
        #expect(world.server.recordedSwipe(by: "alice", on: "carol") == .pass)
        #expect(topCard == "Dave, 35 · 13 km away")
    }

    @Test func aPageDeliveredTwice_changesNothing() throws {
        world.server.duplicateNextResponse(on: .fetchCandidates)
        try world.signIn()
        #expect(deck?.state.cards.map(\.id) == ["carol", "dave", "bob"])
    }

    @Test func aPageFromBeforeAPreferencesChange_isIgnored() throws {
        world.server.latency = .seconds(1)
        world.app.launch()
        world.app.advance(by: .seconds(1))
        try world.signIn()
        world.app.advance(by: .seconds(1))
        #expect(deck?.state.isLoading == true)
        // The old page still holds carol; the new one will not, since alice likes her meanwhile.
        world.server.like(from: "alice", to: "carol")
        deck?.preferencesChanged(.default)
        world.app.advance(by: .seconds(1))
        #expect(world.server.requestCount(.fetchCandidates) == 2)
        #expect(deck?.state.cards.map(\.id) == ["dave", "bob"])
    }
}
