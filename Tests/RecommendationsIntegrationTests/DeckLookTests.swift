import Foundation
import Models
import Testing

@testable import Flows

/// The look the deck flow keeps of what it rendered (``DeckContent/Look``), shown one deck after
/// another, tells a change exactly when the elements built for the deck change: it never goes stale.
@Suite struct DeckLookTests {
    let now = Date(timeIntervalSince1970: 1_000)

    func card(_ id: String) -> Candidate {
        Candidate(
            id: UserID(id), displayName: id.uppercased(), age: 30, bio: "Hi", interests: [Interest("Music")],
            distanceKm: 2, lastActiveAt: now)
    }

    /// A walk through decks that change, one field at a time, what home shows (and some that do not).
    var walk: [DeckState] {
        var deck = DeckState()
        var decks = [deck]
        func step(_ change: (inout DeckState) -> Void) {
            change(&deck)
            decks.append(deck)
        }
        step { $0.cards = DeckCards(["a", "b", "c"].map(card)) }
        let allowance = SwipeAllowance(
            dailyLikes: 5, likesRemaining: 5, dailySuperLikes: 1, superLikesRemaining: 1, resetsAt: now)
        step { $0.allowance = allowance }
        step { $0.viewerInterests = [Interest("Music")] }
        step { $0.isLoading = true }
        step {
            $0.takeTop(
                swiped: Swipe(id: "s1", candidate: "a", action: .pass, swipedAt: now),
                allowance: allowance, rewindable: card("a"), queuedSwipes: 1)
        }
        step { $0.setQueue(count: 1, isSendingDelayed: true) }
        step { $0.setQueue(count: 2, isSendingDelayed: true) }
        step { $0.setQueue(count: 0, isSendingDelayed: false) }
        step { $0.allowance?.likesRemaining = 4 }
        step { $0.allowance?.superLikesRemaining = 0 }
        step { $0.failure = .offline }
        step { $0.failure = .server("Down") }
        step { $0.failure = nil }
        step { $0.viewerInterests = [Interest("Art")] }
        step { $0.cards = DeckCards(["b", "d"].map(card)) }
        step { $0.cards = DeckCards(["b", "e"].map(card)) }
        step { $0.rewindable = nil }
        step { $0.cards = DeckCards([card("b")]) }
        step { $0.cards = [] }
        step {
            $0.isLoading = false
            $0.isExhausted = true
        }
        step { $0.cards = DeckCards([card("f")]) }
        return decks
    }

    @Test func aKeptLook_toldDeckAfterDeck_agreesWithTheElementsBuilt() {
        let decks = walk
        var look = DeckContent.Look()
        var builder = DeckContent()
        _ = look.show(decks[0])
        var shown = builder.elements(for: decks[0])
        for (index, deck) in decks.enumerated().dropFirst() {
            let elements = builder.elements(for: deck)
            let changed = look.show(deck)
            #expect(changed == (elements != shown), "step \(index)")
            // Shown again, the same deck is no change.
            let changedAgain = look.show(deck)
            #expect(!changedAgain, "step \(index) again")
            shown = elements
        }
        // Back to earlier decks, in any order.
        for (index, deck) in decks.enumerated().reversed() {
            let elements = builder.elements(for: deck)
            let changed = look.show(deck)
            #expect(changed == (elements != shown), "back to step \(index)")
            shown = elements
        }
    }
}
