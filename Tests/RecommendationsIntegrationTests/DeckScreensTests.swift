import Foundation
import GenericScreens
import Models
import Testing

@testable import Flows

/// The deck's lines: a card's headline, the interests it shares with the viewer, and its lines in
/// order.
@Suite struct DeckScreensTests {
    let now = Date(timeIntervalSince1970: 1_000)

    func candidate(name: String, age: Int, distance: Int, interests: [Interest]) -> Candidate {
        Candidate(
            id: UserID(name), displayName: name, age: age, bio: "", interests: interests,
            distanceKm: distance, lastActiveAt: now)
    }

    @Test func headline_isNameAgeAndDistance() {
        let carol = candidate(name: "Carol", age: 27, distance: 10, interests: [])
        #expect(CandidateCard(carol, viewerInterests: []).headline == "Carol, 27 · 10 km away")
    }

    @Test func sharedInterests_areTheCardsInterestsTheViewerHasToo_inTheCardsOrder() {
        let many = (0..<70).map { Interest("I\($0)") }
        let someOfThem = [many[69], many[3], many[65]]
        let card = CandidateCard(
            candidate(name: "Carol", age: 27, distance: 10, interests: many), viewerInterests: someOfThem)
        #expect(card.sharedInterests == ["I3", "I65", "I69"])
        #expect(card.sharedInterestsLine == "Shared interests: I3, I65, I69")
        let none = CandidateCard(
            candidate(name: "Carol", age: 27, distance: 10, interests: many), viewerInterests: [])
        #expect(none.sharedInterests.isEmpty)
        #expect(none.sharedInterestsLine == nil)
    }

    @Test func card_carriesTheCandidatesData_andItsLinesReadHeadlineSuperLikeBioSharedAndNext() {
        let carol = Candidate(
            id: "carol", displayName: "Carol", age: 27, bio: "Sings in a choir.",
            interests: [Interest("Coffee"), Interest("Music")], distanceKm: 10, lastActiveAt: now,
            likedYou: true, superLikedYou: true)
        let dave = candidate(name: "Dave", age: 30, distance: 4, interests: [])
        let card = CandidateCard(
            carol, viewerInterests: [Interest("Music"), Interest("Coffee")], next: dave)
        #expect(
            card
                == CandidateCard(
                    id: "carol", name: "Carol", age: 27, distanceKm: 10, bio: "Sings in a choir.",
                    interests: ["Coffee", "Music"], sharedInterests: ["Coffee", "Music"], likedYou: true,
                    superLikedYou: true, next: CandidateCard.Peek(id: "Dave", name: "Dave")))
        #expect(
            card.lines == [
                "Carol, 27 · 10 km away", "Carol super liked you", "Sings in a choir.",
                "Shared interests: Coffee, Music", "Next: Dave",
            ])
    }

    @Test func outOfLikes_countsDownToTheReset_inWholeMinutesRoundedUp() {
        let modal = DeckScreens.outOfLikes(secondsLeft: 3_601)
        #expect(modal.countdown == Countdown(kind: .likesReset, secondsLeft: 3_601))
        #expect(modal.generic.visibleTexts.contains("Likes come back in 1h 1m."))
        #expect(Countdown.duration(59) == "1m")
        #expect(Countdown.duration(0) == "0m")
    }
}
