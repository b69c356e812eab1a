import EmbeddedBackend
import Foundation
import Models
import Services
import TestSupport
import Testing

/// The embedded server's tables (a viewer's swiped pool positions, applied swipes, matches, live feeds)
/// answer pages, swipes and chat requests with what was recorded, however they changed in between.
@MainActor
@Suite struct EmbeddedServerLookupTests {
    let directory = TemporaryDirectory()
    let backend: EmbeddedBackend
    let discovery: any DiscoveryService
    let chat: EmbeddedChatService
    let alice: String

    init() throws {
        backend = EmbeddedBackend(
            storageDirectory: directory.url,
            configuration: EmbeddedServerConfiguration(candidatePoolSize: 60, dailyLikeLimit: 100))
        backend.addDemoAccounts()
        discovery = EmbeddedDiscoveryService(server: backend.server)
        chat = EmbeddedChatService(server: backend.server)
        alice = try Self.token(backend, "alice", "wonderland")
    }

    static func token(_ backend: EmbeddedBackend, _ name: String, _ password: String) throws -> String {
        let sessions = Collector<AuthSession>()
        EmbeddedAuthService(server: backend.server).signIn(
            Credentials(identifier: name, password: password), completion: sessions.completion)
        backend.scheduler.runDue()
        return try #require(try sessions.last?.get().tokens.accessToken)
    }

    /// Every candidate alice is shown, walking the pool page by page.
    func walk(limit: Int = 7) throws -> [Candidate] {
        var shown: [Candidate] = []
        var cursor: String?
        repeat {
            let pages = Collector<DiscoveryPage>()
            discovery.fetchCandidates(
                cursor: cursor, limit: limit, accessToken: alice, completion: pages.completion)
            backend.scheduler.runDue()
            let page = try #require(try pages.last?.get())
            shown += page.candidates
            cursor = page.nextCursor
        } while cursor != nil
        return shown
    }

    @discardableResult
    func swipe(_ id: String, _ candidate: UserID, _ action: SwipeAction, token: String? = nil)
        -> Result<SwipeOutcome, ServiceError>?
    {
        let outcomes = Collector<SwipeOutcome>()
        discovery.sendSwipe(
            Swipe(id: id, candidate: candidate, action: action, swipedAt: backend.scheduler.now),
            accessToken: token ?? alice, completion: outcomes.completion)
        backend.scheduler.runDue()
        return outcomes.last
    }

    func typing(_ conversation: String, token: String? = nil) -> Result<Void, ServiceError>? {
        let answers = Collector<Void>()
        chat.setTyping(
            conversation: conversation, isTyping: true, accessToken: token ?? alice,
            completion: answers.completion)
        backend.scheduler.runDue()
        return answers.last
    }

    @Test func swipesOutOfPoolOrder_andAnUndonePass_leaveExactlyTheUnswipedOnLaterPages() throws {
        let generated = try walk().map(\.id).filter { backend.server.pool.index(of: $0) != nil }
        try #require(generated.count >= 8)
        let swiped = [generated[5], generated[1], generated[7], generated[0], generated[3]]
        for (number, id) in swiped.enumerated() {
            #expect(swipe("s\(number)", id, number.isMultiple(of: 2) ? .pass : .like) == .success(.recorded))
        }
        let undone = Collector<Void>()
        discovery.undoSwipe(id: "s2", accessToken: alice, completion: undone.completion)
        backend.scheduler.runDue()
        #expect(undone.results.count == 1)
        let expected = generated.filter { $0 == generated[7] || !swiped.contains($0) }
        #expect(try walk().map(\.id).filter { backend.server.pool.index(of: $0) != nil } == expected)
        #expect(backend.server.swipeCount(of: "alice") == swiped.count - 1)
    }

