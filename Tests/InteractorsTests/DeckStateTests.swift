import Foundation
import Interactors
import Models
import Testing

@Suite struct DeckStateTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    var card: Candidate {
        Candidate(
            id: "c1", displayName: "C", age: 30, bio: "", interests: [Interest("Music")], distanceKm: 3,
            lastActiveAt: now)
    }

    /// One edit per property: equality must see every one.
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
            (
                "swipes",
                { $0.swipes.enqueue(Swipe(id: "s", candidate: "c1", action: .pass, swipedAt: self.now)) }
            ),
            ("isStarted", { $0.isStarted = true }),
            ("generation", { $0.generation = 1 }),
            ("cursor", { $0.cursor = "next" }),
            ("held", { $0.held = ["c1"] }),
            ("madeThisRun", { $0.madeThisRun["s"] = SwipeMade(card: card) }),
            ("lastPassID", { $0.lastPassID = "s" }),
            ("announcedMatches", { $0.announcedMatches = ["m"] }),
            ("dayTurnAt", { $0.dayTurnAt = self.now }),
            ("isOutOfSuperLikes", { $0.isOutOfSuperLikes = true }),
            (
                "lastSwipe",
                { $0.lastSwipe = Swipe(id: "s", candidate: "c1", action: .like, swipedAt: self.now) }
            ),
        ]
    }

    @Test func everyProperty_takesPartInEquality() {
        expectEveryEditTakesPartInEquality(DeckState(), edits)
    }

    @Test func aDeck_describesItsFields() {
        var deck = DeckState()
        deck.likesResetInSeconds = 3
        let description = String(reflecting: deck)
        #expect(description.contains("likesResetInSeconds: Optional(3)"))
    }

    @Test func aCopy_isIndependentOfTheOriginal() {
        var original = DeckState()
        original.cards = [card]
        let snapshot = original
        original.cards.removeFirst()
        original.isLoading = true
        #expect(snapshot.cards == [card])
        #expect(!snapshot.isLoading)
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
        deck.cards = ["a", "b"].map(candidate)
        deck.cards.removeFirst()
        let before = deck
        deck.cards.insert(candidate("a"), at: 0)
        #expect(deck.cards.map(\.id) == ["a", "b"])
        #expect(deck.cards.contains { $0.id == "a" })
        #expect(!before.cards.contains { $0.id == "a" })
        #expect(before.cards.map(\.id) == ["b"])
    }

    @Test func decksWithTheSameCards_areEqual_howeverTheyGotThem() {
        var swiped = DeckState()
        swiped.cards = ["a", "b", "c"].map(candidate)
        swiped.cards.removeFirst()
        var set = DeckState()
        set.cards = ["b", "c"].map(candidate)
        #expect(swiped == set)
        #expect(swiped.hashValue == set.hashValue)
    }

    @Test func decksEqualInEveryField_hashAlike_whateverOrderTheyWereSetIn() {
        var built = DeckState()
        built.pendingMatch = Match(id: "m", user: "c1", displayName: "C", matchedAt: now)
        built.isOutOfSuperLikes = true
        built.likesResetInSeconds = 1
        var rebuilt = DeckState()
        rebuilt.likesResetInSeconds = 1
        rebuilt.isOutOfSuperLikes = true
        rebuilt.pendingMatch = Match(id: "m", user: "c1", displayName: "C", matchedAt: now)
        #expect(built == rebuilt)
        #expect(built.hashValue == rebuilt.hashValue)
        rebuilt.isOutOfSuperLikes = false
        #expect(built != rebuilt)
    }

    @Test func canRewind_saysWhetherACardWaitsToBeRewound() {
        var deck = DeckState()
        #expect(!deck.canRewind)
        deck.rewindable = candidate("a")
        #expect(deck.canRewind)
        deck.rewindable = nil
        #expect(!deck.canRewind)
    }

    @Test func aDeck_isEmpty_onlyWhenNoCardIsLeftAndNoneWillCome() {
        var deck = DeckState()
        #expect(!deck.isEmpty)
        deck.isExhausted = true
        #expect(deck.isEmpty)
        deck.isLoading = true
        #expect(!deck.isEmpty)
        deck.isLoading = false
        deck.failure = .offline
        #expect(!deck.isEmpty)
        deck.failure = nil
        deck.cards = [candidate("a")]
        #expect(!deck.isEmpty)
    }

    @Test func everyPropertyOfASwipeQueue_takesPartInEquality() {
        expectEveryEditTakesPartInEquality(
            SwipeQueueState(),
            [
                ("count", { $0.count = 1 }),
                ("isSendingDelayed", { $0.isSendingDelayed = true }),
                ("unsent", { $0.unsent = 1 }),
            ])
    }

    @Test func aSwipeQueue_showsWaitingSwipesOnlyWhileSendingIsDelayed() {
        var queue = SwipeQueueState(count: 3, isSendingDelayed: false, unsent: 1)
        #expect(queue.waitingToShow == 0)
        queue.isSendingDelayed = true
        #expect(queue.waitingToShow == 2)
        #expect(queue != SwipeQueueState(count: 3, isSendingDelayed: false, unsent: 1))
    }
}
