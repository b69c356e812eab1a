import EmbeddedBackend
import Foundation
import Models
import Testing

@testable import Flows

/// The deck's lines written straight into their strings read as the lines built piece by piece, and
/// home's elements written over the last render's are home built afresh.
@Suite struct DeckTextTests {
    let now = Date(timeIntervalSince1970: 1_000)
    let names = ["", "Al", "Zoë", "李小龍", "A rather long display name indeed", "😀 Emoji", "Ann-Marie O'Neil"]

    func candidate(name: String, age: Int, distance: Int, interests: [Interest]) -> Candidate {
        Candidate(
            id: UserID(name), displayName: name, age: age, bio: "", interests: interests,
            distanceKm: distance, lastActiveAt: now)
    }

    @Test func headline_matchesTheHeadlineBuiltPieceByPiece() {
        let numbers = [0, 1, 9, 10, 29, 99, 100, 12_345, Int.max, -1, -42, Int.min]
        for name in names {
            for age in numbers {
                for distance in numbers {
                    let card = candidate(name: name, age: age, distance: distance, interests: [])
                    #expect(DeckScreens.headline(card) == DeckScreens.referenceHeadline(card))
                }
            }
        }
        let carol = candidate(name: "Carol", age: 27, distance: 10, interests: [])
        #expect(DeckScreens.headline(carol) == "Carol, 27 · 10 km away")
    }

    @Test func sharedInterests_matchTheLineBuiltPieceByPiece() {
        var random = SeededGenerator(seed: 7)
        let odd = [Interest(""), Interest("Café"), Interest("Very long interest name here"), Interest("🎲")]
        let choices = Interest.catalog + odd
        for _ in 0..<2_000 {
            let cardCount = Int.random(in: 0...8, using: &random)
            let viewerCount = Int.random(in: 0...8, using: &random)
            // Repeats included: a card may list an interest twice.
            let interests = (0..<cardCount).map { _ in
                choices[Int.random(in: 0..<choices.count, using: &random)]
            }
            let viewer = (0..<viewerCount).map { _ in
                choices[Int.random(in: 0..<choices.count, using: &random)]
            }
            #expect(
                DeckScreens.sharedInterests(interests, viewer)
                    == DeckScreens.referenceSharedInterests(interests, viewer))
        }
        // More than 64 interests take the way built piece by piece.
        let many = (0..<70).map { Interest("I\($0)") }
        let someOfThem = [many[3], many[65], many[69]]
        #expect(DeckScreens.sharedInterests(many, someOfThem) == "Shared interests: I3, I65, I69")
        #expect(DeckScreens.sharedInterests(many, []) == nil)
        #expect(
            DeckScreens.sharedInterests([Interest("Coffee"), Interest("Dogs")], [Interest("Coffee")])
                == "Shared interests: Coffee")
    }

    @Test func joined_isTheTwoStringsConcatenated() {
        let pieces = ["", "Next: ", "A", "Zoë", "李小龍", "A rather long display name indeed", "😀"]
        for first in pieces {
            for second in pieces { #expect(DirectText.joined(first, second) == first + second) }
        }
    }

    @Test func cardLines_matchTheLinesBuiltPieceByPiece() {
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

    /// Home's deck tab rendered over the last render seven times, content of several lengths: each
    /// screen is home built afresh — also the screens handed out earlier (a presenter may keep them),
    /// which later renders must leave untouched. Every other render the screens shown so far are let
    /// go, so the kept array is written over in place as well as copied.
    @Test
    func deckHomeWrittenOverTheLastOne_keepsItsOpening_isHomeBuiltAfresh_andLeavesAScreenStillShownAlone() {
        let signedIn = ScreenElement.text("Signed in as Alice (@alice)")
        var kept: [ScreenElement] = []
        var shown: [(screen: Screen, content: [ScreenElement])] = []
        for (index, round) in [0, 3, 1, 15, 0, 2, 7].enumerated() {
            let content: [ScreenElement] = (0..<round).map { .text("line \($0) of \(round)") }
            if index.isMultiple(of: 2) { shown.removeAll() }
            var slots = HomeScreens.reopenDeck(&kept, signedIn: signedIn, room: 15)
            for element in content { slots.put(element) }
            let screen = HomeScreens.closing(&slots, into: &kept)
            #expect(screen == HomeScreens.home(signedIn: signedIn, tab: .deck, content: content))
            shown.append((screen, content))
        }
        for (screen, content) in shown {
            #expect(screen == HomeScreens.home(signedIn: signedIn, tab: .deck, content: content))
        }
    }
}
