import Foundation
import Models
import Testing

@testable import MatrixBackend

/// Who the match is in a room anyone may join and leave, and the one place names come from.
struct MatrixRoomMembersTests {
    private let me = "@ns.alice:localhost"
    private let bob = "@ns.bob:localhost"
    private let dora = "@ns.dora:localhost"
    private let configuration = MatrixConfiguration(homeserver: URL(fileURLWithPath: "/"), namespace: "ns")

    private func create(by sender: String) -> JSONValue {
        [
            "type": "m.room.create", "state_key": "", "sender": .string(sender),
            "content": ["room_version": "12"],
        ]
    }

    private func member(
        _ user: String, _ membership: String, by sender: String? = nil, at milliseconds: Int,
        after previous: (membership: String, sender: String)? = nil, name: String? = nil
    ) -> JSONValue {
        var content: [String: JSONValue] = ["membership": .string(membership)]
        if let name { content["displayname"] = .string(name) }
        var event: [String: JSONValue] = [
            "type": "m.room.member", "state_key": .string(user), "sender": .string(sender ?? user),
            "origin_server_ts": .number(Double(milliseconds)), "content": .object(content),
        ]
        if let previous {
            event["unsigned"] = [
                "prev_content": ["membership": .string(previous.membership)],
                "prev_sender": .string(previous.sender),
            ]
        }
        return .object(event)
    }

    private func profile(_ user: String, _ name: String) -> JSONValue {
        [
            "type": "com.discover.profile", "state_key": .string(user), "sender": .string(user),
            "content": ["display_name": .string(name)],
        ]
    }

    private func listing(
        _ rooms: [String: [JSONValue]], timeline: [String: [JSONValue]] = [:], pool: [JSONValue] = []
    )
        throws -> MatrixRoomListing
    {
        var join: [String: JSONValue] = ["!pool": ["state": ["events": .array(pool)]]]
        for (room, state) in rooms {
            join[room] = [
                "state": ["events": .array(state)], "timeline": ["events": .array(timeline[room] ?? [])],
            ]
        }
        return try MatrixRoomListing(
            sync: ["rooms": ["join": .object(join)]], user: me, poolRoom: "!pool",
            configuration: configuration)
    }

    /// Alice liked Bob (created the room, invited him), Bob liked back (joined).
    private var aliceLikedBob: [JSONValue] {
        [
            create(by: me), member(me, "join", at: 1000),
            member(bob, "join", at: 3000, after: ("invite", me)),
        ]
    }

    @Test func aThirdMemberJoining_orLeaving_keepsTheConversation() throws {
        let doraJoined = aliceLikedBob + [member(dora, "join", at: 4000, after: ("invite", bob))]
        let doraLeft = aliceLikedBob + [member(dora, "leave", at: 5000)]
        // Bob made the room and invited Alice; Dora came and went.
        let bobsRoom = [
            create(by: bob), member(bob, "join", at: 1000),
            member(me, "join", at: 2000, after: ("invite", bob)),
            member(dora, "join", at: 3000, after: ("invite", me)),
        ]
        let result = try listing(
            ["!joined": doraJoined, "!left": doraLeft, "!bobs": bobsRoom])
        #expect(result.conversations.map(\.roomID) == ["!bobs", "!joined", "!left"])
        #expect(result.conversations.allSatisfy { $0.match.user == UserID(bob) })
        #expect(
            result.conversations.allSatisfy { $0.match.id == Match.id(between: UserID(me), and: UserID(bob)) }
        )
    }

    @Test func theMatchLeaving_endsTheConversation_evenWithSomeoneElseStillThere() throws {
        let state =
            aliceLikedBob + [
                member(dora, "join", at: 4000, after: ("invite", bob)),
                member(bob, "leave", at: 5000, after: ("join", bob)),
            ]
        #expect(try listing(["!room": state]).conversations.isEmpty)
        #expect(MatrixRoomMembers(events: state).matchedPerson(viewer: me) == bob)
    }

    @Test func aLikeSent_withSomeoneElseInTheRoom_isStillALikeSent() throws {
        let state = [
            create(by: me), member(me, "join", at: 1000), member(bob, "invite", by: me, at: 2000),
            member(dora, "join", at: 3000, after: ("invite", me)),
        ]
        let result = try listing(["!room": state])
        #expect(result.conversations.isEmpty, "Dora joining is not Bob liking back")
        #expect(result.likesSent == [bob: "!room"])
    }

    @Test func theLikedUserInTheCreateEvent_isTheMatch_whateverTheMemberEventsLost() {
        var created: JSONValue = create(by: me)
        if case .object(var object) = created {
            object["content"] = ["room_version": "12", "com.discover.liked_user": .string(bob)]
            created = .object(object)
        }
        // Alice (another client of hers) invited Dora too; Bob's later name change hides his invite.
        let events = [
            created, member(me, "join", at: 1000), member(dora, "join", at: 2000, after: ("invite", me)),
            member(bob, "join", at: 3000, after: ("invite", me)),
            member(bob, "join", at: 4000, after: ("join", bob)),
        ]
        #expect(MatrixRoomMembers(events: events).matchedPerson(viewer: me) == bob)
    }

    @Test func withoutTheCreatorOrInvites_theOneOtherPresentMember_isTheMatch() {
        let events = [
            member(me, "join", at: 1000), member(bob, "join", at: 2000), member(dora, "leave", at: 3000),
        ]
        #expect(MatrixRoomMembers(events: events).matchedPerson(viewer: me) == bob)
        #expect(MatrixRoomMembers(events: [member(me, "join", at: 1000)]).matchedPerson(viewer: me) == nil)
    }

    @Test func names_comeFromTheProfile_orTheUsername_neverTheMemberName() throws {
        let named = try listing(
            ["!room": aliceLikedBob + [member(bob, "join", at: 3500, name: "ns.bob")]],
            pool: [profile(bob, "Bobby")])
        #expect(named.conversations.first?.match.displayName == "Bobby")
        let unnamed = try listing(["!room": aliceLikedBob + [member(bob, "join", at: 3500, name: "ns.bob")]])
        #expect(unnamed.conversations.first?.match.displayName == "Bob")
        // A profile someone else wrote under Bob's id is not Bob's.
        let forged: JSONValue = [
            "type": "com.discover.profile", "state_key": .string(bob), "sender": .string(dora),
            "content": ["display_name": "Dora's joke"],
        ]
        #expect(
            try listing(["!room": aliceLikedBob], pool: [forged]).conversations.first?.match.displayName
                == "Bob")
        #expect(
            MatrixDisplayNames.name(of: bob, profile: ["display_name": "Bobby"], configuration: configuration)
                == "Bobby")
        #expect(
            MatrixDisplayNames.name(of: bob, profile: ["display_name": " "], configuration: configuration)
                == "Bob")
        #expect(MatrixDisplayNames.name(of: bob, profile: nil, configuration: configuration) == "Bob")
    }
}
