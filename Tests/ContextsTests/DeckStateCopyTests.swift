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
    static let configuration = EmbeddedServerConfiguration(candidatePoolSize: 60, dailyLikeLimit: 6)

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
        var decks = [try deck(on: worlds[0]), try deck(on: worlds[1])]
        let published = [Published<DeckState>(), Published<DeckState>()]
        for (deck, heard) in zip(decks, published) { heard.watch(deck.store) }
        var random = SeededNumbers(state: UInt64(seed))
        let copies = Set((0..<3).map { _ in 5 + random.next(60) })
        var copied = 0
        for step in 0..<80 {
            if copies.contains(step) {
                // The twin is replaced by a deck made from a copy of the original's state.
                decks[1].end()
                decks[1] = try deck(on: worlds[1], state: decks[0].store.state)
                for (deck, heard) in zip(decks, published) { heard.watch(deck.store) }
                copied += 1
            }
            let input = random.next(16)
            for (deck, world) in zip(decks, worlds) {
                apply(input, to: deck, on: world, step: step)
                world.settle()
            }
            #expect(
                published[1].states == published[0].states,
                "seed \(seed), step \(step), input \(input): \(firstDifference(published[1].states, published[0].states))"
            )
            if published[1].states != published[0].states { return }
        }
        #expect(copied == copies.count)
        #expect(published[0].states.count > 1)
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
        default:
            deck.preferencesChanged(
                SearchPreferences(minimumAge: 18 + step % 10, maximumAge: 60, maximumDistanceKm: 100))
        }
    }
}
