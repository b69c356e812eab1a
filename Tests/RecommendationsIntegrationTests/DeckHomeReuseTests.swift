import Foundation
import Models
import Testing

@testable import Flows

/// Home's deck elements written over the last render's (``ElementSlots``) are exactly those built
/// afresh: no element of an earlier render is left behind, whatever the renders before it showed.
@Suite struct DeckHomeReuseTests {
    let now = Date(timeIntervalSince1970: 1_000)
    let signedIn = ScreenElement.text("Signed in as Ana (@ana)")

    func card(_ id: String, bio: String = "Hi", superLikedYou: Bool = false) -> Candidate {
        Candidate(
            id: UserID(id), displayName: id.uppercased(), age: 30, bio: bio,
            interests: [Interest("Music")], distanceKm: 2, lastActiveAt: now, superLikedYou: superLikedYou)
    }

    func allowance(likes: Int) -> SwipeAllowance {
        SwipeAllowance(
            dailyLikes: 5, likesRemaining: likes, dailySuperLikes: 1, superLikesRemaining: 1, resetsAt: now)
    }

    /// Decks of every shape home shows, in an order where each differs from the one before.
    var decks: [DeckState] {
        var base = DeckState()
        base.cards = DeckCards([card("a"), card("b", bio: ""), card("c", superLikedYou: true), card("d")])
        base.allowance = allowance(likes: 5)
        base.viewerInterests = [Interest("Music")]
        var swiped = base
        swiped.takeTop(
            swiped: Swipe(id: "s1", candidate: "a", action: .like, swipedAt: now),
            allowance: allowance(likes: 4),
            rewindable: card("a"), queuedSwipes: 1)
        var swipedAgain = swiped
        swipedAgain.takeTop(
            swiped: Swipe(id: "s2", candidate: "b", action: .pass, swipedAt: now),
            allowance: allowance(likes: 4),
            rewindable: card("b", bio: ""), queuedSwipes: 2)
        var failed = swipedAgain
        failed.failure = .offline
        failed.setQueue(count: 2, isSendingDelayed: true)
        var loading = DeckState()
        loading.isLoading = true
        var empty = DeckState()
        empty.isExhausted = true
        var lastCard = base
        lastCard.cards = DeckCards([card("e")])
        return [base, swiped, swipedAgain, failed, loading, base, empty, lastCard, failed, swiped, base]
    }

    func fresh(_ state: DeckState) -> Screen {
        var builder = DeckContent()
        return HomeScreens.home(signedIn: signedIn, tab: .deck, content: builder.elements(for: state))
    }

    @Test func homeWrittenOverEachEarlierRender_isTheHomeBuiltAfresh() {
        let decks = decks
        for (first, start) in decks.enumerated() {
            var builder = DeckContent()
            var elements: [ScreenElement] = []
            for (index, state) in decks.enumerated() where index >= first {
                var slots = HomeScreens.reopenDeck(
                    &elements, signedIn: signedIn, room: DeckContent.maximumCount)
                builder.put(state, into: &slots)
                let screen = HomeScreens.closing(&slots, into: &elements)
                #expect(screen == fresh(state), "render \(index) after starting at \(start)")
                #expect(elements == screen.elements)
            }
        }
    }

    @Test func homeWrittenOverARenderStillShown_leavesThatRenderAsItWas() {
        let decks = decks
        var builder = DeckContent()
        var elements: [ScreenElement] = []
        var slots = HomeScreens.reopenDeck(&elements, signedIn: signedIn, room: DeckContent.maximumCount)
        builder.put(decks[0], into: &slots)
        let shown = HomeScreens.closing(&slots, into: &elements)
        slots = HomeScreens.reopenDeck(&elements, signedIn: signedIn, room: DeckContent.maximumCount)
        builder.put(decks[1], into: &slots)
        let next = HomeScreens.closing(&slots, into: &elements)
        #expect(shown == fresh(decks[0]))
        #expect(next == fresh(decks[1]))
    }

    @Test func slotsOverElementsOfTheSameShape_writeEveryElementThatDiffers() {
        var elements: [ScreenElement] = [
            .text("A, 30 · 2 km away"), .text("long enough to be on the heap, one"), .notice("n"),
        ]
        var slots = ElementSlots(taking: &elements, from: 0)
        slots.put(.text("A, 30 · 2 km away"))
        slots.put(.text("long enough to be on the heap, two"))
        slots.put(.text("n"))
        slots.finish(into: &elements)
        #expect(
            elements == [.text("A, 30 · 2 km away"), .text("long enough to be on the heap, two"), .text("n")])
    }
}
