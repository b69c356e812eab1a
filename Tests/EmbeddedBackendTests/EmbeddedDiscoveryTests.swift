import EmbeddedBackend
import Foundation
import Interactors
import Models
import Services
import TestSupport
import Testing

@MainActor
@Suite struct EmbeddedDiscoveryTests {
    let directory = TemporaryDirectory()
    let backend: EmbeddedBackend
    let discovery: any DiscoveryService
    let token: String

    init() throws {
        backend = EmbeddedBackend(
            storageDirectory: directory.url,
            configuration: EmbeddedServerConfiguration(candidatePoolSize: 50, dailyLikeLimit: 2))
        backend.addDemoAccounts()
        discovery = EmbeddedDiscoveryService(server: backend.server)
        let sessions = Collector<AuthSession>()
        EmbeddedAuthService(server: backend.server).signIn(
            Credentials(identifier: "alice", password: "wonderland"), completion: sessions.completion)
        backend.scheduler.runDue()
        token = try #require(try sessions.last?.get().tokens.accessToken)
    }

    func page(_ cursor: String?, limit: Int = 20) -> Result<DiscoveryPage, ServiceError>? {
        let pages = Collector<DiscoveryPage>()
        discovery.fetchCandidates(
            cursor: cursor, limit: limit, accessToken: token, completion: pages.completion)
        backend.scheduler.runDue()
        return pages.last
    }

    func swipe(_ id: String, _ candidate: UserID, _ action: SwipeAction) -> Result<
        SwipeOutcome, ServiceError
    >? {
        let outcomes = Collector<SwipeOutcome>()
        discovery.sendSwipe(
            Swipe(id: id, candidate: candidate, action: action, swipedAt: backend.scheduler.now),
            accessToken: token,
            completion: outcomes.completion)
        backend.scheduler.runDue()
        return outcomes.last
    }

    @Test func paging_walksThePoolOnce_withoutRepeatsOrTheViewer() throws {
        var cursor: String?
        var seen: [UserID] = []
        repeat {
            let next = try #require(try page(cursor, limit: 7)?.get())
            seen += next.candidates.map(\.id)
            cursor = next.nextCursor
        } while cursor != nil
        #expect(Set(seen).count == seen.count)
        #expect(!seen.contains("alice"))
        #expect(Array(seen.prefix(3)) == ["bob", "carol", "dave"])
        #expect(backend.server.positionsScanned == 4 + 50)
    }

    @Test func pages_respectThePreferences_andTellTheAllowance() throws {
        let first = try #require(try page(nil)?.get())
        #expect(first.candidates.allSatisfy { (18...40).contains($0.age) && $0.distanceKm <= 50 })
        #expect(first.preferences == .default)
        #expect(first.allowance.likesRemaining == 2)
        #expect(first.allowance.resetsAt == CalendarMath.parseDay("2026-01-16"))
    }

    @Test func aBadCursor_isRejected() {
        #expect(page("zzz") == .failure(.rejected("bad cursor")))
        #expect(page("a-1") == .failure(.rejected("bad cursor")))
    }

    @Test func swipes_areIdempotentByID_andExcludedFromLaterPages() throws {
        #expect(swipe("s1", "bob", .like) == .success(.recorded))
        #expect(swipe("s1", "bob", .like) == .success(.recorded))
        #expect(backend.server.swipeCount(of: "alice") == 1)
        #expect(try page(nil)?.get().candidates.contains { $0.id == "bob" } == false)
        #expect(swipe("s2", "nobody", .like) == .failure(.notFound))
        #expect(swipe("s3", "alice", .like) == .failure(.notFound))
    }

    @Test func theDailyLikeLimit_refusesFurtherLikes_butNotPasses() {
        #expect(swipe("s1", "bob", .like) == .success(.recorded))
        #expect(swipe("s2", "carol", .like) == .success(.recorded))
        let reset = CalendarMath.parseDay("2026-01-16") ?? Date()
        #expect(swipe("s3", "dave", .like) == .success(.limitReached(resetsAt: reset)))
        #expect(swipe("s4", "dave", .pass) == .success(.recorded))
    }

