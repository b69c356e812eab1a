import Contexts
import Flows
import Foundation
import HeadlessFrontEnd
import MatrixBackend
import Models
import TestSupport
import Testing

/// The other side leaving while the user has the conversation open, 50 times in a row on one running
/// app, as a series of cases plays it: each round a new person (a ``ForeignClient``) matches Alice,
/// she opens the conversation, they leave, and her screen must say so within 20 seconds.
///
/// The rounds vary what surrounds the leave the way a series does: who liked first (Alice liking
/// back joins their room herself), other rooms' messages and a new like landing in the same sync as
/// the leave, the leave arriving while a message of hers or the conversation's history is on its
/// way, and the conversation opened right after the leave.
@MainActor
@Suite(.enabled(if: MatrixTestServer.isAvailable, Comment(rawValue: MatrixTestServer.skipReason)))
struct MatrixUnmatchSeriesTests {
    /// What surrounds the leave in a round.
    enum Shape: CaseIterable {
        /// They liked first; Alice likes back (her app joins their room), opens, they leave.
        case theyLikedFirst
        /// Alice liked first, they join (her feed hears the match); they leave in one burst with a
        /// message in another match's room and a new like for Alice.
        case leaveAmongOtherRooms
        /// They liked first; the leave comes while Alice's message is on its way.
        case leaveDuringSend
        /// Alice liked first; the leave comes while the conversation's history is being loaded.
        case leaveDuringHistory
        /// They liked first; they leave, and Alice opens the conversation right after.
        case openedRightAfterLeave
    }

    /// One person of the series, their room with Alice and the conversation's id.
    struct Peer {
        let client: ForeignClient
        let room: String
        let conversation: String
        let name: String
    }

    @Test func theOtherSideLeavingAnOpenConversation_isShownEveryTime_fiftyTimesInARow() throws {
        let homeserver = try #require(MatrixTestServer.homeserver)
        let directory = TemporaryDirectory()
        let configuration = MatrixConfiguration(
            homeserver: homeserver, namespace: MatrixTestServer.freshNamespace())
        let backend = MatrixBackend(
            configuration: configuration, storageDirectory: directory.url.appendingPathComponent("alice"))
        _ = try MatrixTestServer.createPerson("alice", on: backend).get()
        let alice = MatrixApp(backend: backend)
        try alice.signIn("alice")
        let chat = try #require(alice.chat)
        try #require(alice.wait { chat.state.list.isLoaded }, "Alice's matches list loaded (the feed runs)")
        let me = try #require(alice.sessionState?.user?.id.rawValue)
        let series = Series(alice: alice, me: me, homeserver: homeserver, namespace: configuration.namespace)
        // Someone matched all along, whose room speaks during the busy rounds.
        let carol = try series.aliceLikesFirst("carol")

        var failures: [String] = []
        let shapes = Shape.allCases
        for round in 0..<50 {
            let shape = shapes[round % shapes.count]
            do {
                let shown = try series.play(shape, round: round, carol: carol)
                if !shown {
                    failures.append("round \(round) (\(shape)): \(alice.frontEnd.visibleTexts)")
                }
            } catch {
                failures.append("round \(round) (\(shape)): \(error)")
            }
            if alice.screen?.id == .chat { try alice.tap("Back") }
        }
        #expect(failures.isEmpty, "the leave was not shown in \(failures.count) of 50 rounds: \(failures)")
        #expect(alice.checkErrors.isEmpty, "\(alice.checkErrors)")
    }

    /// The race of the series above, made certain: the feed hears the match the app's own like made
    /// (joining the other person's room) only after they left, so the listing its join asks for no
    /// longer shows the match; their leave is reported all the same.
    @Test func theOtherSideLeaving_beforeTheFeedHeardTheMatchTheLikeMade_isReported() throws {
        let world = try MatrixMembershipWorld()
        let hugo = try world.foreign("hugo")
        // The list loads first: the feed starts from its token, from before the match.
        _ = try world.backend.await {
            world.services.chat.fetchConversations(accessToken: world.token, completion: $0)
        }.get()
        let (room, conversation) = try world.match(with: hugo)
        try hugo.leave(room)
        var events: [ChatEvent] = []
        let feed = world.services.chat.subscribe(accessToken: world.token) { events.append($0) }
        defer { feed.cancel() }
        // Its first sync holds Hugo's join, Alice's and Hugo's leave, in that order.
        let heard = world.backend.wait(
            until: {
                events.contains { event in
                    if case .unmatched(conversation) = event { true } else { false }
                }
            }, timeout: .seconds(20))
        #expect(heard, "\(events)")
    }
}

/// The series' moves, on one app and one namespace.
@MainActor
private struct Series {
    let alice: MatrixApp
    let me: String
    let homeserver: URL
    let namespace: String

    var chat: ChatContext? { alice.chat }

