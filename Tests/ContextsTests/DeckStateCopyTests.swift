import Contexts
import EmbeddedBackend
import Foundation
import Models
import Services
import Testing

/// Everything the deck decides with is in its store: a deck made from a copy of another's state,
/// over a twin backend, publishes what the original publishes for the same inputs, from then on.
@MainActor
@Suite struct DeckStateCopyTests {
    static let configuration = EmbeddedServerConfiguration(candidatePoolSize: 60, dailyLikeLimit: 2)

    /// A deck of alice on `world` (its swipes in the world's user data), made from `state` if given.
    func deck(on world: TwinWorld, state: DeckState? = nil) throws -> DeckContext {
        DeckContext(
            viewer: "alice", authorizer: world.authorizer, discovery: world.services.discovery,
            scheduler: world.services.scheduler, ids: world.services.ids,
            queueStore: try world.services.userData.swipeQueue(for: "alice"), network: world.services.network,
            state: state ?? DeckState())
    }

    @Test(arguments: 1...12)
    func aDeckMadeFromACopyOfItsState_publishesWhatTheOriginalPublishes(seed: Int) throws {
        let worlds = [
            try TwinWorld(configuration: Self.configuration),
            try TwinWorld(configuration: Self.configuration),
        ]
        try expectCopiesPublishAlike(
            seed: seed, steps: 80, worlds: worlds,
            make: { index, state in try deck(on: worlds[index], state: state) },
            input: { random in random.next(18) },
            apply: { input, deck, world, step in apply(input, to: deck, on: world, step: step) })
    }

    /// One input of the deck, of the server, of the network or of the clock.
    func apply(_ input: Int, to deck: DeckContext, on world: TwinWorld, step: Int) {
        switch input {
        case 0: deck.start()
        case 1, 2: deck.swiped(.pass)
        case 3, 4: deck.swiped(.like)
        case 5: deck.swiped(.superLike)
        case 6: deck.rewind()
        case 7: deck.matchSeen()
        case 8: deck.outOfLikesSeen()
        case 9: deck.retry()
        case 10: deck.retrySending()
        case 11: world.backend.server.isNetworkDown.toggle()
        case 12: world.backend.scheduler.advance(by: .seconds(7 + step % 50))
        case 13: world.backend.server.failNextRequest(with: .server("boom"), on: .sendSwipe)
        case 14: world.backend.server.like(from: CandidateGenerator.id(of: step % 60), to: "alice")
        case 15: world.backend.server.failNextRequest(with: .notFound, on: .sendSwipe)
        case 16: deck.refusalSeen()
        default:
            deck.preferencesChanged(
                SearchPreferences(minimumAge: 18 + step % 10, maximumAge: 60, maximumDistanceKm: 100))
        }
    }
}
