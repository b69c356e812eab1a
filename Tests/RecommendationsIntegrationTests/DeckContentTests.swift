import Foundation
import Models
import Testing

@testable import Flows

/// Whether two decks show the same on home, as ``DeckContent`` tells it without building anything,
/// agrees with comparing the elements built for each.
@Suite struct DeckContentTests {
    let now = Date(timeIntervalSince1970: 1_000)

    func card(_ id: String) -> Candidate {
        Candidate(
            id: UserID(id), displayName: id.uppercased(), age: 30, bio: "Hi", interests: [Interest("Music")],
            distanceKm: 2, lastActiveAt: now)
    }

    var deck: DeckState {
        var deck = DeckState()
        deck.cards = DeckCards(["a", "b", "c"].map(card))
        deck.allowance = SwipeAllowance(
            dailyLikes: 5, likesRemaining: 5, dailySuperLikes: 1, superLikesRemaining: 1, resetsAt: now)
        deck.viewerInterests = [Interest("Music")]
        return deck
    }

    /// Whether a look of `a` finds `b` the same (two decks sharing their box — a swipe's answer and
    /// the deck before it — differ at most in what home shows as the swipes waiting).
    func looksSame(_ a: DeckState, _ b: DeckState) -> Bool {
        var look = DeckContent.Look()
        _ = look.show(a)
        return !look.show(b)
    }

    func expectAgreement(_ a: DeckState, _ b: DeckState, _ comment: Comment) {
        var builder = DeckContent()
        let same = builder.elements(for: a) == builder.elements(for: b)
        #expect(looksSame(a, b) == same, comment)
        #expect(looksSame(b, a) == same, comment)
    }

    @Test func decksSharingTheirBox_showTheSame_exactlyWhenTheSwipesWaitingDo() {
        let base = deck
        let variants: [(Int, Bool)] = [(0, false), (1, false), (2, false), (0, true), (1, true), (2, true)]
        for (queued, delayed) in variants {
            for (otherQueued, otherDelayed) in variants {
                var a = base
                a.setQueue(count: queued, isSendingDelayed: delayed)
                var b = base
                b.setQueue(count: otherQueued, isSendingDelayed: otherDelayed)
                #expect(a.sharesStorage(with: b))
                expectAgreement(a, b, "\(queued) \(delayed) / \(otherQueued) \(otherDelayed)")
            }
        }
    }

    @Test func decksAfterSwipesAndPages_showTheSame_exactlyWhenTheirElementsAre() {
        let base = deck
        let allowance = SwipeAllowance(
            dailyLikes: 5, likesRemaining: 4, dailySuperLikes: 1, superLikesRemaining: 1, resetsAt: now)
        var swiped = base
        swiped.takeTop(
            swiped: Swipe(id: "s1", candidate: "a", action: .pass, swipedAt: now), allowance: allowance,
            rewindable: card("a"), queuedSwipes: 1)
        var loading = base
        loading.isLoading = true
        var queuedAndLoading = loading
        queuedAndLoading.setQueue(count: 3, isSendingDelayed: true)
        let pairs = [
            (base, swiped), (base, loading), (loading, queuedAndLoading), (swiped, queuedAndLoading),
        ]
        #expect(!base.sharesStorage(with: swiped) && !base.sharesStorage(with: loading))
        for (a, b) in pairs { expectAgreement(a, b, "\(a) / \(b)") }
    }
}
