import Foundation
import Models

/// The user's rooms as Discover sees them, read from one `/sync` answer: conversations (both matched
/// people joined), likes sent (the other person invited, not joined yet) and likes received (invites).
///
/// Which member of a room is the match is ``MatrixRoomMembers``' rule: anyone else who joins or leaves
/// does not change what the room is. Names are ``MatrixDisplayNames``' (the profiles in the discovery
/// room's state, in the same answer); messages are ``MatrixTimelineMapper``'s.
struct MatrixRoomListing: Sendable {
    /// A match: a direct room both people joined.
    struct Conversation: Sendable {
        let roomID: String
        let match: Match
        let lastMessage: Message?
        let unreadCount: Int
    }

    /// A like someone sent the user: an invite to their room.
    struct Invite: Sendable {
        let roomID: String
        let inviter: String
        let isSuperLike: Bool
    }

    let conversations: [Conversation]
    let invites: [Invite]
    /// The people the user liked who have not answered, by user id, with the room.
    let likesSent: [String: String]
    init(sync: JSONValue, user: String, poolRoom: String, configuration: MatrixConfiguration)
        throws(ServiceError)
    {
        let rooms = sync["rooms"]
        let joined = rooms?["join"]?.objectValue ?? [:]
        let profiles = try joined[poolRoom].map { pool throws(ServiceError) in
            MatrixDisplayNames.profiles(
                in: try (pool["state"] ?? .object([:])).array("events", in: "sync state"))
        }
        var conversations: [Conversation] = []
        var likesSent: [String: String] = [:]
        for (roomID, room) in joined where roomID != poolRoom {
            let stateEvents = try (room["state"] ?? .object([:])).array("events", in: "sync state")
            let timelineEvents = try (room["timeline"] ?? .object([:])).array("events", in: "sync timeline")
            let members = MatrixRoomMembers(events: stateEvents + timelineEvents)
            guard let other = members.matchedPerson(viewer: user), let partner = members.members[other] else {
                continue
            }
            switch partner.membership {
            case "join":
                let matchedAt = max(partner.at, members.members[user]?.at ?? partner.at)
                let match = Match(
                    id: Match.id(between: UserID(user), and: UserID(other)), user: UserID(other),
                    displayName: MatrixDisplayNames.name(
                        of: other, profile: profiles?[other], configuration: configuration),
                    matchedAt: matchedAt)
                let last = MatrixTimelineMapper.messages(
                    in: timelineEvents, conversation: match.id, viewer: user, other: other
                ).last
                let unread = room["unread_notifications"]?["notification_count"]?.intValue ?? 0
                conversations.append(
                    Conversation(roomID: roomID, match: match, lastMessage: last, unreadCount: unread))
            case "invite":
                likesSent[other] = roomID
            default:
                continue
            }
        }
        var invites: [Invite] = []
        for (roomID, room) in rooms?["invite"]?.objectValue ?? [:] {
            let events = try (room["invite_state"] ?? .object([:])).array("events", in: "sync invite")
            guard
                let invite = events.first(where: {
                    $0["type"]?.stringValue == "m.room.member" && $0["state_key"]?.stringValue == user
                }),
                let inviter = invite["sender"]?.stringValue
            else { continue }
            let reason = invite["content"]?["reason"]?.stringValue
            invites.append(
                Invite(
                    roomID: roomID, inviter: inviter, isSuperLike: reason == MatrixEventType.superLikeReason))
        }
        self.conversations = conversations.sorted { $0.roomID < $1.roomID }
        self.invites = invites.sorted { $0.roomID < $1.roomID }
        self.likesSent = likesSent
    }
}
