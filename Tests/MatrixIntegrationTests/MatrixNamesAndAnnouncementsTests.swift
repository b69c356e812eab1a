import Contexts
import Flows
import Foundation
import HeadlessFrontEnd
import MatrixBackend
import Models
import TestSupport
import Testing

/// A person's name is their profile's, whichever way the app met them; a match is announced once.
@MainActor
@Suite(.enabled(if: MatrixTestServer.isAvailable, Comment(rawValue: MatrixTestServer.skipReason)))
struct MatrixNamesAndAnnouncementsTests {
    private func name(of user: UserID?, on app: MatrixApp) -> String? {
        guard let state = app.chat?.state else { return nil }
        return
            (state.newMatches.first { $0.user == user }
            ?? state.conversations.first { $0.match.user == user }?.match)?.displayName
    }

    @Test func theOtherSideMakingTheMatch_andARelaunch_showTheProfileName_notTheMatrixName() throws {
        let homeserver = try #require(MatrixTestServer.homeserver)
        let pair = try MatrixPair(homeserver: homeserver)
        let alice = pair.alice
        let bob = pair.bob
        try alice.signIn("alice")
        try bob.signIn("bob")
        #expect(alice.shows("Bob, "))
        #expect(bob.shows("Alice, "))
        // Bob's Matrix display name (every room's member name) is not his Discover name.
        let bobID = try #require(bob.sessionState?.user?.id)
        let foreignBob = try ForeignClient.login(bobID.rawValue, on: homeserver)
        try foreignBob.setDisplayName("bob's matrix name")
        try alice.tap("Like")
        bob.relaunch()
        #expect(bob.shows("Alice, "))
        try bob.tap("Like")
        #expect(bob.wait { bob.screen?.id == .match })
        // Alice hears of it through her feed: Bob made the match.
        #expect(alice.wait { self.name(of: bobID, on: alice) != nil })
        #expect(name(of: bobID, on: alice) == "Bob")
        alice.relaunch()
        #expect(alice.wait { self.name(of: bobID, on: alice) != nil })
        #expect(name(of: bobID, on: alice) == "Bob", "after a relaunch too")
        try alice.tap("Matches")
        #expect(alice.shows("Bob"))
        #expect(!alice.frontEnd.visibleTexts.contains { $0.contains("matrix name") })
    }

    @Test func anOldMatch_isNotAnnouncedAgain_afterARelaunch() throws {
        let pair = try MatrixPair()
        let conversation = try pair.match()
        let alice = pair.alice
        let bob = pair.bob
        let aliceID = try #require(alice.sessionState?.user?.id)
        #expect(bob.wait { bob.chat?.state.rowIDs.contains(conversation) == true })
        for app in [alice, bob] {
            app.relaunch()
            #expect(app.wait { app.chat?.state.rowIDs.contains(conversation) == true })
        }
        // Time for feeds and decks to hear whatever they hear.
        let announced = alice.wait(6) { alice.screen?.id == .match || bob.screen?.id == .match }
        #expect(!announced, "It's a match! again")
        #expect(
            !bob.frontEnd.visibleTexts.contains { $0.contains(":localhost") }, "\(bob.frontEnd.visibleTexts)")
        #expect(name(of: aliceID, on: bob) == "Alice")
    }

    @Test func aSwipeSentAgain_afterItMadeAMatch_namesThePersonByTheirProfile_notTheirMatrixID() throws {
        let directory = TemporaryDirectory()
        let homeserver = try #require(MatrixTestServer.homeserver)
        let configuration = MatrixConfiguration(
            homeserver: homeserver, namespace: MatrixTestServer.freshNamespace())
        let backend = MatrixBackend(configuration: configuration, storageDirectory: directory.url)
        let alice = try MatrixTestServer.createPerson("alice", on: backend).get()
        let bob = try MatrixTestServer.createPerson("bob", born: "1994-09-03", on: backend).get()
        let services = backend.makeServices()
        let now = Date()
        let bobsLike = Swipe(id: "s-bob", candidate: alice.user.id, action: .like, swipedAt: now)
        _ = try backend.await {
            services.discovery.sendSwipe(bobsLike, accessToken: bob.tokens.accessToken, completion: $0)
        }
        .get()
        let like = Swipe(id: "s-alice", candidate: bob.user.id, action: .like, swipedAt: now)
        let first = try backend.await {
            services.discovery.sendSwipe(like, accessToken: alice.tokens.accessToken, completion: $0)
        }
        .get()
        // The app relaunched with the like still queued (its answer lost): a new backend sends it again.
        let relaunched = MatrixBackend(configuration: configuration, storageDirectory: directory.url)
        let again = try relaunched.await {
            relaunched.makeServices().discovery.sendSwipe(
                like, accessToken: alice.tokens.accessToken, completion: $0)
        }
        .get()
        guard case .matched(let made) = first, case .matched(let repeated) = again else {
            Issue.record("not a match: \(first), \(again)")
            return
        }
        #expect(made.displayName == "Bob")
        #expect(repeated.displayName == "Bob", "never the Matrix id")
        #expect(repeated.id == made.id)
        #expect(abs(repeated.matchedAt.timeIntervalSince(made.matchedAt)) < 0.002, "kept to the millisecond")
    }
}
