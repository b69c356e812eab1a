import Foundation
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
        #expect(DeckScreens.headline(carol) == "Carol, 27 · 10 km away")
    }

    @Test func sharedInterests_listTheCardsInterestsTheViewerHasToo_inTheCardsOrder() {
        let many = (0..<70).map { Interest("I\($0)") }
        let someOfThem = [many[3], many[65], many[69]]
        #expect(DeckScreens.sharedInterests(many, someOfThem) == "Shared interests: I3, I65, I69")
        #expect(DeckScreens.sharedInterests(many, []) == nil)
        #expect(
            DeckScreens.sharedInterests([Interest("Coffee"), Interest("Dogs")], [Interest("Coffee")])
                == "Shared interests: Coffee")
    }

    @Test func cardLines_areHeadlineSuperLikeBioAndSharedInterests() {
        let card = Candidate(
            id: "carol", displayName: "Carol", age: 27, bio: "Sings in a choir.",
            interests: [Interest("Coffee"), Interest("Music")], distanceKm: 10, lastActiveAt: now,
            likedYou: true, superLikedYou: true)
        let lines = DeckScreens.card(card, viewerInterests: [Interest("Music"), Interest("Coffee")])
        #expect(
            lines == [
                .text("Carol, 27 · 10 km away"), .notice("Carol super liked you"), .text("Sings in a choir."),
                .text("Shared interests: Coffee, Music"),
            ])
    }
}
