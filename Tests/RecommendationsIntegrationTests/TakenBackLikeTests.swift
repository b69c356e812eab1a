import EmbeddedBackend
import HeadlessFrontEnd
import Models
import ScenarioLanguage
import TestSupport
import Testing

/// A like on a card that says the person liked the user shows "It's a match!" at once; when that
/// person took their like back before the user's arrived, the server makes no match, and the modal
/// goes by itself: the user is back on the deck, with no conversation in the matches list.
@MainActor
@Suite struct TakenBackLikeTests {
    @Test func aLikeOnSomeoneWhoTookTheirLikeBack_showsNoMatch_onceTheServerAnswers() throws {
        let world = TestWorld(
            configuration: EmbeddedServerConfiguration(candidatePoolSize: 0, dailyLikeLimit: 100))
        world.server.like(from: "carol", to: "alice")
        try world.signIn()
        #expect(world.app.mainFlow?.deck.context.state.top?.likedYou == true)
        try world.server.withdrawLike(from: "carol", to: "alice")
        try world.app.tap("Like")
        #expect(world.app.screen?.id == .home)
        #expect(world.app.alert == nil)
        #expect(world.server.matches(of: "alice").isEmpty)
        #expect(world.app.mainFlow?.chat.snapshot.list.rowIDs.isEmpty == true)
        #expect(world.app.checkErrors.isEmpty)
    }
}
