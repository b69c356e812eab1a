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
        expectEveryEditTakesPartInEquality(DeckState(), edits)
    }

    @Test func inPlaceReads_agreeWithTheCopiedValues() {
        var deck = DeckState()
        #expect(deck.topID == nil && !deck.hasPendingMatch && deck.hasSameLastSwipe(as: DeckState()))
        let before = deck
        deck.cards = [card]
        deck.pendingMatch = Match(id: "m", user: "c1", displayName: "C", matchedAt: now)
        deck.lastSwipe = Swipe(id: "s1", candidate: "c1", action: .pass, swipedAt: now)
        #expect(deck.topID == deck.top?.id && deck.topID == "c1")
        #expect(deck.hasPendingMatch == (deck.pendingMatch != nil))
        #expect(!deck.hasSameLastSwipe(as: before) && !before.hasSameLastSwipe(as: deck))
        var later = deck
        later.queuedSwipes = 3
        #expect(later.hasSameLastSwipe(as: deck))
        // The same id is the same swipe, whatever else differs; another id is another swipe.
        later.lastSwipe = Swipe(id: "s1", candidate: "c2", action: .like, swipedAt: now)
        #expect(later.hasSameLastSwipe(as: deck))
        later.lastSwipe = Swipe(id: "s2", candidate: "c1", action: .pass, swipedAt: now)
        #expect(!later.hasSameLastSwipe(as: deck))
    }

    @Test func aDeck_describesItsFields_notItsBox() {
        var deck = DeckState()
        deck.queuedSwipes = 3
        let description = String(reflecting: deck)
        #expect(description.contains("queuedSwipes: 3"))
        #expect(!description.contains("Storage"))
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
        deck.cards = DeckCards(["a", "b", "c"].map(candidate))
        let before = deck
        deck.cards.removeFirst()
        #expect(deck.cards.map(\.id) == ["b", "c"])
        #expect(deck.top?.id == "b")
        #expect(deck.next?.id == "c")
        #expect(deck.cards.count == 2)
        #expect(before.cards.map(\.id) == ["a", "b", "c"])
        #expect(before.top?.id == "a")
        deck.cards.removeFirst()
        deck.cards.removeFirst()
        #expect(deck.cards.isEmpty)
        #expect(deck.top == nil)
        #expect(deck.next == nil)
    }

    @Test func aCardPutBackOnTop_isShownFirst() {
        var deck = DeckState()
        deck.cards = DeckCards(["a", "b"].map(candidate))
        deck.cards.removeFirst()
        let before = deck
        deck.cards.insertFirst(candidate("a"))
        #expect(deck.cards.map(\.id) == ["a", "b"])
        #expect(deck.cards.contains { $0.id == "a" })
        #expect(!before.cards.contains { $0.id == "a" })
        #expect(before.cards.map(\.id) == ["b"])
    }

    @Test func decksWithTheSameCards_areEqual_howeverTheyGotThem() {
        var swiped = DeckState()
        swiped.cards = DeckCards(["a", "b", "c"].map(candidate))
        swiped.cards.removeFirst()
        var set = DeckState()
        set.cards = DeckCards(["b", "c"].map(candidate))
        #expect(swiped == set)
        #expect(swiped.hashValue == set.hashValue)
    }

    @Test func takeTop_isTheFivePropertiesSetOneByOne_andLeavesEarlierSnapshotsWhole() {
        var deck = DeckState()
        deck.cards = DeckCards(["a", "b", "c"].map(candidate))
        deck.failure = .offline
        deck.viewerInterests = [Interest("Music")]
        deck.lastSwipe = Swipe(id: "s0", candidate: "z", action: .like, swipedAt: now)
        let before = deck
        let allowance = SwipeAllowance(
            dailyLikes: 5, likesRemaining: 4, dailySuperLikes: 1, superLikesRemaining: 1, resetsAt: now)
        let swipe = Swipe(id: "s1", candidate: "a", action: .pass, swipedAt: now)
        for rewindable in [candidate("a"), nil] {
            var byHand = before
            byHand.cards = DeckCards(["b", "c"].map(candidate))
            byHand.allowance = allowance
            byHand.rewindable = rewindable
            byHand.queuedSwipes = 2
            byHand.lastSwipe = swipe
            var taken = before
            taken.takeTop(swiped: swipe, allowance: allowance, rewindable: rewindable, queuedSwipes: 2)
            #expect(taken == byHand)
            #expect(taken.hashValue == byHand.hashValue)
            #expect(taken.failure == .offline && taken.viewerInterests == [Interest("Music")])
        }
        deck.takeTop(swiped: swipe, allowance: allowance, rewindable: nil, queuedSwipes: 1)
        #expect(before.cards.map(\.id) == ["a", "b", "c"])
        #expect(before.lastSwipe?.id == "s0" && before.queuedSwipes == 0 && before.allowance == nil)
    }

    @Test func setQueue_isTheTwoPropertiesSetOneByOne_andLeavesEarlierSnapshotsWhole() {
        var deck = DeckState()
        deck.cards = DeckCards(["a"].map(candidate))
        deck.queuedSwipes = 2
        deck.isSendingDelayed = true
        let before = deck
        for (count, delayed) in [(0, false), (1, true), (3, false)] {
            var byHand = before
            byHand.queuedSwipes = count
            byHand.isSendingDelayed = delayed
            var set = before
            set.setQueue(count: count, isSendingDelayed: delayed)
            #expect(set == byHand)
        }
        #expect(before.queuedSwipes == 2 && before.isSendingDelayed)
    }

    @Test func sameFailureAndInterests_agreesWithComparingThem_sharedBoxOrNot() {
        let failures: [RequestFailure?] = [nil, .offline]
        let interests: [[Interest]] = [[], [Interest("Music")], [Interest("Books")]]
        for failure in failures {
            for mine in interests {
                var deck = DeckState()
                deck.failure = failure
                deck.viewerInterests = mine
                var swiped = deck
                swiped.queuedSwipes = 3
                #expect(swiped.hasSameFailureAndInterests(as: deck))
                #expect(deck.hasFailure == (deck.failure != nil))
                for otherFailure in failures {
                    for theirs in interests {
                        var other = DeckState()
                        other.failure = otherFailure
                        other.viewerInterests = theirs
                        #expect(
                            deck.hasSameFailureAndInterests(as: other)
                                == (failure == otherFailure && mine == theirs))
                    }
                }
            }
        }
    }

    @Test func decksEqualInEveryField_hashAlike_whateverTheirBoxes() {
        var built = DeckState()
        built.pendingMatch = Match(id: "m", user: "c1", displayName: "C", matchedAt: now)
        built.isOutOfSuperLikes = true
        built.queuedSwipes = 1
        var rebuilt = DeckState()
        rebuilt.queuedSwipes = 1
        rebuilt.isOutOfSuperLikes = true
        rebuilt.pendingMatch = Match(id: "m", user: "c1", displayName: "C", matchedAt: now)
        #expect(built == rebuilt)
        #expect(built.hashValue == rebuilt.hashValue)
        rebuilt.isOutOfSuperLikes = false
        #expect(built != rebuilt)
    }

    @Test func startsWithSameCards_comparesOnlyTheFirstCards() {
        var deck = DeckState()
        deck.cards = DeckCards(["a", "b", "c"].map(candidate))
        var other = DeckState()
        other.cards = DeckCards(["x", "a", "b", "d"].map(candidate))
        #expect(!deck.startsWithSameCards(2, as: other))
        other.cards.removeFirst()
        #expect(deck.startsWithSameCards(2, as: other))
        #expect(!deck.startsWithSameCards(3, as: other))
        var short = DeckState()
        short.cards = DeckCards(["a"].map(candidate))
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

    @Test func deckCards_areIndexedFromZero_afterTheTopIsTaken_andCompareByTheirCards() {
        var cards = DeckCards(["a", "b", "c"].map(candidate))
        let before = cards
        #expect(cards.removeFirst().id == "a")
        #expect(cards.startIndex == 0 && cards.endIndex == 2 && cards.count == 2)
        #expect(cards[0].id == "b" && cards[1].id == "c")
        #expect(cards.first?.id == "b" && cards.last?.id == "c")
        #expect(Array(cards).map(\.id) == ["b", "c"])
        #expect(before.map(\.id) == ["a", "b", "c"])
        let fresh = DeckCards(["b", "c"].map(candidate))
        #expect(cards == fresh && cards.hashValue == fresh.hashValue)
        #expect(cards != before)
        cards.insertFirst(candidate("z"))
        #expect(cards.map(\.id) == ["z", "b", "c"])
        #expect(before.map(\.id) == ["a", "b", "c"])
        #expect(DeckCards([]).isEmpty && DeckCards([]) == [])
    }

    /// `topIsIdentical(to:)` answers `true` only where the top card's id is the one asked about (or
    /// there is neither), as reading ``DeckState/topID`` would.
    @Test func topIsIdentical_onlyWhereTheTopIDMatches() {
        let first = card
        var other = card
        other.displayName = "Another copy"
        let second = Candidate(
            id: "c2", displayName: "D", age: 31, bio: "", interests: [], distanceKm: 4, lastActiveAt: now)
        var deck = DeckState()
        let asked: [Candidate?] = [nil, first, other, second]
        for cards in [[], [first], [second, first], [other], [first, second]] as [[Candidate]] {
            deck.cards = DeckCards(cards)
            for card in asked where deck.topIsIdentical(to: card) {
                #expect(deck.topID == card?.id)
            }
        }
        deck.cards = [first, second]
        #expect(deck.topIsIdentical(to: first))
        #expect(!deck.topIsIdentical(to: second))
        #expect(!deck.topIsIdentical(to: nil))
        // Another storage with the same id is not identical: the caller then compares ids.
        #expect(!deck.topIsIdentical(to: other))
        deck.cards = []
        #expect(deck.topIsIdentical(to: nil))
        #expect(!deck.topIsIdentical(to: first))
    }
}
