import EmbeddedBackend
import Flows
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

/// A deep link opened while the deck is covered (the preferences editor, "It's a match!"): home
/// becomes the root again, through declared transitions, and the deck forgets what covered it.
/// Found by `discover explore` (seed 1).
@MainActor
@Suite struct DeckCoverLinkTests {
    let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))

    @Test func aLinkOpenedOverThePreferences_isADeclaredMove_andDetachesTheEditor() throws {
        try world.signIn("dave", password: "davedave1")
        try world.app.tap("Preferences")
        #expect(world.app.screen?.id == .preferences)
        world.app.open("discover://profile/alice")
        #expect(world.app.checkErrors.isEmpty, "\(world.app.checkErrors)")
        #expect(world.app.mainFlow?.deck.children.isEmpty == true, "no preferences editor is left attached")
        world.app.open("discover://deck")
        try world.app.tap("Preferences")
        #expect(world.app.mainFlow?.deck.children.count == 1, "opening the editor again starts one")
    }

    @Test func aLinkOpenedOverAMatch_isADeclaredMove() throws {
        world.server.like(from: "carol", to: "alice")
        try world.signIn()
        try world.app.tap("Like")
        #expect(world.app.screen?.id == .match)
        world.app.open("discover://matches")
        #expect(world.app.screen?.id == .home)
        #expect(world.app.checkErrors.isEmpty, "\(world.app.checkErrors)")
    }
}
