import EmbeddedBackend
import HeadlessFrontEnd
import Interactors
import Models
import TestSupport
import Testing

/// A swipe and a page of candidates sent with an expired access token: the token is refreshed once
/// and each request sent once more.
@MainActor
@Suite struct DeckExpiredTokenTests {
    @Test func aSwipeAfterTheAccessTokenExpired_isSentAgainAfterOneRefresh_andRecordedOnce() throws {
        let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
        try world.signIn()
        let deck = try #require(world.app.mainFlow?.deck.context)
        #expect(deck.state.cards.map(\.id) == ["carol", "dave", "bob"])
        world.app.advance(by: .seconds(2 * 3600))
        try world.app.tap("Pass")
        #expect(world.server.requestCount(.refresh) == 1)
        #expect(world.server.requestCount(.sendSwipe) == 2)
        #expect(world.server.recordedSwipe(by: "alice", on: "carol") == .pass)
        #expect(deck.state.cards.map(\.id) == ["dave", "bob"])
        #expect(deck.state.queue.count == 0)
        #expect(deck.state.failure == nil)
    }

    @Test func aRefillAfterTheAccessTokenExpired_sharesTheSwipesRefresh_andItsPageArrives() throws {
        let world = TestWorld()
        try world.signIn()
        let deck = try #require(world.app.mainFlow?.deck.context)
        let firstPage = deck.state.cards.count
        let pages = world.server.requestCount(.fetchCandidates)
        // Down to one card above the refill threshold, then the token expires.
        while deck.state.cards.count > DeckRefillPolicy.threshold + 1 { try world.app.tap("Pass") }
        #expect(world.server.requestCount(.fetchCandidates) == pages)
        world.app.advance(by: .seconds(2 * 3600))
        try world.app.tap("Pass")
        #expect(world.server.requestCount(.refresh) == 1)
        #expect(world.server.requestCount(.fetchCandidates) == pages + 2)
        #expect(deck.state.cards.count > DeckRefillPolicy.threshold)
        #expect(deck.state.queue.count == 0)
        #expect(deck.state.failure == nil)
        #expect(firstPage > DeckRefillPolicy.threshold + 1)
    }
}
