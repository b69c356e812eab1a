import Contexts
import EmbeddedBackend
import Foundation
import Models
import Services
import TestSupport
import Testing

/// A like on someone who liked the user shows "It's a match!" at once; when the server answers that
/// it made no match (their like was withdrawn, so it became an ordinary like), the match is undone:
/// the modal goes and the conversation leaves the chat — no phantom match.
@MainActor
@Suite struct WithdrawnLikeTests {
    /// The discovery service of a server on which every like was withdrawn before it arrived: a like
    /// that would match is only recorded.
    struct WithdrawnLikes: DiscoveryService {
        let base: any DiscoveryService

        func fetchCandidates(
            cursor: String?, limit: Int, accessToken: String,
            completion: @escaping ServiceCompletion<DiscoveryPage>
        ) {
            base.fetchCandidates(
                cursor: cursor, limit: limit, accessToken: accessToken, completion: completion)
        }

        func sendSwipe(
            _ swipe: Swipe, accessToken: String, completion: @escaping ServiceCompletion<SwipeOutcome>
        ) {
            base.sendSwipe(swipe, accessToken: accessToken) { result in
                if case .success(.matched) = result { return completion(.success(.recorded)) }
                completion(result)
            }
        }

        func undoSwipe(id: String, accessToken: String, completion: @escaping ServiceCompletion<Void>) {
            base.undoSwipe(id: id, accessToken: accessToken, completion: completion)
        }

        func savePreferences(
            _ preferences: SearchPreferences, accessToken: String,
            completion: @escaping ServiceCompletion<Void>
        ) {
            base.savePreferences(preferences, accessToken: accessToken, completion: completion)
        }
    }

    @Test func aLikeThatTheServerDidNotMatch_undoesTheOptimisticMatch_inTheDeckAndTheChat() throws {
        let world = TestWorld(
            configuration: EmbeddedServerConfiguration(candidatePoolSize: 20, dailyLikeLimit: 100))
        let services = world.backend.makeServices()
        let tokens = try #require(world.tokens(signingIn: "alice", with: services))
        let authorizer = RequestAuthorizer(tokens: tokens, auth: services.auth) { _ in }
        let pending = PendingSwipes()
        let deck = DeckContext(
            viewer: "alice", authorizer: authorizer, discovery: WithdrawnLikes(base: services.discovery),
            scheduler: world.backend.scheduler, ids: services.ids, queueStore: nil, pendingSwipes: pending)
        let chat = ChatContext(
            viewer: "alice", authorizer: authorizer, chat: services.chat, scheduler: world.backend.scheduler,
            ids: services.ids, outboxStore: nil, pendingSwipes: pending)
        chat.start()
        deck.start()
        world.backend.scheduler.advance(by: .seconds(5))
        // Someone in the deck likes Alice; a reload shows it on their card.
        let liker = try #require(deck.state.top).id
        world.server.like(from: liker, to: "alice")
        deck.preferencesChanged(try #require(deck.state.preferences))
        world.backend.scheduler.advance(by: .seconds(5))
        while let top = deck.state.top, top.id != liker { deck.swiped(.pass) }
        #expect(deck.state.top?.likedYou == true)

        deck.swiped(.like)
        let conversation = Match.id(between: "alice", and: liker)
        #expect(deck.state.pendingMatch?.id == conversation, "the match shows at once")
        // As the main flow does when the deck shows a match.
        chat.matchMade(try #require(deck.state.pendingMatch))
        #expect(chat.state.rowIDs.contains(conversation))

        world.backend.scheduler.advance(by: .seconds(5))
        #expect(deck.state.pendingMatch == nil, "the server made no match: the modal goes")
        #expect(!chat.state.rowIDs.contains(conversation), "and no phantom conversation stays")
        #expect(world.server.recordedSwipe(by: "alice", on: liker) != nil, "the like itself is not lost")
    }
}