    /// Plays one round; answers whether Alice's screen showed the end within 20 seconds.
    func play(_ shape: MatrixUnmatchSeriesTests.Shape, round: Int, carol: MatrixUnmatchSeriesTests.Peer)
        throws -> Bool
    {
        let name = "peer\(round)"
        switch shape {
        case .theyLikedFirst:
            let peer = try theyLikeFirst(name)
            try open(peer)
            try peer.client.leave(peer.room)
            return shows(peer)
        case .leaveAmongOtherRooms:
            let peer = try aliceLikesFirst(name)
            try open(peer)
            // One burst: another room speaks, a new like arrives, and the peer leaves.
            _ = try carol.client.send(text: "still here (\(round))", to: carol.room)
            let admirer = try ForeignClient.register("\(namespace).fan\(round)", on: homeserver)
            _ = try admirer.createRoom(invite: [me])
            try peer.client.leave(peer.room)
            return shows(peer)
        case .leaveDuringSend:
            let peer = try theyLikeFirst(name)
            try open(peer)
            // Queued and on its way (nothing pumped yet) when the peer leaves.
            #expect(chat?.send("hello \(round)", to: peer.conversation) == nil)
            try peer.client.leave(peer.room)
            return shows(peer)
        case .leaveDuringHistory:
            let peer = try aliceLikesFirst(name)
            _ = try peer.client.send(text: "hi from \(name)", to: peer.room)
            // The history is asked for, not answered (nothing pumped), when the peer leaves.
            alice.app?.open("discover://chat/\(peer.conversation)")
            try peer.client.leave(peer.room)
            return shows(peer)
        case .openedRightAfterLeave:
            let peer = try theyLikeFirst(name)
            try peer.client.leave(peer.room)
            try open(peer)
            return shows(peer)
        }
    }

    /// A new person likes Alice (a room and an invite); Alice likes back through her app's services,
    /// and the chat hears of the match as the deck's "It's a match!" tells it.
    func theyLikeFirst(_ name: String) throws -> MatrixUnmatchSeriesTests.Peer {
        let client = try ForeignClient.register("\(namespace).\(name)", on: homeserver)
        let room = try client.createRoom(invite: [me])
        let services = alice.backend.makeServices()
        let token = try #require(alice.app?.sessionFlow?.context.snapshot.stored?.tokens.accessToken)
        let swipe = Swipe(
            id: "s-\(UUID().uuidString)", candidate: UserID(client.userID), action: .like, swipedAt: Date())
        let outcome = try alice.backend.await {
            services.discovery.sendSwipe(swipe, accessToken: token, completion: $0)
        }.get()
        guard case .matched(let match) = outcome else { throw SeriesError.step("\(name): \(outcome)") }
        chat?.matchMade(match)
        return peer(client, room: room, name: name)
    }

    /// Alice likes a new person through her app's services (a room and an invite); they join, and
    /// Alice's live feed hears of the match.
    func aliceLikesFirst(_ name: String) throws -> MatrixUnmatchSeriesTests.Peer {
        let client = try ForeignClient.register("\(namespace).\(name)", on: homeserver)
        let services = alice.backend.makeServices()
        let token = try #require(alice.app?.sessionFlow?.context.snapshot.stored?.tokens.accessToken)
        let swipe = Swipe(
            id: "s-\(UUID().uuidString)", candidate: UserID(client.userID), action: .like, swipedAt: Date())
        _ = try alice.backend.await {
            services.discovery.sendSwipe(swipe, accessToken: token, completion: $0)
        }.get()
        let invited = try MatrixMembershipWorld.invites(of: client).first { $0.value == me }?.key
        let room = try #require(invited, "\(name) has Alice's invite")
        _ = try client.join(room)
        let peer = peer(client, room: room, name: name)
        guard alice.wait(20, until: { chat?.state.rowIDs.contains(peer.conversation) == true }) else {
            throw SeriesError.step("Alice never heard of the match with \(name)")
        }
        return peer
    }

    /// Opens the conversation with `peer` on Alice's app.
    func open(_ peer: MatrixUnmatchSeriesTests.Peer) throws {
        alice.open("discover://chat/\(peer.conversation)")
        guard alice.wait(20, until: { alice.screen?.id == .chat }) else {
            throw SeriesError.step("the conversation with \(peer.name) did not open")
        }
    }

    /// Whether Alice's screen says the match with `peer` ended, within 20 seconds.
    func shows(_ peer: MatrixUnmatchSeriesTests.Peer) -> Bool {
        alice.shows("You are no longer matched with \(peer.name.capitalized).", within: 20)
    }

    private func peer(_ client: ForeignClient, room: String, name: String) -> MatrixUnmatchSeriesTests.Peer {
        MatrixUnmatchSeriesTests.Peer(
            client: client, room: room,
            conversation: Match.id(between: UserID(me), and: UserID(client.userID)), name: name)
    }
}

private enum SeriesError: Error {
    case step(String)
}
