import Foundation
import MatrixBackend
import Models
import Services
import TestSupport
import Testing

/// Likes, blocks and swipes among other clients on a live Synapse: the other people are raw
/// Client-Server API clients (``ForeignClient``), not our backend.
@MainActor
@Suite(.enabled(if: MatrixTestServer.isAvailable, Comment(rawValue: MatrixTestServer.skipReason)))
struct MatrixMembershipTests {
    @Test func aLikeOnAWithdrawnInvite_isAnOrdinaryLike_notAPhantomMatch() throws {
        let world = try MatrixMembershipWorld()
        let carl = try world.foreign("carl")
        let withdrawn = try carl.createRoom(invite: [world.me])
        try carl.leave(withdrawn)

        let outcome = world.swipe(.like, on: carl.userID)
        #expect(outcome == .success(.recorded), "no match: the invite was withdrawn")
        // The like is not lost: Carl has an invite from Alice to a new room.
        let invites = try MatrixMembershipWorld.invites(of: carl)
        #expect(invites.values.contains(world.me))
        #expect(invites.keys.contains { $0 != withdrawn })
    }

    @Test func aLikeBack_afterTheLikerLeftTheirRoom_isAnOrdinaryLike_notAMatchWithNobody() throws {
        let world = try MatrixMembershipWorld()
        let eve = try world.foreign("eve")
        let friend = try world.foreign("friend")
        // Eve likes Alice (her room, Alice invited); someone else is in it too, so it stays joinable.
        let room = try eve.createRoom(invite: [world.me, friend.userID])
        _ = try friend.join(room)
        try eve.leave(room)

        let outcome = world.swipe(.like, on: eve.userID)
        #expect(outcome == .success(.recorded), "no match: Eve left before Alice liked her back")
        let conversations = try world.backend.await {
            world.services.chat.fetchConversations(accessToken: world.token, completion: $0)
        }.get()
        #expect(conversations.isEmpty)
        #expect(try !friend.joinedMembers(of: room).contains(world.me), "Alice left Eve's room again")
        // The like is not lost: Eve has an invite from Alice to a new room.
        let invites = try MatrixMembershipWorld.invites(of: eve)
        #expect(invites.contains { $0.key != room && $0.value == world.me })
    }

    @Test func crossedLikes_becomeOneMatch_joinedByTheSmallerID() throws {
        // Alice's id sorts before Zed's: hers is the join.
        let world = try MatrixMembershipWorld(user: "alice")
        let zed = try world.foreign("zed")
        #expect(world.swipe(.like, on: zed.userID) == .success(.recorded))
        let aliceRoom = try #require(
            try MatrixMembershipWorld.invites(of: zed).first { $0.value == world.me }?.key)
        // Zed liked Alice at the same moment: his invite crossed hers, and he did not join hers.
        let zedRoom = try zed.createRoom(invite: [world.me])

