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
}