    /// The allowance resets at the start of the next UTC day, whether the clock reads after 1970 or
    /// before it (where rounding a day down is not truncating it), mid-day or at midnight exactly.
    @Test(arguments: [1_768_500_000.5, -1_000_000.25, -259_200.0, 0.0, -0.5])
    func theAllowance_resetsAtTheNextDayStart(secondsSince1970: Double) throws {
        let now = Date(timeIntervalSince1970: secondsSince1970)
        let server = EmbeddedServer(
            scheduler: VirtualScheduler(now: now),
            configuration: EmbeddedServerConfiguration(candidatePoolSize: 5, dailyLikeLimit: 0))
        let birth = Date(timeIntervalSince1970: -1_000_000_000)
        try server.addAccount(username: "ann", password: "secret-1", displayName: "Ann", birthDate: birth)
        try server.addAccount(username: "ben", password: "secret-2", displayName: "Ben", birthDate: birth)
        let sessions = Collector<AuthSession>()
        EmbeddedAuthService(server: server).signIn(
            Credentials(identifier: "ann", password: "secret-1"), completion: sessions.completion)
        let scheduler = try #require(server.scheduler as? VirtualScheduler)
        scheduler.runDue()
        let token = try #require(try sessions.last?.get().tokens.accessToken)
        let outcomes = Collector<SwipeOutcome>()
        EmbeddedDiscoveryService(server: server).sendSwipe(
            Swipe(id: "s1", candidate: "ben", action: .like, swipedAt: now), accessToken: token,
            completion: outcomes.completion)
        scheduler.runDue()
        let dayStart = (secondsSince1970 / 86_400).rounded(.down) * 86_400
        #expect(
            outcomes.last
                == .success(.limitReached(resetsAt: Date(timeIntervalSince1970: dayStart + 86_400))))
    }

    /// Each swipe lands in its own viewer's record, however viewers take turns (the last viewer's
    /// record is kept at hand).
    @Test func swipesOfViewersTakingTurns_landInTheirOwnRecords() {
        #expect(swipe("s1", "bob", .pass) == .success(.recorded))
        backend.server.like(from: "carol", to: "dave")
        #expect(swipe("s2", "dave", .pass) == .success(.recorded))
        backend.server.like(from: "carol", to: "bob", superLike: true)
        #expect(backend.server.recordedSwipe(by: "alice", on: "dave") == .pass)
        #expect(backend.server.recordedSwipe(by: "carol", on: "dave") == .like)
        #expect(backend.server.recordedSwipe(by: "carol", on: "bob") == .superLike)
        #expect(backend.server.swipeCount(of: "alice") == 2)
        #expect(backend.server.swipeCount(of: "carol") == 2)
    }

    /// Swipes on generated people, out of pool order, are each recorded once (a second swipe on one
    /// replaces the first), an undone pass is forgotten, and pages leave out whoever was swiped.
    @Test func swipesOnGeneratedPeople_outOfPoolOrder_areRecordedEach() throws {
        #expect(swipe("g1", "c40", .pass) == .success(.recorded))
        #expect(swipe("g2", "c3", .pass) == .success(.recorded))
        #expect(swipe("g3", "c17", .like) == .success(.recorded))
        #expect(swipe("g4", "c31", .superLike) == .success(.recorded))
        #expect(swipe("g5", "c40", .like) == .success(.recorded))
        let server = backend.server
        #expect(server.recordedSwipe(by: "alice", on: "c40") == .like)
        #expect(server.recordedSwipe(by: "alice", on: "c3") == .pass)
        #expect(server.recordedSwipe(by: "alice", on: "c17") == .like)
        #expect(server.recordedSwipe(by: "alice", on: "c31") == .superLike)
        for unswiped: UserID in ["c0", "c2", "c4", "c32", "c39", "c41", "c49"] {
            #expect(server.recordedSwipe(by: "alice", on: unswiped) == nil)
        }
        #expect(server.swipeCount(of: "alice") == 4)
        let undone = Collector<Void>()
        discovery.undoSwipe(id: "g2", accessToken: token, completion: undone.completion)
        backend.scheduler.runDue()
        #expect(undone.results.count == 1)
        #expect(server.recordedSwipe(by: "alice", on: "c3") == nil)
        #expect(server.swipeCount(of: "alice") == 3)
        var cursor: String?
        var seen: [UserID] = []
        repeat {
            let next = try #require(try page(cursor, limit: 50)?.get())
            seen += next.candidates.map(\.id)
            cursor = next.nextCursor
        } while cursor != nil
        #expect(!seen.contains("c40") && !seen.contains("c17") && !seen.contains("c31"))
    }

    @Test func aMutualLike_isAMatchForBoth_andLikesYouShowsOnCards() throws {
        backend.server.like(from: "carol", to: "alice", superLike: true)
        let carol = try #require(try page(nil)?.get().candidates.first { $0.id == "carol" })
        #expect(carol.likedYou && carol.superLikedYou)
        guard case .success(.matched(let match)) = swipe("s1", "carol", .like) else {
            Issue.record("a like back should match")
            return
        }
        #expect(
            match
                == Match(
                    id: "m-alice~carol", user: "carol", displayName: "Carol", matchedAt: backend.scheduler.now
                ))
        #expect(backend.server.matches(of: "carol").map(\.user) == ["alice"])
        let conversations = Collector<[ConversationSummary]>()
        EmbeddedChatService(server: backend.server).fetchConversations(
            accessToken: token, completion: conversations.completion)
        backend.scheduler.runDue()
        #expect(try conversations.last?.get().map(\.id) == ["m-alice~carol"])
    }

    /// A match is recorded once: matching again (a knob's like after the swipe) keeps its first time,
    /// and each side's match names the other as their account does.
    @Test func aMatchMadeAgain_keepsItsFirstTime_andNamesTheOtherSide() throws {
        backend.server.like(from: "carol", to: "alice")
        let first = backend.scheduler.now
        guard case .success(.matched(let match)) = swipe("s1", "carol", .like) else {
            Issue.record("a like back should match")
            return
        }
        #expect(match.matchedAt == first && match.displayName == "Carol")
        backend.scheduler.advance(by: .seconds(60))
        backend.server.like(from: "alice", to: "carol")
        backend.server.like(from: "carol", to: "alice")
        #expect(backend.server.matches(of: "alice") == [match])
        let other = try #require(backend.server.matches(of: "carol").first)
        #expect(other.user == "alice" && other.displayName == "Alice" && other.matchedAt == first)
    }

    @Test func onlyAPass_canBeUndone() {
        _ = swipe("p", "bob", .pass)
        _ = swipe("l", "carol", .like)
        let undone = Collector<Void>()
        discovery.undoSwipe(id: "p", accessToken: token, completion: undone.completion)
        discovery.undoSwipe(id: "l", accessToken: token, completion: undone.completion)
        discovery.undoSwipe(id: "unknown", accessToken: token, completion: undone.completion)
        backend.scheduler.runDue()
        #expect(
            undone.results.map { $0.map { "ok" } } == [
                .success("ok"), .failure(.rejected("only a pass can be undone")), .failure(.notFound),
            ])
        #expect(backend.server.recordedSwipe(by: "alice", on: "bob") == nil)
    }

    @Test func generatedCandidates_areTheSameForTheSameSeed() {
        let first = CandidateGenerator(seed: 7, poolSize: 10, now: Date(timeIntervalSince1970: 0))
        let second = CandidateGenerator(seed: 7, poolSize: 10, now: Date(timeIntervalSince1970: 0))
        #expect(
            (0..<10).map { first.candidate($0, from: .origin) }
                == (0..<10).map { second.candidate($0, from: .origin) })
        #expect(first.index(of: "c9") == 9)
        #expect(first.index(of: "c10") == nil)
        #expect(first.index(of: "c01") == nil)
    }
}

extension EmbeddedDiscoveryTests {
    /// A swipe id is text, compared as `String`s are (canonical equivalence): a resend under an
    /// equal id encoded otherwise is answered as the resend it is, not applied to another candidate.
    @Test func aResendUnderAnEqualButDifferentlyEncodedID_isAnsweredAsAResend() {
        #expect(swipe("caf\u{E9}", "bob", .pass) == .success(.recorded))
        #expect(swipe("cafe\u{301}", "dave", .pass) == .success(.recorded))
        #expect(backend.server.recordedSwipe(by: "alice", on: "dave") == nil)
        #expect(backend.server.swipeCount(of: "alice") == 1)
    }
}