        // Alice's client notices on its next listing (here the deck's).
        _ = world.backend.await {
            world.services.discovery.fetchCandidates(
                cursor: nil, limit: 10, accessToken: world.token, completion: $0)
        }
        #expect(
            try zed.joinedMembers(of: zedRoom) == [world.me, zed.userID].sorted(), "Alice joined Zed's room")
        let aliceElsewhere = try ForeignClient.login(world.me, on: world.homeserver)
        #expect(try !aliceElsewhere.joinedRooms().contains(aliceRoom), "and left her own room")
        let conversations = try world.backend.await {
            world.services.chat.fetchConversations(accessToken: world.token, completion: $0)
        }.get()
        #expect(conversations.map(\.match.user.rawValue) == [zed.userID], "one match")
    }

    @Test func crossedLikes_areLeftToTheSmallerID_byTheOther() throws {
        // Zed is our user this time: Alice (smaller) is the one to join, so Zed's client waits.
        let world = try MatrixMembershipWorld(user: "zed")
        let alice = try world.foreign("alice")
        #expect(world.swipe(.like, on: alice.userID) == .success(.recorded))
        let zedRoom = try #require(
            try MatrixMembershipWorld.invites(of: alice).first { $0.value == world.me }?.key)
        let aliceRoom = try alice.createRoom(invite: [world.me])
        _ = world.backend.await {
            world.services.discovery.fetchCandidates(
                cursor: nil, limit: 10, accessToken: world.token, completion: $0)
        }
        #expect(try alice.joinedMembers(of: aliceRoom) == [alice.userID], "Zed does not join")
        // Alice's side applies the rule: she joins Zed's room, and it is a match for Zed.
        _ = try alice.join(zedRoom)
        try alice.leave(aliceRoom)
        let conversations = try world.backend.await {
            world.services.chat.fetchConversations(accessToken: world.token, completion: $0)
        }.get()
        #expect(conversations.map(\.match.user.rawValue) == [alice.userID])
        // Her invite left over in the room she left is declined: it never reads as a like again.
        _ = world.backend.await {
            world.services.discovery.fetchCandidates(
                cursor: nil, limit: 10, accessToken: world.token, completion: $0)
        }
        let zedElsewhere = try ForeignClient.login(world.me, on: world.homeserver)
        #expect(try MatrixMembershipWorld.invites(of: zedElsewhere)[aliceRoom] == nil)
    }

    @Test func aBlock_isHonouredOnBothSides_onTheServer() throws {
        let world = try MatrixMembershipWorld()
        // Alice blocks Bea: Bea's client sees why Alice left.
        let bea = try world.foreign("bea")
        let (beaRoom, beaConversation) = try world.match(with: bea)
        let blocked = world.backend.await {
            world.services.chat.unmatch(
                conversation: beaConversation, block: true, accessToken: world.token, completion: $0)
        }
        #expect(throws: Never.self) { try blocked.get() }
        let messages = try bea.messages(in: beaRoom)["chunk"] as? [[String: Any]] ?? []
        let leave = messages.first {
            $0["type"] as? String == "m.room.member" && $0["state_key"] as? String == world.me
        }
        #expect((leave?["content"] as? [String: Any])?["reason"] as? String == "com.discover.block")

        // Cleo blocks Alice (as a Discover client does): Alice's client ignores Cleo in turn.
        let cleo = try world.foreign("cleo")
        let (cleoRoom, _) = try world.match(with: cleo)
        _ = try cleo.request("POST", ["rooms", cleoRoom, "leave"], body: ["reason": "com.discover.block"])
        _ = world.backend.await {
            world.services.discovery.fetchCandidates(
                cursor: nil, limit: 10, accessToken: world.token, completion: $0)
        }
        let aliceElsewhere = try ForeignClient.login(world.me, on: world.homeserver)
        let ignored =
            try aliceElsewhere.accountData("m.ignored_user_list")?["ignored_users"] as? [String: Any]
        #expect(ignored?[cleo.userID] != nil, "Alice's account ignores Cleo")
        #expect(ignored?[bea.userID] != nil)
        #expect(try !aliceElsewhere.joinedRooms().contains(cleoRoom), "and left the room")
    }

    @Test func twoDevicesOfOneUser_swipingAtTheSameMoment_loseNoSwipe() throws {
        let world = try MatrixMembershipWorld()
        let second = MatrixBackend(
            sharing: world.backend, storageDirectory: world.directory.url.appendingPathComponent("tablet"))
        let tablet = second.makeServices()
        let tabletSession = try second.await {
            tablet.auth.signIn(Credentials(identifier: "alice", password: "correct horse"), completion: $0)
        }.get()
        let people = (0..<10).map { "@\(world.namespace).p\($0):localhost" }
        var answers = 0
        for (index, person) in people.enumerated() {
            let swipe = Swipe(id: "d-\(index)", candidate: UserID(person), action: .pass, swipedAt: Date())
            if index.isMultiple(of: 2) {
                world.services.discovery.sendSwipe(swipe, accessToken: world.token) { _ in answers += 1 }
            } else {
                tablet.discovery.sendSwipe(swipe, accessToken: tabletSession.tokens.accessToken) { _ in
                    answers += 1
                }
            }
        }
        let waited1 = world.backend.wait(until: { answers == people.count }, timeout: .seconds(60))
        #expect(waited1)

        // What the server keeps, read by a third device with raw calls: every swipe.
        let third = try ForeignClient.login(world.me, on: world.homeserver)
        let accountData =
            ((try third.sync(filter: ["room": ["rooms": []]])["account_data"] as? [String: Any])?["events"]
                as? [[String: Any]]) ?? []
        var candidates: Set<String> = []
        for event in accountData {
            let content = event["content"] as? [String: Any] ?? [:]
            if event["type"] as? String == "com.discover.swipes" {
                for value in (content["swipes"] as? [String: Any] ?? [:]).values {
                    if let candidate = (value as? [String: Any])?["candidate"] as? String {
                        candidates.insert(candidate)
                    }
                }
            } else if let candidate = content["candidate"] as? String {
                candidates.insert(candidate)
            }
        }
        #expect(candidates == Set(people))
    }

    @Test func reLoginAfterACrashMidSend_theOtherClientSeesTheMessageOnce() throws {
        let world = try MatrixMembershipWorld()
        let dora = try world.foreign("dora")
        let (room, conversation) = try world.match(with: dora)
        let message = OutgoingMessage(
            id: "t-crash-1", conversation: conversation, text: "sent before the crash",
            createdAt: Date().addingTimeInterval(-1))
        // The first device sends it; its answer is lost in the crash.
        _ = try world.backend.await {
            world.services.chat.sendMessage(message, accessToken: world.token, completion: $0)
        }.get()
        // Relaunched, signed in anew (a new device), the outbox sends it again.
        let relaunched = MatrixBackend(
            sharing: world.backend, storageDirectory: world.directory.url.appendingPathComponent("again"))
        let services = relaunched.makeServices()
        let session = try relaunched.await {
            services.auth.signIn(Credentials(identifier: "alice", password: "correct horse"), completion: $0)
        }.get()
        let again = try relaunched.await {
            services.chat.sendMessage(message, accessToken: session.tokens.accessToken, completion: $0)
        }.get()
        #expect(again.text == message.text)

        let chunk = try dora.messages(in: room)["chunk"] as? [[String: Any]] ?? []
        let copies = chunk.filter { ($0["content"] as? [String: Any])?["body"] as? String == message.text }
        #expect(copies.count == 1, "Dora sees it once")
    }
}