    @Test func manySwipesResent_getTheirFirstAnswers_andAnUndoneOneIsAppliedAnew() throws {
        let backend = EmbeddedBackend(
            storageDirectory: directory.url,
            configuration: EmbeddedServerConfiguration(candidatePoolSize: 300, dailyLikeLimit: 100))
        backend.addDemoAccounts()
        let discovery = EmbeddedDiscoveryService(server: backend.server)
        let alice = try Self.token(backend, "alice", "wonderland")
        let bob = try Self.token(backend, "bob", "builder123")
        func swipe(_ id: String, _ index: Int, _ action: SwipeAction, token: String)
            -> Result<SwipeOutcome, ServiceError>?
        {
            let outcomes = Collector<SwipeOutcome>()
            discovery.sendSwipe(
                Swipe(
                    id: id, candidate: CandidateGenerator.id(of: index), action: action,
                    swipedAt: backend.scheduler.now),
                accessToken: token, completion: outcomes.completion)
            backend.scheduler.runDue()
            return outcomes.last
        }
        let count = 200
        var first: [Result<SwipeOutcome, ServiceError>?] = []
        for number in 0..<count {
            first.append(swipe("s\(number)", number, number.isMultiple(of: 3) ? .like : .pass, token: alice))
        }
        #expect(first.prefix(100).allSatisfy { $0 == .success(.recorded) })
        #expect(first.dropFirst(150).allSatisfy { $0 == .success(.recorded) || $0?.isLimit == true })
        for number in 0..<count {
            #expect(swipe("s\(number)", number, .superLike, token: alice) == first[number])
        }
        guard case .failure(.rejected) = swipe("s40", 40, .pass, token: bob) else {
            Issue.record("another viewer's swipe id is refused")
            return
        }
        let before = backend.server.swipeCount(of: "alice")
        let undone = Collector<Void>()
        discovery.undoSwipe(id: "s1", accessToken: alice, completion: undone.completion)
        backend.scheduler.runDue()
        #expect(undone.results.count == 1 && backend.server.swipeCount(of: "alice") == before - 1)
        // Forgotten: the id is applied anew (a like now); every other id keeps its answer.
        #expect(swipe("s1", 1, .like, token: alice) == .success(.recorded))
        #expect(backend.server.recordedSwipe(by: "alice", on: CandidateGenerator.id(of: 1)) == .like)
        for number in [0, 2, 64, 199] {
            #expect(swipe("s\(number)", number, .pass, token: alice) == first[number])
        }
        #expect(backend.server.swipeCount(of: "alice") == before)
    }

    @Test func aLikeFromAGeneratedPerson_showsOnItsCardOnly() throws {
        let generated = try walk().map(\.id).filter { backend.server.pool.index(of: $0) != nil }
        let liker = try #require(generated.dropFirst(2).first)
        backend.server.like(from: liker, to: "alice", superLike: true)
        let liked = try walk().filter { $0.likedYou }
        #expect(liked.map(\.id) == [liker])
        #expect(liked.allSatisfy { $0.superLikedYou })
        guard case .success(.matched(let match)) = swipe("back", liker, .like) else {
            Issue.record("a like back should match")
            return
        }
        #expect(match.user == liker)
    }

    @Test func anAccountNamedLikeAGeneratedPerson_likingAlice_marksThatGeneratedCardToo() throws {
        let generated = try walk().map(\.id).filter { backend.server.pool.index(of: $0) != nil }
        let name = try #require(generated.first).rawValue
        let birth = try #require(Calendar(identifier: .gregorian).date(from: DateComponents(year: 1995)))
        try backend.server.addAccount(
            username: name, password: "lookalike1", displayName: "Lookalike", birthDate: birth)
        let lookalike = try Self.token(backend, name, "lookalike1")
        #expect(swipe("l", "alice", .like, token: lookalike) == .success(.recorded))
        // The server keys likes by id: the account and the generated person share one.
        #expect(try walk().filter(\.likedYou).map(\.id).contains(UserID(name)))
    }

