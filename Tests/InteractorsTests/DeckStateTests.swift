import Foundation
import Models
import Testing

@Suite struct DeckStateTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    var card: Candidate {
        Candidate(
            id: "c1", displayName: "C", age: 30, bio: "", interests: [Interest("Music")], distanceKm: 3,
            lastActiveAt: now)
    }

    /// One edit per property: equality (which lists the fields by hand) must see every one.
    var edits: [(String, (inout DeckState) -> Void)] {
        [
            ("cards", { $0.cards = [card] }),
            ("isLoading", { $0.isLoading = true }),
            ("isExhausted", { $0.isExhausted = true }),
            ("failure", { $0.failure = .offline }),
            (
                "allowance",
                {
                    $0.allowance = SwipeAllowance(
                        dailyLikes: 1, likesRemaining: 1, dailySuperLikes: 1, superLikesRemaining: 1,
                        resetsAt: now)
                }
            ),
            ("preferences", { $0.preferences = .default }),
            ("viewerInterests", { $0.viewerInterests = [Interest("Books")] }),
            ("rewindable", { $0.rewindable = card }),
            (
                "pendingMatch",
                { $0.pendingMatch = Match(id: "m", user: "c1", displayName: "C", matchedAt: now) }
            ),
            ("likesResetInSeconds", { $0.likesResetInSeconds = 5 }),
            ("isOutOfSuperLikes", { $0.isOutOfSuperLikes = true }),
            ("queuedSwipes", { $0.queuedSwipes = 1 }),
            ("isSendingDelayed", { $0.isSendingDelayed = true }),
            (
                "lastSwipe",
                { $0.lastSwipe = Swipe(id: "s", candidate: "c1", action: .like, swipedAt: self.now) }
            ),
        ]
    }

    @Test func everyProperty_takesPartInEquality() {
        for (name, edit) in edits {
            var changed = DeckState()
            edit(&changed)
            #expect(changed != DeckState(), "\(name)")
            var same = DeckState()
            edit(&same)
            #expect(changed == same, "\(name)")
            #expect(changed.hashValue == same.hashValue, "\(name)")
        }
    }

    @Test func aCopy_isIndependentOfTheOriginal() {
        var original = DeckState()
        original.cards = [card]
        let snapshot = original
        original.cards.removeFirst()
        original.queuedSwipes = 2
        #expect(snapshot.cards == [card])
        #expect(snapshot.queuedSwipes == 0)
        #expect(original.cards.isEmpty)
        #expect(snapshot != original)
    }

    func candidate(_ id: String) -> Candidate {
        Candidate(
            id: UserID(id), displayName: id.uppercased(), age: 30, bio: "", interests: [], distanceKm: 1,
            lastActiveAt: now)
    }

    @Test func takingTheTopCard_leavesTheSnapshotsBeforeItWhole() {
        var deck = DeckState()
        deck.cards = ["a", "b", "c"].map(candidate)
        let before = deck
        deck.removeTopCard()
        #expect(deck.cards.map(\.id) == ["b", "c"])
        #expect(deck.top?.id == "b")
        #expect(deck.next?.id == "c")
        #expect(deck.cardCount == 2)
        #expect(before.cards.map(\.id) == ["a", "b", "c"])
        #expect(before.top?.id == "a")
        deck.removeTopCard()
        deck.removeTopCard()
        deck.removeTopCard()
        #expect(deck.cards.isEmpty)
        #expect(deck.top == nil)
        #expect(deck.next == nil)
    }

    @Test func aCardPutBackOnTop_isShownFirst() {
        var deck = DeckState()
        deck.cards = ["a", "b"].map(candidate)
        deck.removeTopCard()
        let before = deck
        deck.insertOnTop(candidate("a"))
        #expect(deck.cards.map(\.id) == ["a", "b"])
        #expect(deck.containsCard("a"))
        #expect(!before.containsCard("a"))
        #expect(before.cards.map(\.id) == ["b"])
    }

    @Test func decksWithTheSameCards_areEqual_howeverTheyGotThem() {
        var swiped = DeckState()
        swiped.cards = ["a", "b", "c"].map(candidate)
        swiped.removeTopCard()
        var set = DeckState()
        set.cards = ["b", "c"].map(candidate)
        #expect(swiped == set)
        #expect(swiped.hashValue == set.hashValue)
    }

    @Test func startsWithSameCards_comparesOnlyTheFirstCards() {
        var deck = DeckState()
        deck.cards = ["a", "b", "c"].map(candidate)
        var other = DeckState()
        other.cards = ["x", "a", "b", "d"].map(candidate)
        #expect(!deck.startsWithSameCards(2, as: other))
        other.removeTopCard()
        #expect(deck.startsWithSameCards(2, as: other))
        #expect(!deck.startsWithSameCards(3, as: other))
        var short = DeckState()
        short.cards = ["a"].map(candidate)
        #expect(!deck.startsWithSameCards(2, as: short))
        #expect(deck.startsWithSameCards(1, as: short))
        #expect(DeckState().startsWithSameCards(2, as: DeckState()))
    }

    @Test func canRewind_saysWhetherACardWaitsToBeRewound() {
        var deck = DeckState()
        #expect(!deck.canRewind)
        deck.rewindable = candidate("a")
        #expect(deck.canRewind)
        deck.rewindable = nil
        #expect(!deck.canRewind)
    }
}