    /// Swipe ids are compared as Swift compares strings (canonical equivalence): an id resent in
    /// another encoding of the same text is the same swipe, and undoing it by either encoding works.
    @Test func swipeIdsEqualUnderCanonicalEquivalence_areOneSwipe() throws {
        let generated = try walk().map(\.id).filter { backend.server.pool.index(of: $0) != nil }
        try #require(generated.count >= 2)
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(swipe(composed, generated[0], .pass) == .success(.recorded))
        // A resend: the first answer, nothing applied.
        #expect(swipe(decomposed, generated[1], .like) == .success(.recorded))
        #expect(backend.server.swipeCount(of: "alice") == 1)
        #expect(backend.server.recordedSwipe(by: "alice", on: generated[1]) == nil)
        let undone = Collector<Void>()
        discovery.undoSwipe(id: decomposed, accessToken: alice, completion: undone.completion)
        backend.scheduler.runDue()
        #expect(undone.results.count == 1)
        #expect(backend.server.swipeCount(of: "alice") == 0)
    }

    @Test func aConversation_isGoneWhenItsMatchEnds_andAnotherStays() throws {
        backend.server.like(from: "carol", to: "alice")
        guard case .success(.matched(let match)) = swipe("m", "carol", .like) else {
            Issue.record("a like back should match")
            return
        }
        backend.server.like(from: "dave", to: "alice")
        _ = swipe("n", "dave", .like)
        let other = Match.id(between: "alice", and: "dave")
        #expect(typing(match.id) != nil && typing(other) != nil)
        #expect(typing(match.id).map { $0.map { "ok" } } == .success("ok"))
        let ended = Collector<Void>()
        chat.unmatch(conversation: match.id, block: false, accessToken: alice, completion: ended.completion)
        backend.scheduler.runDue()
        #expect(typing(match.id).map { $0.map { "ok" } } == .failure(.notFound))
        #expect(typing(other).map { $0.map { "ok" } } == .success("ok"))
    }

    @Test func aLiveFeedCancelled_hearsNoMore_andANewOneHearsTheNextEvent() throws {
        backend.server.like(from: "carol", to: "alice")
        guard case .success(.matched(let match)) = swipe("m", "carol", .like) else {
            Issue.record("a like back should match")
            return
        }
        let carol = try Self.token(backend, "carol", "christmas1")
        let first = Heard()
        let second = Heard()
        let feed = chat.subscribe(accessToken: carol) { _ in first.count += 1 }
        backend.scheduler.runDue()
        _ = typing(match.id)
        #expect(first.count == 1)
        feed.cancel()
        _ = typing(match.id)
        #expect(first.count == 1)
        let again = chat.subscribe(accessToken: carol) { _ in second.count += 1 }
        _ = typing(match.id)
        #expect((first.count, second.count) == (1, 1))
        again.cancel()
    }

    /// How many events a live feed heard.
    @MainActor final class Heard {
        var count = 0
    }

    @Test func generatedInterests_areThreeDistinctCatalogEntries_drawnAsByName() {
        let generator = CandidateGenerator(seed: 99, poolSize: 500, now: Date(timeIntervalSince1970: 0))
        for index in 0..<500 {
            let candidate = generator.candidate(index, from: .origin)
            #expect(candidate.interests == Self.referenceInterests(seed: 99, index: index))
        }
        #expect(Set(Interest.catalog).count == Interest.catalog.count)
    }

    /// The interests the generator drew before it compared catalog positions: by comparing names.
    static func referenceInterests(seed: UInt64, index: Int) -> [Interest] {
        var random = SeededGenerator(seed: seed &+ 0xC0FF_EE00 ^ UInt64(truncatingIfNeeded: index))
        _ = random.next()  // the name
        let catalog = Interest.catalog
        let count = UInt64(catalog.count)
        let first = catalog[Int(random.next() % count)]
        var second = catalog[Int(random.next() % count)]
        while second == first { second = catalog[Int(random.next() % count)] }
        var third = catalog[Int(random.next() % count)]
        while third == first || third == second { third = catalog[Int(random.next() % count)] }
        return [first, second, third]
    }
}

extension Result<SwipeOutcome, ServiceError> {
    /// Whether this is the daily allowance refusing a swipe.
    fileprivate var isLimit: Bool {
        if case .success(.limitReached) = self { true } else { false }
    }
}
